import CLua
import CLuaShim

extension LuaState {
    /// The dotted paths of every C function reachable from the sandbox environment, the string
    /// metatable and the metatables along the way (read raw, even protected ones) (L-2).
    /// Host functions appear under the path where they were stored. Use it in a self-check:
    /// every path must be on the allow-list.
    ///
    /// - Complexity: O(reachable values).
    public func reachableCFunctions() -> [String] {
        LuaStackGuard.withStack(L, reservingOrStopping: 4) { _ in
            var seen = Set<UnsafeRawPointer>()
            var found: [String] = []
            hj_pushglobaltable(L)
            walk(at: lua_gettop(L), path: "_G", seen: &seen, found: &found, depth: 0)
            lua_pushstring(L, "")
            if lua_getmetatable(L, -1) != 0 {
                walk(at: lua_gettop(L), path: "<string metatable>", seen: &seen, found: &found, depth: 0)
            }
            return found.sorted()
        }
    }

    private func walk(at index: Int32, path: String, seen: inout Set<UnsafeRawPointer>, found: inout [String], depth: Int) {
        let type = lua_type(L, index)
        if type == LUA_TFUNCTION {
            if lua_iscfunction(L, index) != 0 { found.append(path) }
            return
        }
        guard type == LUA_TTABLE || type == LUA_TUSERDATA, depth < 100, LuaStackGuard.reserve(L, 6) else { return }
        guard let pointer = lua_topointer(L, index), seen.insert(pointer).inserted else { return }
        if lua_getmetatable(L, index) != 0 {
            walk(at: lua_gettop(L), path: path + "<metatable>", seen: &seen, found: &found, depth: depth + 1)
            hj_pop(L, 1)
        }
        guard type == LUA_TTABLE else { return }
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            let key: String
            switch value(L, at: -2) {
            case .string(let s): key = "." + s.sanitized(maxBytes: 40)
            case .integer(let i): key = "[\(i)]"
            case let other: key = "[\(other.typeName)]"
            }
            walk(at: lua_gettop(L), path: path + key, seen: &seen, found: &found, depth: depth + 1)
            hj_pop(L, 1)
        }
    }
}
