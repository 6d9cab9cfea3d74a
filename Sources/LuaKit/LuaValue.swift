/// A Lua value copied out of (or to be pushed into) a ``LuaState``.
///
/// Conversions from Lua never run metamethods and never trap (L-32, L-34, L-35):
/// numbers keep Lua's integer/float distinction, strings keep their bytes, tables and
/// functions become registry references.
///
/// ```swift
/// let score = try state.call(scoring, 4).integerValue ?? 0   // nil for NaN, 1e308, "12", {}
/// ```
public enum LuaValue: CustomStringConvertible {
    /// `nil` (also: no value).
    case `nil`
    /// A boolean.
    case boolean(Bool)
    /// A Lua integer (64-bit).
    case integer(Int)
    /// A Lua float; may be NaN, ±inf or -0.0.
    case number(Double)
    /// A string, with its exact bytes.
    case string(LuaString)
    /// A table, held in the registry.
    case table(LuaTableRef)
    /// A function, held in the registry.
    case function(LuaFunctionRef)
    /// A userdata or thread; it cannot be pushed back (pushes `nil`).
    case other(typeName: String)

    /// A string value from Swift text.
    public static func text(_ string: String) -> LuaValue { .string(LuaString(string)) }

    /// The Lua type name ("nil", "number", "table", …).
    public var typeName: String {
        switch self {
        case .nil: "nil"
        case .boolean: "boolean"
        case .integer, .number: "number"
        case .string: "string"
        case .table: "table"
        case .function: "function"
        case .other(let name): name
        }
    }

    /// The value as an `Int` when it is an integer, or a float with an exact integer value
    /// in range. `nil` for NaN, ±inf, fractions, 2^63 and beyond, strings (even numeric
    /// ones) and every other type. -0.0 gives 0.
    public var integerValue: Int? {
        switch self {
        case .integer(let i): i
        case .number(let d): Int(exactly: d)
        default: nil
        }
    }

    /// The value as a `Double` when it is a number (NaN and infinities included).
    public var numberValue: Double? {
        switch self {
        case .integer(let i): Double(i)
        case .number(let d): d
        default: nil
        }
    }

    /// ``numberValue`` when it is finite.
    public var finiteNumberValue: Double? {
        guard let d = numberValue, d.isFinite else { return nil }
        return d
    }

    /// The string's bytes decoded as UTF-8 (lossy), or `nil` when not a string.
    public var stringValue: String? {
        if case .string(let s) = self { return s.string }
        return nil
    }

    /// The string itself, or `nil` when not a string.
    public var luaString: LuaString? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The boolean, or `nil` when not a boolean.
    public var boolValue: Bool? {
        if case .boolean(let b) = self { return b }
        return nil
    }

    /// Lua truthiness: everything but `nil` and `false` is true.
    public var isTruthy: Bool {
        switch self {
        case .nil: false
        case .boolean(let b): b
        default: true
        }
    }

    /// The table reference, or `nil`.
    public var tableValue: LuaTableRef? {
        if case .table(let t) = self { return t }
        return nil
    }

    /// The function reference, or `nil`.
    public var functionValue: LuaFunctionRef? {
        if case .function(let f) = self { return f }
        return nil
    }

    /// A short description for logs (strings sanitised, no addresses).
    public var description: String {
        switch self {
        case .nil: "nil"
        case .boolean(let b): String(b)
        case .integer(let i): String(i)
        case .number(let d): String(d)
        case .string(let s): "\"" + s.sanitized(maxBytes: 60) + "\""
        case .table: "table"
        case .function: "function"
        case .other(let name): name
        }
    }
}

extension LuaValue: Equatable {
    /// Values are equal when they are raw-equal in Lua: tables and functions by identity,
    /// integers and floats by numeric value.
    public static func == (lhs: LuaValue, rhs: LuaValue) -> Bool {
        switch (lhs, rhs) {
        case (.nil, .nil): true
        case (.boolean(let a), .boolean(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.integer(let a), .number(let b)), (.number(let b), .integer(let a)):
            Double(a) == b && Int(exactly: b) == a
        case (.string(let a), .string(let b)): a == b
        case (.table(let a), .table(let b)): a.state === b.state && a.state.rawEqual(a.reference, b.reference)
        case (.function(let a), .function(let b)): a.state === b.state && a.state.rawEqual(a.reference, b.reference)
        case (.other, .other): false  // userdata and threads are not copied out
        default: false
        }
    }
}

extension LuaValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral
{
    /// `nil`.
    public init(nilLiteral: ()) { self = .nil }
    /// A boolean.
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    /// An integer.
    public init(integerLiteral value: Int) { self = .integer(value) }
    /// A float.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A string.
    public init(stringLiteral value: String) { self = .text(value) }
}
