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

        var duplicates = SeedRanges(), duplicateSources = Set<String>()
        var incomplete: [String] = []
        var promised: [ClosedRange<UInt64>] = []
        var held = SeedRanges()
        for (index, part) in parts.enumerated() {
            promised.append(part.header.seeds)
            if !part.repeated.isEmpty {
                duplicates.formUnion(part.repeated)
                duplicateSources.insert(part.source)
            }
            for other in parts[..<index] {
                let overlap = other.held.intersection(part.held)
                if !overlap.isEmpty {
                    duplicates.formUnion(overlap)
                    duplicateSources.formUnion([other.source, part.source])
                }
            }
            held.formUnion(part.held)
            let missing = SeedList.gaps(in: part.header.seeds, covered: part.held.ranges)
            if !missing.isEmpty {
                let total = part.header.seeds.count, absent = missing.reduce(0) { $0 + $1.count }
                incomplete.append("\(part.source) holds \(total - absent) of its \(total) matches (missing \(SeedList.text(ranges: missing)))")
            }
        }
        var problems: [String] = []
        if !duplicates.isEmpty {
            problems.append("seeds \(SeedList.text(ranges: duplicates.ranges)) appear more than once (in \(duplicateSources.sorted().joined(separator: ", ")))")
        }
        if !incomplete.isEmpty {
            problems.append(incomplete.joined(separator: "; ") + "; finish \(incomplete.count == 1 ? "it" : "each") with hanjul sim --resume FILE")
        }
        if let expected {
            let absent = SeedList.gaps(in: expected, covered: promised + held.ranges)
            if !absent.isEmpty { problems.append("seeds \(SeedList.text(ranges: absent)) of \(expected.lowerBound)..\(expected.upperBound) are in no file") }
            let outside = held.subtracting(expected)
            if !outside.isEmpty { problems.append("seeds \(SeedList.text(ranges: outside.ranges)) are outside --expect \(expected.lowerBound)..\(expected.upperBound)") }
        }
        if !problems.isEmpty {
            let message = problems.joined(separator: "; ")
            guard partial else { throw UsageError(message + " (--partial summarises what is there)") }
            StandardError.write("hanjul stats: partial summary: \(message)")
        }

        // The seeds as a single run of them prints them: the first to the last counted.
        let seeds = (count.lowestSeed ?? first.firstSeed)...(count.highestSeed ?? first.lastSeed)
        let summary = VersusSummary(rules: first.rules, seeds: seeds, config: first.config, names: (first.a.name, first.b.name), tally: count.tally)
        Report(toStandardError: false)
            .line(json ? try sweep { () throws(SweepError) in try JSONLines.text(summary, pretty: true) } : summary.text, data: json)
        return .success
    }
}
