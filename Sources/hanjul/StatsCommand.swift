import HanJulCommandLine
import HanJulSim

/// `hanjul stats FILE…`: merges the JSONL of several `hanjul sim --jsonl` runs (one per
/// machine of a split sweep, say) into one summary.
enum StatsCommand {
    static let json = Option.flag("--json", help: "print the summary as JSON")

    static let declaration = Command(
        "stats", summary: "merge the JSONL of several sim runs into one summary",
        synopsis: ["FILE... [--json]"],
        discussion: [
            "The files must hold runs played the same way (rules, mods and their versions, bot, noise, search, cap); "
                + "a seed found in two files must have the same result in both.",
            "  hanjul stats part1.jsonl part2.jsonl",
        ],
        operands: [Operand("FILE", kind: .input, count: .oneOrMore, help: "a file written by hanjul sim --jsonl",
                           missing: "give one or more JSONL files written by hanjul sim --jsonl")],
        options: [json])

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitStatus {
        let json = arguments.flag(Self.json)
        let files = arguments.operands
        if files.count(where: StandardStreams.isStream) > 1 { throw UsageError("give standard input ('-') once") }
        var header: RunHeader?
        var bySeed: [UInt64: GameRecord] = [:]
        for file in files {
            let shown = StandardStreams.isStream(file) ? "standard input" : CommandLineText.shown(file)
            for run in try JSONLines.read(file) {
                if let first = header, !first.isCompatible(with: run.header) {
                    throw UsageError("\(shown): played as '\(run.header.description)', not '\(first.description)'; merge like with like")
                }
                header = header ?? run.header
                for record in run.records {
                    if let seen = bySeed[record.seed] {
                        guard seen == record else { throw UsageError("\(shown): seed \(record.seed) appears twice with different results") }
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
        print(json ? try JSONLines.text(summary, pretty: true) : summary.text)
        return .success
    }
}
