import HanJulCore
import LuaKit
import HanJulText

/// `hanjul.standard`, a global every mod's Lua state has: the standard rules as functions,
/// so an override can build on them (`return hanjul.standard.gravity(level + 2)`). They
/// call `StandardRules` itself: there is one copy of the standard rules.
///
/// `kicks`, `rotate` and `spawn` are what the engine does when no mod has a `rotate` or
/// `spawn` hook: a hook can answer the cases it cares about and hand the rest back
/// (`return hanjul.standard.rotate(game, letter, rotation, x, y, direction)`). Turns use
/// the rules' kick table (the mods' `kicks`, or the standard six) on the rules' pieces.
enum StandardAPI {
    /// The function names, for docs and the stubs' drift test.
    static var functionNames: [String] { functions(bridge: GameBridge()).keys.sorted() }

    static func functions(bridge: GameBridge) -> [String: LuaHostFunction] {
        /// The game a hook is looking at (`rotate` and `spawn` need its board).
        func state(_ args: LuaArguments) throws(LuaHostError) -> UnsafeMutablePointer<GameState> {
            guard let state = bridge.state else {
                throw LuaHostError("\(args.functionName): call it from a hook, with the hook's game")
            }
            return state
        }
        /// The kind of the letter at argument `index`, in `pieces`.
        func kind(_ args: LuaArguments, _ index: Int, _ pieces: PieceSet) throws(LuaHostError) -> Int {
            let letter = try args.string(index)
            guard letter.count == 1, let kind = pieces.kind(forLetter: Character(letter)) else {
                throw LuaHostError("\(args.functionName): '\(visible(letter, limit: 20))' is not a piece letter (\(pieces.kinds.map { String($0.letter) }.joined(separator: " ")))")
            }
            return kind
        }
        func rotation(_ args: LuaArguments, _ index: Int, _ pieces: PieceSet, _ kind: Int) throws(LuaHostError) -> Int {
            let rotation = try args.integer(index)
            guard rotation >= 0 && rotation < pieces.rotationCount(of: kind) else {
                throw LuaHostError("\(args.functionName): rotation \(rotation) is not one of the \(pieces.rotationCount(of: kind)) of '\(pieces.kinds[kind].letter)'")
            }
            return rotation
        }
        return [
            "points": { args in
                args.push(StandardRules.linePoints(lines: try args.integer(1), level: try args.integer(2)))
                return 1
            },
            "level": { args in
                args.push(StandardRules.level(lines: try args.integer(1)))
                return 1
            },
            "gravity": { args in
                args.push(StandardRules.gravityInterval(level: try args.integer(1)))
                return 1
            },
            "soft_drop_points": { args in
                args.push(StandardRules.softDropPoints(rows: try args.integer(1)))
                return 1
            },
            "hard_drop_points": { args in
                args.push(StandardRules.hardDropPoints(rows: try args.integer(1)))
                return 1
            },
            "kicks": { args in
                // kicks(letter, from, to): the offsets tried, in order, as { {dx, dy}, … }.
                let pieces = bridge.state?.pointee.pieces ?? bridge.rules?.pieces ?? .standard
                let k = try kind(args, 1, pieces)
                let from = try rotation(args, 2, pieces, k), to = try rotation(args, 3, pieces, k)
                let offsets = bridge.kickTable.offsets(kind: k, from: from, to: to)
                for offset in offsets {
                    args.push(offset.x); args.push(offset.y)
                    args.packArray(count: 2)
                }
                args.packArray(count: offsets.count)
                return 1
            },
            "rotate": { args in
                // rotate(game, letter, rotation, x, y, direction): the rotate hook's arguments;
                // x, y, rotation and the kick's index of the turned piece, or nil.
                let s = try state(args)
                let pieces = s.pointee.pieces
                let k = try kind(args, 2, pieces)
                let r = try rotation(args, 3, pieces, k)
                let x = try args.integer(4), y = try args.integer(5), direction = try args.integer(6)
                guard [1, -1, 2].contains(direction) else {
                    throw LuaHostError("\(args.functionName): direction must be 1 (clockwise), -1 (counter-clockwise) or 2 (a half turn), not \(direction)")
                }
                let piece = Piece(kind: k, rotation: r, x: x, y: y)
                guard Piece.isNearBoard(x: x, y: y) else { args.pushNil(); return 1 }
                let to = s.pointee.rotation(of: piece, turnedBy: direction)
                guard let (turned, kick) = s.pointee.turned(piece, by: direction,
                                                            kicks: bridge.kickTable.offsets(kind: k, from: r, to: to)) else {
                    args.pushNil()
                    return 1
                }
                args.push(turned.x); args.push(turned.y); args.push(turned.rotation); args.push(kick)
                return 4
            },
            "spawn": { args in
                // spawn(game, letter): the spawn hook's arguments; x, y, rotation of the default place.
                let s = try state(args)
                let k = try kind(args, 2, s.pointee.pieces)
                let piece = StandardRules.spawnPiece(kind: k, boardWidth: s.pointee.board.width)
                args.push(piece.x); args.push(piece.y); args.push(piece.rotation)
                return 3
            },
        ]
    }

    /// Sets the `hanjul` global of `lua`: `{ standard = { points, level, gravity, … } }`.
    static func install(in lua: LuaState, bridge: GameBridge) {
        let standard = lua.makeObject(name: "hanjul.standard", methods: functions(bridge: bridge))
        let hanjul = lua.makeObject(name: "hanjul", methods: [:], fields: ["standard": .table(standard)])
        lua.setGlobal("hanjul", .table(hanjul))
    }
}
