import HanJulCore

/// The game's own auto-shift and soft drop: held controls and the time in, engine actions
/// out, at the times `HandlingSettings` says. A pure value: the screen gives it the held
/// controls (`HeldControls`: ←, →, ↓, from the key stream) and the time with
/// `update(_:at:)`, applies the actions it answers, and says when a new piece entered.
/// The same held sets at the same times always give the same actions.
///
/// `update` compares the held set with the one it saw last: a control down is a press, one
/// up a release, an earlier `since` a hold found longer than thought, a later `since` (or
/// a later press number: two presses in one burst) a
/// new press (another key, or the same key again), a later `lastSign` a sign that it is
/// still held. A set that changed answers those changes only; an unchanged one answers the
/// moves due by the time (the screen calls it at `nextDeadline()`), so what the changes'
/// actions did (a new piece) is known before the next move.
///
/// - ← or → pressed: one move at once; held for `das`, a move (with `arr` 0: to the
///   wall); then one every `arr`. With both held, the one pressed last moves; when it comes
///   up, the other takes over (at once if it has been held for `das`).
/// - ↓ pressed: one row at once (with `softDrop` 0: to the floor, no lock); held, a row
///   every `softDrop`.
/// - A new piece: a charged auto-shift waits `dasCut` before moving it; a held ↓ does
///   nothing to it until ↓ comes up and goes down again (no soft drop carried into the next
///   piece).
///
/// An answer is `.left`, `.right` or `.softDrop`. With `arr` 0 an auto-shift's `.left` or
/// `.right`, and with `softDrop` 0 every `.softDrop`, goes as far as the piece can
/// (`goesAllTheWay(_:)`): the screen repeats it while the piece moves (never the step
/// that would lock); any other shift is made only where the piece fits.
///
/// Moves due while a control is held but not confirmed (`HeldControls.isSurelyHeld` says
/// no: a terminal without release events whose next repeat is late or has not begun) wait
/// for the next sign of it, so a move never comes after the key went up.
struct Handling: Sendable {
    var settings: HandlingSettings

    enum Shift: Equatable, Sendable {
        case idle
        /// Held since the press, auto-shift due at `due` (`direction`: `.left` or `.right`).
        case charging(Control, due: UInt64)
        /// Auto-shifting: the next move at `due` (nil: continuous, `arr` 0).
        case repeating(Control, due: UInt64?)
    }

    private(set) var leftSince: UInt64?
    private(set) var rightSince: UInt64?
    private(set) var shift: Shift = .idle
    /// A move that fell due while the key was not confirmed held: it waits for the key.
    private(set) var shiftWaiting = false
    private(set) var softDropHeld = false
    /// ↓ was held through a lock: it acts again only after it comes up.
    private(set) var softDropSpent = false
    private(set) var softDropDue: UInt64?
    private(set) var softDropWaiting = false
    /// Until when a new piece is spared auto-shift (`dasCut`).
    private(set) var cutUntil: UInt64 = 0
    /// The held set of the last `update`.
    private(set) var seen = HeldControls()

    init(settings: HandlingSettings) {
        self.settings = settings
    }

    static func ns(_ milliseconds: Int) -> UInt64 { UInt64(max(milliseconds, 0)) * 1_000_000 }

    var das: UInt64 { Self.ns(settings.das) }
    var arr: UInt64 { Self.ns(settings.arr) }

    // MARK: - Held controls

    /// The held controls at `time`: the actions of what changed since the last update, or,
    /// when nothing did, the moves due by `time` (see the type's notes).
    mutating func update(_ held: HeldControls, at time: UInt64) -> [Action] {
        var actions: [Action] = []
        var changed = false
        for control in HeldControls.controls {
            let before = seen[control], now = held[control]
            // `surelyUntil` alone moves when the stream learns its repeat interval: no change.
            guard before?.since != now?.since || before?.lastSign != now?.lastSign || before?.keys != now?.keys
                || before?.press != now?.press else { continue }
            changed = true
            guard let now else {
                actions += release(control, at: time)
                continue
            }
            guard let before else {
                actions += press(control, at: time)
                continue
            }
            // One of its keys came up, another still holds it.
            if now.keys < before.keys { continue }
            if now.since > before.since || now.press > before.press {
                actions += press(control, at: time)
                continue
            }
            if now.since < before.since { actions += heldSince(control, now.since, at: time) }
            if now.lastSign > before.lastSign { actions += stillHeld(control, at: time) }
        }
        seen = held
        guard !changed, let due = nextDeadline(), due <= time else { return actions }
        return fire(at: time, held: held)
    }

