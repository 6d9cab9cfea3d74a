import HanJulSystem
import HanJulCore
import LuaKit
import HanJulText

/// The `game` object every hook receives: reads of the live state, and validated changes.
///
/// Coordinates are those of RULES.md and the JSON output: `x` from 0 at the left, `y`
/// from 0 at the top. Kinds are their letters (`"T"`). Every method checks its arguments
/// and raises a Lua error naming the method and what is wrong; changes are refused in
/// hooks that compute a value (`scoring`, `level`, `gravity`, `hard_drop_points`,
/// `spawn`, `rotate`).
package enum GameAPI {
    /// The method names, for docs and the type stubs' drift test.
    static var methodNames: [String] { methods(bridge: GameBridge()).keys.sorted() }

    /// The methods that only read the game: the test harness's game object has these too
    /// (`TestSession.gameMethods`), so a test reads a game with the names and types a hook
    /// does.
    package static let readNames: Set<String> = [
        "width", "height", "cell", "row", "is_hidden", "piece", "queue", "kinds", "held", "last_move", "lock_facts",
        "spin", "score", "lines", "level", "dealt", "pieces_locked", "tick", "time", "is_over", "fits", "placements",
    ]

    package static func methods(bridge: GameBridge) -> [String: LuaHostFunction] {
        coreMethods(bridge: bridge).merging(lookaheadMethods(bridge: bridge)) { first, _ in first }
    }

    /// The words `game:last_move()` and `lock_facts().last_move` use.
    static let moveNames: [Action: String] = [.left: "left", .right: "right", .rotate: "rotate",
                                              .rotateCounterclockwise: "rotate_ccw", .rotateHalfTurn: "rotate_180",
                                              .softDrop: "soft_drop", .hardDrop: "hard_drop"]

    private static func coreMethods(bridge: GameBridge) -> [String: LuaHostFunction] {
        func state(_ args: LuaArguments) throws(LuaHostError) -> UnsafeMutablePointer<GameState> {
            guard let state = bridge.state else {
                throw LuaHostError("\(args.functionName): the game is only available inside a hook")
            }
            return state
        }
        func changing(_ args: LuaArguments) throws(LuaHostError) -> UnsafeMutablePointer<GameState> {
            let s = try state(args)
            if bridge.readOnly {
                throw LuaHostError("\(args.functionName): \(bridge.hook?.rawValue ?? "this hook") computes a value and may not change the game")
            }
            return s
        }
        func cellArguments(_ args: LuaArguments, _ s: UnsafeMutablePointer<GameState>) throws(LuaHostError) -> (Int, Int) {
            let x = try args.integer(2), y = try args.integer(3)
            guard s.pointee.board.contains(x: x, y: y) else {
                throw LuaHostError("\(args.functionName): cell (\(x), \(y)) is off the \(s.pointee.board.width)×\(s.pointee.board.height) board")
            }
            return (x, y)
        }
        func row(_ args: LuaArguments, _ index: Int, _ s: UnsafeMutablePointer<GameState>) throws(LuaHostError) -> Int {
            let y = try args.integer(index)
            guard y >= 0 && y < s.pointee.board.height else {
                throw LuaHostError("\(args.functionName): row \(y) is off the board (0 to \(s.pointee.board.height - 1))")
            }
            return y
        }
        func kind(_ args: LuaArguments, _ index: Int, _ s: UnsafeMutablePointer<GameState>) throws(LuaHostError) -> Int {
            // A one-letter argument read in place (a `spawn` or `rotate` hook's `fits` passes
            // one on every call): no copy of the string.
            if let byte = args.singleByte(index), byte < 0x80,
               let kind = s.pointee.pieces.kind(forLetter: Character(Unicode.Scalar(byte))) {
                return kind
            }
            let letter = try args.string(index)
            guard letter.count == 1, let kind = s.pointee.pieces.kind(forLetter: Character(letter)) else {
                throw LuaHostError("\(args.functionName): '\(visible(letter, limit: 20))' is not a piece letter (\(letters(s)))")
            }
            return kind
        }
        /// Charges a change that rewrites whole rows to the budget (L-17).
        func chargeRows(_ args: LuaArguments, _ s: UnsafeMutablePointer<GameState>) throws(LuaHostError) {
            try args.charge(s.pointee.board.width * s.pointee.board.height / 8)
        }
        func letters(_ s: UnsafeMutablePointer<GameState>) -> String {
            s.pointee.pieces.kinds.map { String($0.letter) }.joined(separator: " ")
        }
        func letter(_ s: UnsafeMutablePointer<GameState>, _ kind: Int) -> String {
            String(s.pointee.pieces.kinds[kind].letter)
        }
        // Row masks cross into Lua as the integer with the same 64 bits: column 63 of a
        // 64-wide board is the sign bit, so a full 64-wide row is -1 (L-34).
        func mask(_ args: LuaArguments, _ index: Int, _ s: UnsafeMutablePointer<GameState>) throws(LuaHostError) -> UInt64 {
            let value = try args.integer(index)
            let bits = UInt64(bitPattern: Int64(value))
            guard bits & ~s.pointee.board.fullRow == 0 else {
                throw LuaHostError("\(args.functionName): mask \(value) has bits outside the \(s.pointee.board.width) columns")
            }
            return bits
        }

        /// The state, when the running hook may move the piece in play and one is in play.
        func inPlay(_ args: LuaArguments) throws(LuaHostError) -> UnsafeMutablePointer<GameState> {
            let s = try changing(args)
            guard let hook = bridge.hook, hook.movesPiece else {
                throw LuaHostError("\(args.functionName): only after_move, on_spawn, on_tick and on_top_out may move the piece in play, not \(bridge.hook?.rawValue ?? "this code")")
            }
            guard !s.pointee.dealt.isEmpty, !s.pointee.isOver else {
                throw LuaHostError("\(args.functionName): no piece is in play")
            }
            return s
        }
        func integerField(_ args: LuaArguments, _ table: LuaTableRef, _ key: String, default value: Int) throws(LuaHostError) -> Int {
            switch table[key] {
            case .nil: return value
            case .integer(let integer): return integer
            case .number(let number) where number.isFinite && number == number.rounded() && abs(number) < 9.0e15: return Int(number)
            case let other: throw LuaHostError("\(args.functionName): \(key) must be an integer, not \(LuaRules.shown(other))")
            }
        }

        var methods: [String: LuaHostFunction] = [
            // MARK: Reads
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
                let p = s.pointee.piece
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
            "last_move": { args in
                if let move = try state(args).pointee.lastMove, let name = moveNames[move] { args.push(name) } else { args.pushNil() }
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

            // MARK: Changes
            "set_cell": { args in
                let s = try changing(args)
                let (x, y) = try cellArguments(args, s)
                let k: Int? = args.type(4) == .nil ? nil : try kind(args, 4, s)
                s.pointee.editBoard { $0.set(x: x, y: y, to: k) }
                return 0
            },
            "set_hidden": { args in
                let s = try changing(args)
                let (x, y) = try cellArguments(args, s)
                let hidden = args.isTruthy(4)
                s.pointee.editBoard { $0.setHidden(x: x, y: y, hidden) }
                return 0
            },
            "insert_row": { args in
                let s = try changing(args)
                try chargeRows(args, s)
                let y = try row(args, 2, s)
                let bits = try mask(args, 3, s)
                let k = try kind(args, 4, s)
                var overflow = false
                s.pointee.editBoard { overflow = $0.insertRow(at: y, mask: bits, kind: k) }
                if overflow { bridge.pushedOffTop = true }
                args.push(overflow)
                return 1
            },
            "push_row": { args in
                let s = try changing(args)
                try chargeRows(args, s)
                let bits = try mask(args, 2, s)
                let k = try kind(args, 3, s)
                var overflow = false
                s.pointee.editBoard { overflow = $0.pushRowFromBottom(mask: bits, kind: k) }
                if overflow { bridge.pushedOffTop = true }
                args.push(overflow)
                return 1
            },
            "remove_row": { args in
                let s = try changing(args)
                try chargeRows(args, s)
                let y = try row(args, 2, s)
                s.pointee.editBoard { $0.removeRow(y) }
                return 0
            },
            "clear_board": { args in
                let s = try changing(args)
                try chargeRows(args, s)
                s.pointee.editBoard { $0.removeAll() }
                return 0
            },
            "clear_lines": { args in
                let s = try changing(args)
                try chargeRows(args, s)
                let (count, rows) = s.pointee.clearFullRows()
                s.pointee.countLines(count)
                args.push(count)
                args.push(Int(truncatingIfNeeded: rows))
                return 2
            },
            "add_score": { args in
                let s = try changing(args)
                s.pointee.addScore(try args.integer(2), reason: .mod)
                return 0
            },
            "set_queue": { args in
                let s = try changing(args)
                var kinds: [Int] = []
                let count = args.count - 1
                guard count == s.pointee.queue.count else {
                    let wanted = s.pointee.queue.count
                    throw LuaHostError("\(args.functionName): give \(wanted) kind\(wanted == 1 ? "" : "s") (the preview length), not \(count)")
                }
                for index in 0..<count { kinds.append(try kind(args, index + 2, s)) }
                s.pointee.setQueue(kinds)
                return 0
            },
            "move_piece": { args in
                // Moves the piece in play by (dx, dy) when it fits there: true; else false and
                // nothing changes (20G: `while game:move_piece(0, 1) do end`).
                let s = try inPlay(args)
                let dx = try args.integer(2), dy = try args.integer(3)
                guard (-64...64).contains(dx), (-64...64).contains(dy) else {
                    throw LuaHostError("\(args.functionName): dx and dy must be from -64 to 64 (got \(dx), \(dy))")
                }
                args.push(s.pointee.placePiece(s.pointee.piece.offset(dx, dy)))
                return 1
            },
            "set_piece": { args in
                // Replaces the piece in play with { kind =, rotation =, x =, y = } (each left
                // out stays as it is) when that piece fits: true; else false, no change.
                let s = try inPlay(args)
                let table = try args.table(2)
                for (key, _) in table.entries() {
                    guard let name = key.stringValue, ["kind", "rotation", "x", "y"].contains(name) else {
                        throw LuaHostError("\(args.functionName): unknown field '\(visible(key.stringValue ?? key.typeName, limit: 20))' (use kind, rotation, x, y)")
                    }
                }
                let current = s.pointee.piece
                var piece = current
                switch table["kind"] {
                case .nil: break
                case .string(let text):
                    let letter = text.string
                    guard letter.count == 1, let k = s.pointee.pieces.kind(forLetter: Character(letter)) else {
                        throw LuaHostError("\(args.functionName): '\(visible(letter, limit: 20))' is not a piece letter (\(letters(s)))")
                    }
                    piece.kind = k
                case let other:
                    throw LuaHostError("\(args.functionName): kind must be a piece letter, not \(LuaRules.shown(other))")
                }
                piece.rotation = try integerField(args, table, "rotation", default: current.rotation)
                guard piece.rotation >= 0 && piece.rotation < s.pointee.pieces.rotationCount(of: piece.kind) else {
                    throw LuaHostError("\(args.functionName): rotation \(piece.rotation) is not one of the \(s.pointee.pieces.rotationCount(of: piece.kind)) of '\(letter(s, piece.kind))'")
                }
                piece.x = try integerField(args, table, "x", default: current.x)
                piece.y = try integerField(args, table, "y", default: current.y)
                args.push(s.pointee.placePiece(piece))
                return 1
            },
            "top_out": { args in
                // Ends the game as topped out (a piece locked wholly above the board, say).
                let s = try changing(args)
                s.pointee.end(.toppedOut)
                return 0
            },
            "finish": { args in
                // game:finish(value) under a declared result; game:finish(label, value[,
                // lower_is_better]) names it here (the declaration gives the unit and the
                // direction when lower_is_better is left out).
                let s = try changing(args)
                let declared = bridge.resultFormat
                if args.type(2) == .number, let format = declared {
                    let value = try args.integer(2)
                    s.pointee.end(.finished(GameResult(label: format.name, value: value, lowerIsBetter: format.lowerIsBetter,
                                                       unit: format.unit)))
                    return 0
                }
                let label = try args.string(2)
                guard !label.isEmpty, label.utf8.count <= 32 else {
                    throw LuaHostError("\(args.functionName): the result label must be 1 to 32 characters")
                }
                let value = try args.integer(3)
                let lower = args.count >= 4 ? args.isTruthy(4) : declared?.lowerIsBetter ?? false
                s.pointee.end(.finished(GameResult(label: visible(label, limit: 32), value: value, lowerIsBetter: lower,
                                                   unit: declared?.unit ?? .count)))
                return 0
            },
        ]
        #if HANJUL_TEST_SWITCHES
        let hang = ModTestHooks.hangMilliseconds
        if hang > 0 {
            // TEST ONLY (see ModTestHooks): a host call that does not return for `hang` ms,
            // standing in for a C function the instruction budget cannot interrupt.
            methods["test_hang"] = { _ in
                SystemClock.sleep(milliseconds: hang)
                return 0
            }
        }
        #endif
        return methods
    }
}

#if HANJUL_TEST_SWITCHES
/// Switches for tests of the host itself, compiled only into debug builds (the flag
/// `HANJUL_TEST_SWITCHES`, Package.swift): a release binary has neither the switch nor
/// the method. Off unless the `hanjul` binary sets them from its environment at startup,
/// before any mod loads.
public enum ModTestHooks {
    /// TEST ONLY. When > 0, mods' game objects get a `game:test_hang()` method that blocks
    /// in the host for this many milliseconds: a stand-in for a C call stuck beyond the
    /// watchdog's limit (L-24), since the sandbox leaves no real one. `hanjul` reads it
    /// from `HANJUL_TEST_HANG_MS`. Never set it in a release build's normal use.
    nonisolated(unsafe) public static var hangMilliseconds = 0
}
#endif
