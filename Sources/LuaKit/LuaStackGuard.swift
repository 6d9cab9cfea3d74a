import CLua
import CLuaShim

/// The one stack guard of LuaKit: every entry point that pushes onto a Lua stack goes
/// through ``withStack(_:reserving:_:)``. It reserves the slots the entry point needs
/// (`lua_checkstack`) and puts the top back where it found it on every way out (L-33).
///
/// When Lua cannot grow the stack there is one answer, "Lua stack exhausted": an entry
/// point that throws throws it as ``LuaError/badValue(_:)``; a host function's call fails
/// with it as a Lua error the mod can catch (``LuaArguments``); the few non-throwing set-up
/// calls (globals, tables and functions the host makes at host level, where the stack is
/// nearly empty and only a failed allocation can refuse) stop with it.
///
/// ```swift
/// try LuaStackGuard.withStack(L, reserving: 4) { top in
///     lua_rawgeti(L, hj_registryindex(), reference)   // popped on the way out
/// }
/// ```
enum LuaStackGuard {
    /// The one message for a stack that cannot grow.
    static let exhausted = "Lua stack exhausted"

    /// Runs `body` with `slots` reserved on `L`'s stack and the top it started from;
    /// restores that top after. Throws ``LuaError/badValue(_:)`` if Lua cannot reserve.
    @inline(__always)
    static func withStack<R>(_ L: OpaquePointer, reserving slots: Int,
                             _ body: (_ top: Int32) throws(LuaError) -> R) throws(LuaError) -> R {
        let top = lua_gettop(L)
        guard reserve(L, slots) else { throw .badValue(exhausted) }
        defer { lua_settop(L, top) }
        return try body(top)
    }

    /// ``withStack(_:reserving:_:)`` for the non-throwing set-up calls: stops the process
    /// with the same message if Lua cannot reserve.
    @inline(__always)
    static func withStack<R>(_ L: OpaquePointer, reservingOrStopping slots: Int, _ body: (_ top: Int32) -> R) -> R {
        let top = lua_gettop(L)
        precondition(reserve(L, slots), exhausted)
        defer { lua_settop(L, top) }
        return body(top)
    }

    /// Whether `slots` more values fit on `L`'s stack (growing it if needed): the one
    /// `lua_checkstack` of LuaKit.
    @inline(__always)
    static func reserve(_ L: OpaquePointer, _ slots: Int) -> Bool {
        slots <= 0 || lua_checkstack(L, Int32(clamping: slots)) != 0
    }

    /// Drops everything above `top`: a failed host function makes room for its message.
    static func reset(_ L: OpaquePointer, to top: Int32) { lua_settop(L, top) }
}
