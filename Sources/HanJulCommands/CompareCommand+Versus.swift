import HanJulCommandLine
import HanJulSim
import HanJulSweep

/// `hanjul compare --versus A:B --a X --b Y`: the same bot-against-bot matches under two
/// rule sets (attack tables), on the same seeds (VersusComparison).
extension CompareCommand {
    static let versus = Option("--versus", value: "A:B",
                               help: "compare two attack tables instead of single games: bot A against bot B (as sim --versus) under --a and "
                                   + "under --b on the same seeds; says which is more decisive (the winner's margin in lines, the match length)")

    /// Plays the matches under both rule sets and compares them.
    static func compareVersus(_ request: CompareVersusRun) throws(UsageError) -> ExitStatus {
        let (a, b, pair, mods, options, config) = (request.a, request.b, request.pair, request.mods, request.options, request.config)
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
        if request.json {
            Report(toStandardError: false).line(try sweep { () throws(SweepError) in try JSONLines.text(comparison, pretty: true) }, data: true)
        } else {
            Report(toStandardError: false).line(comparison.text)
        }
        return recordsA.contains { $0.result == .error } || recordsB.contains { $0.result == .error } ? .modError : .success
    }
}
