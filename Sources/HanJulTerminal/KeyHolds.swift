/// Which keys are held, from the terminal's key events: exactly, when the terminal reports
/// releases (the kitty keyboard protocol), or inferred from its auto-repeat when it does not.
///
/// Without releases a terminal sends a key's bytes once when it goes down and then, after
/// its repeat delay (660 ms in xterm, 500 ms in GNOME Terminal), again at its repeat rate
/// (every 40 ms, 33 ms…) for as long as it is held. So here:
/// - bytes of a key that is up are a **press**;
/// - bytes arriving about one repeat delay after the press (once that delay has been seen),
///   or within a short gap of the previous bytes while the key is repeating, are a
///   **repeat**: the key is still held;
/// - a key counts as **released** when no repeat arrives within that gap: twice the
///   repeat interval, at least 50 ms more than it ("gap").
///
/// The delay and the interval are learned from the terminal itself: the first time a key
/// is held, its bytes at a long then short intervals show both. Before the delay is known,
/// bytes after a pause of at least 150 ms are a press; if a repeat follows within the gap,
/// they were the first repeat after all and the key counts as held since its first press
/// (`Arrival.heldSince`). Bytes sooner than 150 ms after a press are always a new press.
///
/// A key is **confirmed held** at a time only while it repeats and bytes arrived within one
/// repeat interval (plus a little) before: the game moves a held piece only then, so no
/// move is made after the key really came up, although the release itself is noticed only
/// a gap later.
///
/// Times are nanoseconds on the game's clock; the caller resets this when the clock stops
/// (pause), as keys may change meanwhile unseen.
///
/// As a key stream: the terminal's events go in with `stream(_:at:)` and time alone with
/// `stream(upTo:)`; out come `KeyStroke`s (press, repeat, release, confirmed), each with
/// its time, in time order, ties in a fixed order.
public struct KeyHolds: Sendable {
    /// Whether the terminal reports releases (the kitty keyboard protocol is on).
    public var reportsReleases: Bool

    public enum State: Equatable, Sendable {
        /// Down once, no repeat yet. `candidate`: the press before, when these bytes may turn
        /// out to be its first repeat (the repeat delay not known yet).
        case pressed(at: UInt64, candidate: UInt64?)
        /// Repeating since the press at `since`; the last bytes came at `last`.
        case repeating(since: UInt64, last: UInt64)
        /// Held, as the terminal said (kitty): pressed at `since`.
        case down(since: UInt64)
    }

    public private(set) var keys: [Key: State] = [:]
    /// The terminal's repeat delay (press to first repeat) and interval, once seen.
    public private(set) var repeatDelay: UInt64?
    public private(set) var repeatInterval: UInt64?

    static let millisecond: UInt64 = 1_000_000
    /// The interval assumed before one is seen: slower than any usual repeat rate.
    static let defaultInterval: UInt64 = 50 * millisecond
    /// The shortest repeat delay believed: bytes sooner after a press are a second press
    /// (terminals wait 200–660 ms before repeating; quick taps come faster than that).
    static let minimumDelay: UInt64 = 150 * millisecond
    /// A press whose first repeat never comes is up again this long after it, while the
    /// repeat delay is unknown.
    static let unknownDelayHold: UInt64 = 1_000 * millisecond

    public init(reportsReleases: Bool) {
        self.reportsReleases = reportsReleases
    }

    /// What one event of the terminal means.
    public struct Arrival: Equatable, Sendable {
        public var kind: KeyEvent.Kind
        /// For a repeat that showed earlier bytes to have been a repeat too: the first press.
        public var heldSince: UInt64?
        /// A press that also ends an earlier hold of the same key (no release was seen).
        public var endsEarlierHold = false
        /// A press that may yet prove the first repeat of the press before (the repeat delay
        /// not known yet): `releases(upTo:)` confirms it a gap later, or a repeat shows it
        /// was one (`heldSince`). What cannot be undone (a hard drop) waits for that.
        public var isTentative = false
    }

    /// What time alone decides about the keys.
    public enum Lapse: Equatable, Sendable {
        /// The key is up.
        case released(Key, at: UInt64)
        /// A tentative press got no repeat within the gap: it was a press.
        case confirmed(Key, at: UInt64)
    }