    // MARK: - Changes

    /// `control` went down at `time`.
    private mutating func press(_ control: Control, at time: UInt64) -> [Action] {
        switch control {
        case .left, .right:
            let direction = control
            if direction == .left { leftSince = time } else { rightSince = time }
            shiftWaiting = false
            if das > 0 {
                shift = .charging(direction, due: time &+ das)
                return [Self.action(direction)]
            }
            // No delay: the auto-shift starts with the press (with `arr` 0, to the wall).
            shift = .repeating(direction, due: arr == 0 ? nil : time &+ arr)
            return [Self.action(direction)]
        case .softDrop:
            softDropHeld = true
            softDropSpent = false
            softDropWaiting = false
            // With `softDrop` 0 the drop goes to the floor (`goesAllTheWay`).
            softDropDue = settings.softDrop == 0 ? nil : time &+ Self.ns(settings.softDrop)
            return [.softDrop]
        default:
            return []
        }
    }

    /// `control` was found held since `since` (a terminal without releases whose earlier
    /// bytes, taken for a second press, turned out to be its first repeat): the auto-shift
    /// counts from `since`. When DAS has passed, the move made for those bytes was the
    /// auto-shift's first; the next comes `arr` after it.
    private mutating func heldSince(_ control: Control, _ since: UInt64, at time: UInt64) -> [Action] {
        guard control == .left || control == .right else { return [] }
        let direction = control
        guard case .charging(direction, let due) = shift else { return [] }
        if direction == .left { leftSince = since } else { rightSince = since }
        guard since &+ das <= time else {
            shift = .charging(direction, due: since &+ das)
            return []
        }
        let secondPress = due &- das
        if arr == 0 {
            shift = .repeating(direction, due: nil)
            return [Self.action(direction)]
        }
        shift = .repeating(direction, due: max(secondPress &+ arr, time))
        return []
    }

    /// `control` came up at `time`.
    private mutating func release(_ control: Control, at time: UInt64) -> [Action] {
        switch control {
        case .left, .right:
            let direction = control
            if direction == .left { leftSince = nil } else { rightSince = nil }
            guard activeDirection == direction else { return [] }
            shiftWaiting = false
            // The other direction, still held, takes over.
            let other: Control = direction == .left ? .right : .left
            guard let since = other == .left ? leftSince : rightSince else {
                shift = .idle
                return []
            }
            if time &- since >= das {
                return startRepeating(other, at: time)
            }
            shift = .charging(other, due: since &+ das)
            return []
        case .softDrop:
            softDropHeld = false
            softDropSpent = false
            softDropDue = nil
            softDropWaiting = false
            return []
        default:
            return []
        }
    }

    /// A sign that `control` is still held (a repeat): a move waiting for it is made now.
    private mutating func stillHeld(_ control: Control, at time: UInt64) -> [Action] {
        switch control {
        case .left, .right:
            guard shiftWaiting, activeDirection == control else { return [] }
            shiftWaiting = false
            return fireShift(at: time)
        case .softDrop:
            guard softDropWaiting else { return [] }
            softDropWaiting = false
            return fireSoftDrop(at: time)
        default:
            return []
        }
    }

    /// `direction`, charging, was held long enough before the clock started (a countdown):
    /// it auto-shifts from `time`.
    mutating func charge(_ direction: Control, at time: UInt64) -> [Action] {
        guard case .charging(direction, _) = shift else { return [] }
        shift = .repeating(direction, due: arr == 0 ? nil : time &+ arr)
        return arr == 0 ? [Self.action(direction)] : []
    }

