import HanJulCore

extension GameScreen {
    /// Brings the play clock up to `now`, doing everything due on the way at its own time:
    /// releases inferred, auto-shift and soft-drop moves, gravity steps.
    mutating func advance(to now: UInt64, environment: PlayEnvironment) {
        if case .notice(_, _, let until) = mode, now >= until {
            mode = .playing
            lastWall = until
        }
        guard isRunning else {
            lastWall = now
            return
        }
        let target = clock &+ (now > lastWall ? now - lastWall : 0)
        lastWall = now
        var steps = 0
        // Bounded: a clock that jumps by hours (a laptop's sleep) gives at most this many
        // steps; the rest of the time then passes at once.
        while isRunning && steps < 10_000 {
            steps += 1
            let release = holds.nextRelease()
            let move = handling.nextDeadline()
            let lock = lockDeadline
            let soonest = [release, move, lock, nextGravity].compactMap { $0 }.min()!
            guard soonest <= target else { break }
            clock = max(clock, soonest)
            if let lock, lock <= soonest {
                // The piece has rested as long as the rules allow: the wait that locks it.
                tellWait()
            } else if let release, release <= soonest {
                for lapse in holds.releases(upTo: soonest) {
                    switch lapse {
                    case .confirmed(let key, _):
                        // A hard drop (or turn) that waited to be sure it was a press.
                        if let command = tentative.removeValue(forKey: key), let action = command.action {
                            if Self.isTurn(action) { finesse.notePress() }
                            apply(action)
                        }
                    case .released(let key, let at):
                        tentative[key] = nil
                        guard let command = config.bindings.command(for: key), let control = Self.control(for: command),
                              !otherKeyHolds(command, except: key) else { continue }
                        perform(handling.release(control, at: at))
                    }
                }
            } else if let move, move <= soonest {
                let holds = self.holds, bindings = config.bindings
                // At the clock, not in the past: a move that waited never makes others catch up.
                let moves = handling.fire(at: clock) { control, time in
                    let command: Command = control == .left ? .left : control == .right ? .right : .softDrop
                    return (bindings.keys[command] ?? []).contains { holds.confirmsHeld($0, at: time) }
                }
                perform(moves)
            } else {
                // Under instant gravity (0 ms) no tick is due: `nextGravity` is then `.max`.
                nextGravity = gravityInterval.map { nextGravity &+ $0 } ?? .max
                apply(.gravity)
            }
        }
        if isRunning {
            clock = max(clock, target)
            // Gravity that fell behind (a clock jump beyond the bound) starts over from now.
            if nextGravity < clock { nextGravity = nextGravity(after: clock) }
        }
        if game.state.isOver && mode != .over { finish(environment) }
    }

    /// The gravity interval at the current level, in nanoseconds; `nil` under instant
    /// gravity (an interval of 0 ms, "20G"): the engine keeps the piece at rest itself, and
    /// no `G` is sent (a lock delay's timer, or a drop, locks the piece).
    var gravityInterval: UInt64? {
        let milliseconds = rules.gravityInterval(level: game.state.level)
        guard milliseconds != 0 else { return nil }
        return UInt64(max(min(milliseconds, 3_600_000), 1)) * 1_000_000
    }

    /// When the next gravity tick is due, one interval after `time` (never under instant gravity).
    func nextGravity(after time: UInt64) -> UInt64 {
        gravityInterval.map { time &+ $0 } ?? .max
    }

    mutating func startClock() {
        clock = 0
        toldClock = 0
        lastActionMillisecond = 0
        nextGravity = nextGravity(after: 0)
        // A first piece that spawns at rest (instant gravity) starts its lock timer now.
        let state = game.state
        lockClock = rules.lockDelay != nil && !state.isOver && !state.fits(state.piece.offset(0, 1)) ? 0 : nil
    }

