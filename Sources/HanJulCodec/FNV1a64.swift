/// The 64-bit FNV-1a hash: a cheap, deterministic checksum for game states.
///
/// Use it to compare two states quickly ("did the replay end in the same
/// state?"). It is **not cryptographic**: anyone can construct collisions on
/// purpose, so never use it to detect tampering or to verify mod sources —
/// use ``SHA256`` for that.
///
/// ```swift
/// var h = FNV1a64()
/// h.update(Array("a".utf8))
/// h.value   // 0xaf63dc4c8601ec8c
/// ```
public struct FNV1a64: Sendable, Hashable {
    /// The offset basis, the value of an empty hash.
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    /// The FNV prime for 64 bits.
    public static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The hash of everything added so far.
    public private(set) var value: UInt64 = FNV1a64.offsetBasis

    /// Creates an empty hash.
    public init() {}

    /// Mixes in bytes.
    ///
    /// - Complexity: O(*n*).
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        var v = value
        for byte in bytes {
            v ^= UInt64(byte)
            v &*= Self.prime
        }
        value = v
    }

    /// Mixes in an integer as 8 little-endian bytes (the same on every platform).
    ///
    /// - Complexity: O(1).
    public mutating func update(_ integer: UInt64) {
        var v = value
        for shift in stride(from: 0, to: 64, by: 8) {
            v ^= (integer >> UInt64(shift)) & 0xff
            v &*= Self.prime
        }
        value = v
    }

    /// Mixes in a signed integer as 8 little-endian two's-complement bytes.
    ///
    /// - Complexity: O(1).
    public mutating func update(_ integer: Int64) {
        update(UInt64(bitPattern: integer))
    }

    /// The hash of `bytes` in one call.
    ///
    /// - Complexity: O(*n*).
    public static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var h = FNV1a64()
        h.update(bytes)
        return h.value
    }
}
