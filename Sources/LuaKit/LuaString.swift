import HanJulText
import HanJulText
/// The bytes of a Lua string, kept with their explicit length: Lua strings may hold NUL,
/// invalid UTF-8 and terminal escape bytes (L-35).
public struct LuaString: Hashable, Sendable, CustomStringConvertible {
    /// The raw bytes.
    public var bytes: [UInt8]

    /// Wraps raw bytes.
    public init(_ bytes: [UInt8]) { self.bytes = bytes }
    /// The UTF-8 bytes of a Swift string.
    public init(_ string: String) { self.bytes = Array(string.utf8) }

    /// The bytes decoded as UTF-8, invalid sequences replaced by U+FFFD. Control bytes are
    /// kept: use ``sanitized(maxBytes:)`` before showing the text on a terminal.
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Whether the bytes are valid UTF-8.
    public var isValidUTF8: Bool { Array(string.utf8) == bytes }

    /// Text safe to show on a terminal: the first `maxBytes` bytes (a cut is marked with
    /// "…"; invalid UTF-8 becomes U+FFFD) through HanJulText's ``visible(_:limit:)``, the
    /// one function for untrusted text (controls, bidi and invisible characters shown as
    /// escapes).
    ///
    /// - Complexity: O(min(n, maxBytes)).
    public func sanitized(maxBytes: Int = 200) -> String {
        let cut = bytes.count > maxBytes
        return visible(String(decoding: cut ? Array(bytes.prefix(maxBytes)) : bytes, as: UTF8.self)) + (cut ? "…" : "")
    }

    /// ``string``.
    public var description: String { string }
}
