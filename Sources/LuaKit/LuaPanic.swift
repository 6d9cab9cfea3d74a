import CLuaShim

/// The last line of defence: Lua's panic handler (an error outside any protected call,
/// which LuaKit's design should make impossible).
public enum LuaPanic {
    /// Registers a C function the panic handler calls before it writes one line to stderr and
    /// calls `abort()`: restore the terminal here. It must be async-signal-safe in spirit
    /// (`write`, `tcsetattr`). Pass nil to remove it.
    public static func setEmergencyHandler(_ handler: (@convention(c) () -> Void)?) {
        hj_set_emergency(handler)
    }
}
