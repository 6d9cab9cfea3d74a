/// Why a JSON document could not be parsed or written.
public struct JSONError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        /// Another byte was expected; the payload says what, e.g. "',' or '}'".
        case expected(String)
        /// The document ended early.
        case unexpectedEnd(expected: String)
        /// Bytes that are not valid UTF-8.
        case invalidUTF8
        /// A raw control character (below U+0020) inside a string.
        case controlCharacterInString
        /// A backslash escape that JSON does not define, or a broken `\u`.
        case invalidEscape
        /// A `\u` escape for half of a surrogate pair without the other half.
        case unpairedSurrogate
        /// A number that is not finite as a double (e.g. `1e400`).
        case numberOutOfRange
        /// Nesting deeper than the parser's limit.
        case tooDeep(limit: Int)
        /// The document is larger than the size limit.
        case tooLarge(size: Int, limit: Int)
        /// Non-whitespace bytes after the document.
        case trailingData
        /// The same key twice in one object (RFC 8259 §4 leaves this undefined; HanJul refuses).
        case duplicateKey(String)
        /// Serializing NaN or an infinity, which JSON cannot express.
        case nonFiniteNumber
    }

    /// What went wrong.
    public var reason: Reason
    /// The byte offset in the input where it went wrong (0 for serialization errors).
    public var offset: Int

    /// Creates an error.
    public init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    /// A one-line explanation such as `byte 12: expected ',' or '}'`.
    public var description: String {
        let what: String
        switch reason {
        case .expected(let e): what = "expected \(e)"
        case .unexpectedEnd(let e): what = "unexpected end of input, expected \(e)"
        case .invalidUTF8: what = "invalid UTF-8"
        case .controlCharacterInString: what = "control character in string (must be escaped)"
        case .invalidEscape: what = "invalid escape sequence"
        case .unpairedSurrogate: what = "unpaired UTF-16 surrogate in \\u escape"
        case .numberOutOfRange: what = "number out of range"
        case .tooDeep(let limit): what = "nesting deeper than \(limit) levels"
        case .tooLarge(let size, let limit): what = "document of \(size) bytes is over the \(limit)-byte limit"
        case .trailingData: what = "unexpected data after the document"
        case .duplicateKey(let key): what = "duplicate key \"\(key)\""
        case .nonFiniteNumber: return "cannot write NaN or infinity as JSON"
        }
        return "byte \(offset): \(what)"
    }
}
