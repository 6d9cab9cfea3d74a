import HanJulCore
import HanJulTerminal

extension GameScreen {
    /// Brings the play clock up to `now`, doing everything due on the way at its own time:
    /// releases inferred, auto-shift and soft-drop moves, gravity steps.
    mutating func advance(to now: UInt64, environment: ScreenEnvironment) {
        if case .notice(_, _, let until) = mode, now >= until {
            mode = .playing
            lastWall = until
        }
        if case .countdown(let until) = mode {
            lastWall = min(now, until)
            if now >= until { go() }
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
            let due = timed.nextDue
            guard let soonest = [release, move, due?.time].compactMap({ $0 }).min(), soonest <= target else { break }
            timed.wind(to: soonest)
            if let due, due.due == .lock, due.time <= soonest {
                // The piece has rested as long as the rules allow: the wait that locks it.
                tellWait()
            } else if let due, due.due == .entry, due.time <= soonest {
                enterPiece()
            } else if let release, release <= soonest {
                for stroke in holds.stream(upTo: soonest) { take(stroke, environment: environment) }
            } else if let move, move <= soonest {
                // At the clock, not in the past: a move that waited never makes others catch up.
                updateHandling(at: clock)
            } else if let action = timed.takeDue() {
                apply(action)
            }
        }
        if isRunning { timed.stand(at: target) }
        if game.state.isOver && mode != .over { finish(environment) }
    }

    /// Tells the engine the wait owed before an action (TimedGame says which: under a
    /// lock delay the resting piece's, under timed rules all play time), not recorded as
    /// a press.
    mutating func tellWait() {
        if let wait = timed.owedWait() { apply(wait, continuous: false) }
    }

    /// The entry delay ran out: the turn and hold held now act on the entering piece (IRS,
    /// IHS; a press during the delay reached the engine already), then the wait that
    /// brings it in. Without key release only a hold its repeats prove counts: a tap
    /// before the lock was for the piece before.
    mutating func enterPiece() {
        let allowed = rules.actions
        let held = Set(bindings.keys(down: holds, at: clock, strictly: true).map(\.control))
        for control in [Control.hold, .rotate, .rotateCounterclockwise, .rotateHalfTurn] where held.contains(control) {
            if let action = control.action, allowed.contains(action.kind) { apply(action, continuous: false) }
        }
        tellWait()
    }

    /// Applies one action at the current time, records it, and follows what it did: a new
    /// piece (gravity starts over, the handling hears of it, a pending reload happens), the
    /// moves that keep a piece at the wall or on the floor (`arr` or `soft_drop` 0), the
    /// lock timer of a piece that rests on the stack (lock delay).
    mutating func apply(_ action: Action, continuous: Bool = true) {
        // During an entry delay the time is told when it ends (a turn given now is the
        // entering piece's IRS, not a move after the entry).
        if action.kind != .wait && !game.state.isEntering { tellWait() }
        guard !game.state.isOver else { return }
        let entered = timed.apply(action)
        finesse.note(action, game: game)
        statistics.finesseFaults = finesse.faults
        statistics.presses = finesse.presses
        noteEvents()
        if entered {
            handling.pieceEntered(at: clock)
            if reloadPending {
                reload(at: lastWall)
                // The reloaded rules' timers: a piece now at rest (instant gravity) starts
                // its lock timer, gravity its interval.
                timed.pieceEntered()
            }
        }
        guard continuous, !applyingContinuous, !game.state.isOver else { return }
        applyingContinuous = true
        perform(handling.continuousMoves(at: clock))
        applyingContinuous = false
    }
}