    /// A new piece entered at `time`.
    mutating func pieceEntered(at time: UInt64) {
        cutUntil = time &+ Self.ns(settings.dasCut)
        if case .repeating(let direction, _) = shift {
            shift = .repeating(direction, due: cutUntil)
        }
        if softDropHeld {
            softDropSpent = true
            softDropDue = nil
            softDropWaiting = false
        }
    }

    /// After any action at `time`: `arr` 0 keeps the piece at the wall and `softDrop` 0 on
    /// the floor while their keys are held (both go all the way).
    func continuousMoves(at time: UInt64) -> [Action] {
        var actions: [Action] = []
        if case .repeating(let direction, nil) = shift, time >= cutUntil { actions.append(Self.action(direction)) }
        if settings.softDrop == 0, softDropHeld, !softDropSpent { actions.append(.softDrop) }
        return actions
    }

    /// Whether `action`, answered now, goes as far as the piece can: an auto-shift under
    /// `arr` 0 (to the wall), a soft drop under `softDrop` 0 (to the floor, never the step
    /// that would lock). Otherwise it is one step.
    func goesAllTheWay(_ action: Action) -> Bool {
        switch action {
        case .left, .right:
            if case .repeating(_, nil) = shift { return true }
            return false
        case .softDrop: return settings.softDrop == 0
        default: return false
        }
    }

    /// Forgets every held control (the clock stopped).
    mutating func reset() {
        leftSince = nil
        rightSince = nil
        shift = .idle
        shiftWaiting = false
        softDropHeld = false
        softDropSpent = false
        softDropDue = nil
        softDropWaiting = false
        seen = HeldControls()
    }

    // MARK: - Time

    /// When the next move falls due, if any.
    func nextDeadline() -> UInt64? {
        var deadlines: [UInt64] = []
        if !shiftWaiting {
            switch shift {
            case .charging(_, let due): deadlines.append(due)
            case .repeating(_, let due?): deadlines.append(due)
            default: break
            }
        }
        if !softDropWaiting, let softDropDue { deadlines.append(softDropDue) }
        return deadlines.min()
    }

    /// The moves due at `time` (the earliest deadline, which the caller has reached), each
    /// made only if `held` says its control was surely held when it fell due.
    private mutating func fire(at time: UInt64, held: HeldControls) -> [Action] {
        var moves: [Action] = []
        if !shiftWaiting, let due = shiftDue, due <= time, let direction = activeDirection {
            if held.isSurelyHeld(direction, at: due) {
                // On time, the cadence is kept; late by more than a step, it starts again.
                moves += fireShift(at: due &+ arr > time ? due : time)
            } else {
                shiftWaiting = true
            }
        }
        if !softDropWaiting, let due = softDropDue, due <= time {
            if held.isSurelyHeld(.softDrop, at: due) {
                moves += fireSoftDrop(at: due &+ Self.ns(settings.softDrop) > time ? due : time)
            } else {
                softDropWaiting = true
            }
        }
        return moves
    }

    // MARK: - Parts

    /// The direction auto-shifting or charging (`.left` or `.right`).
    var activeDirection: Control? {
        switch shift {
        case .idle: nil
        case .charging(let direction, _), .repeating(let direction, _): direction
        }
    }

    private var shiftDue: UInt64? {
        switch shift {
        case .idle: nil
        case .charging(_, let due): due
        case .repeating(_, let due): due
        }
    }

    /// A charged direction takes over at `time`: it moves now (or after the DAS cut).
    private mutating func startRepeating(_ direction: Control, at time: UInt64) -> [Action] {
        if time < cutUntil {
            shift = .repeating(direction, due: cutUntil)
            return []
        }
        shift = .repeating(direction, due: time)
        return fireShift(at: time)
    }

    private mutating func fireShift(at time: UInt64) -> [Action] {
        guard let direction = activeDirection else { return [] }
        shift = .repeating(direction, due: arr == 0 ? nil : time &+ arr)
        return [Self.action(direction)]
    }

    private mutating func fireSoftDrop(at time: UInt64) -> [Action] {
        guard softDropHeld, !softDropSpent else { return [] }
        softDropDue = time &+ Self.ns(settings.softDrop)
        return [.softDrop]
    }

    /// The engine's move for a direction.
    static func action(_ direction: Control) -> Action { direction == .left ? .left : .right }
}
