#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HanJulBot
import HanJulCommandLine
import HanJulCore
import HanJulFiles
import HanJulSim
import HanJulSweep
import HanJulText

/// `hanjul compare --a "MODS" --b "MODS"`: both rule sets on the same seeds, compared.
enum CompareCommand {
    /// Seeds played per side before pairing (each block's records are all that is kept).
    static let blockSize = 50_000

    static let a = Option("--a", value: "MODS", help: "the rule set to compare against: mod ids separated by spaces or commas (\"\": the built-in rules; standard: the mod standard, the same rules in Lua)")
    static let b = Option("--b", value: "MODS", help: "the variant, written like --a")
    static let aBot = Option("--a-bot", value: "NAME", kind: .choice(BotKind.allCases.map(\.rawValue)),
                             help: "A's bot, written like --bot (NAME or NAME,plain; default: --bot)")
    static let bBot = Option("--b-bot", value: "NAME", kind: .choice(BotKind.allCases.map(\.rawValue)),
                             help: "B's bot, written like --bot; e.g. --b-bot eltetris,plain compares today's bot with the one before 0.1.1")
    static let aNoise = Option("--a-noise", value: "X", help: "A's noise (default: --noise)")
    static let bNoise = Option("--b-noise", value: "X", help: "B's noise (default: --noise)")
    static let aSearch = Option("--a-search", value: "MODE", kind: .choice(["fast", "full"]), help: "A's search (default: --search)")
    static let bSearch = Option("--b-search", value: "MODE", kind: .choice(["fast", "full"]), help: "B's search (default: --search)")
    static let aLookahead = Option("--a-lookahead", value: "N", help: "A's lookahead (default: --lookahead)")
    static let bLookahead = Option("--b-lookahead", value: "N", help: "B's lookahead (default: --lookahead)")
    /// The per-side options: the bot of each side, defaulting to the shared ones.
    static let sideOptions = [aBot, bBot, aNoise, bNoise, aSearch, bSearch, aLookahead, bLookahead]
    static let json = Option.flag("--json", help: "print the comparison as JSON")
    static let svg = Option("--svg", value: "FILE", kind: .output,
                            help: "draw the comparison as an SVG chart: the survival curves and every figure's distributions, means and 95% CIs; "
                                + "with '-' the chart goes to standard output and the comparison to standard error")
    static let figures = Option("--figures", value: "LIST",
                                help: "what to draw, separated by commas: figure keys or names (scorePerPiece, pieces, holes, …) and survival "
                                    + "(default: everything in the chart; score/piece, pieces and mean height as text)")

    static let declaration = Command(
        "compare", summary: "play both rule sets on the same seeds and compare them",
        synopsis: ["--a \"MODS\" --b \"MODS\" " + SimOptions.usage
                   + " [--a-bot NAME] [--b-bot NAME] [--a-noise X] [--b-noise X] [--a-search MODE] [--b-search MODE] [--a-lookahead N] [--b-lookahead N]"
                   + " [--mods-dir DIR]... [--json] [--svg FILE] [--svg-dir DIR] [--figures LIST]",
                   "--versus A:B --a \"MODS\" --b \"MODS\" (--games N --seed S | --seeds A..B) [--cap PIECES] [--pps N] [--workers K] [--json]"],
        discussion: [
            "Reports the paired difference of each figure with its 95% confidence interval and a verdict, how long games "
                + "last on each side (Kaplan–Meier survival, as sparklines, with a log-rank test), and histograms of score "
                + "per piece, pieces and mean height. \"\" is the built-in rules; \"garbage zen\" is two mods applied in order.",
            "The bots may differ too: --bot, --noise, --search and --lookahead set both sides, --a-bot, --b-bot, "
                + "--a-noise, … one side each (the same rules with two bots measure the bot, not the rules).",
            "  hanjul compare --a \"\" --b garbage --games 300 --seed 1 --svg cmp.svg\n"
                + "  hanjul compare --a modern --b modern --b-bot eltetris,plain --games 40 --seed 1 --cap 1000\n"
                + "  hanjul compare --versus eltetris:attack --a versus --b duel --games 100 --seed 1",
        ],
        options: [a, b] + SimOptions.options + sideOptions + [ModOptions.modsDir, json, svg, svgDir, figures, versus],
        misplaced: ["--mod": "give the mods of each side in --a and --b, not --mod"])

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitStatus {
        if CompareRun.asksForBotList(arguments) {
            Report(toStandardError: false).line(SimOptions.botList)
            return .success
        }
        if let pair = arguments.value(versus) {
            let request = try CompareVersusRun(arguments, pair: pair)
            try request.validate()
            return try compareVersus(request)
        }
        let request = try CompareRun(arguments)
        try request.validate()
        return try compare(request)
    }

