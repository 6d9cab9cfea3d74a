/// Why a call into Lua failed. Every failure of a mod arrives as one of these; none of them
/// means the host is damaged: the state can be called again (or closed, if the mod is
/// disabled).
public enum LuaError: Error, Equatable, CustomStringConvertible {
    /// The chunk did not compile (or was a binary chunk).
    case syntax(String)
    /// The script raised an error. `message` never came from a metamethod: non-string error
    /// objects are reported as "(error object is a T value)" (L-31).
    case runtime(message: String, traceback: String)
    /// The memory cap was hit. Lua gives no traceback for this (L-27).
    case memory
    /// The instruction budget of the call ran out (L-17, L-18).
    case budgetExceeded(traceback: String)
    /// A value crossing the boundary was not acceptable (wrong type, NaN key, a number out
    /// of range, …): a conversion between Lua and Swift failed.
    case conversion(String)
    /// The Lua stack could not grow by the slots an entry point needs
    /// (``LuaStackGuard/exhausted``).
    case stackExhausted
    /// An entry point popped below the stack top it was given: a bug in the host, never
    /// the script's doing. Debug builds stop at it; release builds fail the call with this
    /// error, the top put back (``LuaStackGuard``).
    case stackUnbalanced(expectedTop: Int, foundTop: Int)

    /// A one-line reason, suitable for "mod disabled: …".
    public var description: String {
        switch self {
        case .syntax(let message): "syntax error: \(message)"
        case .runtime(let message, _): "runtime error: \(message)"
        case .memory: "not enough memory (memory budget exceeded)"
        case .budgetExceeded: "instruction budget exceeded"
        case .conversion(let message): "bad value: \(message)"
        case .stackExhausted: LuaStackGuard.exhausted
        case .stackUnbalanced(let expected, let found):
            "Lua stack unbalanced: an entry point left the top at \(found), below its \(expected) (a bug in the host)"
        }
    }

    /// The Lua traceback, when there is one.
    public var traceback: String? {
        switch self {
        case .runtime(_, let traceback), .budgetExceeded(let traceback): traceback
        default: nil
        }
    }
}

/// An error a host function reports to the calling script. The trampoline raises it as a
/// Lua error (prefixed with the script position) after the Swift frame has returned.
public struct LuaHostError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The message the script sees.
    public var message: String
    /// Creates an error with a message.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
