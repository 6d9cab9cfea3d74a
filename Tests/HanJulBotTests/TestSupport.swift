@testable import HanJulCore

/// A standard game set up as a test describes it: a board drawn as text (filling the
/// bottom rows), the piece in play, and the kinds to come.
func makeGame(_ board: String = "", piece: Piece? = nil, next: String = "IOTSZJL") throws -> Game<StandardRules> {
    let kinds = next.map { PieceSet.standard.kind(forLetter: $0)! }
    var game = Game(rules: StandardRules(), source: .sequence(kinds))
    let parsed = try Board(board, pieces: .standard)
    game.withState { state in
        state.board = parsed
        if let piece { state.piece = piece }
    }
    return game
}

extension Piece {
    /// A standard piece by letter: `.standard("T", x: 3, y: 0)`.
    static func standard(_ letter: Character, rotation: Int = 0, x: Int, y: Int) -> Piece {
        Piece(kind: PieceSet.standard.kind(forLetter: letter)!, rotation: rotation, x: x, y: y)
    }
}
