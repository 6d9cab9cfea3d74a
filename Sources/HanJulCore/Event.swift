/// Something that happened in the game, in the order it happened. Front ends, statistics
/// and logs read events rather than diffing states.
/// Every case's payload is plain data (no strings, no references): the engine appends and
/// clears events on every action, and such an array is cleared without visiting each element.
public enum Event: Equatable, Sendable {
    /// The piece moved sideways or down by an action (`L`, `R`, `D`, `G`), or a rules hook
    /// moved it (`GameState.placePiece`).
    case moved(Piece)
    /// The piece rotated; `kick` is the index of the offset that made it fit.
    case rotated(Piece, kick: Int)
    /// A hard drop moved the piece down `rows` rows.
    case dropped(rows: Int)
    /// The piece locked into the board.
    case locked(Piece)
    /// Full rows were removed: how many, and which (bit `y` for row `y` before removal).
    case cleared(count: Int, rows: UInt64)
    /// Points were added to the score.
    case scored(points: Int, reason: ScoreReason)
    /// A new piece entered the board.
    case spawned(Piece)
    /// The piece went to the hold slot (`kind`), and the one held before (or the next) came in.
    case held(kind: Int)
    /// What the lock that just happened was: after its rows were removed, before they are
    /// scored (so scoring rules can read `GameState.lastLock`).
    case lockFacts(LockFacts)
    /// The rules announced a callout for the player (`GameState.announce`): the game's
    /// `number`th, its text `GameState.callout(number:)`.
    case announced(number: Int)
    /// A mod changed the board outside the normal flow.
    case boardEdited
    /// The game ended (why: `GameState.phase`).
    case gameOver
}

/// Why points were scored.
public enum ScoreReason: Equatable, Sendable {
    case lineClear(lines: Int)
    case hardDrop(rows: Int)
    case softDrop
    /// Points a mod's hook added.
    case mod
}
