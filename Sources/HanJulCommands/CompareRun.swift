import HanJulBot
import HanJulCommandLine
import HanJulSim
import HanJulSweep

/// `hanjul compare`'s options, read (`init`) and checked together (`validate`).
struct CompareRun {
    var a: String
    var b: String
    var mods: ModOptions
    var options: SimOptions
    var configA: SimulationConfig
    var configB: SimulationConfig
    var json: Bool
    var svg: String?
    var svgDir: String?
    var showProgress: Bool
    var quiet: Bool
    var selection: ComparisonChart.Selection?
    /// A shared bot option given with both sides' own (`--noise` with `--a-noise` and `--b-noise`): it would name neither side's.
    var overruled: (both: Option, given: String, a: Option, b: Option)?

    init(_ arguments: Arguments) throws(UsageError) {
        (a, b) = try Self.sides(arguments)
        mods = try ModOptions(arguments, ids: false)
        options = try SimOptions.read(arguments)
        let pairs: [(Option, Option, Option)] = [(SimOptions.bot, CompareCommand.aBot, CompareCommand.bBot), (SimOptions.noise, CompareCommand.aNoise, CompareCommand.bNoise),
                                                 (SimOptions.search, CompareCommand.aSearch, CompareCommand.bSearch),
                                                 (SimOptions.lookahead, CompareCommand.aLookahead, CompareCommand.bLookahead)]
        for (both, a, b) in pairs {
            if overruled == nil, let given = arguments.value(both), arguments.value(a) != nil, arguments.value(b) != nil { overruled = (both, given, a, b) }
        }
        (configA, configB) = try CompareCommand.sideConfigs(arguments, shared: options.config)
        json = arguments.flag(CompareCommand.json)
        svg = arguments.value(CompareCommand.svg)
        svgDir = arguments.value(CompareCommand.svgDir)
        showProgress = arguments.flag(SimOptions.progress)
        if let figureList = arguments.value(CompareCommand.figures) {
            switch ComparisonChart.Selection.parse(figureList, maxClear: 4) {
            case .success(let chosen): selection = chosen
            case .failure(let error):
                let what = error.unknown.isEmpty ? "names nothing to draw" : "has no figure " + error.unknown.map(CommandLineText.quoted).joined(separator: ", ")
                throw UsageError("--figures \(what); use \(error.known.joined(separator: ", "))")
            }
        }
        quiet = arguments.flag(ProgressBar.quiet)
    }

    /// `--a` and `--b`, which every comparison needs.
    static func sides(_ arguments: Arguments) throws(UsageError) -> (a: String, b: String) {
        guard let a = arguments.value(CompareCommand.a) else { throw UsageError("give --a \"MODS\" (the rule set to compare against)") }
        guard let b = arguments.value(CompareCommand.b) else { throw UsageError("give --b \"MODS\" (the variant)") }
        return (a, b)
    }

    /// Whether the bots are asked for (`--bot list`, `--a-bot list`, `--b-bot list`), not a comparison.
    static func asksForBotList(_ arguments: Arguments) -> Bool {
        SimOptions.asksForBotList(arguments) || [CompareCommand.aBot, CompareCommand.bBot].contains(where: { arguments.value($0) == "list" })
    }

    /// The options that cannot go together.
    func validate() throws(UsageError) {
        if let (both, given, a, b) = overruled {
            throw UsageError("\(both.name) \(CommandLineText.quoted(given)) sets both sides, but \(a.name) and \(b.name) set each; "
                             + "give \(both.name) for both, or \(a.name) and \(b.name), or \(both.name) with one of them")
        }
        if showProgress && quiet { throw UsageError("give --progress or --quiet, not both") }
        if json && svg.map(StandardStreams.isStream) == true { throw UsageError("--json and --svg - both write to standard output; send one to a file") }
    }
}

/// `hanjul compare --versus A:B`'s options, read (`init`) and checked together (`validate`).
struct CompareVersusRun {
    var a: String
    var b: String
    var pair: String
    /// Options of single-game comparisons given with `--versus` (refused by `validate`).
    var singleGameOptions: [Option]
    var showProgress: Bool
    var shard: Bool
    var mods: ModOptions
    var options: SimOptions
    var config: VersusConfig
    var json: Bool

    init(_ arguments: Arguments, pair: String) throws(UsageError) {
        (a, b) = try CompareRun.sides(arguments)
        self.pair = pair
        singleGameOptions = (CompareCommand.sideOptions + [SimOptions.bot, CompareCommand.svg, CompareCommand.svgDir, CompareCommand.figures]).filter { arguments.value($0) != nil }
        showProgress = arguments.flag(SimOptions.progress)
        shard = arguments.value(SimOptions.shard) != nil
        mods = try ModOptions(arguments, ids: false)
        let request = try SimOptions.Request.read(arguments)
        options = try request.resolve()
        let halves = try SimOptions.splitPair(pair)
        let botA = try SimOptions.parseBot(halves.0, option: "--versus"), botB = try SimOptions.parseBot(halves.1, option: "--versus")
        var pace: Double?
        if let given = request.pps {
            guard let given else { throw UsageError("--versus needs a pace: --pps 0 (no pace) has no match clock") }
            pace = given
        }
        config = VersusConfig(cap: options.config.cap)
        for (index, choice) in [botA, botB].enumerated() {
            var bot = options.config.bot
            choice.apply(to: &bot)
            let side = VersusSide(bot: bot, piecesPerSecond: SimCommand.pace(pace, level: choice.level))
            if index == 0 { config.a = side } else { config.b = side }
        }
        json = arguments.flag(CompareCommand.json)
    }

    /// The options that cannot go together.
    func validate() throws(UsageError) {
        if let option = singleGameOptions.first { throw UsageError("--versus does not take \(option.name): give the bots as --versus A:B") }
        if showProgress { throw UsageError("--versus does not take --progress (yet)") }
        if shard { throw UsageError("--versus does not take --shard in compare") }
    }
}
