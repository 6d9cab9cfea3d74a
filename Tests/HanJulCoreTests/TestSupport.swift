@testable import HanJulCore

/// A standard game set up as a test describes it: a board drawn as text (filling the
/// bottom rows), the piece in play, the lines already cleared, and the kinds to come.
func makeGame(
    _ board: String = "",
    piece: Piece? = nil,
    lines: Int = 0,
    next: String = "IOTSZJL"
) throws -> Game<StandardRules> {
    let kinds = next.map { PieceSet.standard.kind(forLetter: $0)! }
    var game = Game(rules: StandardRules(), source: .sequence(kinds))
    let parsed = try Board(board, pieces: .standard)
    game.withState { state in
        state.board = parsed
        state.lines = lines
        state.level = 1 + lines / 10
        state.levelLines = lines
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

extension Game {
    /// The board as text, only the rows from the first non-empty one down (or "" if empty).
    var boardText: String {
        let lines = state.board.lines(letters: state.pieces)
        return lines.drop { $0.allSatisfy { $0 == "." } }.joined(separator: "\n")
    }

    mutating func play(_ script: String) {
        apply(try! ActionScript.parse(script))
    }
}

/// Trims a multi-line literal the way `boardText` prints.
func rows(_ text: String) -> String {
    text.split(separator: "\n").map { $0.filter { $0 != " " } }.filter { !$0.isEmpty }.joined(separator: "\n")
}