    /// Plays both rule sets a block of seeds at a time, and reports, draws or writes the comparison.
    static func compare(_ request: CompareRun) throws(UsageError) -> ExitStatus {
        let (a, b, mods, options, configA, configB) = (request.a, request.b, request.mods, request.options, request.configA, request.configB)
        let (json, svg, showProgress, quiet, selection) = (request.json, request.svg, request.showProgress, request.quiet, request.selection)
        let specA: RuleSetSpec, specB: RuleSetSpec
        switch (SimOptions.ruleSet(words(a), catalog: mods.catalog, command: "compare"),
              SimOptions.ruleSet(words(b), catalog: mods.catalog, command: "compare")) {
        case (.success(let loadedA), .success(let loadedB)):
            specA = loadedA
            specB = loadedB
        case (.failure(let error), _), (_, .failure(let error)):
            StandardError.write("hanjul compare: \(error)")
            return .loading(error)
        }

        if let svg, !StandardStreams.isStream(svg) {
            // Checked before the games are played, so a bad path costs nothing.
            do throws(FileError) { _ = try OutputFile.target(of: svg) } catch {
                throw UsageError("--svg: \(error)")
            }
        }
        if let folder = request.svgDir { try prepareFigureFolder(folder) }
        // Both sides are played a block of seeds at a time and counted pair by pair
        // (ComparisonTally), so memory stays that of one block whatever the number of games.
        var tally = ComparisonTally()
        let block = UInt64(Self.blockSize)
        var start = options.seeds.lowerBound
        while true {
            let end = options.seeds.upperBound - start < block ? options.seeds.upperBound : start + block - 1
            let seeds = start...end
            let whole = seeds == options.seeds
            let label: (String) -> String = { whole ? $0 : "\($0) (seeds \(seeds.lowerBound)…\(seeds.upperBound))" }
            let recordsA = try sweep { () throws(SweepError) in try OrderedRun.records(specA, seeds: seeds, config: options.config(for: specA, configA), workers: options.workers,
                                                   progress: ProgressBar.make(total: seeds.count, label: label("A " + specA.name), lines: showProgress, quiet: quiet)) }
            let recordsB = try sweep { () throws(SweepError) in try OrderedRun.records(specB, seeds: seeds, config: options.config(for: specB, configB), workers: options.workers,
                                                   progress: ProgressBar.make(total: seeds.count, label: label("B " + specB.name), lines: showProgress, quiet: quiet)) }
            for (a, b) in zip(recordsA, recordsB) { tally.add(a: a, b: b) }
            if end == options.seeds.upperBound { break }
            start = end + 1
        }
        let headerA = options.header(specA, configA), headerB = options.header(specB, configB)
        let comparison = Comparison(a: headerA, b: headerB, tally: tally)
        let present = tally.figures(result: headerA.result ?? headerB.result)
        let shown = selection?.figures ?? ["scorePerPiece", "pieces", "meanHeight"]
        let histograms = shown.compactMap { key -> Histogram? in
            guard let figure = Figure.named(key, in: present), comparison.figures.contains(where: { $0.key == figure.key }) else { return nil }
            return Histogram(title: figure.name, a: SortedCounts(tally.a.counts(figure.key)), b: SortedCounts(tally.b.counts(figure.key)), isRate: figure.isRate)
        }
        if let svg {
            let text = ComparisonChart(comparison: comparison, tally: tally, selection: selection).svg
            if StandardStreams.isStream(svg) {
                StandardStreams.writeOutput(Array(text.utf8))
            } else {
                do throws(FileError) {
                    try OutputFile.write(Array(text.utf8), to: svg)
                } catch {
                    throw UsageError("--svg: \(error)")
                }
            }
        }
        if let folder = request.svgDir {
            Report(toStandardError: true).line(try writeFigures(folder, comparison: comparison, tally: tally, selection: selection))
        }
        let report = Report(toStandardError: svg.map(StandardStreams.isStream) ?? false)
        if json {
            report.line(try sweep { () throws(SweepError) in try JSONLines.text(comparison, pretty: true) }, data: true)
        } else {
            report.line(comparison.text + "\n" + histograms.map { "\n" + $0.text() }.joined().trimmingTrailingNewline())
        }
        let errors = tally.a.ruleErrors + tally.b.ruleErrors + tally.a.warnedGames + tally.b.warnedGames
        return errors > 0 ? .modError : .success
    }

    /// Each side's bot: the shared options (`--bot`, `--noise`, …, already in `shared`), with
    /// what `--a-…` and `--b-…` change (a shared option given with both sides' own is refused
    /// by `CompareRun.validate`).
    static func sideConfigs(_ arguments: Arguments, shared: SimulationConfig) throws(UsageError) -> (SimulationConfig, SimulationConfig) {
        func side(_ bot: Option, _ noise: Option, _ search: Option, _ lookahead: Option) throws(UsageError) -> SimulationConfig {
            var config = shared
            if let text = arguments.value(bot) { try SimOptions.parseBot(text, option: bot.name).apply(to: &config.bot) }
            if let text = arguments.value(noise) { config.bot.noise = try SimOptions.parseNoise(text, option: noise.name) }
            if let text = arguments.value(search) { config.bot.search = try SimOptions.parseSearch(text, option: search.name) }
            if let text = arguments.value(lookahead) { config.bot.lookahead = try SimOptions.parseLookahead(text, option: lookahead.name) }
            return config
        }
        return (try side(aBot, aNoise, aSearch, aLookahead), try side(bBot, bNoise, bSearch, bLookahead))
    }

    /// The rule sets named in a `--a`/`--b` value: ids separated by spaces or commas;
    /// empty is the built-in rules (`standard` is the mod, `SimOptions.ruleSet`).
    static func words(_ text: String) -> [String] {
        text.split { $0 == " " || $0 == "," }.map(String.init)
    }
}

extension String {
    func trimmingTrailingNewline() -> String { hasSuffix("\n") ? String(dropLast()) : self }
}
