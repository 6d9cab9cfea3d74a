import HanJulCore
import HanJulTerminal

/// A screen whose player's piece is moved by `Handling`: the game screen, and the
/// player's side of a versus match (against the bot, over the network). They share the
/// play clock's loop (`advanceClock`) and a key's whole path: the terminal's `KeyEvent`
/// into the key stream (`holds`), each `KeyStroke` out of it bound to a `Control`; a held
/// control's (←, →, ↓: `HeldControls`) through the handling, another's action at once,
/// the screen's own controls (pause, quit…) to the screen (`command`). The screen only
/// plays moves (`playMove`); what follows a move (the handling's moves that keep a piece
/// at a wall or on the floor) is played here, one level deep, with no call back into
/// the screen's path.
protocol HandlingHost {
    var handling: Handling { get set }
    /// The player's key stream.
    var holds: KeyHolds { get set }
    /// The keys during a READY countdown, on the monotonic clock.
    var countdownKeys: KeyHolds { get set }
    var bindings: KeyBindings { get }
    /// The player's game as it stands.
    var playerState: GameState { get }
    /// Whether the player's moves have stopped counting (their game, or the match, over).
    var playerIsDone: Bool { get }
    /// Plays the player's `action` now, and tells the handling of a new piece; nothing of
    /// the handling's follows (`apply(_:continuous:)` does that).
    mutating func playMove(_ action: Action)
    /// Whether the player's one-shot `action` counts here (the rules have it; over the
    /// network, the protocol carries it).
    func allows(_ action: Action) -> Bool
    /// A press of one of the screen's own controls (pause, restart, quit, help).
    mutating func command(_ control: Control, environment: ScreenEnvironment)

    /// The screen's play clock, and whether it runs (playing, not paused, not too small).
    var playClock: PlayClock { get set }
    var isRunning: Bool { get }
    /// The most steps one advance takes (see `TimeLoop`).
    static var maxClockSteps: Int { get }
    /// What falls due next on the screen's clock: its game's dues beside the key stream's
    /// (`keyTimers`) and its own, in the order they go at one time (`TimeLoop.soonest`).
    mutating func nextDue() -> (time: UInt64, due: PlayDue)?
    /// The play clock (and the games on it) moves to `time`, everything before it done;
    /// false: the step due then is not taken (the match ended there).
    mutating func wind(to time: UInt64) -> Bool
    /// The step due now that is the screen's own (not a key stream's release or move).
    mutating func step(_ due: PlayDue, environment: ScreenEnvironment)
    /// The end of an advance: the clock and the games stand at `time`.
    mutating func stand(at time: UInt64)
}

/// What falls due on a play screen's clock.
enum PlayDue: Equatable {
    /// The player's game: its resting piece's time runs out, its next piece enters, a row
    /// of gravity falls.
    case lock, entry, gravity
    /// The games on the clock (a match: both boards, the peer's messages, time told).
    case games
    /// The key stream infers a release; the handling's auto-shift or soft drop moves.
    case release, move
    /// The bot's next move.
    case bot
}

extension HandlingHost {
    var playerIsDone: Bool { playerState.isOver }

    var clock: UInt64 { playClock.time }

    /// The key stream's timers: the next release it infers, the handling's next move.
    var keyTimers: [(time: UInt64?, due: PlayDue)] { [(holds.nextRelease(), .release), (handling.nextDeadline(), .move)] }

    /// Brings the play clock up to `now` (when it runs; else the time since the last input
    /// is not play time): everything due on the way at its own time, in order, through the
    /// one loop (`TimeLoop`): the games' dues, releases inferred, auto-shift and soft-drop
    /// moves, and the screen's own. False when the clock stood.
    mutating func advanceClock(to now: UInt64, environment: ScreenEnvironment) -> Bool {
        guard isRunning else {
            playClock.stand(at: now)
            return false
        }
        let target = playClock.target(at: now)
        TimeLoop.run(&self, to: target, maxSteps: Self.maxClockSteps, next: { $0.isRunning ? $0.nextDue() : nil }) { screen, next in
            guard screen.wind(to: next.time) else { return }
            switch next.due {
            case .release:
                for stroke in screen.holds.stream(upTo: next.time) { screen.take(stroke, environment: environment) }
            case .move:
                // At the clock, not in the past: a move that waited never makes others catch up.
                screen.updateHandling(at: screen.clock)
            default:
                screen.step(next.due, environment: environment)
            }
        }
        if isRunning { stand(at: target) }
        return true
    }

    /// A key event while the game runs, into the key stream (an unbound key never enters it).
    mutating func play(_ event: KeyEvent, environment: ScreenEnvironment) {
        guard bindings.control(for: event.key) != nil else { return }
        for stroke in holds.stream(event, at: clock) { take(stroke, environment: environment) }
    }

    /// A key event during READY: into the countdown's key stream (on the monotonic clock).
    mutating func countdownKey(_ event: KeyEvent, at now: UInt64) {
        if bindings.control(for: event.key) != nil { _ = countdownKeys.stream(event, at: now) }
    }

