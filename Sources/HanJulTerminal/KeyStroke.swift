/// A key event with its time, as the key stream (`KeyHolds`) tells it: exactly what a
/// terminal with release events said, or what its bytes and their times mean in one
/// without them (a press, a repeat, an inferred release).
public struct KeyStroke: Hashable, Sendable {
    public enum Phase: Hashable, Sendable {
        /// The key went down.
        case press
        /// Still held (the terminal's auto-repeat).
        case `repeat`
        /// The key came up (reported, or inferred when the repeats stopped).
        case release
        /// A tentative press (`isTentative`) got no repeat within the gap: it was a press
        /// after all, and what it does that cannot be undone (a hard drop) happens now.
        case confirmed
    }

    public var key: Key
    public var phase: Phase
    /// Nanoseconds on the clock the stream was fed with.
    public var at: UInt64
    /// A repeat that showed earlier bytes, taken for a press, to have been the first repeat
    /// of a hold: when that hold began.
    public var heldSince: UInt64?
    /// A press that may yet prove the first repeat of the press before (a terminal without
    /// releases whose repeat delay is not known yet): a `.confirmed` or a repeat follows.
    public var isTentative: Bool

    public init(_ key: Key, _ phase: Phase, at: UInt64, heldSince: UInt64? = nil, isTentative: Bool = false) {
        self.key = key
        self.phase = phase
        self.at = at
        self.heldSince = heldSince
        self.isTentative = isTentative
    }
}
