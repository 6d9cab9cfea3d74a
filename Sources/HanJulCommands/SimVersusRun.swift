import HanJulCommandLine
import HanJulSim

/// `hanjul sim --versus A:B`'s options (or `--resume` of a versus run's file), read (`init`)
/// and checked together (`validate`), as `SimRun` for single games.
struct SimVersusRun {
    var pair: String?
    /// Options of single-game runs given here (refused by `validate`).
    var singleGameOptions: [String]
    var showProgress: Bool
    var quiet: Bool
    var summaryPath: String?
    var json: Bool
    /// `--speed`: each side's search speed beside the figures.
    var speed: Bool
    var jsonl: String?
    var resume: String?
    var mods: ModOptions
    var request: SimOptions.Request

    init(_ arguments: Arguments, pair: String?) throws(UsageError) {
        self.pair = pair
        singleGameOptions = [(SimOptions.bot, "--bot"), (SimCommand.saveReplays, "--save-replays")]
            .filter { arguments.value($0.0) != nil }.map(\.1)
        showProgress = arguments.flag(SimOptions.progress)
        quiet = arguments.flag(ProgressBar.quiet)
        summaryPath = arguments.value(SimCommand.summaryFile)
        json = arguments.flag(SimCommand.json)
        speed = arguments.flag(SimCommand.speed)
        jsonl = arguments.value(SimCommand.jsonl)
        resume = arguments.value(SimCommand.resume)
        mods = try ModOptions(arguments)
        request = try SimOptions.Request.read(arguments)
    }

    /// The options that cannot go together.
    func validate() throws(UsageError) {
        if let name = singleGameOptions.first { throw UsageError("--versus does not take \(name) (yet): give the bots as --versus A:B") }
        if showProgress && quiet { throw UsageError("give --progress or --quiet, not both") }
        if summaryPath.map(StandardStreams.isStream) == true {
            throw UsageError("--summary needs a file: standard output has the summary for people (or the matches, with --jsonl -)")
        }
        if json && jsonl != nil { throw UsageError("give --json or --jsonl FILE, not both") }
        if jsonl != nil && resume != nil { throw UsageError("give --jsonl FILE to start a run or --resume FILE to finish one, not both") }
        if resume.map(StandardStreams.isStream) == true { throw UsageError("--resume needs the run's file; standard input or output cannot be resumed") }
    }
}