    public var interval: UInt64 { repeatInterval ?? Self.defaultInterval }
    /// How long a repeating key may stay silent and still be held.
    public var gap: UInt64 { interval + max(interval, 50 * Self.millisecond) }
    /// How far off the repeat delay a first repeat may come.
    func delayTolerance(_ delay: UInt64) -> UInt64 { max(30 * Self.millisecond, delay / 8) }

    /// Interprets an event of `key` at `time` (after `releases(upTo: time)`).
    public mutating func receive(_ event: KeyEvent, at time: UInt64) -> Arrival? {
        let key = event.key
        if reportsReleases {
            switch event.kind {
            case .press:
                let earlier = keys[key] != nil
                keys[key] = .down(since: time)
                return Arrival(kind: .press, endsEarlierHold: earlier)
            case .repeat:
                // A repeat of a key not known to be down (held across a pause): a press.
                if keys[key] == nil {
                    keys[key] = .down(since: time)
                    return Arrival(kind: .press)
                }
                return Arrival(kind: .repeat)
            case .release:
                guard keys.removeValue(forKey: key) != nil else { return nil }
                return Arrival(kind: .release)
            }
        }
        // No release events: every event is bytes arriving.
        switch keys[key] {
        case nil:
            keys[key] = .pressed(at: time, candidate: nil)
            return Arrival(kind: .press)
        case .pressed(let pressed, let candidate)?:
            let since = time &- pressed
            if let candidate, since <= gap {
                // The bytes at `pressed` were the first repeat of the press at `candidate`.
                learnDelay(pressed &- candidate)
                learnInterval(since)
                keys[key] = .repeating(since: candidate, last: time)
                return Arrival(kind: .repeat, heldSince: candidate)
            }
            if let delay = repeatDelay, (since > delay ? since - delay : delay - since) <= delayTolerance(delay) {
                learnDelay(since)
                keys[key] = .repeating(since: pressed, last: time)
                return Arrival(kind: .repeat)
            }
            // A press again. While the delay is unknown it may yet prove a repeat.
            let mayRepeat = repeatDelay == nil && candidate == nil && since >= Self.minimumDelay
            keys[key] = .pressed(at: time, candidate: mayRepeat ? pressed : nil)
            return Arrival(kind: .press, endsEarlierHold: true, isTentative: mayRepeat)
        case .repeating(let since, let last)?:
            let silence = time &- last
            if silence <= gap {
                learnInterval(silence)
                keys[key] = .repeating(since: since, last: time)
                return Arrival(kind: .repeat)
            }
            keys[key] = .pressed(at: time, candidate: nil)
            return Arrival(kind: .press, endsEarlierHold: true)
        case .down?:
            keys[key] = .pressed(at: time, candidate: nil)
            return Arrival(kind: .press, endsEarlierHold: true)
        }
    }

    /// When the next inferred release falls due, if any.
    public func nextRelease() -> UInt64? {
        guard !reportsReleases else { return nil }
        return keys.values.compactMap(releaseTime).min()
    }

    private func releaseTime(_ state: State) -> UInt64? {
        switch state {
        case .pressed(let at, let candidate):
            if candidate != nil { return at &+ gap }
            if let delay = repeatDelay { return at &+ delay &+ delayTolerance(delay) }
            return at &+ Self.unknownDelayHold
        case .repeating(_, let last): return last &+ gap
        case .down: return nil
        }
    }

