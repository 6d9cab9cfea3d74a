/// A tiny seeded generator (SplitMix64; internal, so it never clashes with the engine's), the default `math.random` source so that a
/// state without a host generator is still deterministic.
struct SplitMix64: Sendable {
    private var state: UInt64

    /// Creates a generator from a seed.
    init(seed: UInt64) { state = seed }

    /// The next 64-bit value.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A closure that draws from a private copy of this generator (for ``LuaState/init(limits:label:log:random:moduleSource:watchdog:)``).
    func makeGenerator() -> () -> UInt64 {
        var generator = self
        return { generator.next() }
    }
}
