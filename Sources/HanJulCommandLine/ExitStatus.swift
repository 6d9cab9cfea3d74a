/// The exit statuses every `hanjul` command uses.
public enum ExitStatus: Int32, Sendable {
    case success = 0
    /// A command failed for a reason other than its input (a file could not be written).
    case failure = 1
    /// The command line or an input it names is malformed.
    case usage = 2
    /// A mod failed while loading or during the game.
    case modError = 3
    /// The watchdog (RELIABILITY L-24) caught a mod call that did not return within its
    /// wall-clock limit: the terminal was restored, the mod quarantined, one line printed,
    /// and the process left with `_exit(4)` (a stuck C call cannot be unwound safely).
    case modHung = 4

    public var code: Int32 { rawValue }
}
