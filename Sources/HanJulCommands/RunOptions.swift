import HanJulCommandLine

/// `hanjul run`'s options, read (`init`) and checked together (`validate`). The script is
/// read, and the seed and piece letters parsed, once the rules are known (`RunCommand.play`).
struct RunOptions {
    var seed: String?
    var pieces: String?
    var script: String?
    var scriptFile: String?
    var json: Bool
    var replayPath: String?
    var mods: ModOptions
    var start: RunCommand.StartOptions

    init(_ arguments: Arguments) throws(UsageError) {
        seed = arguments.value(RunCommand.seed)
        pieces = arguments.value(RunCommand.pieces)
        script = arguments.value(RunCommand.actions)
        scriptFile = arguments.value(RunCommand.actionsFile)
        json = arguments.flag(RunCommand.json)
        replayPath = arguments.value(RunCommand.saveReplay)
        mods = try ModOptions(arguments)
        start = try RunCommand.StartOptions(arguments)
    }

    /// The options that cannot go together. `--actions` and `--actions-file` are checked when
    /// the script is read, after the seed and the board, so a bad seed is reported first.
    func validate() throws(UsageError) {
        if !start.isStandard, replayPath != nil {
            throw UsageError("--save-replay cannot hold a start other than an empty board at level 1 yet; leave out --board, --level and --lines to record")
        }
        switch (seed, pieces) {
        case (nil, nil): throw UsageError("give --seed N or --pieces LETTERS")
        case (_?, _?): throw UsageError("give --seed or --pieces, not both")
        default: break
        }
    }
}
