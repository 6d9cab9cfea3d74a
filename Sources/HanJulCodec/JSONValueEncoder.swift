/// Turns any `Encodable` into a ``JSON`` value: the Codable side of HanJul's one JSON codec.
///
/// Integers become ``JSON/integer(_:)`` (``JSON/unsigned(_:)`` above `Int64.max`), `Double`
/// and `Float` ``JSON/number(_:)``, `nil` through `encodeIfPresent` no member at all, and a
/// key encoded twice keeps its first place with its last value. Write the result with
/// ``JSON/serialized(_:)``.
///
/// ```swift
/// struct Score: Codable { var name: String; var points: Int }
/// let json = try JSONValueEncoder().encode(Score(name: "ana", points: 12))
/// try json.serializedString(.sorted)   // {"name":"ana","points":12}
/// ```
public struct JSONValueEncoder: Sendable {
    public init() {}

    /// The JSON value of `value`.
    ///
    /// - Throws: `EncodingError.invalidValue` for NaN or an infinity, a value that encodes
    ///   nothing, or a container asked for twice in incompatible kinds; whatever `value`'s
    ///   `encode(to:)` throws.
    /// - Complexity: O(*n*) in the size of the value.
    public func encode(_ value: some Encodable) throws -> JSON {
        let node = EncodingNode()
        try value.encode(to: ValueEncoder(node: node, codingPath: []))
        guard let json = node.json else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "the value encoded nothing"))
        }
        return json
    }
}

/// Where one value is being built; containers fill it in place, so nested containers
/// handed out earlier keep writing into the same tree.
final class EncodingNode {
    enum Content {
        case empty
        case value(JSON)
        case object(keys: [String], values: [String: EncodingNode])
        case array([EncodingNode])
    }

    var content = Content.empty

    var json: JSON? {
        switch content {
        case .empty: return nil
        case .value(let json): return json
        case .object(let keys, let values): return .object(keys.map { JSON.Member($0, values[$0]?.json ?? .object([])) })
        case .array(let elements): return .array(elements.map { $0.json ?? .object([]) })
        }
    }

    /// The node for `key`, made on first use (a key written again keeps its place).
    func child(_ key: String) -> EncodingNode {
        if case .empty = content { content = .object(keys: [], values: [:]) }
        guard case .object(var keys, var values) = content else {
            // An object asked of a value already written as something else starts over.
            content = .object(keys: [], values: [:])
            return child(key)
        }
        if let existing = values[key] { return existing }
        let node = EncodingNode()
        content = .empty  // drop the reference so the arrays are not copied
        keys.append(key)
        values[key] = node
        content = .object(keys: keys, values: values)
        return node
    }

    func append() -> EncodingNode {
        if case .empty = content { content = .array([]) }
        guard case .array(var elements) = content else {
            content = .array([])
            return append()
        }
        let node = EncodingNode()
        content = .empty
        elements.append(node)
        content = .array(elements)
        return node
    }

    var count: Int {
        switch content {
        case .object(let keys, _): return keys.count
        case .array(let elements): return elements.count
        default: return 0
        }
    }

    func set(_ json: JSON) { content = .value(json) }

    /// A `Float` as the double its shortest text names (`0.1`, not `0.10000000149011612`).
    static func double(_ value: Float) -> Double { value.isFinite ? Double(value.description) ?? Double(value) : Double(value) }

    func set(_ value: Double, _ codingPath: [any CodingKey]) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "JSON has no NaN or infinity"))
        }
        content = .value(.number(value))
    }

    func set(_ value: some Encodable, _ codingPath: [any CodingKey]) throws {
        // Leaf types go straight in: their own encode(to:) would ask for a single-value container.
        switch value {
        case let v as Double: try set(v, codingPath)
        case let v as String: set(.string(v))
        case let v as Int: set(.integer(Int64(v)))
        case let v as UInt64: set(JSON(v))
        case let v as Bool: set(.bool(v))
        default: try value.encode(to: ValueEncoder(node: self, codingPath: codingPath))
        }
    }
}

struct IndexKey: CodingKey {
    var stringValue: String { String(index) }
    var intValue: Int? { index }
    let index: Int
    init(_ index: Int) { self.index = index }
    init?(stringValue: String) { guard let index = Int(stringValue) else { return nil }; self.index = index }
    init?(intValue: Int) { index = intValue }
}

