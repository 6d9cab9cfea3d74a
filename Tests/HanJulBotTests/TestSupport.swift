@testable import HanJulCore

/// A game under `rules` set up as a test describes it: a board drawn as text (filling the
/// bottom rows), the piece in play, the held kind, and the kinds to come.
func makeGame<R: Rules>(
    rules: R, _ board: String = "", piece: Piece? = nil, held: Character? = nil, next: String = "IOTSZJL"
) throws -> Game<R> {
    let kinds = next.map { PieceSet.standard.kind(forLetter: $0)! }
    var game = Game(rules: rules, source: .sequence(kinds))
    let parsed = try Board(board, pieces: .standard)
    game.withState { state in
        state.board = parsed
        if let piece { state.piece = piece }
        if let held { state.held = PieceSet.standard.kind(forLetter: held)! }
    }
    return game
}

/// A standard game set up as a test describes it.
func makeGame(_ board: String = "", piece: Piece? = nil, next: String = "IOTSZJL") throws -> Game<StandardRules> {
    try makeGame(rules: StandardRules(), board, piece: piece, next: next)
}

extension Piece {
    /// A standard piece by letter: `.standard("T", x: 3, y: 0)`.
    static func standard(_ letter: Character, rotation: Int = 0, x: Int, y: Int) -> Piece {
        Piece(kind: PieceSet.standard.kind(forLetter: letter)!, rotation: rotation, x: x, y: y)
    }
}

/// The standard rules with the modern actions: `A`, `F` and hold, five pieces of preview,
/// and optionally a lock delay.
struct ModernRules: Rules {
    var lockDelay: LockDelay? = nil
    var halfTurn = true
    var name: String { "modern-test" }
    var allowsCounterclockwise: Bool { true }
    var allowsHalfTurn: Bool { halfTurn }
    var holdEnabled: Bool { true }
    var previewCount: Int { 5 }
}
