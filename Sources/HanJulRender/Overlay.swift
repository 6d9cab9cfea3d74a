/// A box drawn over the game, centred on the board.
public enum Overlay: Hashable, Sendable {
    /// Nothing over the game.
    case none
    /// The game is paused; `hint` (e.g. `"p resume · q quit"`) under the title, if not empty.
    case paused(hint: String)
    /// The key list, one line each, as the app's bindings say.
    case help(lines: [String])
    /// The game ended: the HUD's final figures, the reason and the high-score table.
    case gameOver(GameOverSummary)
    /// A message (a mod's error, say): a title and text, wrapped to fit; `"\n"` breaks lines.
    /// The text is sanitised, so a mod's message cannot reach the terminal as control codes.
    case message(title: String, text: String)
}
