import HanJulMods
import HanJulCommandLine
import HanJulSweep

extension ExitStatus {
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
