import Foundation
import HanJulCore
import HanJulSim

/// `hanjul compare --a "MODS" --b "MODS"`: both rule sets on the same seeds, compared.
enum CompareCommand {
    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        var reader = ArgumentReader(arguments)
        guard let a = try reader.value("--a") else { throw UsageError("give --a \"MODS\" (the rule set to compare against)") }
        guard let b = try reader.value("--b") else { throw UsageError("give --b \"MODS\" (the variant)") }
        let mods = try ModOptions(&reader)
        guard mods.ids.isEmpty else { throw UsageError("give the mods of each side in --a and --b, not --mod") }
        let options = try SimOptions.read(&reader)
        let json = reader.flag("--json")
        let showProgress = reader.flag("--progress")
        let svg = try reader.value("--svg")
        try reader.finish()
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

        let recordsA = try ParallelRun.records(specA, seeds: options.seeds, config: options.config, workers: options.workers,
                                               progress: ProgressBar.make(total: options.seeds.count, label: "A " + specA.name, lines: showProgress))
        let recordsB = try ParallelRun.records(specB, seeds: options.seeds, config: options.config, workers: options.workers,
                                               progress: ProgressBar.make(total: options.seeds.count, label: "B " + specB.name, lines: showProgress))
        let comparison = Comparison(a: options.header(specA), recordsA: recordsA, b: options.header(specB), recordsB: recordsB)
        let histograms = ["scorePerPiece", "pieces", "meanHeight"].compactMap { key -> Histogram? in
            guard let figure = Figure.named(key, maxClear: 4) else { return nil }
            return Histogram(title: figure.name, a: recordsA.map(figure.value), b: recordsB.map(figure.value))
        }
        if let svg {
            let text = Histogram.svg(histograms, labelA: comparison.a.description, labelB: comparison.b.description)
            guard FileManager.default.createFile(atPath: svg, contents: Data(text.utf8)) else {
                throw UsageError("--svg: cannot write '\(svg)'")
            }
        }
        if json {
            print(try JSONLines.text(comparison, pretty: true))
        } else {
            print(comparison.text)
            for histogram in histograms { print("\n" + histogram.text(), terminator: "") }
        }
        let errors = (recordsA + recordsB).filter { $0.outcome == .ruleError }.count
        return errors > 0 ? .modError : .success
    }

    /// The rule sets named in a `--a`/`--b` value: ids separated by spaces or commas;
    /// empty or `standard` alone is the built-in rules.
    static func words(_ text: String) -> [String] {
        text.split { $0 == " " || $0 == "," }.map(String.init)
    }
}
