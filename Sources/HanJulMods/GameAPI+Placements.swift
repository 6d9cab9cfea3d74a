import HanJulBot
import HanJulCore
import LuaKit
import HanJulText

/// The rules the placement search falls back to when the bridge has lost its rules (a
/// game object kept past its rules): the mods' kick table.
struct KickTableRules: Rules {
    var name: String { "kicks" }
    let kickTable: KickTable
    let allowsCounterclockwise: Bool
    var kicks: [Cell] { kickTable.fallback }
    func kicks(kind: Int, from: Int, to: Int) -> [Cell] { kickTable.offsets(kind: kind, from: from, to: to) }
}

extension GameAPI {
    /// `game:placements(letter)` and `game:board()`: lookahead for randomizers and bots.
    static func lookaheadMethods(bridge: GameBridge) -> [String: LuaHostFunction] {
        var search = PlacementSearch()
        var evaluator: BoardEvaluator?
        return [
            "board": { args in
                guard let s = bridge.state else { throw LuaHostError("\(args.functionName): the game is only available inside a hook") }
                try args.charge(s.pointee.board.height)
                for mask in s.pointee.board.rows { args.push(Int(truncatingIfNeeded: mask)) }
                args.packArray(count: s.pointee.board.height)
                return 1
            },
            "placements": { args in
                guard let s = bridge.state else { throw LuaHostError("\(args.functionName): the game is only available inside a hook") }
                let state = s.pointee
                let letter = try args.string(2)
                guard letter.count == 1, let kind = state.pieces.kind(forLetter: Character(letter)) else {
                    throw LuaHostError("\(args.functionName): '\(visible(letter, limit: 20))' is not a piece letter")
                }
                // The search and the figures of every placement cost far more than a Lua
                // instruction: charged up front, so a loop of calls on a 64×64 board runs
                // out of budget instead of hanging (#15 item 3; L-17).
                let cells = state.board.width * state.board.height
                try args.charge(cells + state.pieces.rotationCount(of: kind) * state.board.width * cells / 16)
                // The search asks spawn and rotate: not from inside them (the search is not
                // reentrant, and a hook that searches from its own hook never ends).
                if let hook = bridge.hook, hook == .spawn || hook == .rotate {
                    throw LuaHostError("\(args.functionName): not available in \(hook.rawValue) (the search calls \(hook.rawValue) itself)")
                }
                do throws(RuleError) {
                    // The mods' real rules: their spawn place and their rotate hook or kick
                    // table, the same answers the game gets (nested calls in this Lua state run
                    // on the budget of the hook that asked).
                    if let rules = bridge.rules {
                        try search.run(.fast, in: state, rules: rules, from: rules.spawnPiece(kind: kind, state: state))
                    } else {
                        let rules = KickTableRules(kickTable: bridge.kickTable, allowsCounterclockwise: false)
                        try search.run(.fast, in: state, rules: rules, from: rules.spawnPiece(kind: kind, state: state))
                    }
                } catch {
                    throw LuaHostError("\(args.functionName): \(error.hook == "rotate" || error.hook == "spawn" ? error.hook + ": " : "")\(error.message)")
                }
                // The figures are the bot's (`BoardFeatures`, measured by its evaluator): the
                // board after the piece locks and full rows go.
                if (evaluator?.capacity ?? 0) < state.board.height { evaluator = BoardEvaluator(height: state.board.height) }
                let measure = evaluator!
                measure.load(state.board)
                for placement in search.placements {
                    let features = measure.features(after: placement.piece, pieces: state.pieces)
                    args.pushRecord([
                        "x": placement.piece.x, "y": placement.piece.y, "rotation": placement.piece.rotation,
                        "lines": features.linesCleared, "holes": features.holes, "height": features.maxHeight,
                        "aggregate_height": features.aggregateHeight, "bumpiness": features.bumpiness,
                    ])
                }
                args.packArray(count: search.placements.count)
                return 1
            },
        ]
    }
}
