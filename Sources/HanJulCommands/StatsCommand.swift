#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HanJulCommandLine
import HanJulSim
import HanJulSweep
import HanJulText

/// `hanjul stats FILE…`: merges the JSONL of several `hanjul sim --jsonl` runs (the shards
/// of a split sweep, say) into one summary, and refuses a merge with seeds missing or
/// repeated. Files may be gzip-compressed; `-` reads standard input.
enum StatsCommand {
    static let json = Option.flag("--json", help: "print the summary as JSON")
    static let expect = Option("--expect", value: "A..B", help: "refuse the merge unless the files hold every seed from A to B once, and no other (lists what is missing or extra)")
    static let shards = Option("--shards", value: "N", help: "refuse the merge unless the files are the shards 0 to N−1 of one sweep (hanjul sim --shard I/N), each once; implies --expect of the sweep's seeds")
    static let partial = Option.flag("--partial", help: "summarise what is there even with seeds missing or repeated (the problems go to standard error)")

    static let declaration = Command(
        "stats", summary: "merge the JSONL of several sim runs into one summary",
        synopsis: ["FILE... [--expect A..B] [--shards N] [--partial] [--json]"],
        discussion: [
            "The files must hold runs played the same way (hanjul and engine versions, rules, mods and their versions, "
                + "bot, noise, search, cap). Each file must hold every seed its header names (a stopped run is finished "
                + "with hanjul sim --resume FILE), and no seed may appear twice. Files may be gzip-compressed; '-' reads "
                + "standard input. The merged summary is byte for byte the one a single run of the same seeds prints.",
            "Versus runs (hanjul sim --versus A:B --jsonl FILE or --summary FILE) merge the same way, into the report "
                + "hanjul sim --versus prints; they are never merged with runs of single games.",
            "  hanjul stats part1.jsonl part2.jsonl.gz\n  hanjul stats --shards 16 --expect 1..100000 sweep/shard-*.jsonl"
                + "\n  hanjul stats --shards 2 versus-0.jsonl versus-1.summary.json",
        ],
        operands: [Operand("FILE", kind: .input, count: .oneOrMore, help: "a file written by hanjul sim --jsonl or --summary, of games or of versus matches, gzip or plain",
                           missing: "give one or more JSONL files written by hanjul sim --jsonl (or - for standard input)")],
        options: [expect, shards, partial, json])

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitStatus {
        let request = try StatsRun(arguments)
        try request.validate()
        return try merge(request)
    }

