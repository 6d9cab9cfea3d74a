import HanJulCore

/// `hanjul` with no arguments, until the terminal front end lands: a seeded game played by
/// a simple greedy placer, printed as text every few pieces.
enum DemoCommand {
    static func run() -> ExitStatus {
        var game = Game(rules: StandardRules(), source: .seeded(2026))
        var shown = 0
        while !game.state.isOver && game.state.piecesLocked < 60 {
            game.apply(bestPlacement(game.state))
            if game.state.piecesLocked / 15 > shown {
                shown = game.state.piecesLocked / 15
                print(GameReport.text(game.state) + "\n")
            }
        }
        print("That was a demo of the standard rules. Try: hanjul run --seed 1 --actions 'LLCH RRH' --json")
        return .success
    }

    /// The actions that put the piece where the board ends lowest with the fewest holes.
    static func bestPlacement(_ state: GameState) -> [Action] {
        var best: (cost: Int, actions: [Action]) = (.max, [.hardDrop])
        for turns in 0..<state.pieces.rotationCount(of: state.piece.kind) {
            for shift in -state.board.width...state.board.width {
                var actions = Array(repeating: Action.rotate, count: turns)
                actions += Array(repeating: shift < 0 ? Action.left : .right, count: abs(shift))
                actions.append(.hardDrop)
                var game = Game(rules: StandardRules(), state: state)
                game.apply(actions)
                let cost = Self.cost(game.state)
                if cost < best.cost { best = (cost, actions) }
            }
        }
        return best.actions
    }

    private static func cost(_ state: GameState) -> Int {
        if state.isOver { return .max - 1 }
        let board = state.board
        var holes = 0, height = 0
        for x in 0..<board.width {
            var seen = false
            for y in 0..<board.height {
                if board.isFilled(x: x, y: y) {
                    if !seen { height += board.height - y }
                    seen = true
                } else if seen { holes += 1 }
            }
        }
        return height + holes * 8 - state.lines * 20
    }
}
