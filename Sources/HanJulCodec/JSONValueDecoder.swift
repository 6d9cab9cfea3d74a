/// Builds any `Decodable` from a ``JSON`` value or document: the Codable side of HanJul's
/// one JSON codec, reading what Foundation's `JSONDecoder` read for the simulation files.
///
/// Documents are parsed with ``JSON/ParseOptions/decoderCompatible`` (a repeated key keeps
/// its first value, exact `UInt64`, a byte order mark skipped) and a nesting limit of 512.
/// An integer type takes a JSON number that is exactly an integer in its range (`34.0` as
/// well as `34`, within ±2⁵³ when written with a fraction or exponent); `Double` takes any
/// number; `null` or a missing key is `nil` for `decodeIfPresent`. Unknown keys are ignored.
///
/// ```swift
/// struct Score: Codable { var name: String; var points: Int }
/// let s = try JSONValueDecoder().decode(Score.self, from: Array(#"{"name":"ana","points":12}"#.utf8))
/// ```
public struct JSONValueDecoder: Sendable {
    /// The nesting limit for documents (JSONDecoder's).
    public static let maxDepth = 512

    public init() {}

    /// Decodes `type` from a JSON value.
    ///
    /// - Throws: `DecodingError` when the value does not have the type's shape.
    /// - Complexity: O(*n*) in the size of the value, times the number of keys per object.
    public func decode<T: Decodable>(_ type: T.Type, from json: JSON) throws -> T {
        try ValueDecoder(json: json, codingPath: []).decode(type)
    }

    /// Decodes `type` from a UTF-8 JSON document.
    ///
    /// - Throws: ``JSONError`` when the bytes are not JSON; `DecodingError` as above.
    /// - Complexity: O(*n*).
    public func decode<T: Decodable>(_ type: T.Type, from bytes: some Collection<UInt8>) throws -> T {
        let json = try JSON.parse(Array(bytes), maxDepth: Self.maxDepth, maxBytes: .max, options: .decoderCompatible)
        return try decode(type, from: json)
    }
}

struct ValueDecoder: Decoder {
    let json: JSON
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func mismatch(_ type: Any.Type, _ what: String) -> DecodingError {
        DecodingError.typeMismatch(type, .init(codingPath: codingPath, debugDescription: "expected \(what), found \(json.kindName)"))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = json else { throw mismatch([String: Any].self, "an object") }
        return KeyedDecodingContainer(KeyedDecoder<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = json else { throw mismatch([Any].self, "an array") }
        return UnkeyedDecoder(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let value: T?
        switch json {
        case .integer(let i): value = T(exactly: i)
        case .unsigned(let u): value = T(exactly: u)
        // Like JSONDecoder: a fraction or exponent is fine when it is exactly an integer
        // that a double holds without rounding.
        case .number(let d): value = d.magnitude < 0x1p53 ? T(exactly: d) : nil
        default: throw mismatch(type, "a number")
        }
        guard let value else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "the number does not fit in \(type)"))
        }
        return value
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        // Leaf types directly, as the containers would through their own init(from:).
        switch type {
        case is Double.Type: return try decode(Double.self) as! T
        case is String.Type: return try decode(String.self) as! T
        case is Int.Type: return try decodeInteger(Int.self) as! T
        case is UInt64.Type: return try decodeInteger(UInt64.self) as! T
        case is Bool.Type: return try decode(Bool.self) as! T
        default: return try T(from: self)
        }
    }
}

extension ValueDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool { json == .null }
    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let b) = json else { throw mismatch(type, "true or false") }
        return b
    }
    func decode(_ type: String.Type) throws -> String {
        guard case .string(let s) = json else { throw mismatch(type, "a string") }
        return s
    }
    func decode(_ type: Double.Type) throws -> Double {
        guard let d = json.doubleValue else { throw mismatch(type, "a number") }
        return d
    }
    func decode(_ type: Float.Type) throws -> Float {
        let d = try decode(Double.self)
        guard d.magnitude <= Double(Float.greatestFiniteMagnitude) else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "the number does not fit in Float"))
        }
        return Float(d)
    }
    func decode(_ type: Int.Type) throws -> Int { try decodeInteger(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decodeInteger(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decodeInteger(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decodeInteger(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decodeInteger(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decodeInteger(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeInteger(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeInteger(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeInteger(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeInteger(type) }
}

struct KeyedDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [JSON.Member]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

    private func value(_ key: Key) -> JSON? {
        let name = key.stringValue
        return members.first(where: { $0.key == name })?.value
    }

    private func decoder(_ key: Key) throws -> ValueDecoder {
        guard let json = value(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no member \"\(key.stringValue)\""))
        }
        return ValueDecoder(json: json, codingPath: codingPath + [key])
    }

    func contains(_ key: Key) -> Bool { value(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { try decoder(key).decodeNil() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder(key).decode(type) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let inner = try decoder(key)
        if inner.json == .null, !(T.self is any ExpressibleByNilLiteral.Type) {
            throw DecodingError.valueNotFound(type, .init(codingPath: inner.codingPath, debugDescription: "null where a value was expected"))
        }
        return try inner.decode(type)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let json = value(key), json != .null else { return nil }
        return try ValueDecoder(json: json, codingPath: codingPath + [key]).decode(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        ValueDecoder(json: members.first(where: { $0.key == "super" })?.value ?? .null, codingPath: codingPath)
    }
    func superDecoder(forKey key: Key) throws -> any Decoder { ValueDecoder(json: value(key) ?? .null, codingPath: codingPath + [key]) }
}

struct UnkeyedDecoder: UnkeyedDecodingContainer {
    let elements: [JSON]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(elements: [JSON], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next(_ type: Any.Type) throws -> ValueDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath + [IndexKey(currentIndex)], debugDescription: "the array has no more elements"))
        }
        defer { currentIndex += 1 }
        return ValueDecoder(json: elements[currentIndex], codingPath: codingPath + [IndexKey(currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { throw DecodingError.valueNotFound(Any?.self, .init(codingPath: codingPath, debugDescription: "the array has no more elements")) }
        if elements[currentIndex] == .null {
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let inner = try next(type)
        if inner.json == .null, !(T.self is any ExpressibleByNilLiteral.Type) {
            throw DecodingError.valueNotFound(type, .init(codingPath: inner.codingPath, debugDescription: "null where a value was expected"))
        }
        return try inner.decode(type)
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type).decode(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next(type).decode(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type).decode(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type).decode(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type).decode(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type).decode(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type).decode(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type).decode(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type).decode(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type).decode(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type).decode(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type).decode(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type).decode(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type).decode(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next([String: Any].self).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next([Any].self).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { try next(Any.self) }
}

extension JSON {
    /// What kind of value this is, for messages: "an object", "null", …
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a Boolean"
        case .integer, .unsigned, .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
