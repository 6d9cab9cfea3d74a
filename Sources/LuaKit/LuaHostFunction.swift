/// A Swift function scripts can call.
///
/// Read the arguments and push the results through the ``LuaArguments`` view, then return
/// the number of results pushed. To fail, throw (a ``LuaHostError`` gives its message; any
/// other error is described with `String(describing:)`): the C trampoline raises it
/// as a Lua error, with the script position, after this Swift frame has returned
/// (ARCHITECTURE law 2). The memory cap is relaxed while it runs (L-29 b).
///
/// A host function must not store the view, and must not call back into the state with
/// methods that run Lua (``LuaState/call(_:_:)-(LuaFunctionRef,[LuaValue])``): the call may
/// come from inside a coroutine.
///
/// ```swift
/// state.register("clamp") { args in
///     let x = try args.integer(1)
///     args.push(min(max(x, 0), 9))
///     return 1
/// }
/// ```
public typealias LuaHostFunction = (LuaArguments) throws -> Int
