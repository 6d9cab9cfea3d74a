import CLua
import CLuaShim

extension LuaState {
    /// A Lua function value that calls `function`. Dispatch goes through an integer id kept
    /// as the closure's upvalue.
    public func makeFunction(name: String, _ function: @escaping LuaHostFunction) -> LuaFunctionRef {
        LuaStackGuard.withStack(L, reservingOrStopping: 4) { _ in
            hj_push_host_function(L, Int32(hostFunctions.count))
            hostFunctions.append((name, function))
            return LuaFunctionRef(state: self, reference: luaL_ref(L, hj_registryindex()))
        }
    }

    /// Makes `function` a global named `name`.
    public func register(_ name: String, _ function: @escaping LuaHostFunction) {
        setGlobal(name, .function(makeFunction(name: name, function)))
    }

    /// A read-only object for scripts (L-9): an empty proxy table whose metatable has
    /// `__index` = a table of `methods` and `fields`, a `__newindex` that raises, and
    /// `__metatable = "locked"`, so `getmetatable(obj)` does not reveal the methods table and
    /// `rawset(obj, k, v)` only writes into the empty proxy. Methods are called as
    /// `obj:method(...)` (argument 1 is the object) or `obj.method(...)`.
    ///
    /// ```swift
    /// let game = state.makeObject(name: "game", methods: [
    ///     "width": { args in args.push(10); return 1 },
    /// ])
    /// state.setGlobal("game", .table(game))
    /// ```
    public func makeObject(
        name: String,
        methods: [String: LuaHostFunction],
        fields: [String: LuaValue] = [:]
    ) -> LuaTableRef {
        LuaStackGuard.withStack(L, reservingOrStopping: 6) { _ in
            lua_createtable(L, 0, Int32(clamping: methods.count + fields.count))
            for key in methods.keys.sorted() {
                pushText(L, key)
                hj_push_host_function(L, Int32(hostFunctions.count))
                hostFunctions.append((name + "." + key, methods[key]!))
                lua_rawset(L, -3)
            }
            for key in fields.keys.sorted() {
                pushText(L, key)
                push(L, fields[key]!)
                lua_rawset(L, -3)
            }
            hj_make_proxy(L)
            return LuaTableRef(state: self, reference: luaL_ref(L, hj_registryindex()))
        }
    }

    /// Called by the trampoline (through the C callback) on thread `L`.
    func dispatch(_ L: OpaquePointer, id: Int) -> Int32 {
        guard id >= 0, id < hostFunctions.count else {
            pushText(L, "unknown host function")
            return -1
        }
        let entry = hostFunctions[id]
        let arguments = LuaArguments(state: self, L: L, base: 0, functionName: entry.name)
        let before = lua_gettop(L)
        // A push that found no room (LuaArguments) fails the call with the guard's error.
        let outer = stackExhausted
        stackExhausted = false
        defer { stackExhausted = outer }
        do {
            let count = try entry.function(arguments)
            if stackExhausted { throw LuaHostError("\(entry.name): \(LuaStackGuard.exhausted)") }
            guard count >= 0, count <= Int(lua_gettop(L) - before) else {
                pushText(L, "host function '\(entry.name)' returned a bad result count")
                return -1
            }
            return Int32(count)
        } catch {
            // The message needs one slot: drop what the function pushed if there is none.
            if !LuaStackGuard.reserve(L, 1) { LuaStackGuard.reset(L, to: before) }
            pushText(L, (error as? LuaHostError)?.message ?? String(describing: error))
            return -1
        }
    }
}
