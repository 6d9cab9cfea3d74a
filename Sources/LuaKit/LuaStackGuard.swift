import CLua
import CLuaShim

/// The one stack guard of LuaKit: every entry point that pushes onto a Lua stack goes
/// through ``withStack(_:reserving:_:)``. It reserves the slots the entry point needs
/// (`lua_checkstack`) and puts the top back where it found it on every way out (L-33).
///
/// When Lua cannot grow the stack there is one answer, "Lua stack exhausted": an entry
/// point that throws throws ``LuaError/stackExhausted``; a host function's call fails
/// with it as a Lua error the mod can catch (``LuaArguments``); the few non-throwing set-up
/// calls (globals, tables and functions the host makes at host level, where the stack is
/// nearly empty and only a failed allocation can refuse) stop with it.
///
/// The guard also checks the balance: a body may leave values above its top (they are
/// dropped), but one that popped below it took what belonged to its caller. That is a
/// bug in LuaKit, so debug builds stop at once, naming both tops; release builds put the
/// top back and fail the call with ``LuaError/stackUnbalanced(expectedTop:foundTop:)``
/// (mlua panics there; a player's game should rather lose one hook call).
///
/// ```swift
/// try LuaStackGuard.withStack(L, reserving: 4) { top in
///     lua_rawgeti(L, hj_registryindex(), reference)   // popped on the way out
/// }
/// ```
enum LuaStackGuard {
    /// The one message for a stack that cannot grow.
    static let exhausted = "Lua stack exhausted"

#if DEBUG
    /// Whether an unbalanced body stops the process (debug builds) or fails its call.
    static let stopsWhenUnbalanced = true
#else
    static let stopsWhenUnbalanced = false
#endif

    /// Runs `body` with `slots` reserved on `L`'s stack and the top it started from;
    /// restores that top after. Throws ``LuaError/stackExhausted`` if Lua cannot reserve,
    /// and ``LuaError/stackUnbalanced(expectedTop:foundTop:)`` if `body` popped below its
    /// top (unless `stopping`, the default in debug builds: then the process stops).
    @inline(__always)
    static func withStack<R>(_ L: OpaquePointer, reserving slots: Int,
                             stoppingWhenUnbalanced stopping: Bool = stopsWhenUnbalanced,
                             _ body: (_ top: Int32) throws(LuaError) -> R) throws(LuaError) -> R {
        let top = lua_gettop(L)
        guard reserve(L, slots) else { throw .stackExhausted }
        let result: R
        do {
            result = try body(top)
        } catch {
            // An unbalanced stack is the host's bug and outranks the body's own error.
            try restore(L, to: top, stopping: stopping)
            throw error
        }
        try restore(L, to: top, stopping: stopping)
        return result
    }

    /// ``withStack(_:reserving:_:)`` for the non-throwing set-up calls: stops the process
    /// with the same message if Lua cannot reserve, or if `body` popped below its top.
    @inline(__always)
    static func withStack<R>(_ L: OpaquePointer, reservingOrStopping slots: Int, _ body: (_ top: Int32) -> R) -> R {
        let top = lua_gettop(L)
        precondition(reserve(L, slots), exhausted)
        let result = body(top)
        do throws(LuaError) {
            try restore(L, to: top, stopping: true)
        } catch {
            preconditionFailure(error.description)
        }
        return result
    }

    /// Puts `L`'s top back at `top`: drops what the body left, and checks it popped
    /// nothing below.
    @inline(__always)
    static func restore(_ L: OpaquePointer, to top: Int32, stopping: Bool) throws(LuaError) {
        let found = lua_gettop(L)
        lua_settop(L, top)
        guard found >= top else {
            let error = LuaError.stackUnbalanced(expectedTop: Int(top), foundTop: Int(found))
            precondition(!stopping, error.description)
            throw error
        }
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
