import HanJulCore
import LuaKit
import HanJulText

extension GameAPI {
    /// The validated changes (refused in hooks that compute a value): cells, rows, the queue, the piece in play, score, callouts.
    static func changeMethods(_ api: Access) -> [String: LuaHostFunction] {
        let changing = api.changing
        let cellArguments = api.cellArguments
        let row = api.row
        let kind = api.kind
        let chargeRows = api.chargeRows
        let letters = api.letters
        let letter = api.letter
        let mask = api.mask
        let inPlay = api.inPlay
        let bridge = api.bridge
        func integerField(_ args: LuaArguments, _ table: LuaTableRef, _ key: String, default value: Int) throws(LuaHostError) -> Int {
            try api.integerField(args, table, key, default: value)
        }
        return [
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
            "set_level": { args in
                // The level as the mod counts it (TGM: +1 a piece, +1 a line): from then on
                // the lines no longer decide it, and every screen, table and by_level shows it.
                let s = try changing(args)
                let level = try args.integer(2)
                guard (0...GameState.maxLevel).contains(level) else {
                    throw LuaHostError("\(args.functionName): level \(level) must be from 0 to \(GameState.maxLevel)")
                }
                s.pointee.setLevel(level)
                return 0
            },
            "allowed": { args in
                // Whether every other mod lets `event` happen (their `veto` hooks): the mod
                // that makes a change asks first, so one mod can cancel another's change.
                let s = try changing(args)
                let event = try args.string(2)
                guard (1...32).contains(event.utf8.count) else {
                    throw LuaHostError("\(args.functionName): the event must be a word of 1 to 32 characters")
                }
                let argument: Int? = args.count >= 3 && args.type(3) != .nil ? try args.integer(3) : nil
                guard let rules = bridge.rules else { args.push(true); return 1 }
                do throws(RuleError) {
                    args.push(try rules.veto(event, argument: argument, state: s.pointee, asking: bridge) == nil)
                } catch {
                    throw LuaHostError("\(args.functionName): \(error)")
                }
                return 1
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
                    // A compound result: each tie-break's value follows; one in ms left
                    // out is the game's time.
                    var then: [Int] = []
                    for (index, tie) in format.then.enumerated() {
                        let given = args.count >= index + 3 && args.type(index + 3) != .nil
                        if !given && tie.unit == .milliseconds {
                            then.append(s.pointee.elapsedMilliseconds)
                        } else if !given {
                            throw LuaHostError("\(args.functionName): the result has the tie-break '\(tie.name)' (\(tie.unit.rawValue)): give its value after the result's")
                        } else {
                            then.append(try args.integer(index + 3))
                        }
                    }
                    guard args.count <= 2 + format.then.count else {
                        throw LuaHostError("\(args.functionName): the result takes \(1 + format.then.count) value\(format.then.isEmpty ? "" : "s") (the result, then each tie-break), not \(args.count - 1)")
                    }
                    s.pointee.end(.finished(GameResult(label: format.name, value: value, lowerIsBetter: format.lowerIsBetter,
                                                       unit: format.unit, then: then)))
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
    }
}
