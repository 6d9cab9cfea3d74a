@testable import HanJulBot
import HanJulCore
import Testing

/// The evaluator's fast measure of a placement that clears rows (`clearingFeatures`, what
/// the bot's first pass sums) against the measure from scratch, and the bot's choice against
/// every placement scored whole.
@Suite struct BoardEvaluatorClearingTests {
    /// A random 10×20 board without full rows, its stack from a random row down, each row
    /// missing at least one cell (often exactly one, so that pieces clear rows).
    static func board(_ random: inout SplitMix64) -> Board {
        var board = Board(width: 10, height: 20)
        let top = 1 + random.below(19)
        let density = 40 + random.below(61)
        for y in top..<20 {
            for x in 0..<10 where random.below(100) < density { board.set(x: x, y: y, to: 0) }
            if board.rows[y] == board.fullRow || random.below(3) == 0 {
                board.set(x: random.below(10), y: y, to: nil)
            }
            if board.rows[y] == board.fullRow { board.set(x: 0, y: y, to: nil) }
        }
        return board
    }

    /// A random board, an evaluator loaded with it, and the fast search's placements on
    /// it for a random piece; nil when the piece cannot enter.
    static func searched(_ random: inout SplitMix64) throws -> (Board, BoardEvaluator, PlacementSearch)? {
        let board = Self.board(&random)
        let evaluator = BoardEvaluator(height: 20)
        evaluator.load(board)
        let game = Game(rules: StandardRules(), source: .seeded(random.next()), start: GameStart(board: board))
        guard !game.state.isOver else { return nil }
        var search = PlacementSearch()
        try search.run(.fast, in: game.state, rules: StandardRules())
        return (board, evaluator, search)
    }

    @Test func clearingPlacementsMatchTheMeasureFromScratch() throws {
        var random = SplitMix64(seed: 38)
        var checked = 0
        for _ in 0..<3000 {
            guard let (board, evaluator, search) = try Self.searched(&random) else { continue }
            for placement in search.placements {
                guard let fast = evaluator.clearingFeatures(of: placement.piece, pieces: .standard) else { continue }
                let whole = BoardFeatures.measuredFromScratch(placing: placement.piece, on: board, pieces: .standard)
                #expect(fast.linesCleared > 0)
                #expect(fast.landingHeight == whole.landingHeight)
                #expect(fast.linesCleared == whole.linesCleared)
                #expect(fast.erodedCells == whole.erodedCells)
                #expect(fast.rowTransitions == whole.rowTransitions)
                #expect(fast.columnTransitions == whole.columnTransitions)
                #expect(fast.holes == whole.holes, "\(placement.piece) on rows \(board.rows)")
                let piece = placement.piece
                #expect(evaluator.wellsAfterClearing(entry: piece.kind * 8 + piece.rotation, x: piece.x, y: piece.y,
                                                     table: evaluator.shapeTable(for: .standard)) == whole.wells)
                checked += 1
            }
        }
        #expect(checked > 1000, "enough clearing placements were measured (\(checked))")
    }

    @Test(arguments: [Weights.elTetris, .dellacherie, .lee])
    func theChoiceIsTheFirstOfTheBestScoredWhole(weights: Weights) throws {
        var random = SplitMix64(seed: 380)
        for _ in 0..<600 {
            guard let (board, evaluator, search) = try Self.searched(&random) else { continue }
            guard !search.placements.isEmpty else { continue }
            var best = -Double.infinity, expected = 0
            for (index, placement) in search.placements.enumerated() {
                let score = weights.score(BoardFeatures.measuredFromScratch(placing: placement.piece, on: board, pieces: .standard))
                if score > best {
                    best = score
                    expected = index
                }
            }
            #expect(evaluator.best(of: search.placements, weights: weights, pieces: .standard) == expected)
        }
    }
}
