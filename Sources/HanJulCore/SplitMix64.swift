/// HanJul's random number generator: SplitMix64 (Steele, Lea and Flood, 2014).
///
/// Games own one generator each, seeded from the game's seed, so a seed reproduces a game
/// on every machine and Swift version. Ranges come from `below(_:)`, which is HanJul's
/// own code for the same reason (the standard library's mapping may change).
public struct SplitMix64: Hashable, Sendable {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    @inlinable
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// SplitMix64's finaliser (the project's one copy): nearby inputs give unrelated
    /// outputs, e.g. a seed from the clock.
    @inlinable
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A closure that draws from a private copy of this generator.
    public func makeGenerator() -> () -> UInt64 {
        var generator = self
        return { generator.next() }
    }

    /// A uniformly distributed integer in `0..<bound`, by Lemire's multiply-and-reject
    /// method (no modulo bias).
    /// - Precondition: `bound > 0`.
    @inlinable
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "random bound must be positive")
        let range = UInt64(bound)
        var product = next().multipliedFullWidth(by: range)
        if product.low < range {
            let threshold = (0 &- range) % range
            while product.low < threshold {
                product = next().multipliedFullWidth(by: range)
            }
        }
        return Int(product.high)
    }
}
