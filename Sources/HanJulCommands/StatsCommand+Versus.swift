import HanJulCommandLine
import HanJulSim
import HanJulSweep

/// `hanjul stats` of versus runs (`hanjul sim --versus A:B --jsonl` files and `--summary`
/// files): merged as runs of games are, and reported as `sim --versus` reports.
extension StatsCommand {
    static func runVersus(_ files: [String], expected: ClosedRange<UInt64>?, shardCount: Int?, partial: Bool,
                          json: Bool) throws(UsageError) -> ExitStatus {
        var expected = expected
        // Streamed as for games: each match counted as it is read, none kept.
        var parts: [VersusFile.Part] = []
        var count = VersusCount()
        var earlier = SeedRanges()
        for file in files {
            try sweep { () throws(SweepError) in
                try VersusFile.read(file, into: &parts) { (record: MatchRecord) throws(SweepError) in
                    if !earlier.contains(record.seed) { try count.add(record) }
                } summary: { (part: VersusFile.Part, counted: VersusCount, sofar: [VersusFile.Part]) throws(SweepError) in
                    if let overlap = earlier.intersection(part.held).first, let other = sofar.first(where: { $0.held.intersects(overlap) }) {
                        throw SweepError("\(part.source): its summary holds seeds \(SeedList.text(ranges: earlier.intersection(part.held).ranges)) that \(other.source) holds too; a summary's matches cannot be told apart, so it is never merged with its seeds twice (even with --partial)")
                    }
                    try count.merge(counted)
                } partDone: { (part: VersusFile.Part) in
                    earlier.formUnion(part.held)
                }
            }
        }
        let first = parts[0].header
        for part in parts.dropFirst() {
            if let difference = first.difference(from: part.header) {
                throw UsageError("\(part.source): \(difference) (as in \(parts[0].source)); merge like with like")
            }
        }
        if let shardCount {
            let sweep = try checkShards(parts.map { ($0.header.shard, $0.source, $0.header.seeds) }, count: shardCount)
            if let expected, expected != sweep {
                throw UsageError("--expect \(expected.lowerBound)..\(expected.upperBound), but the shards split \(sweep.lowerBound)..\(sweep.upperBound)")
            }
            expected = sweep
        }

        try checkCoverage(parts.map { ($0.source, $0.header.seeds, $0.held, $0.repeated) }, of: "matches",
                          expected: expected, partial: partial)

        // The seeds as a single run of them prints them: the first to the last counted.
        let seeds = (count.lowestSeed ?? first.firstSeed)...(count.highestSeed ?? first.lastSeed)
        let summary = VersusSummary(rules: first.rules, seeds: seeds, config: first.config, names: (first.a.name, first.b.name), tally: count.tally)
        Report(toStandardError: false)
            .line(json ? try sweep { () throws(SweepError) in try JSONLines.text(summary, pretty: true) } : summary.text, data: json)
        return .success
    }
}
