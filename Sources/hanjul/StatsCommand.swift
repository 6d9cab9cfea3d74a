import HanJulSim
import HanJulText

/// `hanjul stats FILE…`: merges the JSONL of several `hanjul sim --jsonl` runs (one per
/// machine of a split sweep, say) into one summary.
enum StatsCommand {
    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        var reader = ArgumentReader(arguments)
        let json = reader.flag("--json")
        let files = reader.remainingArguments()
        if let option = files.first(where: { $0.hasPrefix("--") }) { throw UsageError("unknown option \(option)") }
        guard !files.isEmpty else { throw UsageError("give one or more JSONL files written by hanjul sim --jsonl") }
        var header: RunHeader?
        var bySeed: [UInt64: GameRecord] = [:]
        for file in files {
            for run in try JSONLines.read(file) {
                if let first = header, !first.isCompatible(with: run.header) {
                    throw UsageError("\(file): played as '\(run.header.description)', not '\(first.description)'; merge like with like")
                }
                header = header ?? run.header
                for record in run.records {
                    if let seen = bySeed[record.seed] {
                        guard seen == record else { throw UsageError("\(file): seed \(record.seed) appears twice with different results") }
                        continue
                    }
                    bySeed[record.seed] = record
                }
            }
        }
        guard var merged = header else { throw UsageError("no runs found") }
        let records = bySeed.keys.sorted().map { bySeed[$0]! }
        merged.firstSeed = records.first?.seed ?? 0
        merged.lastSeed = records.last?.seed ?? 0
        let summary = Summary(header: merged, records: records)
        print(json ? try JSONLines.text(summary, pretty: true) : visibleLines(summary.text))
        return .success
    }
}
