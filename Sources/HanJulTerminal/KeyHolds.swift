/// Which keys are held, from the terminal's key events: exactly, when the terminal reports
/// releases (the kitty keyboard protocol), or inferred from its auto-repeat when it does not.
///
/// Without releases a terminal sends a key's bytes once when it goes down and then, after
/// its repeat delay (660 ms in xterm, 500 ms in GNOME Terminal), again at its repeat rate
/// (every 40 ms, 33 ms…) for as long as it is held. Taps and repeats look alike, so the
/// rule here is that **every event is a press until the terminal's own cadence proves a
/// hold**: no press is ever swallowed, and none waits.
/// - bytes of a key that is up, or that do not fit the cadence, are a **press**;
/// - bytes one repeat delay after a press (150 ms–1 s while the delay is unknown) start a
///   *run*: still a press, as they may be a tap;
/// - the run becomes a **repeat** of the first press, held since then (`heldSince`), when
///   the next bytes come one repeat interval on (before the interval is known: two steps
///   of at most 50 ms that agree). Human taps come neither that fast after a pause nor
///   that evenly;
/// - a repeating key's bytes within a gap of the last are **repeats**; it counts as
///   **released** when none comes within that gap: twice the repeat interval, at least
///   50 ms more than it ("gap").
///
/// The delay and the interval are learned from the terminal itself, the first time a key
/// is held. A press alone is up again one repeat delay (plus a tolerance) after it, or a
/// second while the delay is unknown.
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
/// `stream(upTo:)`; out come `KeyStroke`s (press, repeat, release), each with its time, in
/// time order, ties in a fixed order.
public struct KeyHolds: Sendable {
    /// Whether the terminal reports releases (the kitty keyboard protocol is on).
    public var reportsReleases: Bool

    /// Bytes that may be the terminal's first repeats of a press: each was taken as a
    /// press; the cadence decides.
    public struct Run: Equatable, Sendable {
        /// The bytes one repeat delay after the press.
        public var first: UInt64
        /// The latest bytes of the run.
        public var last: UInt64
        /// The step between its last two bytes (none yet: one byte).
        public var step: UInt64?
    }

    public enum State: Equatable, Sendable {
        /// Down, no hold proven. `run`: later bytes that may be its first repeats.
        case pressed(at: UInt64, run: Run?)
        /// Repeating since the press at `since`; the last bytes came at `last`.
        case repeating(since: UInt64, last: UInt64)
        /// Held, as the terminal said (kitty): pressed at `since`.
        case down(since: UInt64)
    }

    public private(set) var keys: [Key: State] = [:]
    /// Presses so far, and the number of each key's latest: two presses at one time (a
    /// multiplexer sends a burst in one write) are two presses.
    public private(set) var presses = 0
    private var latestPress: [Key: Int] = [:]
    /// The terminal's repeat delay (press to first repeat) and interval, once seen.
    public private(set) var repeatDelay: UInt64?
    public private(set) var repeatInterval: UInt64?

    static let millisecond: UInt64 = 1_000_000
    /// The interval assumed before one is seen: slower than any usual repeat rate.
    static let defaultInterval: UInt64 = 50 * millisecond
    /// The shortest repeat delay believed (terminals wait 200–660 ms before repeating).
    static let minimumDelay: UInt64 = 150 * millisecond
    /// The longest repeat delay believed, and how long a press alone stays down while the
    /// delay is unknown.
    static let maximumDelay: UInt64 = 1_000 * millisecond
    /// The longest repeat step believed before one is learned (repeat rates are 20–60 a
    /// second; nobody taps one key 20 times a second).
    static let maximumStep: UInt64 = 50 * millisecond

    public init(reportsReleases: Bool) {
        self.reportsReleases = reportsReleases
    }

    /// What one event of the terminal means.
    public struct Arrival: Equatable, Sendable {
        public var kind: KeyEvent.Kind
        /// For a repeat that proved earlier bytes, taken as presses, to be a hold: its
        /// first press.
        public var heldSince: UInt64?
    }

