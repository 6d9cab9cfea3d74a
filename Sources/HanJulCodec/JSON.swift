/// A JSON value that keeps what the file said: object keys stay in the order
/// they were written, and integers stay exact `Int64`s.
///
/// ```swift
/// let doc = try JSON.parse(Array(#"{"name":"ana","score":1200}"#.utf8))
/// doc["score"]            // .integer(1200)
/// doc.serialized()        // the same bytes back
/// ```
///
/// Numbers written without a fraction or exponent that fit in `Int64` parse as
/// ``integer(_:)``; every other number parses as ``number(_:)`` (or, with
/// ``ParseOptions/exactUnsignedIntegers``, as ``unsigned(_:)`` when it fits in `UInt64`).
public enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    /// An exact integer, written without a decimal point.
    case integer(Int64)
    /// An exact integer above `Int64.max` (a `UInt64` seed, say), written without a
    /// decimal point. Smaller values are ``integer(_:)``, so equal numbers compare equal.
    case unsigned(UInt64)
    /// A finite double, written in Swift's shortest round-trip form.
    case number(Double)
    case string(String)
    case array([JSON])
    /// Members in written order. Keys are unique in parsed documents.
    case object([Member])

    /// One `"key": value` pair of an object.
    public struct Member: Sendable, Equatable {
        /// The member's key.
        public var key: String
        /// The member's value.
        public var value: JSON

        /// Creates a member.
        public init(_ key: String, _ value: JSON) {
            self.key = key
            self.value = value
        }
    }

    /// The value of the first member named `key`, or `nil` if this is not an
    /// object or has no such member.
    ///
    /// - Complexity: O(*n*) in the number of members.
    public subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members.first(where: { $0.key == key })?.value
    }

    /// The element at `index`, or `nil` if this is not an array or the index is out of range.
    ///
    /// - Complexity: O(1).
    public subscript(index: Int) -> JSON? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The string, if this is a string.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The integer, if this is an integer.
    public var integerValue: Int64? {
        if case .integer(let i) = self { return i }
        return nil
    }

    /// The number as a double, for integers and numbers alike.
    public var doubleValue: Double? {
        switch self {
        case .integer(let i): return Double(i)
        case .unsigned(let u): return Double(u)
        case .number(let d): return d
        default: return nil
        }
    }

    /// The Boolean, if this is a Boolean.
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The elements, if this is an array.
    public var arrayValue: [JSON]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The members, if this is an object.
    public var objectValue: [Member]? {
        if case .object(let m) = self { return m }
        return nil
    }
}

extension JSON {
    /// An exact unsigned integer: ``integer(_:)`` up to `Int64.max`, ``unsigned(_:)`` above.
    public init(_ value: UInt64) {
        self = value <= UInt64(Int64.max) ? .integer(Int64(value)) : .unsigned(value)
    }
}

extension JSON: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// `nil` is JSON `null`.
    public init(nilLiteral: ()) { self = .null }
    /// A Boolean literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer literal is an exact integer.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// A float literal is a number.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A string literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array literal.
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    /// A dictionary literal keeps the written order.
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(elements.map { Member($0.0, $0.1) })
    }
}
