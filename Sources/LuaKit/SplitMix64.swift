import HanJulCore

/// The default `math.random` source is the engine's SplitMix64 (one copy of the
/// generator in the project), so a state without a host generator is still deterministic.
typealias SplitMix64 = HanJulCore.SplitMix64
