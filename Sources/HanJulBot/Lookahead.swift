import HanJulCore

/// Plays the visible queue out for a bot (`BotConfig.lookahead`): a placement of the piece
/// in play is worth its own score plus the best the next pieces can score on the board it
/// leaves, each of those the same way, `depth` pieces deep.
///
/// The boards looked at are the engine's standard lock (the piece written in, full rows
/// removed); what a rule's hooks would do besides (a cascade, garbage) is not foreseen.
/// A next piece that cannot enter makes the line worth −∞.
final class Lookahead {
    private var searches: [PlacementSearch] = []
    private var evaluators: [BoardEvaluator] = []
    private var scores: [[Double]] = []
    private var kinds: [Int] = []
    private var turns: UInt32?

    /// The index of the best of `placements` (found on `game`'s state) and how many more
    /// placements were scored to know it.
    @_specialize(where R == StandardRules)
    func best<R: Rules>(of placements: PlacementList, in game: Game<R>, depth: Int, mode: PlacementSearch.Mode,
                        turns: UInt32?, weights: Weights, evaluator: BoardEvaluator) throws(RuleError) -> (index: Int, evaluated: Int) {
        self.turns = turns
        let state = game.state
        while searches.count < depth {
            searches.append(PlacementSearch())
            evaluators.append(BoardEvaluator(height: state.board.height))
            scores.append([])
        }
        if evaluators.contains(where: { $0.capacity < state.board.height }) {
            evaluators = (0..<depth).map { _ in BoardEvaluator(height: state.board.height) }
        }
        var own: [Double] = []
        evaluator.load(state.board)
        evaluator.scores(of: placements, weights: weights, pieces: state.pieces, into: &own)
        var evaluated = 0
        var best = -Double.infinity, bestIndex = 0
        for index in 0..<placements.count {
            let placement = placements[index]
            // The kinds to come after this placement: a hold into an empty slot uses up the
            // first of the queue.
            kinds.removeAll(keepingCapacity: true)
            let skip = placement.holds && state.held == nil ? 1 : 0
            kinds.append(contentsOf: state.queue.dropFirst(skip).prefix(depth))
            var value = own[index]
            if !kinds.isEmpty {
                var after = state
                after.editBoard { board in
                    board.place(placement.piece, in: state.pieces)
                    board.clearFullRows()
                }
                value += try bestValue(on: after, rules: game.rules.lookahead, level: 0, mode: mode, weights: weights,
                                       evaluated: &evaluated)
            }
            if value > best {
                best = value
                bestIndex = index
            }
        }
        return (bestIndex, evaluated)
    }

    /// The best `kinds[level]` can do on `state`'s board, and the kinds after it on the
    /// boards it leaves.
    @_specialize(where R == StandardRules)
    private func bestValue<R: Rules>(on state: GameState, rules: R, level: Int, mode: PlacementSearch.Mode,
                                     weights: Weights, evaluated: inout Int) throws(RuleError) -> Double {
        let start = rules.spawnPiece(kind: kinds[level], state: state)
        guard state.fits(start) else { return -.infinity }
        try searches[level].run(mode, in: state, rules: rules, from: start, turns: turns)
        let placements = searches[level].placements
        guard !placements.isEmpty else { return -.infinity }
        evaluated += placements.count
        evaluators[level].load(state.board)
        evaluators[level].scores(of: placements, weights: weights, pieces: state.pieces, into: &scores[level])
        var best = -Double.infinity
        for index in 0..<placements.count {
            var value = scores[level][index]
            if level + 1 < kinds.count {
                var after = state
                let piece = placements[index].piece
                after.editBoard { board in
                    board.place(piece, in: state.pieces)
                    board.clearFullRows()
                }
                value += try bestValue(on: after, rules: rules, level: level + 1, mode: mode, weights: weights,
                                       evaluated: &evaluated)
            }
            best = max(best, value)
        }
        return best
    }
}
