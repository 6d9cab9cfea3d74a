import HanJulBot
import HanJulCore
import HanJulSim
import Testing

/// Paired comparisons.
@Suite struct ComparisonTests {
    static func records(_ spec: RuleSetSpec, _ config: SimulationConfig, seeds: ClosedRange<UInt64>) throws -> [GameRecord] {
        var player = try spec.player(config)
        return seeds.map { player.play(seed: $0) }
    }

    @Test func aRuleSetAgainstItselfShowsNoDifference() throws {
        let config = SimulationConfig(bot: BotConfig(noise: 0.05), cap: 300)
        let header = RunHeader(rules: "standard", config: config, firstSeed: 1, lastSeed: 12)
        let a = try Self.records(.standard, config, seeds: 1...12)
        let b = try Self.records(.standard, config, seeds: 1...12)
        let comparison = Comparison(a: header, recordsA: a, b: header, recordsB: b)
        #expect(comparison.figures.allSatisfy { !$0.isSignificant && $0.verdict == "no significant difference" })
        #expect(comparison.headline == "B: no significant difference from A over 12 games")
    }

    @Test func aClearDifferenceIsReportedWithItsSize() {
        let header = RunHeader(rules: "x", config: SimulationConfig(), firstSeed: 1, lastSeed: 4)
        func record(_ seed: UInt64, score: Int, toppedOut: Bool) -> GameRecord {
            GameRecord(seed: seed, pieces: 100, lines: 10, score: score, level: 2, outcome: toppedOut ? .toppedOut : .capped,
                       clears: [10, 0, 0, 0], meanHeight: 5, maxHeight: 8, holes: 0, evaluated: 0)
        }
        let a = (1...4).map { record(UInt64($0), score: 1000 + $0, toppedOut: false) }
        let b = (1...4).map { record(UInt64($0), score: 770 + $0 + ($0 % 2), toppedOut: true) }
        let comparison = Comparison(a: header, recordsA: a, b: header, recordsB: b)
        let score = comparison.figures.first { $0.key == "scorePerPiece" }!
        #expect(score.isSignificant)
        #expect(score.verdict.hasPrefix("score/piece −23%"), "\(score.verdict)")
        let topped = comparison.figures.first { $0.key == "toppedOut" }!
        #expect(topped.verdict == "topped out 100.0% vs 0.0%", "every pair differs by exactly 1")
        #expect(comparison.headline.hasPrefix("B: tops out sooner (log-rank p = 0.008), score −23%"), "\(comparison.headline)")
    }
}
