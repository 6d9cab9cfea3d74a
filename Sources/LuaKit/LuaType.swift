import CLua

/// The type of a value on the Lua stack.
public enum LuaType: Sendable, Equatable {
    /// No value at that index (beyond the last argument).
    case none
    case `nil`, boolean, lightUserdata, number, string, table, function, userdata, thread

    init(_ raw: Int32) {
        switch raw {
        case LUA_TNIL: self = .nil
        case LUA_TBOOLEAN: self = .boolean
        case LUA_TLIGHTUSERDATA: self = .lightUserdata
        case LUA_TNUMBER: self = .number
        case LUA_TSTRING: self = .string
        case LUA_TTABLE: self = .table
        case LUA_TFUNCTION: self = .function
        case LUA_TUSERDATA: self = .userdata
        case LUA_TTHREAD: self = .thread
        default: self = .none
        }
    }

    /// Lua's name for the type ("no value" for ``none``).
    public var name: String {
        switch self {
        case .none: "no value"
        case .nil: "nil"
        case .boolean: "boolean"
        case .lightUserdata: "userdata"
        case .number: "number"
        case .string: "string"
        case .table: "table"
        case .function: "function"
        case .userdata: "userdata"
        case .thread: "thread"
        }
    }
}
