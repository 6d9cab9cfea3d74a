import HanJulCore
import HanJulTerminal

extension GameScreen {
    static var maxClockSteps: Int { 10_000 }

    /// Brings the play clock up to `now`, doing everything due on the way at its own time
    /// (`advanceClock`): releases inferred, auto-shift and soft-drop moves, gravity steps.
    mutating func advance(to now: UInt64, environment: ScreenEnvironment) {
        if case .notice(_, _, let until) = mode, now >= until {
            mode = .playing
            playClock.stand(at: until)
        }
        if case .countdown(let until) = mode {
            playClock.countdown(to: until, at: now)
            if now >= until { go() }
        }
        guard advanceClock(to: now, environment: environment) else { return }
        if game.state.isOver && mode != .over { finish(environment) }
    }

    /// The game's dues beside the key stream's: its resting piece's lock and its next
    /// piece's entry before a release or a move at the same time, gravity after them.
    func nextDue() -> (time: UInt64, due: PlayDue)? {
        var timers = keyTimers
        if let due = timed.nextDue {
            switch due.due {
            case .lock: timers.insert((due.time, .lock), at: 0)
            case .entry: timers.insert((due.time, .entry), at: 0)
            case .gravity: timers.append((due.time, .gravity))
            }
        }
        return TimeLoop.soonest(timers)
    }

    mutating func wind(to time: UInt64) -> Bool {
        playClock.wind(to: time)
        timed.wind(to: time)
        return true
    }

    mutating func step(_ due: PlayDue, environment: ScreenEnvironment) {
        switch due {
        case .lock:
            // The piece has rested as long as the rules allow: the wait that locks it.
            tellWait()
        case .entry:
            enterPiece()
        default:
            if let action = timed.takeDue() { apply(action) }
        }
    }

    mutating func stand(at time: UInt64) {
        playClock.wind(to: time)
        timed.stand(at: time)
    }

    /// Tells the engine the wait owed before an action (TimedGame says which: under a
    /// lock delay the resting piece's, under timed rules all play time), not recorded as
    /// a press.
    mutating func tellWait() {
        if let wait = timed.owedWait() { playMove(wait) }
    }

    /// The entry delay ran out: the turn and hold held now act on the entering piece (IRS,
    /// IHS; a press during the delay reached the engine already), then the wait that
    /// brings it in. Without key release only a hold its repeats prove counts: a tap
    /// before the lock was for the piece before.
    mutating func enterPiece() {
        let allowed = rules.actions
        let held = Set(bindings.keys(down: holds, at: clock, strictly: true).map(\.control))
        for control in [Control.hold, .rotate, .rotateCounterclockwise, .rotateHalfTurn] where held.contains(control) {
            if let action = control.action, allowed.contains(action.kind) { playMove(action) }
        }
        tellWait()
    }

    /// Applies one action at the current time, records it, and follows what it did: a new
    /// piece (gravity starts over, the handling hears of it, a pending reload happens), the
    /// lock timer of a piece that rests on the stack (lock delay). The moves that keep a
    /// piece at the wall or on the floor after it are `apply(_:continuous:)`'s (HandlingHost).
    mutating func playMove(_ action: Action) {
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
                reload(at: playClock.wall)
                // The reloaded rules' timers: a piece now at rest (instant gravity) starts
                // its lock timer, gravity its interval.
                timed.pieceEntered()
            }
        }
    }
}
