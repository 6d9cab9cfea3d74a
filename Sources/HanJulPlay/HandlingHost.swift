import HanJulCore
import HanJulTerminal

/// A screen whose player's piece is moved by `Handling`: the game screen, and the
/// player's side of a versus match. They share the path from the key stream to the
/// handling (`heldControls`, `updateHandling(at:)`) and how its answers are carried out.
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
    mutating func apply(_ action: Action, continuous: Bool)
}

extension HandlingHost {
    var playerIsDone: Bool { playerState.isOver }

    /// The held controls (←, →, ↓) as the key stream has them now.
    var heldControls: HeldControls { HeldControls(holds, bindings: bindings) }

    /// Tells the handling the held controls at `time` (a stroke of a held control's key, or
    /// the handling's `nextDeadline`) and carries out its answer.
    mutating func updateHandling(at time: UInt64) {
        perform(handling.update(heldControls, at: time))
    }

    /// A stroke of the key stream whose key is bound to a held control: the handling hears
    /// of a press, a repeat or a release.
    mutating func takeHeld(_ stroke: KeyStroke) {
        updateHandling(at: stroke.at)
    }

    /// A countdown of `milliseconds` from `now`: when it reaches GO (nil: none, at 0), its
    /// key stream made fresh (the terminal's learned rate kept).
    mutating func beginCountdown(_ milliseconds: Int, at now: UInt64) -> UInt64? {
        guard milliseconds > 0 else { return nil }
        countdownKeys = holds
        countdownKeys.reset()
        return now &+ UInt64(milliseconds) * 1_000_000
    }

    /// GO at `until` (monotonic), the play clock at `clock`: the countdown's keys carried
    /// into the key stream (`carry`), and the one-shot actions held at GO that `allows`,
    /// in the order they act on the first piece.
    mutating func go(at until: UInt64, clock: UInt64, allows: (Action) -> Bool) -> [Action] {
        carry(countdownKeys, until: until, clock: clock).compactMap(\.action).filter(allows)
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
    /// fits, a soft drop; one that goes all the way (`arr` or `soft_drop` 0) while the piece
    /// moves.
    mutating func perform(_ actions: [Action]) {
        for action in actions {
            // Nothing moves during an entry delay: the auto-shift charged meanwhile acts at entry.
            guard !playerIsDone, playerState.hasPiece else { return }
            let (dx, dy) = action == .softDrop ? (0, 1) : (action == .left ? -1 : 1, 0)
            if handling.goesAllTheWay(action) {
                var steps = 0
                while !playerIsDone, playerState.fits(playerState.piece.offset(dx, dy)), steps < 256 {
                    steps += 1
                    apply(action, continuous: false)
                }
            } else if action == .softDrop || playerState.fits(playerState.piece.offset(dx, 0)) {
                apply(action, continuous: true)
            }
        }
    }
}
