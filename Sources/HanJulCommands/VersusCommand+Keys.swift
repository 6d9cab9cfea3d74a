import HanJulCore
import HanJulNet
import HanJulPlay
import HanJulTerminal

/// This side of a networked game as the keyboard plays it: the key stream (`KeyHolds`) and
/// the game's own handling (`Handling`: DAS, ARR, soft drop, DAS cut), as in `hanjul play`.
/// Every action, pressed or auto-shifted, goes to `NetMatch.local` at its game time in whole
/// milliseconds, as a pressed key's always did: the protocol and the peer's check are the same.
struct NetKeys<R: Rules>: HandlingHost {
    var match: NetMatch<RefereeBoards<R>>
    var handling: Handling
    var holds: KeyHolds
    let bindings: KeyBindings
    /// The game clock in nanoseconds (whole milliseconds); it never goes back.
    private(set) var clock: UInt64 = 0
    /// One-shot keys whose press may yet prove a repeat (a terminal without releases).
    private var tentative: [Key: Control] = [:]
    private var applyingContinuous = false

    init(match: NetMatch<RefereeBoards<R>>, settings: HandlingSettings, reportsReleases: Bool, bindings: KeyBindings) {
        self.match = match
        handling = Handling(settings: settings)
        holds = KeyHolds(reportsReleases: reportsReleases)
        self.bindings = bindings
    }

    var playerState: GameState { match.boards.state(match.me) }
    var playerIsDone: Bool { match.boards.isOver(side: match.me) }

    /// When something is due, in nanoseconds of game time: the handling's next move or the
    /// key stream's next inferred release (or confirmed press).
    var nextDeadline: UInt64? { [holds.nextRelease(), handling.nextDeadline()].compactMap { $0 }.min() }

    /// The terminal now does (or does not) report releases: a new key stream.
    mutating func keyEvents(reported: Bool) {
        handling.reset()
        holds = KeyHolds(reportsReleases: reported)
        tentative.removeAll()
    }

    /// Brings this side to game time `milliseconds`: each release and move due on the way at
    /// its own time, the game ticked there first.
    mutating func advance(to milliseconds: UInt64) {
        let target = milliseconds * 1_000_000
        var steps = 0
        while steps < 10_000, let due = nextDeadline, due <= target {
            steps += 1
            moveClock(to: due)
            if let release = holds.nextRelease(), release <= clock {
                for stroke in holds.stream(upTo: clock) { take(stroke) }
            } else {
                updateHandling(at: clock)
            }
        }
        moveClock(to: target)
    }

    private mutating func moveClock(to time: UInt64) {
        clock = max(clock, time)
        match.tick(at: clock / 1_000_000)
    }

    /// Key events that came at game time `milliseconds`.
    mutating func take(_ events: [KeyEvent], at milliseconds: UInt64) {
        advance(to: milliseconds)
        for event in events {
            for stroke in holds.stream(event, at: clock) { take(stroke) }
        }
    }

    /// One stroke of the key stream: held controls through the handling, the others once
    /// (as `VersusScreen` does; q and Ctrl-C are `NetPlay.leaving`'s).
    mutating func take(_ stroke: KeyStroke) {
        guard let control = bindings.control(for: stroke.key) else { return }
        if control.isHeld { return takeHeld(stroke) }
        switch stroke.phase {
        case .press:
            guard let action = control.action, VersusMessage.playerActions.contains(action) else { return }
            if stroke.isTentative { tentative[stroke.key] = control } else { apply(action) }
        case .confirmed:
            if let control = tentative.removeValue(forKey: stroke.key), let action = control.action { apply(action) }
        case .repeat:
            if stroke.heldSince != nil { tentative[stroke.key] = nil }
        case .release:
            tentative[stroke.key] = nil
        }
    }

    /// Plays `action` now: to the game and the peer; a new piece tells the handling (DAS
    /// cut), and the moves that keep a piece at a wall or on the floor follow.
    mutating func apply(_ action: Action, continuous: Bool = true) {
        guard !playerIsDone else { return }
        let locked = playerState.piecesLocked
        match.local(action, at: clock / 1_000_000)
        if playerState.piecesLocked != locked || action.kind == .hold { handling.pieceEntered(at: clock) }
        guard continuous, !applyingContinuous, !playerIsDone else { return }
        applyingContinuous = true
        perform(handling.continuousMoves(at: clock))
        applyingContinuous = false
    }
}
