/// The budgets of one ``LuaState``.
///
/// Both are deterministic: memory is counted by the state's allocator and instructions by
/// Lua's count hook, so a replay of the same game hits a limit at the same point.
///
/// ```swift
/// let state = try LuaState(limits: LuaLimits(memoryBytes: 16 << 20, instructionsPerCall: 1_000_000))
/// ```
public struct LuaLimits: Sendable, Equatable {
    /// The most bytes the state may hold while mod code runs (RELIABILITY L-25, L-29 b).
    /// Host code (host functions, loading, value conversion) may exceed it; the mod's next
    /// allocation then fails.
    public var memoryBytes: Int
    /// Lua VM instructions allowed per outermost call from the host, re-armed on every call.
    /// The budget is checked every ``hookInterval`` instructions.
    public var instructionsPerCall: Int
    /// How many instructions run between two count-hook checks (precision of the budget).
    public var hookInterval: Int

    /// Creates limits; the defaults suit one rule mod.
    public init(memoryBytes: Int = 32 << 20, instructionsPerCall: Int = 10_000_000, hookInterval: Int = 1000) {
        self.memoryBytes = memoryBytes
        self.instructionsPerCall = instructionsPerCall
        self.hookInterval = hookInterval
    }
}
