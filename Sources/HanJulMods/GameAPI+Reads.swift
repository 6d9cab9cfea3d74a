import HanJulCore
import LuaKit
import HanJulText

extension GameAPI {
    /// The reads of the live state: the board, the piece, the queue, counters (every hook may call them).
    static func readMethods(_ api: Access) -> [String: LuaHostFunction] {
        let state = api.state
        let changing = api.changing
        let cellArguments = api.cellArguments
        let row = api.row
        let kind = api.kind
        let letter = api.letter
        let bridge = api.bridge
        return [
            "width": { args in args.push(try state(args).pointee.board.width); return 1 },
            "height": { args in args.push(try state(args).pointee.board.height); return 1 },
            "cell": { args in
                let s = try state(args)
                let (x, y) = try cellArguments(args, s)
                if let k = s.pointee.board.kind(atX: x, y: y) { args.push(letter(s, k)) } else { args.pushNil() }
                return 1
            },
            "row": { args in
                let s = try state(args)
                args.push(Int(truncatingIfNeeded: s.pointee.board.rows[try row(args, 2, s)]))
                return 1
            },
            "is_hidden": { args in
                let s = try state(args)
                let (x, y) = try cellArguments(args, s)
                args.push(s.pointee.board.isHidden(x: x, y: y))
                return 1
            },
            "piece": { args in
                let s = try state(args)
                // No piece before the first spawn (in on_start).
                if s.pointee.dealt.isEmpty { args.pushNil(); return 1 }
                let p = bridge.candidate ?? s.pointee.piece
                args.push(letter(s, p.kind)); args.push(p.rotation); args.push(p.x); args.push(p.y)
                return 4
            },
            "queue": { args in
                let s = try state(args)
                for k in s.pointee.queue { args.push(letter(s, k)) }
                return s.pointee.queue.count
            },
            "kinds": { args in
                let s = try state(args)
                for k in s.pointee.pieces.kinds { args.push(String(k.letter)) }
                return s.pointee.pieces.count
            },
            "held": { args in
                let s = try state(args)
                if let k = s.pointee.held { args.push(letter(s, k)) } else { args.pushNil() }
                return 1
            },
            "entry": { args in
                // The entry delay and the inputs given during it (IRS, IHS): an on_spawn hook
                // sees the turn and hold the entering piece is about to get.
                let s = try state(args)
                let turn: Action? = switch s.pointee.entryTurn {
                case 1: .rotate
                case -1: .rotateCounterclockwise
                case 2: .rotateHalfTurn
                default: nil
                }
                args.pushTable([
                    "delay": .integer(s.pointee.isEntering ? s.pointee.entryDelayLeft : 0),
                    "turn": turn.flatMap { moveNames[$0] }.map { .string(LuaString($0)) } ?? .nil,
                    "hold": .boolean(s.pointee.entryHold),
                ])
                return 1
            },
            "last_move": { args in
                let s = try state(args)
                if bridge.candidate == nil, let move = s.pointee.lastMove, let name = moveNames[move] { args.push(name) } else { args.pushNil() }
                return 1
            },
            "lock_facts": { args in
                let s = try state(args)
                guard let facts = s.pointee.lastLock else { args.pushNil(); return 1 }
                args.pushTable([
                    "letter": .string(LuaString(letter(s, facts.piece.kind))), "rotation": .integer(facts.piece.rotation),
                    "x": .integer(facts.piece.x), "y": .integer(facts.piece.y),
                    "lines": .integer(facts.lines), "spin": .string(LuaString(facts.spin.rawValue)),
                    "combo": .integer(facts.combo), "back_to_back": .boolean(facts.backToBack),
                    "last_move": facts.lastMove.flatMap { moveNames[$0] }.map { .string(LuaString($0)) } ?? .nil,
                    "kick": facts.kick.map { .integer($0) } ?? .nil,
                ])
                return 1
            },
            "spin": { args in
                let s = try state(args)
                let k = try kind(args, 2, s)
                let rotation = try args.integer(3)
                guard rotation >= 0 && rotation < s.pointee.pieces.rotationCount(of: k) else {
                    throw LuaHostError("\(args.functionName): rotation \(rotation) is not one of the \(s.pointee.pieces.rotationCount(of: k)) of '\(letter(s, k))'")
                }
                let x = try args.integer(4), y = try args.integer(5)
                guard Piece.isNearBoard(x: x, y: y) else { args.push("none"); return 1 }
                args.push(s.pointee.spin(of: Piece(kind: k, rotation: rotation, x: x, y: y)).rawValue)
                return 1
            },
            "announce": { args in
                let s = try state(args)
                let text = try args.string(2)
                guard !text.isEmpty, text.utf8.count <= 200 else {
                    throw LuaHostError("\(args.functionName): give 1 to 200 bytes of text (a callout shows at most 48 characters)")
                }
                switch bridge.hook {
                case .scoring?, .onGameOver?:
                    bridge.pendingCallouts.append(visible(text, limit: 200))
                case .spawn?, .rotate?:
                    throw LuaHostError("\(args.functionName): \(bridge.hook!.rawValue) may run any number of times (the bot asks it too); announce from on_lock, after_lock or scoring")
                default:
                    if bridge.readOnly { throw LuaHostError("\(args.functionName): \(bridge.hook?.rawValue ?? "this hook") may not announce") }
                    s.pointee.announce(visible(text, limit: 200))
                }
                return 0
            },
            "score": { args in args.push(try state(args).pointee.score); return 1 },
            "lines": { args in args.push(try state(args).pointee.lines); return 1 },
            "level": { args in args.push(try state(args).pointee.level); return 1 },
            "dealt": { args in args.push(try state(args).pointee.dealt.count); return 1 },
            "pieces_locked": { args in args.push(try state(args).pointee.piecesLocked); return 1 },
            "tick": { args in args.push(try state(args).pointee.ticks); return 1 },
            "time": { args in args.push(try state(args).pointee.elapsedMilliseconds); return 1 },
            "is_over": { args in args.push(try state(args).pointee.isOver); return 1 },
            "fits": { args in
                let s = try state(args)
                let k = try kind(args, 2, s)
                let rotation = try args.integer(3)
                guard rotation >= 0 && rotation < s.pointee.pieces.rotationCount(of: k) else {
                    throw LuaHostError("\(args.functionName): rotation \(rotation) is not one of the \(s.pointee.pieces.rotationCount(of: k)) of '\(letter(s, k))'")
                }
                let x = try args.integer(4), y = try args.integer(5)
                // Far-off coordinates never fit; refusing them first keeps the engine's
                // coordinate sums away from overflow (L-34).
                args.push(Piece.isNearBoard(x: x, y: y) && s.pointee.fits(Piece(kind: k, rotation: rotation, x: x, y: y)))
                return 1
            },
            "standard_next": { args in
                // The standard randomizer (a bag of every kind with `bag ~= false`), from the
                // same generator and bag the default `next_piece` uses.
                let s = try changing(args)
                args.push(letter(s, s.pointee.drawFromBag()))
                return 1
            },
            "random": { args in
                let s = try changing(args)
                let low: Int, high: Int
                if let second = try args.optionalInteger(3) {
                    low = try args.integer(2)
                    high = second
                } else {
                    low = 1
                    high = try args.integer(2)
                }
                // Checked: `high - low` overflows for e.g. math.mininteger…math.maxinteger, and
                // a trap here would kill the game (L-34; found by the hostile corpus).
                let span = high.subtractingReportingOverflow(low)
                guard low <= high, !span.overflow, span.partialValue < Int.max else {
                    throw LuaHostError("\(args.functionName): the range \(low)…\(high) is empty or too wide")
                }
                args.push(low + s.pointee.random.below(high - low + 1))
                return 1
            },
        ]
    }
}