    /// Carries out what the handling asked for, at the current time.
    mutating func perform(_ moves: [Handling.Move]) {
        for move in moves {
            guard !game.state.isOver else { return }
            switch move {
            case .shift(let direction):
                let action: Action = direction == .left ? .left : .right
                if game.state.fits(game.state.piece.offset(direction == .left ? -1 : 1, 0)) { apply(action) }
            case .shiftToWall(let direction):
                let dx = direction == .left ? -1 : 1
                var guardCount = 0
                while !game.state.isOver, game.state.fits(game.state.piece.offset(dx, 0)), guardCount < 256 {
                    guardCount += 1
                    apply(direction == .left ? .left : .right, continuous: false)
                }
            case .softDrop:
                apply(.softDrop)
            case .dropToFloor:
                var guardCount = 0
                while !game.state.isOver, game.state.fits(game.state.piece.offset(0, 1)), guardCount < 256 {
                    guardCount += 1
                    apply(.softDrop, continuous: false)
                }
            }
        }
    }

    /// Under a lock delay, when the resting piece's time runs out (nil otherwise).
    var lockDeadline: UInt64? {
        guard let delay = rules.lockDelay, let lockClock, !game.state.isOver else { return nil }
        let left = max(delay.milliseconds(atLevel: game.state.level) - game.state.lockElapsed, 0)
        return lockClock &+ UInt64(left) * 1_000_000
    }

    /// Tells the engine, with `W<ms>`, how long the resting piece has waited up to now (the
    /// whole milliseconds; the rest is told next time). Only under a lock delay, only while
    /// the piece rests on the stack, so replays stay small.
    mutating func tellWait() {
        if rules.isTimed {
            tellTime()
            return
        }
        guard rules.lockDelay != nil, let since = lockClock, clock > since else { return }
        let milliseconds = (clock - since) / 1_000_000
        guard milliseconds > 0 else { return }
        lockClock = since &+ milliseconds * 1_000_000
        apply(.wait(milliseconds: Int(min(milliseconds, 3_600_000))), continuous: false)
    }

    /// Under timed rules: tells the engine, with `W<ms>`, the whole milliseconds played since
    /// it was last told (one stream of W serves a lock delay too).
    mutating func tellTime() {
        guard rules.isTimed, clock > toldClock else { return }
        let milliseconds = (clock - toldClock) / 1_000_000
        guard milliseconds > 0 else { return }
        toldClock &+= milliseconds * 1_000_000
        apply(.wait(milliseconds: Int(min(milliseconds, 3_600_000))), continuous: false)
        if lockClock != nil { lockClock = toldClock }
    }

    /// Applies one action at the current time, records it, and follows what it did: a new
    /// piece (gravity starts over, the handling hears of it, a pending reload happens), the
    /// moves that keep a piece at the wall or on the floor (`arr` or `soft_drop` 0), the
    /// lock timer of a piece that rests on the stack (lock delay).
    mutating func apply(_ action: Action, continuous: Bool = true) {
        if action.kind != .wait { tellWait() }
        guard !game.state.isOver else { return }
        game.apply(action)
        finesse.note(action, game: game)
        statistics.finesseFaults = finesse.faults
        statistics.presses = finesse.presses
        noteEvents()
        let millisecond = clock / 1_000_000
        let milliseconds = Int(millisecond > lastActionMillisecond ? millisecond - lastActionMillisecond : 0)
        lastActionMillisecond = max(lastActionMillisecond, millisecond)
        recorder.record(action, after: milliseconds, state: game.state)
        if rules.lockDelay != nil {
            let state = game.state
            let resting = !state.isOver && !state.fits(state.piece.offset(0, 1))
            if !resting {
                lockClock = nil
            } else if lockClock == nil || action.kind != .wait {
                // Resting from now (a step down, a move or a new piece starts the timer over).
                lockClock = clock
            }
        }
        if game.state.events.contains(where: { if case .spawned = $0 { true } else { false } }) {
            handling.pieceEntered(at: clock)
            if reloadPending {
                reload(at: lastWall)
                // Rules reloaded to instant gravity put the piece at rest: its timer starts.
                let state = game.state
                if rules.lockDelay != nil, lockClock == nil, !state.isOver, !state.fits(state.piece.offset(0, 1)) { lockClock = clock }
            }
            // A new piece gets a whole interval before its first gravity step (after a
            // reload: the reloaded rules' interval).
            nextGravity = nextGravity(after: clock)
        }
        guard continuous, !applyingContinuous, !game.state.isOver else { return }
        applyingContinuous = true
        perform(handling.continuousMoves(at: clock))
        applyingContinuous = false
    }
}