    /// Reads every file into one tally, checks that every seed is there once, and reports.
    static func merge(_ request: StatsRun) throws(UsageError) -> ExitStatus {
        let (json, partial, files, shardCount) = (request.json, request.partial, request.files, request.shardCount)
        var expected = request.expected

        // Versus runs (sim --versus) when the first file that can be read twice is one.
        // Standard input is looked at only when no file tells.
        let kind = files.lazy.compactMap(VersusFile.startsVersus).first
            ?? (files.contains(where: StandardStreams.isStream) && VersusFile.standardInputStartsVersus())
        if kind {
            return try runVersus(files, expected: expected, shardCount: shardCount, partial: partial, json: json)
        }
        if let versus = files.first(where: { VersusFile.startsVersus($0) == true }) {
            throw UsageError("\(CommandLineText.shown(versus)) holds versus matches (hanjul sim --versus), \(CommandLineText.shown(files.first { VersusFile.startsVersus($0) == false } ?? files[0])) single games; merge like with like")
        }

        // Read as a stream: each record is counted into one tally as it is read, and no
        // record is kept, so memory grows with the distinct values and the runs of seeds,
        // never with the games. A seed an earlier file already held is a duplicate, and
        // (with --partial) left out, the first kept, as before.
        var parts: [SweepFile.Part] = []
        var tally = RunTally()
        var earlier = SeedRanges()
        for file in files {
            try sweep { () throws(SweepError) in
                try SweepFile.read(file, into: &parts) { (record: GameRecord) in
                    if !earlier.contains(record.seed) { tally.add(record) }
                } summary: { (part: SweepFile.Part, counted: RunTally, sofar: [SweepFile.Part]) throws(SweepError) in
                    if let overlap = earlier.intersection(part.held).first, let other = sofar.first(where: { $0.held.intersects(overlap) }) {
                        throw SweepError("\(part.source): its summary holds seeds \(SeedList.text(ranges: earlier.intersection(part.held).ranges)) that \(other.source) holds too; a summary's games cannot be told apart, so it is never merged with its seeds twice (even with --partial)")
                    }
                    tally.merge(counted)
                } partDone: { (part: SweepFile.Part) in
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
            let sweep = try checkShards(parts, count: shardCount)
            if let expected, expected != sweep {
                throw UsageError("--expect \(expected.lowerBound)..\(expected.upperBound), but the shards split \(sweep.lowerBound)..\(sweep.upperBound)")
            }
            expected = sweep
        }

        try checkCoverage(parts.map { ($0.source, $0.header.seeds, $0.held, $0.repeated) }, of: "games",
                          expected: expected, partial: partial)

        var merged = first
        if parts.count > 1 { merged.shard = nil }
        merged.firstSeed = tally.lowestSeed ?? first.firstSeed
        merged.lastSeed = tally.highestSeed ?? first.lastSeed
        let summary = Summary(header: merged, tally: tally)
        if json { Swift.print(try sweep { () throws(SweepError) in try JSONLines.text(summary, pretty: true) }) } else { say(visibleLines(summary.text)) }
        return .success
    }

    /// Every seed once, for runs of games or of matches (`unit`): each file complete, none
    /// repeated, and (with `expected`) no gap and nothing outside, by arithmetic on the
    /// ranges of seeds each file holds. What is wrong is a usage error, or with `partial`
    /// a line on standard error.
    static func checkCoverage(_ parts: [(source: String, seeds: ClosedRange<UInt64>, held: SeedRanges, repeated: SeedRanges)],
                              of unit: String, expected: ClosedRange<UInt64>?, partial: Bool) throws(UsageError) {
        var duplicates = SeedRanges(), duplicateSources = Set<String>()
        var incomplete: [String] = []
        var promised: [ClosedRange<UInt64>] = []
        var held = SeedRanges()
        for (index, part) in parts.enumerated() {
            promised.append(part.seeds)
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
            // Gaps as ranges: the work is the records', never the count a header claims (H-3).
            let missing = SeedList.gaps(in: part.seeds, covered: part.held.ranges)
            if !missing.isEmpty {
                let total = part.seeds.count, absent = missing.reduce(0) { $0 + $1.count }
                incomplete.append("\(part.source) holds \(total - absent) of its \(total) \(unit) (missing \(SeedList.text(ranges: missing)))")
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
    }

    /// Checks that `runs` are shards 0…count−1 of one sweep, each once, and returns its seeds.
    static func checkShards(_ runs: [SweepFile.Part], count: Int) throws(UsageError) -> ClosedRange<UInt64> {
        try checkShards(runs.map { ($0.header.shard, $0.source, $0.header.seeds) }, count: count)
    }

    /// The same check for any runs: each one's shard (nil for a whole run), source and seeds.
    static func checkShards(_ runs: [(shard: Shard?, source: String, seeds: ClosedRange<UInt64>)], count: Int) throws(UsageError) -> ClosedRange<UInt64> {
        var sweep: ClosedRange<UInt64>?
        var sources: [Int: [String]] = [:]
        for run in runs {
            guard let shard = run.shard else {
                throw UsageError("--shards \(count): \(run.source) holds a whole run (seeds \(run.seeds.lowerBound)..\(run.seeds.upperBound)), not a shard")
            }
            guard shard.count == count else {
                throw UsageError("--shards \(count): \(run.source) is shard \(shard.description), of a sweep split in \(shard.count)")
            }
            if let sweep, sweep != shard.sweep {
                throw UsageError("--shards \(count): \(run.source) is a shard of seeds \(shard.firstSeed)..\(shard.lastSeed), not \(sweep.lowerBound)..\(sweep.upperBound)")
            }
            sweep = shard.sweep
            sources[shard.index, default: []].append(run.source)
        }
        let missing = (0..<count).filter { sources[$0] == nil }
        let repeated = sources.filter { $0.value.count > 1 }.sorted { $0.key < $1.key }
        var problems: [String] = []
        if !missing.isEmpty { problems.append("shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) missing") }
        for (index, files) in repeated { problems.append("shard \(index)/\(count) given \(files.count) times (\(files.joined(separator: ", ")))") }
        guard problems.isEmpty, let sweep else { throw UsageError("--shards \(count): " + problems.joined(separator: "; ")) }
        return sweep
    }
}

/// `hanjul stats`'s options, read (`init`) and checked together (`validate`).
struct StatsRun {
    var json: Bool
    var partial: Bool
    var files: [String]
    var expected: ClosedRange<UInt64>?
    var shardCount: Int?

    init(_ arguments: Arguments) throws(UsageError) {
        json = arguments.flag(StatsCommand.json)
        partial = arguments.flag(StatsCommand.partial)
        files = arguments.operands
        expected = try arguments.value(StatsCommand.expect).map { (text) throws(UsageError) in try SimOptions.parseRange(text, option: "--expect") }
        shardCount = try arguments.value(StatsCommand.shards).map { (text) throws(UsageError) in
            try SimOptions.positive(text, option: "--shards", limit: SweepLimits.maxShards)
        }
    }

    /// The options that cannot go together.
    func validate() throws(UsageError) {
        if files.filter(StandardStreams.isStream).count > 1 { throw UsageError("give standard input ('-') once") }
    }
}