    /// One stroke of the key stream, at the clock (its time: `stroke.at`): a held control's
    /// to the handling; a press of another control plays its action (when `allows` it) or
    /// is the screen's (`command`). A repeat (the terminal's cadence proved it) does nothing.
    mutating func take(_ stroke: KeyStroke, environment: ScreenEnvironment) {
        guard let control = bindings.control(for: stroke.key) else { return }
        if control.isHeld { return updateHandling(at: stroke.at) }
        guard stroke.phase == .press else { return }
        if let action = control.action {
            if allows(action) { apply(action) }
        } else {
            command(control, environment: environment)
        }
    }

    /// Plays the player's `action` now; `continuous`: then the moves that keep the piece at
    /// a wall or on the floor (`arr` or `soft_drop` 0), which are followed by nothing more.
    mutating func apply(_ action: Action, continuous: Bool = true) {
        playMove(action)
        guard continuous, !playerIsDone else { return }
        perform(handling.continuousMoves(at: clock), following: false)
    }

    /// The terminal said whether it reports key releases: both key streams start over so.
    mutating func keysReported(_ reported: Bool) {
        resetKeys()
        holds = KeyHolds(reportsReleases: reported)
        countdownKeys = holds
    }

    /// Forgets the keys: the clock stops, and keys may change unseen.
    mutating func resetKeys() {
        handling.reset()
        holds.reset()
    }

    /// The monotonic time the screen must be woken next while its clock runs: for the
    /// soonest of `due` (play times), of the key stream's timers and of the next whole
    /// second (the time shown).
    func wakeTime(_ due: [UInt64?]) -> UInt64 {
        let second: UInt64 = 1_000_000_000
        let soonest = ([clock / second * second + second] + due.compactMap { $0 } + keyTimers.compactMap { $0.time }).min()!
        return playClock.wall(at: soonest)
    }

    /// The held controls (←, →, ↓) as the key stream has them now.
    var heldControls: HeldControls { HeldControls(holds, bindings: bindings) }

    /// Tells the handling the held controls at `time` (a stroke of a held control's key, or
    /// the handling's `nextDeadline`) and carries out its answer.
    mutating func updateHandling(at time: UInt64) {
        perform(handling.update(heldControls, at: time))
    }

    /// A countdown of `milliseconds` from `now`: when it reaches GO (nil: none, at 0), its
    /// key stream made fresh (the terminal's learned rate kept).
    mutating func beginCountdown(_ milliseconds: Int, at now: UInt64) -> UInt64? {
        guard milliseconds > 0 else { return nil }
        countdownKeys = holds
        countdownKeys.reset()
        return now &+ UInt64(milliseconds) * 1_000_000
    }

    /// GO at `until` (monotonic): the countdown's keys carried into the key stream at the
    /// play clock (`carry`), then the one-shot actions held at GO that count (`allows`)
    /// played, in the order they act on the first piece.
    mutating func go(at until: UInt64) {
        let held = carry(countdownKeys, until: until, clock: clock).compactMap(\.action).filter { allows($0) }
        for action in held { apply(action) }
    }

    /// GO after a countdown: the keys read during it (`keys`, on the monotonic clock, GO at
    /// `until`) carried into the key stream at the play clock's `clock`; a direction held
    /// at least DAS comes charged. Answers the one-shot controls held at GO, in the order
    /// they act on the first piece (IHS, then IRS).
    mutating func carry(_ keys: KeyHolds, until: UInt64, clock: UInt64) -> [Control] {
        var keys = keys
        _ = keys.releases(upTo: until)
        let held = bindings.keys(down: keys, at: until)
        holds = keys.rebased(at: until, to: clock)
        updateHandling(at: clock)
        let das = Handling.ns(handling.settings.das)
        for (control, since) in held where (control == .left || control == .right) && since &+ das <= until {
            perform(handling.charge(control, at: clock))
        }
        let down = Set(held.map(\.control))
        return [Control.hold, .rotate, .rotateCounterclockwise, .rotateHalfTurn].filter(down.contains)
    }

    /// Carries out what the handling answered, at the current time: a shift where the piece
    /// fits, a soft drop, each `following` by the moves that keep the piece at a wall (see
    /// `apply`); one that goes all the way (`arr` or `soft_drop` 0) while the piece moves.
    mutating func perform(_ actions: [Action], following: Bool = true) {
        for action in actions {
            // Nothing moves during an entry delay: the auto-shift charged meanwhile acts at entry.
            guard !playerIsDone, playerState.hasPiece else { return }
            let (dx, dy) = action == .softDrop ? (0, 1) : (action == .left ? -1 : 1, 0)
            if handling.goesAllTheWay(action) {
                var steps = 0
                while !playerIsDone, playerState.fits(playerState.piece.offset(dx, dy)), steps < 256 {
                    steps += 1
                    playMove(action)
                }
            } else if action == .softDrop || playerState.fits(playerState.piece.offset(dx, 0)) {
                apply(action, continuous: following)
            }
        }
    }
}
