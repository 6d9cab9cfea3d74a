/// A box drawn over the game, centred on the board.
public enum Overlay: Hashable, Sendable {
    /// Nothing over the game.
    case none
    /// The game is paused; `hint` (e.g. `"p resume · q quit"`) under the title, if not empty.
    case paused(hint: String)
    /// The key list, one line each, as the app's bindings say.
    case help(lines: [String])
    /// The game ended: beside the board (which stays visible), in the panel's place, the
    /// HUD's final figures, the reason and the high-score table.
    case gameOver(GameOverSummary)
    /// A message over the board (a notice, a reload's error): a title and text, wrapped to
    /// the board's width; `"\n"` breaks lines, tabs at a line's start indent it. The text
    /// is sanitised, so a mod's message cannot reach the terminal as control codes.
    case message(title: String, text: String)
    /// A report beside the board, in the panel's place, leaving the board visible (a mod's
    /// error that stopped the game): like `message`, but as wide as the terminal allows.
    case report(title: String, text: String)
}
