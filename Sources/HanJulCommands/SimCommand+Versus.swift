import HanJulBot
import HanJulCommandLine
import HanJulCore
import HanJulMods
import HanJulSim
import HanJulSweep

/// `hanjul sim --versus A:B`: seeded bot-against-bot matches (VersusMatch), summarised.
extension SimCommand {
    static let versus = Option("--versus", value: "A:B",
                               help: "play bot-against-bot matches instead of single games: bot A against bot B (each as --bot takes it), "
                                   + "each side at --pps (default 1), garbage by the mods' attack and garbage rules (Mods/versus); "
                                   + "reports A's win rate with a 95% interval, attack per piece, garbage received and match length")

    static func runVersus(_ arguments: Arguments, pair: String) throws(UsageError) -> ExitStatus {
        for (option, name) in [(SimOptions.bot, "--bot"), (jsonl, "--jsonl"), (resume, "--resume"), (summaryFile, "--summary"),
                               (saveReplays, "--save-replays"), (SimOptions.shard, "--shard")] where arguments.value(option) != nil {
            throw UsageError("--versus does not take \(name) (yet): give the bots as --versus A:B; matches are summarised only")
        }
        if arguments.flag(SimOptions.progress) { throw UsageError("--versus does not take --progress (yet)") }
        let halves = pair.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard halves.count == 2 else {
            throw UsageError("--versus \(CommandLineText.quoted(pair)): give two bots as A:B, e.g. eltetris:dellacherie")
        }
        let botA = try SimOptions.parseBot(halves[0], option: "--versus"), botB = try SimOptions.parseBot(halves[1], option: "--versus")
        let mods = try ModOptions(arguments)
        let request = try SimOptions.Request.read(arguments)
        let options = try request.resolve()
        var pace = VersusConfig.defaultPiecesPerSecond
        if let given = request.pps {
            guard let given else { throw UsageError("--versus needs a pace: --pps 0 (no pace) has no match clock") }
            pace = given
        }
        var config = VersusConfig(cap: options.config.cap)
        for (index, choice) in [botA, botB].enumerated() {
            var bot = options.config.bot
            bot.kind = choice.kind
            bot.plain = choice.plain
            let side = VersusSide(bot: bot, piecesPerSecond: pace)
            if index == 0 { config.a = side } else { config.b = side }
        }
        let spec: VersusSpec
        switch versusSpec(mods.ids, catalog: mods.catalog) {
        case .success(let loaded): spec = loaded
        case .failure(let error):
            StandardError.write("hanjul sim: \(error)")
            return .loading(error)
        }
        let tally = try sweep { () throws(SweepError) in
            try VersusPool.tally(spec, seeds: options.seeds, config: config, workers: options.workers)
        }
        let summary = VersusSummary(rules: spec.name, seeds: options.seeds, config: config,
                                    names: (halves[0], halves[1]), tally: tally)
        let json = arguments.flag(Self.json)
        Report(toStandardError: false)
            .line(json ? try sweep { () throws(SweepError) in try JSONLines.text(summary, pretty: true) } : summary.text, data: json)
        return tally.errors > 0 ? .modError : .success
    }

    /// The standard rules (no attack: nothing is ever sent) or the mods `ids`, with their
    /// `attack` hook and `garbage` table.
    static func versusSpec(_ ids: [String], catalog: ModCatalog) -> Result<VersusSpec, ModLoadError> {
        if ids.isEmpty { return .success(VersusSpec(name: "standard") { VersusRules(rules: StandardRules()) }) }
        do throws(ModLoadError) {
            let packages = try catalog.packages(ids)
            let quarantine = HangGuard.quarantine
            try catalog.refuseQuarantined(packages, quarantine: quarantine)
            let watchdog = HangGuard.watchdog(for: packages, quarantine: quarantine, command: "sim")
            _ = try catalog.rules(packages: packages, watchdog: watchdog)
            return .success(VersusSpec(name: ids.map { "mod:" + $0 }.joined(separator: "+")) {
                let rules = try catalog.rules(packages: packages, watchdog: watchdog)
                return VersusRules(rules: rules, garbage: rules.garbage ?? GarbageRules()) { state throws(RuleError) in
                    try rules.attack(after: state)
                }
            })
        } catch {
            return .failure(error)
        }
    }
}