    /// What time alone decides about the keys.
    public enum Lapse: Equatable, Sendable {
        /// The key is up.
        case released(Key, at: UInt64)
    }

    public var interval: UInt64 { repeatInterval ?? Self.defaultInterval }
    /// How long a repeating key may stay silent and still be held.
    public var gap: UInt64 { interval + max(interval, 50 * Self.millisecond) }
    /// How far off the repeat delay a first repeat may come.
    func delayTolerance(_ delay: UInt64) -> UInt64 { max(30 * Self.millisecond, delay / 8) }

    /// Whether bytes `since` after a press may be its first repeat.
    func fitsDelay(_ since: UInt64) -> Bool {
        guard let delay = repeatDelay else { return since >= Self.minimumDelay && since <= Self.maximumDelay }
        return (since > delay ? since - delay : delay - since) <= delayTolerance(delay)
    }

    /// Whether bytes `step` after the run's last fit the repeat rate (`previous`: the run's
    /// step before, if any).
    func fitsStep(_ step: UInt64, previous: UInt64?) -> Bool {
        guard step > 0 else { return false }
        if let interval = repeatInterval {
            return (step > interval ? step - interval : interval - step) <= max(8 * Self.millisecond, interval / 4)
        }
        guard step <= Self.maximumStep else { return false }
        guard let previous else { return true }
        return (step > previous ? step - previous : previous - step) <= max(4 * Self.millisecond, previous / 8)
    }

    /// Interprets an event of `key` at `time` (after `releases(upTo: time)`).
    public mutating func receive(_ event: KeyEvent, at time: UInt64) -> Arrival? {
        let arrival = interpret(event, at: time)
        if arrival?.kind == .press {
            presses += 1
            latestPress[event.key] = presses
        }
        return arrival
    }

    private mutating func interpret(_ event: KeyEvent, at time: UInt64) -> Arrival? {
        let key = event.key
        if reportsReleases {
            switch event.kind {
            case .press:
                keys[key] = .down(since: time)
                return Arrival(kind: .press)
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
        case nil, .down?:
            keys[key] = .pressed(at: time, run: nil)
            return Arrival(kind: .press)
        case .pressed(let pressed, var run)?:
            if let current = run, fitsStep(time &- current.last, previous: current.step) {
                // Proven once the rate is known, or by a second step that agrees.
                if repeatInterval != nil || current.step != nil {
                    learnDelay(current.first &- pressed)
                    learnInterval(time &- current.last)
                    keys[key] = .repeating(since: pressed, last: time)
                    return Arrival(kind: .repeat, heldSince: pressed)
                }
                run = Run(first: current.first, last: time, step: time &- current.last)
                keys[key] = .pressed(at: pressed, run: run)
                return Arrival(kind: .press)
            }
            // The run, if any, was presses: the latest of them is the press to time from.
            let latest = run?.last ?? pressed
            keys[key] = fitsDelay(time &- latest)
                ? .pressed(at: latest, run: Run(first: time, last: time, step: nil))
                : .pressed(at: time, run: nil)
            return Arrival(kind: .press)
        case .repeating(let since, let last)?:
            let silence = time &- last
            if silence <= gap {
                learnInterval(silence)
                keys[key] = .repeating(since: since, last: time)
                return Arrival(kind: .repeat)
            }
            keys[key] = .pressed(at: time, run: nil)
            return Arrival(kind: .press)
        }
    }

    /// When the next inferred release falls due, if any.
    public func nextRelease() -> UInt64? {
        guard !reportsReleases else { return nil }
        return keys.values.compactMap(releaseTime).min()
    }

    private func releaseTime(_ state: State) -> UInt64? {
        switch state {
        case .pressed(let at, let run):
            // A run still waiting for its next step is up when the step is overdue (a press
            // of its own then, the latest, with its own delay).
            let latest = run?.last ?? at
            if let delay = repeatDelay { return latest &+ delay &+ delayTolerance(delay) }
            return latest &+ Self.maximumDelay
        case .repeating(_, let last): return last &+ gap
        case .down: return nil
        }
    }

    /// The releases due at or before `time`, earliest first.
    public mutating func releases(upTo time: UInt64) -> [Lapse] {
        guard !reportsReleases else { return [] }
        var due: [(UInt64, Key)] = []
        for (key, state) in keys {
            guard let at = releaseTime(state), at <= time else { continue }
            keys[key] = nil
            due.append((at, key))
        }
        // Ties in a fixed order (the dictionary's is per process): the same keys make the
        // same game in every run.
        return due.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : "\($0.1)" < "\($1.1)" }.map { .released($0.1, at: $0.0) }
    }

