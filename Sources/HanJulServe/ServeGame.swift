import HanJulBot
import HanJulCore

/// One game of `hanjul serve` (python/README.md, "Protocol"): its state, the placements
/// allowed now, and the observation it answers with. A server holds one (`--games 1`) or
/// several, each played by its own requests.
extension ServeSession {
    struct ServeGame<R: Rules> {
        var game: Game<R>
        var search = PlacementSearch()
        let width: Int, height: Int, preview: Int
        /// Actions: (hold ? 2 : 1) × 4 rotations × width leftmost columns.
        let actionCount: Int
        /// The placement behind each allowed action (index into the search's list), -1 for none.
        var chosen: [Int]
        var status: UInt8 = 0
        /// Milliseconds of the current gravity interval already passed (`T`).
        var gravityCarry = 0

        init(rules: R) {
            game = Game(rules: rules, source: .seeded(0))
            width = game.state.board.width
            height = game.state.board.height
            preview = max(0, rules.previewCount)
            actionCount = (rules.holdEnabled ? 2 : 1) * 4 * width
            chosen = Array(repeating: -1, count: actionCount)
        }

        var observationSize: Int { 48 + preview + 8 * height + (actionCount + 7) / 8 }

        /// The most milliseconds one `T` may pass (an hour), so a request cannot spin for long.
        static var longestPass: Int { 3_600_000 }

        mutating func reset(rules: R, seed: UInt64) -> [UInt8] {
            game = Game(rules: rules, source: .seeded(seed))
            status = 0
            gravityCarry = 0
            return observe(placed: false)
        }

        mutating func place(_ action: Int) -> [UInt8] {
            status = 0
            guard let path = path(of: action) else {
                status |= 2
                return observe(placed: false)
            }
            Self.play(path, on: &game)
            return observe(placed: true)
        }

        /// The moves that play placement `action` (as the last observation's mask allows
        /// it); nil when the rules do not allow it now.
        func path(of action: Int) -> PlacementPath? {
            guard action >= 0, action < actionCount, chosen[action] >= 0, !game.state.isOver else { return nil }
            return search.actions(of: search.placements[chosen[action]])
        }

        /// Plays `path` on `game`, up to the end of the game.
        static func play(_ path: PlacementPath, on game: inout Game<R>) {
            for step in path {
                game.apply(step)
                if game.state.isOver { break }
            }
        }

        /// Pushes `rows` garbage rows (filled but for column `hole`) up from the bottom, as
        /// Mods/garbage does; a cell pushed off the top, or into the piece in play, tops out.
        mutating func garbage(rows: Int, hole: Int) -> [UInt8] {
            status = 0
            guard !game.state.isOver else { return observe(placed: false) }
            let mask = game.state.board.fullRow & ~(UInt64(1) << UInt64(max(0, min(hole, width - 1))))
            let kind = max(0, game.state.pieces.count - 1)
            var over = false
            game.withState { state in
                for _ in 0..<rows {
                    state.editBoard { board in
                        if board.pushRowFromBottom(mask: mask, kind: kind) { over = true }
                    }
                }
                if over || !state.fits(state.piece) { state.end(.toppedOut) }
            }
            return observe(placed: false)
        }

        mutating func press(_ key: Int) -> [UInt8] {
            status = 0
            guard key >= 0, key < ServeSession.keys.count, !game.state.isOver else {
                status |= 2
                return observe(placed: false, mask: false)
            }
            game.apply(ServeSession.keys[key].1)
            return observe(placed: false, mask: false)
        }

        /// `T`: presses `key` (255: none), then lets `milliseconds` of game time pass: a
        /// gravity row each interval of the level (carried across requests), and the time as
        /// waits, which run a lock delay's timer. A key out of range is refused as in `K`,
        /// and then no time passes.
        mutating func pressThenPass(_ key: Int, milliseconds: Int) -> [UInt8] {
            status = 0
            if key != 255 {
                guard key >= 0, key < ServeSession.keys.count, !game.state.isOver else {
                    status |= 2
                    return observe(placed: false, mask: false)
                }
                game.apply(ServeSession.keys[key].1)
            }
            var left = max(0, min(milliseconds, Self.longestPass))
            while left > 0, !game.state.isOver {
                let interval = game.rules.gravityInterval(level: game.state.level)
                guard interval > 0 else {
                    // Instant gravity: the engine keeps the piece at rest; only the lock timer runs.
                    game.apply(.wait(milliseconds: left))
                    break
                }
                let due = max(1, min(interval, Self.longestPass) - gravityCarry)
                if left < due {
                    game.apply(.wait(milliseconds: left))
                    gravityCarry += left
                    break
                }
                game.apply(.wait(milliseconds: due))
                if !game.state.isOver { game.apply(.gravity) }
                gravityCarry = 0
                left -= due
            }
            return observe(placed: false, mask: false)
        }

