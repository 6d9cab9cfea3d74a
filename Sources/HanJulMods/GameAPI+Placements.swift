import HanJulBot
import HanJulCore
import LuaKit

/// The rules the placement search uses inside a hook: the mods' board, pieces and kick
/// table. A mod's `rotate` hook is not called from here (a host function may not run Lua
/// in the state that called it), so mods with a `rotate` hook get placements by the kicks.
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
                    throw LuaHostError("\(args.functionName): '\(sanitized(letter, limit: 20))' is not a piece letter")
                }
                // The search and the figures of every placement cost far more than a Lua
                // instruction: charged up front, so a loop of calls on a 64×64 board runs
                // out of budget instead of hanging (#15 item 3; L-17).
                let cells = state.board.width * state.board.height
                try args.charge(cells + state.pieces.rotationCount(of: kind) * state.board.width * cells / 16)
                let rules = KickTableRules(kickTable: bridge.kickTable, allowsCounterclockwise: false)
                let start = Piece(kind: kind, rotation: 0, x: (state.board.width - 4) / 2, y: 0)
                do throws(RuleError) {
                    try search.run(.fast, in: state, rules: rules, from: start)
                } catch {
                    throw LuaHostError("\(args.functionName): \(error.message)")
                }
                for placement in search.placements {
                    var board = state.board
                    board.place(placement.piece, in: state.pieces)
                    let cleared = board.clearFullRows().count
                    let features = BoardShape(board)
                    args.pushRecord([
                        "x": placement.piece.x, "y": placement.piece.y, "rotation": placement.piece.rotation,
                        "lines": cleared, "holes": features.holes, "height": features.maxHeight,
                        "aggregate_height": features.aggregateHeight, "bumpiness": features.bumpiness,
                    ])
                }
                args.packArray(count: search.placements.count)
                return 1
            },
        ]
    }
}

/// A few figures about a board's shape, for lookahead.
///
/// Worked out from the row masks, top row first, in O(height + width): a placement search
/// on a 64×64 board asks for it a few hundred times per call.
struct BoardShape {
    var holes = 0, maxHeight = 0, aggregateHeight = 0, bumpiness = 0

    init(_ board: Board) {
        var heights = [Int](repeating: 0, count: board.width)
        var above: UInt64 = 0  // columns with a filled cell in a row above
        for (y, row) in board.rows.enumerated() {
            holes += (~row & above).nonzeroBitCount
            var tops = row & ~above
            while tops != 0 {
                heights[tops.trailingZeroBitCount] = board.height - y
                tops &= tops - 1
            }
            above |= row
        }
        for (x, height) in heights.enumerated() {
            aggregateHeight += height
            maxHeight = max(maxHeight, height)
            if x > 0 { bumpiness += abs(height - heights[x - 1]) }
        }
    }
}
