import CLua
import CLuaShim

// Internal stack helpers. Callers are responsible for the stack top and for
// LuaStackGuard.reserve; none of these can raise (the memory cap is off in host code).
extension LuaState {
    /// Copies the value at `index` of thread `L` out of Lua, without metamethods.
    func value(_ L: OpaquePointer, at index: Int32) -> LuaValue {
        switch lua_type(L, index) {
        case LUA_TNIL, LUA_TNONE:
            return .nil
        case LUA_TBOOLEAN:
            return .boolean(lua_toboolean(L, index) != 0)
        case LUA_TNUMBER:
            if lua_isinteger(L, index) != 0 {
                return .integer(Int(lua_tointegerx(L, index, nil)))
            }
            return .number(lua_tonumberx(L, index, nil))
        case LUA_TSTRING:
            var length = 0
            let pointer = lua_tolstring(L, index, &length)
            return .string(LuaString(Array(UnsafeRawBufferPointer(start: pointer, count: length))))
        case LUA_TTABLE:
            lua_pushvalue(L, index)
            return .table(LuaTableRef(state: self, reference: luaL_ref(L, hj_registryindex())))
        case LUA_TFUNCTION:
            lua_pushvalue(L, index)
            return .function(LuaFunctionRef(state: self, reference: luaL_ref(L, hj_registryindex())))
        case let type:
            return .other(typeName: String(cString: lua_typename(L, type)))
        }
    }

    /// Pushes a value (one slot). `.other` pushes nil.
    func push(_ L: OpaquePointer, _ value: LuaValue) {
        switch value {
        case .nil, .other: lua_pushnil(L)
        case .boolean(let b): lua_pushboolean(L, b ? 1 : 0)
        case .integer(let i): lua_pushinteger(L, lua_Integer(i))
        case .number(let d): lua_pushnumber(L, d)
        case .string(let s): pushBytes(L, s.bytes)
        case .table(let t):
            precondition(t.state === self, "table from another LuaState")
            lua_rawgeti(L, hj_registryindex(), lua_Integer(t.reference))
        case .function(let f):
            precondition(f.state === self, "function from another LuaState")
            lua_rawgeti(L, hj_registryindex(), lua_Integer(f.reference))
        }
    }

    func pushBytes(_ L: OpaquePointer, _ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            _ = lua_pushlstring(L, buffer.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, buffer.count)
        }
    }

    func pushText(_ L: OpaquePointer, _ text: String) {
        var text = text
        text.withUTF8 { buffer in
            _ = lua_pushlstring(L, buffer.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, buffer.count)
        }
    }

    /// The error object on top of the stack, as text, without metamethods (L-31).
    func errorText(_ L: OpaquePointer, at index: Int32) -> String {
        var length = 0
        if let pointer = hj_error_text(L, index, &length) {
            return LuaString(Array(UnsafeRawBufferPointer(start: pointer, count: length))).string
        }
        switch value(L, at: index) {
        case .integer(let i): return String(i)
        case .number(let d): return String(d)
        case let other: return "(error object is a \(other.typeName) value)"
        }
    }

    /// Converts a failed status (error object on top) into a LuaError.
    func makeError(status: Int32) -> LuaError {
        switch status {
        case HJ_STATUS_BUDGET:
            hj_push_traceback(L)
            defer { hj_pop(L, 1) }
            return .budgetExceeded(traceback: errorText(L, at: -1))
        case LUA_ERRMEM:
            return .memory
        case LUA_ERRSYNTAX:
            return .syntax(errorText(L, at: -1))
        case LUA_ERRERR:
            return .runtime(message: "error in error handling: " + errorText(L, at: -1), traceback: "")
        default:
            let message = errorText(L, at: -1)
            hj_push_traceback(L)
            defer { hj_pop(L, 1) }
            return .runtime(message: message, traceback: errorText(L, at: -1))
        }
    }

    func releaseReference(_ reference: Int32) {
        luaL_unref(L, hj_registryindex(), reference)
    }

    func rawEqual(_ a: Int32, _ b: Int32) -> Bool {
        LuaStackGuard.withStack(L, reservingOrStopping: 2) { _ in
            lua_rawgeti(L, hj_registryindex(), lua_Integer(a))
            lua_rawgeti(L, hj_registryindex(), lua_Integer(b))
            return lua_rawequal(L, -1, -2) != 0
        }
    }

    /// Pushes a registry reference, runs `body` with its absolute index, restores the top.
    func withPushedReference<R>(_ reference: Int32, _ body: (OpaquePointer, Int32) -> R) -> R {
        LuaStackGuard.withStack(L, reservingOrStopping: 8) { _ in
            lua_rawgeti(L, hj_registryindex(), lua_Integer(reference))
            return body(L, lua_gettop(L))
        }
    }
}
