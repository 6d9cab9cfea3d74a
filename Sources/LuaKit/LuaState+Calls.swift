import CLua
import CLuaShim

extension LuaState {
    /// Loads a text chunk (mode "t"; a buffer starting with ESC is refused before Lua sees
    /// it: L-4). The chunk's environment is the sandbox. Memory used by the parser counts
    /// against the cap.
    ///
    /// - Parameters:
    ///   - bytes: the source text.
    ///   - chunkName: shown in messages; "@mod.lua" reads as `mod.lua:3:`. A name without a
    ///     leading "@" or "=" is used verbatim (prefixed with "=").
    /// - Returns: the compiled main function.
    /// - Throws: ``LuaError/syntax(_:)`` or ``LuaError/memory``.
    public func load(bytes: [UInt8], chunkName: String) throws(LuaError) -> LuaFunctionRef {
        try LuaStackGuard.withStack(L, reserving: 4) { _ throws(LuaError) in
            let name = chunkName.hasPrefix("@") || chunkName.hasPrefix("=") ? chunkName : "=" + chunkName
            let status = bytes.withUnsafeBufferPointer { buffer in
                hj_load(L, buffer.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                        buffer.count, name)
            }
            if status != LUA_OK { throw makeError(status: status) }
            return LuaFunctionRef(state: self, reference: luaL_ref(L, hj_registryindex()))
        }
    }

    /// ``load(bytes:chunkName:)`` for Swift text.
    public func load(_ source: String, chunkName: String) throws(LuaError) -> LuaFunctionRef {
        try load(bytes: Array(source.utf8), chunkName: chunkName)
    }

    /// Loads and runs a text chunk; returns all its results.
    public func run(_ source: String, chunkName: String = "=chunk") throws(LuaError) -> [LuaValue] {
        try call(load(source, chunkName: chunkName), [])
    }

    /// Calls a function under `lua_pcall` with the traceback handler and a freshly armed
    /// instruction budget; returns all results.
    ///
    /// - Complexity: O(arguments + results), plus the script's own work.
    public func call(_ function: LuaFunctionRef, _ arguments: [LuaValue]) throws(LuaError) -> [LuaValue] {
        precondition(function.state === self, "function from another LuaState")
        return try LuaStackGuard.withStack(L, reserving: arguments.count + 4) { top throws(LuaError) in
            lua_rawgeti(L, hj_registryindex(), lua_Integer(function.reference))
            for argument in arguments { push(L, argument) }
            let status = hj_pcall(L, Int32(arguments.count), LUA_MULTRET)
            if status != LUA_OK { throw makeError(status: status) }
            let count = lua_gettop(L) - top
            var results: [LuaValue] = []
            results.reserveCapacity(Int(count))
            for i in 0..<count { results.append(value(L, at: top + 1 + i)) }
            return results
        }
    }

    /// The fast path for hooks: one integer argument, the first result.
    ///
    /// ```swift
    /// let points = try state.call(scoring, linesCleared).integerValue ?? 0
    /// ```
    public func call(_ function: LuaFunctionRef, _ argument: Int) throws(LuaError) -> LuaValue {
        precondition(function.state === self, "function from another LuaState")
        return try LuaStackGuard.withStack(L, reserving: 4) { _ throws(LuaError) in
            lua_rawgeti(L, hj_registryindex(), lua_Integer(function.reference))
            lua_pushinteger(L, lua_Integer(argument))
            let status = hj_pcall(L, 1, 1)
            if status != LUA_OK { throw makeError(status: status) }
            return value(L, at: -1)
        }
    }

    /// The general allocation-free path: `push` pushes the arguments through a
    /// ``LuaArguments`` view, `read` reads up to `resultCount` results (an error it throws becomes
    /// ``LuaError/conversion(_:)``) (index 1 is the first
    /// result; missing results read as nil). Nothing is copied into ``LuaValue`` unless
    /// `read` asks for it.
    ///
    /// ```swift
    /// let total = try state.call(onLock, resultCount: 1,
    ///     push: { $0.push(game); $0.push(row) },
    ///     read: { try $0.integer(1) })
    /// ```
    // Pre-specialised for the result types hooks use on every piece (an integer, or none):
    // callers in other modules would otherwise run this generic body unspecialised, with
    // runtime metadata lookups and value-witness copies on each call.
    @_specialize(exported: true, where R == Int)
    @_specialize(exported: true, where R == Void)
    public func call<R>(
        _ function: LuaFunctionRef,
        resultCount: Int,
        push: (LuaArguments) -> Void,
        read: (LuaArguments) throws -> R
    ) throws(LuaError) -> R {
        precondition(function.state === self, "function from another LuaState")
        return try LuaStackGuard.withStack(L, reserving: resultCount + 8) { top throws(LuaError) in
            // The message handler goes in first, below the function (hooks run every piece:
            // this spares hj_pcall moving it in and out with two stack rotations). The
            // guard drops it with the results on the way out.
            hj_push_handler(L)
            lua_rawgeti(L, hj_registryindex(), lua_Integer(function.reference))
            let view = LuaArguments(state: self, L: L, base: top + 2, functionName: "result")
            // A push that finds no room (LuaArguments) fails the call with the guard's error.
            let outer = stackExhausted
            stackExhausted = false
            push(view)
            let exhausted = stackExhausted
            stackExhausted = outer
            if exhausted { throw .stackExhausted }
            let status = hj_pcall_handled(L, lua_gettop(L) - top - 2, Int32(clamping: resultCount))
            if status != LUA_OK { throw makeError(status: status) }
            let results = LuaArguments(state: self, L: L, base: top + 1, functionName: "result")
            do {
                return try read(results)
            } catch {
                throw .conversion((error as? LuaHostError)?.message ?? String(describing: error))
            }
        }
    }
}
