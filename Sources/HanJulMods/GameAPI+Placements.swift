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
        var measure: BoardEvaluator?
        let settler = GroupSettler()
        let weightKeys: [LuaValue] = ["lines", "holes", "height", "aggregate_height", "bumpiness"].map { .string(LuaString($0)) }
        /// The `weights` table at argument `position`, as `game:best_placement` reads it.
        func integerWeights(_ args: LuaArguments, _ position: Int) throws(LuaHostError) -> BoardEvaluator.IntegerWeights {
            var weights = BoardEvaluator.IntegerWeights()
            for (index, key) in weightKeys.enumerated() {
                let value: Int
                switch try args.rawField(position, key) {
                case .nil: value = 0
                case .integer(let integer): value = integer
                case .number(let number) where number.isFinite && number == number.rounded() && abs(number) < 9.0e15:
                    value = Int(number)
                case let other:
                    throw LuaHostError("\(args.functionName): weight '\(key.stringValue ?? "")' must be an integer, not \(other.typeName)")
                }
                switch index {
                case 0: weights.lines = value
                case 1: weights.holes = value
                case 2: weights.height = value
                case 3: weights.aggregateHeight = value
                default: weights.bumpiness = value
                }
            }
            return weights
        }
        func placementArguments(_ args: LuaArguments) throws(LuaHostError) -> (GameState, Int) {
            guard let s = bridge.state else { throw LuaHostError("\(args.functionName): the game is only available inside a hook") }
            let state = s.pointee
            let letter = try args.string(2)
            guard letter.count == 1, let kind = state.pieces.kind(forLetter: Character(letter)) else {
                throw LuaHostError("\(args.functionName): '\(visible(letter, limit: 20))' is not a piece letter")
            }
            return (state, kind)
        }
        /// The bot's evaluator, loaded with `state`'s board: the figures of `BoardFeatures`,
        /// the board after the piece locks and full rows go.
        /// A randomizer asks about every kind on one board: loaded once per board (the rows
        /// compare in O(1) while they share storage, and by value otherwise).
        var loadedRows: [UInt64] = [], loadedWidth = 0
        func evaluator(for state: GameState) -> BoardEvaluator {
            if (measure?.capacity ?? 0) < state.board.height {
                measure = BoardEvaluator(height: state.board.height)
                loadedRows = []
            }
            if loadedRows != state.board.rows || loadedWidth != state.board.width || loadedRows.isEmpty {
                measure!.load(state.board)
                loadedRows = state.board.rows
                loadedWidth = state.board.width
            }
            return measure!
        }
        return [
            "board": { args in
                guard let s = bridge.state else { throw LuaHostError("\(args.functionName): the game is only available inside a hook") }
                try args.charge(s.pointee.board.height)
                for mask in s.pointee.board.rows { args.push(Int(truncatingIfNeeded: mask)) }
                args.packArray(count: s.pointee.board.height)
                return 1
            },
            "placements": { args in
                let (state, kind) = try placementArguments(args)
                try search.run(state, kind: kind, bridge: bridge, args: args)
                let measure = evaluator(for: state)
                let placements = search.placements
                measure.forEachFeatures(of: placements, pieces: state.pieces, transitionsAndWells: false) { index, features in
                    let placement = placements[index]
                    args.pushRecord([
                        "x": placement.piece.x, "y": placement.piece.y, "rotation": placement.piece.rotation,
                        "lines": features.linesCleared, "holes": features.holes, "height": features.maxHeight,
                        "aggregate_height": features.aggregateHeight, "bumpiness": features.bumpiness,
                    ])
                }
                args.packArray(count: search.placements.count)
                return 1
            },
            // The native form of the loop a randomizer writes over game:placements: the same
            // placements, valued in integers as `sum(weight × figure)` (Lua's wrapping
            // arithmetic), the first of the best kept; no table per placement.
            "best_placement": { args in
                let (state, kind) = try placementArguments(args)
                let weights = try integerWeights(args, 3)
                try search.run(state, kind: kind, bridge: bridge, args: args)
                let measure = evaluator(for: state)
                guard let (index, value) = measure.best(of: search.placements, weights: weights, pieces: state.pieces)
                else { args.pushNil(); return 1 }
                let bestPiece = search.placements[index].piece
                args.push(value); args.push(bestPiece.x); args.push(bestPiece.y); args.push(bestPiece.rotation)
                return 4
            },
            // `best_placement` for every kind at once, one call per deal for a randomizer
            // that weighs them all: `{letter = value}`, without the kinds that cannot enter.
            "best_placements": { args in
                guard let s = bridge.state else { throw LuaHostError("\(args.functionName): the game is only available inside a hook") }
                let weights = try integerWeights(args, 2)
                let state = s.pointee
                var count = 0
                // The rules once for every kind (a weak reference: each read retains them).
                let rules = bridge.rules
                for kind in 0..<state.pieces.count {
                    try search.run(state, kind: kind, bridge: bridge, rules: rules, args: args)
                    let measure = evaluator(for: state)
                    guard let (_, value) = measure.best(of: search.placements, weights: weights, pieces: state.pieces)
                    else { continue }
                    args.push(String(state.pieces.kinds[kind].letter))
                    args.push(value)
                    count += 1
                }
                args.packRecord(count: count)
                return 1
            },
            "settle": { args in
                guard let s = bridge.state else { throw LuaHostError("\(args.functionName): the game is only available inside a hook") }
                if bridge.readOnly {
                    throw LuaHostError("\(args.functionName): \(bridge.hook?.rawValue ?? "this hook") computes a value and may not change the game")
                }
                // Like clear_lines, a rewrite of the whole board (L-17).
                try args.charge(s.pointee.board.width * s.pointee.board.height / 8)
                args.push(settler.settle(&s.pointee))
                return 1
            },
        ]
    }
}

extension PlacementSearch {
    /// Every placement of `kind` from where the rules spawn it, for `game:placements` and
    /// `game:best_placement`: the mods' real rules (their spawn place and their rotate hook
    /// or kick table, the same answers the game gets; nested calls in this Lua state run on
    /// the budget of the hook that asked), or their kick table when the bridge has lost
    /// its rules.
    mutating func run(_ state: GameState, kind: Int, bridge: GameBridge, args: LuaArguments) throws(LuaHostError) {
        try run(state, kind: kind, bridge: bridge, rules: bridge.rules, args: args)
    }

    /// `run` with the bridge's rules already read (`nil`: lost).
    mutating func run(_ state: GameState, kind: Int, bridge: GameBridge, rules: LuaRules?,
                      args: LuaArguments) throws(LuaHostError) {
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
            if let rules {
                try run(.fast, in: state, rules: rules, from: rules.spawnPiece(kind: kind, state: state))
            } else {
                let rules = KickTableRules(kickTable: bridge.kickTable, allowsCounterclockwise: false)
                try run(.fast, in: state, rules: rules, from: rules.spawnPiece(kind: kind, state: state))
            }
        } catch {
            throw LuaHostError("\(args.functionName): \(error.hook == "rotate" || error.hook == "spawn" ? error.hook + ": " : "")\(error.message)")
        }
    }
}
