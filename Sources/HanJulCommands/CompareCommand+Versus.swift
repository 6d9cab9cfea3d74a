import HanJulCommandLine
import HanJulSim
import HanJulSweep

/// `hanjul compare --versus A:B --a X --b Y`: the same bot-against-bot matches under two
/// rule sets (attack tables), on the same seeds (VersusComparison).
extension CompareCommand {
    static let versus = Option("--versus", value: "A:B",
                               help: "compare two attack tables instead of single games: bot A against bot B (as sim --versus) under --a and "
                                   + "under --b on the same seeds; says which is more decisive (the winner's margin in lines, the match length)")

    static func runVersus(_ arguments: Arguments, pair: String, a: String, b: String) throws(UsageError) -> ExitStatus {
        for option in sideOptions + [SimOptions.bot, svg, figures] where arguments.value(option) != nil {
            throw UsageError("--versus does not take \(option.name): give the bots as --versus A:B")
        }
        if arguments.flag(SimOptions.progress) { throw UsageError("--versus does not take --progress (yet)") }
        if arguments.value(SimOptions.shard) != nil { throw UsageError("--versus does not take --shard in compare") }
        let mods = try ModOptions(arguments, ids: false)
        let request = try SimOptions.Request.read(arguments)
        let options = try request.resolve()
        let halves = pair.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard halves.count == 2 else { throw UsageError("--versus \(CommandLineText.quoted(pair)): give two bots as A:B, e.g. eltetris:attack") }
        let botA = try SimOptions.parseBot(halves[0], option: "--versus"), botB = try SimOptions.parseBot(halves[1], option: "--versus")
        var pace = VersusConfig.defaultPiecesPerSecond
        if let given = request.pps {
            guard let given else { throw UsageError("--versus needs a pace: --pps 0 (no pace) has no match clock") }
            pace = given
        }
        var config = VersusConfig(cap: options.config.cap)
        var bot = options.config.bot
        (bot.kind, bot.plain) = botA
        config.a = VersusSide(bot: bot, piecesPerSecond: pace)
        (bot.kind, bot.plain) = botB
        config.b = VersusSide(bot: bot, piecesPerSecond: pace)
        let specA: VersusSpec, specB: VersusSpec
        switch (SimCommand.versusSpec(words(a), catalog: mods.catalog), SimCommand.versusSpec(words(b), catalog: mods.catalog)) {
        case (.success(let loadedA), .success(let loadedB)):
            specA = loadedA
            specB = loadedB
        case (.failure(let error), _), (_, .failure(let error)):
            StandardError.write("hanjul compare: \(error)")
            return .loading(error)
        }
        var recordsA: [MatchRecord] = [], recordsB: [MatchRecord] = []
        try sweep { () throws(SweepError) in
            try VersusPool.play(specA, seeds: options.seeds, config: config, workers: options.workers) { recordsA.append($0) }
            try VersusPool.play(specB, seeds: options.seeds, config: config, workers: options.workers) { recordsB.append($0) }
        }
        let comparison = VersusComparison(bots: pair, seeds: options.seeds, names: (specA.name, specB.name), a: recordsA, b: recordsB)
        if arguments.flag(json) {
            Report(toStandardError: false).line(try sweep { () throws(SweepError) in try JSONLines.text(comparison, pretty: true) }, data: true)
        } else {
            Report(toStandardError: false).line(comparison.text)
        }
        return recordsA.contains { $0.result == .error } || recordsB.contains { $0.result == .error } ? .modError : .success
    }
}
