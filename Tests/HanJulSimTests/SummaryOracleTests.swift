#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HanJulBot
import HanJulCore
import HanJulMods
@testable import HanJulSim
import Testing

/// Summaries from exact counts (RunTally, #26) against the record-based summaries they
/// replace (RecordOracle): on many random seeds and caps, under every rule set (the built-in
/// ones and every mod of Mods/, those with results, holds and rule errors among them), the
/// text is the same bytes, every count, median, percentile, extreme and survival step is
/// the same value, and the sums differ at most in their last bits (the counts sum exactly,
/// the oracle in seed order). Tallies split at random and merged are the very tally.
@Suite struct SummaryOracleTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let mods = repository.appendingPathComponent("Mods").path

    /// Every rule set `hanjul sim` plays: the built-in ones, then each mod in Mods/.
    static func ruleSets() throws -> [(spec: RuleSetSpec, result: RunHeader.ResultDescription?)] {
        var sets: [(RuleSetSpec, RunHeader.ResultDescription?)] = RuleSetSpec.builtIn.map { ($0, nil) }
        let catalog = ModCatalog(searchPath: ModSearchPath(folders: [mods]), workingDirectory: repository.path)
        let ids = try FileManager.default.contentsOfDirectory(atPath: mods).filter {
            FileManager.default.fileExists(atPath: mods + "/" + $0 + "/mod.lua")
        }.sorted()
        // A mod that requires others plays after them (cheese100 after cheese).
        let required = Dictionary(catalog.listing().compactMap { entry in entry.manifest.map { ($0.id, $0.requires.map(\.id)) } },
                                  uniquingKeysWith: { first, _ in first })
        for id in ids {
            let mods = (required[id] ?? []) + [id]
            let loaded = try catalog.rules(mods)
            var spec = RuleSetSpec.freshPerGame(name: "mod:" + id) { try catalog.rules(mods) }
            spec.resultFormat = loaded.resultFormat
            sets.append((spec, loaded.resultFormat.map(RunHeader.ResultDescription.init)))
        }
        return sets
    }

    /// Equal to a few bits of `scale` (an interval's end near 0 is a mean minus a half
    /// width: its bits are those of the larger of the two).
    static func close(_ a: Double, _ b: Double, scale: Double = 0) -> Bool {
        a == b || abs(a - b) <= 1e-12 * max(abs(a), abs(b), scale)
    }

    /// Exact where the counts must be exact, within a few bits where the oracle summed in order.
    static func expectSame(_ new: Distribution, _ old: Distribution, _ what: String) {
        #expect(new.count == old.count && new.median == old.median && new.p5 == old.p5 && new.p95 == old.p95
                && new.min == old.min && new.max == old.max && new.interval == old.interval, "\(what): \(new) vs \(old)")
        let scale = abs(old.mean) + old.standardDeviation
        #expect(close(new.mean, old.mean, scale: scale) && close(new.standardDeviation, old.standardDeviation)
                && close(new.ciLow, old.ciLow, scale: scale) && close(new.ciHigh, old.ciHigh, scale: scale), "\(what): \(new) vs \(old)")
    }

    static func expectSame(_ new: Summary, _ old: Summary, _ what: String) {
        #expect(new.text == old.text, "\(what): the text differs\n\(new.text)\n---\n\(old.text)")
        #expect(new.games == old.games && new.errors == old.errors && new.survival == old.survival, "\(what)")
        #expect(new.figures.map(\.key) == old.figures.map(\.key), "\(what)")
        for (n, o) in zip(new.figures, old.figures) { expectSame(n.stats, o.stats, "\(what) \(n.key)") }
    }

    static func expectSame(_ new: Comparison, _ old: Comparison, _ what: String) {
        #expect(new.text == old.text, "\(what): the text differs\n\(new.text)\n---\n\(old.text)")
        #expect(new.figures.map(\.key) == old.figures.map(\.key) && new.survival.a == old.survival.a
                && new.survival.b == old.survival.b && new.survival.logRank == old.survival.logRank, "\(what)")
        for (n, o) in zip(new.figures, old.figures) {
            expectSame(n.statsA, o.statsA, "\(what) A \(n.key)")
            expectSame(n.statsB, o.statsB, "\(what) B \(n.key)")
            expectSame(n.difference, o.difference, "\(what) B − A \(n.key)")
            #expect(n.verdict == o.verdict && n.isSignificant == o.isSignificant, "\(what) \(n.key)")
        }
    }

    /// The tally of `records` split in `parts` contiguous blocks, each tallied alone, merged
    /// in a random order: the very tally of all of them.
    static func expectMergesExactly(_ records: [GameRecord], parts: Int, using generator: inout some RandomNumberGenerator) {
        let whole = RunTally(records)
        var cuts = (0..<parts - 1).map { _ in Int.random(in: 0...records.count, using: &generator) }.sorted()
        cuts = [0] + cuts + [records.count]
        var tallies = (0..<parts).map { RunTally(records[cuts[$0]..<cuts[$0 + 1]]) }
        tallies.shuffle(using: &generator)
        var merged = RunTally()
        for tally in tallies { merged.merge(tally) }
        #expect(merged == whole, "\(parts) parts merged")
    }

    @Test func everyRuleSetSummarisesAsTheRecordsDid() throws {
        var generator = SplitMix64Generator(seed: 26)
        var played: [String: [GameRecord]] = [:]
        let sets = try Self.ruleSets()
        #expect(sets.count >= 14, "the built-in rules and every mod")
        for (spec, result) in sets {
            for trial in 0..<2 {
                let first = UInt64.random(in: 1...1_000_000, using: &generator)
                let games = Int.random(in: 3...14, using: &generator)
                let cap = [5, 17, 60, 150][Int.random(in: 0...3, using: &generator)]
                let config = SimulationConfig(bot: BotConfig(noise: trial == 0 ? 0 : 0.2), cap: cap,
                                              piecesPerSecond: spec.isTimed ? SimulationConfig.defaultPiecesPerSecond : nil)
                var player = try spec.player(config)
                let seeds = first...(first + UInt64(games) - 1)
                let records = seeds.map { player.play(seed: $0) }
                var header = RunHeader(rules: spec.name, config: config, firstSeed: seeds.lowerBound, lastSeed: seeds.upperBound)
                header.result = result
                let what = "\(spec.name) seeds \(seeds) cap \(cap)"
                Self.expectSame(Summary(header: header, tally: RunTally(records)), RecordOracle.summary(header: header, records: records), what)
                Self.expectMergesExactly(records, parts: 4, using: &generator)
                if trial == 0 { played[spec.name] = records }
            }
        }
        // Each rule set against the built-in rules, on the same seeds.
        let standard = try #require(played["standard"])
        for (name, records) in played.sorted(by: { $0.key < $1.key }) where records.count == standard.count {
            let other = try Self.replay(name, sets: sets, seeds: standard.map(\.seed), cap: 60)
            let base = try Self.replay("standard", sets: sets, seeds: standard.map(\.seed), cap: 60)
            let header = RunHeader(rules: name, config: SimulationConfig(cap: 60), firstSeed: standard[0].seed, lastSeed: standard.last!.seed)
            Self.expectSame(Comparison(a: header, b: header, tally: ComparisonTally(recordsA: base, recordsB: other)),
                            RecordOracle.comparison(a: header, recordsA: base, b: header, recordsB: other), "standard vs \(name)")
        }
    }

    static func replay(_ name: String, sets: [(spec: RuleSetSpec, result: RunHeader.ResultDescription?)], seeds: [UInt64], cap: Int) throws -> [GameRecord] {
        let spec = try #require(sets.first { $0.spec.name == name }?.spec)
        var player = try spec.player(SimulationConfig(cap: cap, piecesPerSecond: spec.isTimed ? 2 : nil))
        return seeds.map { player.play(seed: $0) }
    }

    /// Records no rules play but a file may hold: negative scores, long clears, holds and
    /// results on some games only, rule errors, huge and tiny values.
    static func randomRecord(_ seed: UInt64, using g: inout some RandomNumberGenerator) -> GameRecord {
        let pieces = Int.random(in: 0...40, using: &g)
        let outcome = Outcome.allCases[Int.random(in: 0..<4, using: &g)]
        let clears = (0..<[4, 4, 5, 7][Int.random(in: 0...3, using: &g)]).map { _ in Int.random(in: 0...3, using: &g) }
        let heights = (0..<pieces).map { _ in Int.random(in: 0...20, using: &g) }
        return GameRecord(seed: seed, pieces: pieces, lines: Int.random(in: 0...30, using: &g),
                          score: Int.random(in: -500...100_000, using: &g) * (Bool.random(using: &g) ? 1 : 7919),
                          level: Int.random(in: 1...9, using: &g), outcome: outcome, clears: clears,
                          meanHeight: pieces > 0 ? Double(heights.reduce(0, +)) / Double(pieces) : 0,
                          maxHeight: heights.max() ?? 0, holes: Int.random(in: 0...9, using: &g), evaluated: 0,
                          error: outcome == .ruleError ? "error \(Int.random(in: 1...8, using: &g))" : nil,
                          result: outcome == .finished ? Int.random(in: 1000...90_000, using: &g) : nil,
                          held: Bool.random(using: &g) ? Int.random(in: 0...(pieces + 1), using: &g) : nil)
    }

    @Test func randomRecordsSummariseAndCompareAsTheRecordsDid() {
        var generator = SplitMix64Generator(seed: 1126)
        for trial in 0..<300 {
            let count = Int.random(in: 1...120, using: &generator)
            let first = UInt64.random(in: 1...9_000, using: &generator)
            let a = (0..<count).map { Self.randomRecord(first + UInt64($0), using: &generator) }
            let b = (0..<count).map { Self.randomRecord(first + UInt64($0), using: &generator) }
            var header = RunHeader(rules: "random", config: SimulationConfig(cap: 40), firstSeed: first, lastSeed: first + UInt64(count) - 1)
            if trial % 2 == 0 { header.result = RunHeader.ResultDescription(ResultFormat(name: "time", unit: .milliseconds, lowerIsBetter: true)) }
            Self.expectSame(Summary(header: header, tally: RunTally(a)), RecordOracle.summary(header: header, records: a), "trial \(trial)")
            Self.expectSame(Comparison(a: header, b: header, tally: ComparisonTally(recordsA: a, recordsB: b)),
                            RecordOracle.comparison(a: header, recordsA: a, b: header, recordsB: b), "trial \(trial)")
            Self.expectMergesExactly(a, parts: Int.random(in: 2...8, using: &generator), using: &generator)
        }
    }

    @Test func exactSumsDoNotDependOnOrder() {
        var generator = SplitMix64Generator(seed: 7)
        for _ in 0..<200 {
            let values = (0..<Int.random(in: 1...300, using: &generator)).map { _ in
                Double.random(in: -1e6...1e6, using: &generator) / Double(Int.random(in: 1...997, using: &generator))
            }
            var forward = ExactSum(), backward = ExactSum()
            for value in values { forward.add(value) }
            for value in values.reversed() { backward.add(value) }
            #expect(forward.value == backward.value)
            // Integers: the exact sum is the integer sum.
            let integers = values.map { $0.rounded() }
            var sum = ExactSum()
            for value in integers.shuffled(using: &generator) { sum.add(value, times: 3) }
            #expect(sum.value == Double(integers.reduce(0) { $0 + Int($1) } * 3))
        }
        var small = ExactSum()
        for value in [1e100, 1.0, -1e100] { small.add(value) }
        #expect(small.value == 1, "no digit lost to cancellation")
    }
}

/// A seeded generator for reproducible tests.
struct SplitMix64Generator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
