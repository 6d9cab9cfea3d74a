import CLua
import CLuaShim

/// One state for many runs of the same code (a mod played game after game): the globals
/// are recorded once before any of that code runs, and every later run gets a new copy of
/// them (`CLuaShim/reset.c` says exactly what is put back and what is not).
///
/// ```swift
/// try state.keepGlobals()                        // after the host's own set-up
/// let chunk = try state.load(bytes: source, chunkName: "@mod.lua")
/// _ = try state.call(chunk, [])                  // first run, in the original globals
/// try state.freshGlobals()                       // later runs: a copy of the record
/// try state.rebindEnvironment(of: chunk)
/// _ = try state.call(chunk, [])
/// ```
extension LuaState {
    /// Records the globals as they are now, out of the reach of Lua code. Call it once,
    /// after the host's set-up and before any code that should not outlive a run.
    public func keepGlobals() throws(LuaError) {
        let status = hj_keep_globals(ctx)
        if status != LUA_OK { throw status == LUA_ERRMEM ? .memory : .runtime(message: "cannot record the globals", traceback: "") }
    }

    /// Makes a new copy of the recorded globals the global table: what the last run changed
    /// (globals, library tables, `require`'s cache, `math.randomseed`) is out of reach.
    /// Chunks loaded before keep their own environment until `rebindEnvironment(of:)`.
    public func freshGlobals() throws(LuaError) {
        let status = hj_fresh_globals(ctx)
        if status != LUA_OK { throw status == LUA_ERRMEM ? .memory : .runtime(message: "cannot renew the globals", traceback: "") }
    }

    /// Points a main chunk's `_ENV` at the current global table, as loading it again would:
    /// calling it then runs the same code against the fresh globals, without parsing it again.
    /// - Throws: when `chunk` is not a main chunk (its first upvalue is not `_ENV`).
    public func rebindEnvironment(of chunk: LuaFunctionRef) throws(LuaError) {
        precondition(chunk.state === self, "function from another LuaState")
        try LuaStackGuard.withStack(L, reserving: 4) { _ throws(LuaError) in
            lua_rawgeti(L, hj_registryindex(), lua_Integer(chunk.reference))
            guard let name = lua_getupvalue(L, -1, 1), String(cString: name) == "_ENV" else {
                throw .runtime(message: "not a main chunk: its first upvalue is not _ENV", traceback: "")
            }
            hj_pop(L, 1)
            lua_rawgeti(L, hj_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
            _ = lua_setupvalue(L, -2, 1)
        }
    }

    /// A deep copy of `table` (every table reachable from it, metatables included; functions
    /// and other values shared), made as host work.
    public func deepCopy(_ table: LuaTableRef) throws(LuaError) -> LuaTableRef {
        precondition(table.state === self, "table from another LuaState")
        return try LuaStackGuard.withStack(L, reserving: 8) { _ throws(LuaError) in
            lua_rawgeti(L, hj_registryindex(), lua_Integer(table.reference))
            let status = hj_copy_table_protected(ctx)
            if status != LUA_OK { throw status == LUA_ERRMEM ? .memory : .runtime(message: "cannot copy a table", traceback: "") }
            return LuaTableRef(state: self, reference: luaL_ref(L, hj_registryindex()))
        }
    }

    /// Records, right after a main chunk ran, what Lua code can reach (the globals,
    /// `require`'s cache, the string metatable, and `tables` and `functions`, the values the
    /// host hands it): every table's contents and metatable, every function's upvalues.
    /// `restore()` puts them back in place.
    /// - Throws: when a coroutine or userdata is reachable, or objects nest too deep: then
    ///   the state cannot be put back this way (renew the globals and run the chunk again).
    public func snapshot(tables: [LuaTableRef], functions: [LuaFunctionRef]) throws(LuaError) {
        try LuaStackGuard.withStack(L, reserving: tables.count + functions.count + 4) { _ throws(LuaError) in
            for table in tables {
                precondition(table.state === self, "table from another LuaState")
                lua_rawgeti(L, hj_registryindex(), lua_Integer(table.reference))
            }
            for function in functions {
                precondition(function.state === self, "function from another LuaState")
                lua_rawgeti(L, hj_registryindex(), lua_Integer(function.reference))
            }
            let status = hj_snapshot_state(ctx, Int32(tables.count + functions.count))
            if status != LUA_OK { throw status == LUA_ERRMEM ? .memory : .runtime(message: "cannot take a snapshot", traceback: "") }
        }
    }

    /// Puts back in place what `snapshot` recorded (only the tables and upvalues that
    /// changed), with `math.randomseed`'s generator, `collectgarbage("stop")` and a pending
    /// warning as they were then.
    public func restore() throws(LuaError) {
        let status = hj_restore_state(ctx)
        if status != LUA_OK { throw status == LUA_ERRMEM ? .memory : .runtime(message: "cannot restore the snapshot", traceback: "") }
    }

    /// How `restore` tells a table is unchanged: the snapshot's tables it holds an image of
    /// (their bytes, compared with memcmp; CLuaShim/image.c), and those the last restore had
    /// to walk through the API because their bytes differed (or they have no image).
    public var snapshotImages: (taken: Int, walkedLastRestore: Int) {
        (Int(hj_images_taken(ctx)), Int(hj_tables_walked(ctx)))
    }
}
