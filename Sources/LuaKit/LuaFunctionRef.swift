/// A Lua function kept alive in the registry of its ``LuaState``, ready to be called with
/// ``LuaState/call(_:_:)-(LuaFunctionRef,[LuaValue])`` or the fast
/// ``LuaState/call(_:_:)-(LuaFunctionRef,Int)``.
///
/// The reference keeps its state alive; it is released when the last copy goes away.
/// Use it only with the state that made it, on that state's thread.
public final class LuaFunctionRef {
    /// The owning state.
    public let state: LuaState
    let reference: Int32

    init(state: LuaState, reference: Int32) {
        self.state = state
        self.reference = reference
    }

    deinit { state.releaseReference(reference) }
}
