import HanJulMods
import HanJulCommandLine
import HanJulSweep

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

    /// The status for mods named on the command line that could not be loaded: an id found
    /// in no mod folder is a usage error (2), like any other unknown name on the command
    /// line; a mod that was found but fails to load is the mod's failure (3).
    static func loading(_ error: ModLoadError) -> ExitStatus {
        if case .notFound = error { return .usage }
        return .modError
    }
}

/// Runs a call into the sweep library, its error shown as the command's own.
func sweep<T>(_ body: () throws(SweepError) -> T) throws(UsageError) -> T {
    do { return try body() } catch { throw UsageError(error) }
}

extension UsageError {
    /// A sweep file's error, shown as the command's own.
    init(_ error: SweepError) {
        self.init(error.message)
    }
}