    // MARK: - The stream

    /// The strokes time alone makes by `time` (inferred releases), then what `event` at
    /// `time` is (none when it says nothing new: a release of a key not down).
    public mutating func stream(_ event: KeyEvent, at time: UInt64) -> [KeyStroke] {
        var strokes = stream(upTo: time)
        if let arrival = receive(event, at: time) {
            let phase: KeyStroke.Phase = switch arrival.kind {
            case .press: .press
            case .repeat: .repeat
            case .release: .release
            }
            strokes.append(KeyStroke(event.key, phase, at: time, heldSince: arrival.heldSince))
        }
        return strokes
    }

    /// The strokes time alone makes by `time`: inferred releases, each at its own time,
    /// earliest first (ties by key).
    public mutating func stream(upTo time: UInt64) -> [KeyStroke] {
        releases(upTo: time).map { lapse in
            switch lapse {
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
        /// The number of its latest press in the stream (`KeyHolds.presses`).
        public var press: Int

        public init(since: UInt64, lastSign: UInt64, surelyUntil: UInt64?, press: Int = 0) {
            self.since = since
            self.lastSign = lastSign
            self.surelyUntil = surelyUntil
            self.press = press
        }
    }

    /// `key` as the stream has it now, nil when it is up.
    public func hold(_ key: Key) -> Hold? {
        switch keys[key] {
        case .down(let since)?: Hold(since: since, lastSign: since, surelyUntil: .max, press: latestPress[key] ?? 0)
        case .repeating(let since, let last)?:
            Hold(since: since, lastSign: last, surelyUntil: last &+ interval &+ 15 * Self.millisecond, press: latestPress[key] ?? 0)
        case .pressed(let at, let run)?: Hold(since: run?.last ?? at, lastSign: run?.last ?? at, surelyUntil: nil, press: latestPress[key] ?? 0)
        case nil: nil
        }
    }

    /// Whether `key` is surely still held at `time` (see the type's notes).
    public func confirmsHeld(_ key: Key, at time: UInt64) -> Bool {
        guard let until = hold(key)?.surelyUntil else { return false }
        return time <= until
    }

    /// This stream on another clock: `origin` on this one is `time` on that one, and what
    /// came before `origin` came at `time` (keys held into a game's clock at its start).
    /// The terminal's delay and rate stay learned.
    public func rebased(at origin: UInt64, to time: UInt64) -> KeyHolds {
        func moved(_ old: UInt64) -> UInt64 { old > origin ? time &+ (old - origin) : time }
        var rebased = self
        rebased.keys = keys.mapValues { state in
            switch state {
            case .pressed(let at, let run):
                .pressed(at: moved(at), run: run.map { Run(first: moved($0.first), last: moved($0.last), step: $0.step) })
            case .repeating(let since, let last): .repeating(since: moved(since), last: moved(last))
            case .down(let since): .down(since: moved(since))
            }
        }
        return rebased
    }

    /// Forgets every key (the clock stopped: keys may change unseen).
    public mutating func reset() {
        keys.removeAll()
        latestPress.removeAll()
    }

    private mutating func learnDelay(_ delay: UInt64) {
        guard delay >= Self.minimumDelay, delay < 2_000 * Self.millisecond else { return }
        repeatDelay = repeatDelay.map { ($0 * 3 + delay) / 4 } ?? delay
    }

    private mutating func learnInterval(_ interval: UInt64) {
        guard interval > 0, interval < 200 * Self.millisecond else { return }
        repeatInterval = repeatInterval.map { ($0 * 3 + interval) / 4 } ?? interval
    }
}
