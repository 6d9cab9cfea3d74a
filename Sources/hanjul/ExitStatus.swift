/// The exit statuses every `hanjul` command uses.
enum ExitStatus: Int32 {
    case success = 0
    /// A command failed for a reason other than its input (a file could not be written).
    case failure = 1
    /// The command line or an input it names is malformed.
    case usage = 2
    /// A mod failed while loading or during the game.
    case modError = 3

    var code: Int32 { rawValue }
}
