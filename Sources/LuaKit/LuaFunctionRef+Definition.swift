import CLua
import CLuaShim

extension LuaFunctionRef {
    /// Where the function was written, as Lua's own messages spell a place:
    /// `Mods/x/mod.lua:12` (the file as its chunk was named, the line of its `function`
    /// keyword; `:0` for a main chunk). `nil` for a C function.
    ///
    /// Hosts name it when what a function *returned* is wrong: no line of the function is
    /// running then, so its definition is the place to look.
    ///
    /// - Complexity: O(1); reads no metamethod and runs no Lua code.
    public var definition: String? {
        let L = state.L
        return LuaStackGuard.withStack(L, reservingOrStopping: 2) { _ -> String? in
            lua_rawgeti(L, hj_registryindex(), lua_Integer(reference))
            guard lua_type(L, -1) == LUA_TFUNCTION else { return nil }
            var info = lua_Debug()
            guard lua_getinfo(L, ">S", &info) != 0, info.what.map({ String(cString: $0) }) != "C" else { return nil }
            let file = withUnsafeBytes(of: &info.short_src) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            return "\(file):\(info.linedefined)"
        }
    }
}
