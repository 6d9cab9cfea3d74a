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
    }

    public var key: Key
    public var phase: Phase
    /// Nanoseconds on the clock the stream was fed with.
    public var at: UInt64
    /// A repeat that proved earlier bytes, taken as presses, to be a hold: when that hold
    /// began.
    public var heldSince: UInt64?

    public init(_ key: Key, _ phase: Phase, at: UInt64, heldSince: UInt64? = nil) {
        self.key = key
        self.phase = phase
        self.at = at
        self.heldSince = heldSince
    }
}
