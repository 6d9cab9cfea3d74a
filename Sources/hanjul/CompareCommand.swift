#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HanJulCommandLine
import HanJulCore
import HanJulFiles
import HanJulSim
import HanJulText

/// `hanjul compare --a "MODS" --b "MODS"`: both rule sets on the same seeds, compared.
enum CompareCommand {
    static let a = Option("--a", value: "MODS", help: "the rule set to compare against: mod ids separated by spaces or commas (\"\": the built-in rules; standard: the mod Mods/standard, the same rules in Lua)")
    static let b = Option("--b", value: "MODS", help: "the variant, written like --a")
    static let json = Option.flag("--json", help: "print the comparison as JSON")
    static let svg = Option("--svg", value: "FILE", kind: .output,
                            help: "draw the comparison as an SVG chart: the survival curves and every figure's distributions, means and 95% CIs; "
                                + "with '-' the chart goes to standard output and the comparison to standard error")
    static let figures = Option("--figures", value: "LIST",
                                help: "what to draw, separated by commas: figure keys or names (scorePerPiece, pieces, holes, …) and survival "
                                    + "(default: everything in the chart; score/piece, pieces and mean height as text)")

    static let declaration = Command(
        "compare", summary: "play both rule sets on the same seeds and compare them",
        synopsis: ["--a \"MODS\" --b \"MODS\" " + SimOptions.usage + " [--mods-dir DIR]... [--json] [--svg FILE] [--figures LIST]"],
        discussion: [
            "Reports the paired difference of each figure with its 95% confidence interval and a verdict, how long games "
                + "last on each side (Kaplan–Meier survival, as sparklines, with a log-rank test), and histograms of score "
                + "per piece, pieces and mean height. \"\" is the built-in rules; \"garbage zen\" is two mods applied in order.",
            "  hanjul compare --a \"\" --b garbage --games 300 --seed 1 --svg cmp.svg",
        ],
        options: [a, b] + SimOptions.options + [ModOptions.modsDir, json, svg, figures],
        misplaced: ["--mod": "give the mods of each side in --a and --b, not --mod"])

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitStatus {
        if SimOptions.asksForBotList(arguments) {
            Report(toStandardError: false).line(SimOptions.botList)
            return .success
        }
        guard let a = arguments.value(Self.a) else { throw UsageError("give --a \"MODS\" (the rule set to compare against)") }
        guard let b = arguments.value(Self.b) else { throw UsageError("give --b \"MODS\" (the variant)") }
        let mods = try ModOptions(arguments, ids: false)
        let options = try SimOptions.read(arguments)
        let json = arguments.flag(Self.json)
        let svg = arguments.value(Self.svg)
        let showProgress = arguments.flag(SimOptions.progress)
        let figureList = arguments.value(Self.figures)
        var selection: ComparisonChart.Selection?
        if let figureList {
            switch ComparisonChart.Selection.parse(figureList, maxClear: 4) {
            case .success(let chosen): selection = chosen
            case .failure(let error):
                let what = error.unknown.isEmpty ? "names nothing to draw" : "has no figure " + error.unknown.map(CommandLineText.quoted).joined(separator: ", ")
                throw UsageError("--figures \(what); use \(error.known.joined(separator: ", "))")
            }
        }
        let quiet = arguments.flag(ProgressBar.quiet)
        if showProgress && quiet { throw UsageError("give --progress or --quiet, not both") }
        if json && svg.map(StandardStreams.isStream) == true { throw UsageError("--json and --svg - both write to standard output; send one to a file") }
        let specA: RuleSetSpec, specB: RuleSetSpec
        switch (SimOptions.ruleSet(words(a), catalog: mods.catalog, command: "compare"),
              SimOptions.ruleSet(words(b), catalog: mods.catalog, command: "compare")) {
        case (.success(let loadedA), .success(let loadedB)):
            specA = loadedA
            specB = loadedB
        case (.failure(let error), _), (_, .failure(let error)):
            StandardError.write("hanjul compare: \(error)")
            return .modError
        }

        if let svg, !StandardStreams.isStream(svg) {
            // Checked before the games are played, so a bad path costs nothing.
            do throws(FileError) { _ = try OutputFile.target(of: svg) } catch {
                throw UsageError("--svg: \(error)")
            }
        }
        let recordsA = try ParallelRun.records(specA, seeds: options.seeds, config: options.config, workers: options.workers,
                                               progress: ProgressBar.make(total: options.seeds.count, label: "A " + specA.name, lines: showProgress, quiet: quiet))
        let recordsB = try ParallelRun.records(specB, seeds: options.seeds, config: options.config, workers: options.workers,
                                               progress: ProgressBar.make(total: options.seeds.count, label: "B " + specB.name, lines: showProgress, quiet: quiet))
        let comparison = Comparison(a: options.header(specA), recordsA: recordsA, b: options.header(specB), recordsB: recordsB)
        let maxClear = (recordsA + recordsB).map(\.clears.count).max() ?? 4
        let shown = selection?.figures ?? ["scorePerPiece", "pieces", "meanHeight"]
        let histograms = shown.compactMap { key -> Histogram? in
            guard let figure = Figure.named(key, maxClear: maxClear) else { return nil }
            return Histogram(title: figure.name, a: recordsA.map(figure.value), b: recordsB.map(figure.value), isRate: figure.isRate)
        }
        if let svg {
            let text = ComparisonChart(comparison: comparison, recordsA: recordsA, recordsB: recordsB, selection: selection).svg
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
        let report = Report(toStandardError: svg.map(StandardStreams.isStream) ?? false)
        if json {
            report.line(try JSONLines.text(comparison, pretty: true))
        } else {
            report.line(comparison.text + "\n" + histograms.map { "\n" + $0.text() }.joined().trimmingTrailingNewline())
        }
        let errors = (recordsA + recordsB).filter { $0.outcome == .ruleError }.count
        return errors > 0 ? .modError : .success
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