        /// Finds the placements allowed now and which action each is.
        mutating func findPlacements() {
            for index in chosen.indices { chosen[index] = -1 }
            guard !game.state.isOver else { return }
            do throws(RuleError) {
                let rules = game.rules.lookahead
                try search.run(.fast, in: game.state, rules: rules, from: nil, turns: nil)
                if let alternative = Bot.holdAlternative(game) {
                    try search.append(.fast, in: game.state, rules: rules, from: alternative, holds: true, turns: nil)
                }
            } catch {
                game.withState { $0.end(.ruleError(error)) }
                return
            }
            let pieces = game.state.pieces
            for (index, placement) in search.placements.enumerated() {
                let piece = placement.piece
                let column = piece.x + pieces.shape(piece.kind, piece.rotation).minX
                guard piece.rotation < 4, column >= 0, column < width else { continue }
                let action = (placement.holds ? 4 * width : 0) + piece.rotation * width + column
                // The highest landing of a rotation and column (the fast search finds one).
                if action < actionCount && chosen[action] < 0 { chosen[action] = index }
            }
        }

        mutating func observe(placed: Bool, mask: Bool = true) -> [UInt8] {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(observationSize)
            observe(into: &bytes, placed: placed, mask: mask)
            return bytes
        }

        /// Appends the observation (python/README.md has its layout) to `bytes`.
        mutating func observe(into bytes: inout [UInt8], placed: Bool, mask: Bool = true) {
            if mask { findPlacements() } else { for index in chosen.indices { chosen[index] = -1 } }
            let state = game.state
            var flags = status
            if state.isOver { flags |= 1 }
            if case .over(.ruleError) = state.phase { flags |= 8 }
            if case .over(.finished) = state.phase { flags |= 16 }
            bytes.append(flags)
            bytes.append(state.isOver ? 255 : UInt8(truncatingIfNeeded: state.piece.kind))
            bytes.append(UInt8(truncatingIfNeeded: state.piece.rotation))
            bytes.append(UInt8(bitPattern: Int8(truncatingIfNeeded: state.piece.x)))
            bytes.append(UInt8(bitPattern: Int8(truncatingIfNeeded: state.piece.y)))
            bytes.append(state.held.map { UInt8(truncatingIfNeeded: $0) } ?? 255)
            bytes.append(state.holdUsed ? 1 : 0)
            let lock = state.lastLock
            bytes.append(UInt8(truncatingIfNeeded: lock?.lines ?? 0))
            bytes.append(lock.map { $0.spin == .none ? 0 : $0.spin == .mini ? 1 : 2 } ?? 0)
            bytes.append(lock?.backToBack == true ? 1 : 0)
            bytes.append(lock?.lastMove.map { move in UInt8(ServeSession.keys.firstIndex { $0.1 == move } ?? 254) } ?? 255)
            bytes.append(placed ? 1 : 0)
            append(&bytes, Int64(state.score))
            append(&bytes, Int32(truncatingIfNeeded: state.lines))
            append(&bytes, Int32(truncatingIfNeeded: state.level))
            append(&bytes, Int32(truncatingIfNeeded: state.piecesLocked))
            append(&bytes, Int32(truncatingIfNeeded: lock?.combo ?? 0))
            append(&bytes, Int32(truncatingIfNeeded: state.board.filledCount))
            append(&bytes, Int64(state.elapsedMilliseconds))
            for index in 0..<preview { bytes.append(index < state.queue.count ? UInt8(truncatingIfNeeded: state.queue[index]) : 255) }
            for row in state.board.rows { append(&bytes, row) }
            let maskAt = bytes.count
            bytes += repeatElement(0, count: (actionCount + 7) / 8)
            for (action, index) in chosen.enumerated() where index >= 0 { bytes[maskAt + action >> 3] |= 1 << UInt8(action & 7) }
        }
    }

    static func append<T: FixedWidthInteger>(_ bytes: inout [UInt8], _ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
}

extension ServeSession.ServeGame {
    func append<T: FixedWidthInteger>(_ bytes: inout [UInt8], _ value: T) { ServeSession.append(&bytes, value) }
}