struct ValueEncoder: Encoder {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = node.content {} else { node.content = .object(keys: [], values: [:]) }
        return KeyedEncodingContainer(KeyedEncoder<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = node.content {} else { node.content = .array([]) }
        return UnkeyedEncoder(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleEncoder(node: node, codingPath: codingPath) }
}

struct KeyedEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    func encodeNil(forKey key: Key) throws { node.child(key.stringValue).set(.null) }
    func encode(_ value: Bool, forKey key: Key) throws { node.child(key.stringValue).set(.bool(value)) }
    func encode(_ value: String, forKey key: Key) throws { node.child(key.stringValue).set(.string(value)) }
    func encode(_ value: Double, forKey key: Key) throws { try node.child(key.stringValue).set(value, codingPath + [key]) }
    func encode(_ value: Float, forKey key: Key) throws { try node.child(key.stringValue).set(EncodingNode.double(value), codingPath + [key]) }
    func encode(_ value: Int, forKey key: Key) throws { node.child(key.stringValue).set(.integer(Int64(value))) }
    func encode(_ value: Int8, forKey key: Key) throws { node.child(key.stringValue).set(.integer(Int64(value))) }
    func encode(_ value: Int16, forKey key: Key) throws { node.child(key.stringValue).set(.integer(Int64(value))) }
    func encode(_ value: Int32, forKey key: Key) throws { node.child(key.stringValue).set(.integer(Int64(value))) }
    func encode(_ value: Int64, forKey key: Key) throws { node.child(key.stringValue).set(.integer(value)) }
    func encode(_ value: UInt, forKey key: Key) throws { node.child(key.stringValue).set(JSON(UInt64(value))) }
    func encode(_ value: UInt8, forKey key: Key) throws { node.child(key.stringValue).set(.integer(Int64(value))) }
    func encode(_ value: UInt16, forKey key: Key) throws { node.child(key.stringValue).set(.integer(Int64(value))) }
    func encode(_ value: UInt32, forKey key: Key) throws { node.child(key.stringValue).set(.integer(Int64(value))) }
    func encode(_ value: UInt64, forKey key: Key) throws { node.child(key.stringValue).set(JSON(value)) }
    func encode(_ value: some Encodable, forKey key: Key) throws { try node.child(key.stringValue).set(value, codingPath + [key]) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        ValueEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        ValueEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superEncoder() -> any Encoder { ValueEncoder(node: node.child("super"), codingPath: codingPath) }
    func superEncoder(forKey key: Key) -> any Encoder { ValueEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key]) }
}

struct UnkeyedEncoder: UnkeyedEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var count: Int { node.count }

    private var nextPath: [any CodingKey] { codingPath + [IndexKey(count)] }

    func encodeNil() throws { node.append().set(.null) }
    func encode(_ value: Bool) throws { node.append().set(.bool(value)) }
    func encode(_ value: String) throws { node.append().set(.string(value)) }
    func encode(_ value: Double) throws { try node.append().set(value, nextPath) }
    func encode(_ value: Float) throws { try node.append().set(EncodingNode.double(value), nextPath) }
    func encode(_ value: Int) throws { node.append().set(.integer(Int64(value))) }
    func encode(_ value: Int8) throws { node.append().set(.integer(Int64(value))) }
    func encode(_ value: Int16) throws { node.append().set(.integer(Int64(value))) }
    func encode(_ value: Int32) throws { node.append().set(.integer(Int64(value))) }
    func encode(_ value: Int64) throws { node.append().set(.integer(value)) }
    func encode(_ value: UInt) throws { node.append().set(JSON(UInt64(value))) }
    func encode(_ value: UInt8) throws { node.append().set(.integer(Int64(value))) }
    func encode(_ value: UInt16) throws { node.append().set(.integer(Int64(value))) }
    func encode(_ value: UInt32) throws { node.append().set(.integer(Int64(value))) }
    func encode(_ value: UInt64) throws { node.append().set(JSON(value)) }
    func encode(_ value: some Encodable) throws {
        let path = nextPath
        try node.append().set(value, path)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = nextPath
        return ValueEncoder(node: node.append(), codingPath: path).container(keyedBy: keyType)
    }

    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        return ValueEncoder(node: node.append(), codingPath: path).unkeyedContainer()
    }

    func superEncoder() -> any Encoder {
        let path = nextPath
        return ValueEncoder(node: node.append(), codingPath: path)
    }
}

struct SingleEncoder: SingleValueEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    func encodeNil() throws { node.set(.null) }
    func encode(_ value: Bool) throws { node.set(.bool(value)) }
    func encode(_ value: String) throws { node.set(.string(value)) }
    func encode(_ value: Double) throws { try node.set(value, codingPath) }
    func encode(_ value: Float) throws { try node.set(EncodingNode.double(value), codingPath) }
    func encode(_ value: Int) throws { node.set(.integer(Int64(value))) }
    func encode(_ value: Int8) throws { node.set(.integer(Int64(value))) }
    func encode(_ value: Int16) throws { node.set(.integer(Int64(value))) }
    func encode(_ value: Int32) throws { node.set(.integer(Int64(value))) }
    func encode(_ value: Int64) throws { node.set(.integer(value)) }
    func encode(_ value: UInt) throws { node.set(JSON(UInt64(value))) }
    func encode(_ value: UInt8) throws { node.set(.integer(Int64(value))) }
    func encode(_ value: UInt16) throws { node.set(.integer(Int64(value))) }
    func encode(_ value: UInt32) throws { node.set(.integer(Int64(value))) }
    func encode(_ value: UInt64) throws { node.set(JSON(value)) }
    func encode(_ value: some Encodable) throws { try node.set(value, codingPath) }
}