    /// The releases and confirmations due at or before `time`, earliest first.
    public mutating func releases(upTo time: UInt64) -> [Lapse] {
        guard !reportsReleases else { return [] }
        var due: [(UInt64, Lapse)] = []
        for (key, state) in keys {
            guard let at = releaseTime(state), at <= time else { continue }
            if case .pressed(let pressed, _?) = state {
                // No repeat within the gap: a press of its own, held like any press until its
                // own delay passes.
                keys[key] = .pressed(at: pressed, candidate: nil)
                due.append((at, .confirmed(key, at: at)))
                // Up too by `time` (a clock that jumped): released at its own time.
                guard let next = releaseTime(.pressed(at: pressed, candidate: nil)), next <= time else { continue }
                keys[key] = nil
                due.append((next, .released(key, at: next)))
                continue
            }
            keys[key] = nil
            due.append((at, .released(key, at: at)))
        }
        // Ties in a fixed order (the dictionary's is per process): the same keys make the
        // same game in every run.
        return due.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : Self.order($0.1) < Self.order($1.1) }.map(\.1)
    }

    private static func order(_ lapse: Lapse) -> String {
        switch lapse {
        case .confirmed(let key, _): "0 \(key)"
        case .released(let key, _): "1 \(key)"
        }
    }

    // MARK: - The stream

    /// The strokes time alone makes by `time` (inferred releases, tentative presses
    /// confirmed), then what `event` at `time` is (none when it says nothing new: a release
    /// of a key not down).
    public mutating func stream(_ event: KeyEvent, at time: UInt64) -> [KeyStroke] {
        var strokes = stream(upTo: time)
        if let arrival = receive(event, at: time) {
            let phase: KeyStroke.Phase = switch arrival.kind {
            case .press: .press
            case .repeat: .repeat
            case .release: .release
            }
            strokes.append(KeyStroke(event.key, phase, at: time, heldSince: arrival.heldSince, isTentative: arrival.isTentative))
        }
        return strokes
    }

    /// The strokes time alone makes by `time`: inferred releases and confirmed presses, each
    /// at its own time, earliest first (ties: confirmations, then by key).
    public mutating func stream(upTo time: UInt64) -> [KeyStroke] {
        releases(upTo: time).map { lapse in
            switch lapse {
            case .confirmed(let key, let at): KeyStroke(key, .confirmed, at: at)
            case .released(let key, let at): KeyStroke(key, .release, at: at)
            }
        }
    }

    /// Whether `key` is down at all (held or maybe held).
    public func isDown(_ key: Key) -> Bool { keys[key] != nil }

    /// What the stream knows of a key that is down.
    public struct Hold: Equatable, Sendable {
        /// When the key went down (a repeat that showed earlier bytes to be its first
        /// repeat moves this earlier: `KeyStroke.heldSince`).
        public var since: UInt64
        /// The last sign of it: its press, or its latest repeat.
        public var lastSign: UInt64
        /// Until when it is surely held (see the type's notes): with release events, while
        /// it is down (`UInt64.max`); without, one repeat interval (plus a little) after its
        /// latest repeat; nil before its first repeat.
        public var surelyUntil: UInt64?

        public init(since: UInt64, lastSign: UInt64, surelyUntil: UInt64?) {
            self.since = since
            self.lastSign = lastSign
            self.surelyUntil = surelyUntil
        }
    }

    /// `key` as the stream has it now, nil when it is up.
    public func hold(_ key: Key) -> Hold? {
        switch keys[key] {
        case .down(let since)?: Hold(since: since, lastSign: since, surelyUntil: .max)
        case .repeating(let since, let last)?: Hold(since: since, lastSign: last, surelyUntil: last &+ interval &+ 15 * Self.millisecond)
        case .pressed(let at, _)?: Hold(since: at, lastSign: at, surelyUntil: nil)
        case nil: nil
        }
    }

    /// Whether `key` is surely still held at `time` (see the type's notes).
    public func confirmsHeld(_ key: Key, at time: UInt64) -> Bool {
        guard let until = hold(key)?.surelyUntil else { return false }
        return time <= until
    }

    /// Forgets every key (the clock stopped: keys may change unseen).
    public mutating func reset() { keys.removeAll() }

    private mutating func learnDelay(_ delay: UInt64) {
        guard delay >= Self.minimumDelay, delay < 2_000 * Self.millisecond else { return }
        repeatDelay = repeatDelay.map { ($0 * 3 + delay) / 4 } ?? delay
    }

    private mutating func learnInterval(_ interval: UInt64) {
        guard interval > 0, interval < 200 * Self.millisecond else { return }
        repeatInterval = repeatInterval.map { ($0 * 3 + interval) / 4 } ?? interval
    }
}
