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
            let soonest = [release, move, nextGravity].compactMap { $0 }.min()!
            guard soonest <= target else { break }
            clock = max(clock, soonest)
            if let release, release <= soonest {
                for lapse in holds.releases(upTo: soonest) {
                    switch lapse {
                    case .confirmed(let key, _):
                        // A hard drop (or turn) that waited to be sure it was a press.
                        if let command = tentative.removeValue(forKey: key), let action = command.action { apply(action) }
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
                nextGravity &+= gravityInterval
                apply(.gravity)
            }
        }
        if isRunning {
            clock = max(clock, target)
            // Gravity that fell behind (a clock jump beyond the bound) starts over from now.
            if nextGravity < clock { nextGravity = clock &+ gravityInterval }
        }
        if game.state.isOver && mode != .over { finish(environment) }
    }

    /// The gravity interval at the current level, in nanoseconds.
    var gravityInterval: UInt64 {
        UInt64(max(min(rules.gravityInterval(level: game.state.level), 3_600_000), 1)) * 1_000_000
    }

    mutating func startClock() {
        clock = 0
        lastActionMillisecond = 0
        nextGravity = gravityInterval
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

    /// Applies one action at the current time, records it, and follows what it did: a new
    /// piece (gravity starts over, the handling hears of it, a pending reload happens), the
    /// moves that keep a piece at the wall or on the floor (`arr` or `soft_drop` 0).
    mutating func apply(_ action: Action, continuous: Bool = true) {
        game.apply(action)
        let millisecond = clock / 1_000_000
        let milliseconds = Int(millisecond > lastActionMillisecond ? millisecond - lastActionMillisecond : 0)
        lastActionMillisecond = max(lastActionMillisecond, millisecond)
        recorder.record(action, after: milliseconds, state: game.state)
        if game.state.events.contains(where: { if case .spawned = $0 { true } else { false } }) {
            // A new piece gets a whole interval before its first gravity step.
            nextGravity = clock &+ gravityInterval
            handling.pieceEntered(at: clock)
            if reloadPending { reload(at: lastWall) }
        }
        guard continuous, !applyingContinuous, !game.state.isOver else { return }
        applyingContinuous = true
        perform(handling.continuousMoves(at: clock))
        applyingContinuous = false
    }
}
