import HanJulTerminal

/// The held controls (←, →, ↓) at one moment, as the key stream has them: for each one
/// down, since when, its last sign and until when it is surely held. A control is down
/// while any key bound to it is; it takes the latest press of those keys, their latest
/// sign and the longest "surely held" (so a second key pressed for a held control is a
/// press again, and one of two keys coming up changes nothing but `keys`).
///
/// `Handling.update(_:at:)` takes it; the same held sets at the same times give the same
/// actions.
struct HeldControls: Equatable, Sendable {
    struct Hold: Equatable, Sendable {
        /// The press (a repeat can move it earlier: `KeyStroke.heldSince`).
        var since: UInt64
        /// The last press or repeat.
        var lastSign: UInt64
        /// Until when the control is surely held: `UInt64.max` while down on a terminal with
        /// release events; without them about one repeat interval after the last repeat, nil
        /// before the first. A move due later waits for the next sign.
        var surelyUntil: UInt64?
        /// How many of the control's keys are down.
        var keys: Int
        /// The stream's number of the latest press of its keys: a press at the same time
        /// as the one before is still a press.
        var press: Int

        init(since: UInt64, lastSign: UInt64? = nil, surelyUntil: UInt64? = .max, keys: Int = 1, press: Int = 0) {
            self.since = since
            self.lastSign = lastSign ?? since
            self.surelyUntil = surelyUntil
            self.keys = keys
            self.press = press
        }
    }

    /// The controls that are held rather than done once, in the order `Handling` reads them.
    static let controls: [Control] = [.left, .right, .softDrop]

    private var holds: [Control: Hold] = [:]

    /// Nothing held.
    init() {}

    /// The held controls among `holds` (others are not the handling's, and are left out).
    init(_ holds: [Control: Hold]) {
        self.holds = holds.filter { $0.key.isHeld }
    }

    /// The held controls as the key stream has them, through the bindings (a key with
    /// modifiers counts for the control its plain key is bound to, as `control(for:)` says).
    init(_ stream: KeyHolds, bindings: KeyBindings) {
        var down: [Control: [KeyHolds.Hold]] = [:]
        for key in stream.keys.keys {
            guard let control = bindings.control(for: key), control.isHeld, let hold = stream.hold(key) else { continue }
            down[control, default: []].append(hold)
        }
        for (control, keys) in down {
            guard let since = keys.map(\.since).max(), let lastSign = keys.map(\.lastSign).max(), let press = keys.map(\.press).max() else { continue }
            holds[control] = Hold(since: since, lastSign: lastSign, surelyUntil: keys.compactMap(\.surelyUntil).max(), keys: keys.count, press: press)
        }
    }

    subscript(control: Control) -> Hold? {
        get { holds[control] }
        set { if control.isHeld { holds[control] = newValue } }
    }

    /// Whether `control` is surely held at `time`.
    func isSurelyHeld(_ control: Control, at time: UInt64) -> Bool {
        guard let until = holds[control]?.surelyUntil else { return false }
        return time <= until
    }
}
