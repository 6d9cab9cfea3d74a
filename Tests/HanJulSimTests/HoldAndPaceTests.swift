#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HanJulBot
import HanJulCore
import HanJulSim
import Testing

/// The standard rules with hold and counter-clockwise turns, five pieces of preview, and
/// optionally a lock delay (as Mods/modern and Mods/guideline).
private struct HoldingRules: Rules {
    var lockDelay: LockDelay? = nil
    var name: String { "holding-test" }
    var allowsCounterclockwise: Bool { true }
    var holdEnabled: Bool { true }
    var previewCount: Int { 5 }
}

/// A compound result: the pieces locked when the game finishes at 5, then the time.
private struct PiecesThenTime: Rules {
    var name: String { "compound-test" }
    var resultFormat: ResultFormat? {
        ResultFormat(name: "pieces", unit: .pieces, lowerIsBetter: false, then: [.init(name: "time", unit: .milliseconds, lowerIsBetter: true)])
    }
    func didFinishLock(cleared: Int, _ state: inout GameState) throws(RuleError) {
        if state.piecesLocked >= 5 {
            state.end(.finished(GameResult(label: "pieces", value: state.piecesLocked, lowerIsBetter: false, unit: .pieces,
                                           then: [state.elapsedMilliseconds])))
        }
    }
}

@Suite struct CompoundResultRecordTests {
    @Test func aRecordHoldsTheTieBreaksAndTheTimeOnlyUnderACompoundResult() throws {
        var sim = Simulator(rules: PiecesThenTime(), config: SimulationConfig(cap: 50, piecesPerSecond: 2))
        let record = sim.play(seed: 1)
        #expect(record.result == 5)
        #expect(record.then == [2500], "five pieces at 2 a second")
        #expect(record.timeMs == 2500)
        let line = String(decoding: try JSONEncoder().encode(record), as: UTF8.self)
        #expect(line.contains("\"then\":[2500]") && line.contains("\"timeMs\":2500"), "\(line)")
        var plain = Simulator(rules: StandardRules(), config: SimulationConfig(cap: 5))
        let standard = String(decoding: try JSONEncoder().encode(plain.play(seed: 1)), as: UTF8.self)
        #expect(!standard.contains("timeMs") && !standard.contains("then"), "other rules' lines stay as they were")
    }
}

/// A ten-line sprint: the game finishes at 10 lines, its result the game clock (as
/// Mods/sprint, in Swift).
private struct TenLineSprint: Rules {
    var name: String { "sprint-test" }
    var resultFormat: ResultFormat? { ResultFormat(name: "time", unit: .milliseconds, lowerIsBetter: true) }
    func didFinishLock(cleared: Int, _ state: inout GameState) throws(RuleError) {
        if state.lines >= 10 {
            state.end(.finished(GameResult(label: "time", value: state.elapsedMilliseconds, lowerIsBetter: true, unit: .milliseconds)))
        }
    }
}

/// What the simulator records of the bot's holds (#13: pieces held, as a figure) and of
/// its pace (#13: time under timed rules).
@Suite struct HoldAndPaceTests {
    @Test func eachGameRecordsThePiecesTheBotHeldUnderRulesWithHold() throws {
        var full = Simulator(rules: HoldingRules(), config: SimulationConfig(cap: 300))
        var plain = Simulator(rules: HoldingRules(), config: SimulationConfig(bot: BotConfig(plain: true), cap: 300))
        for seed in UInt64(1)...3 {
            let record = full.play(seed: seed)
            let held = try #require(record.held)
            // El-Tetris with a hold slot holds about a third of its pieces (33.7% under Mods/modern).
            #expect(held > 30 && held < 200, "seed \(seed): held \(held) of \(record.pieces)")
            #expect(full.play(seed: seed).held == held, "per game, not the bot's running total")
            #expect(plain.play(seed: seed).held == 0, "the plain bot never holds")
        }
        var standard = Simulator(rules: StandardRules(), config: SimulationConfig(cap: 50))
        let record = standard.play(seed: 1)
        #expect(record.held == nil)
        let line = String(decoding: try JSONEncoder().encode(record), as: UTF8.self)
        #expect(!line.contains("held"), "rules without hold keep their JSONL as before: \(line)")
    }

    @Test func summariesAndComparisonsShowTheShareOfPiecesHeld() throws {
        let seeds = UInt64(1)...8
        var full = Simulator(rules: HoldingRules(), config: SimulationConfig(cap: 200))
        var plain = Simulator(rules: HoldingRules(), config: SimulationConfig(bot: BotConfig(plain: true), cap: 200))
        let recordsA = seeds.map { full.play(seed: $0) }, recordsB = seeds.map { plain.play(seed: $0) }
        let headerA = RunHeader(rules: "holding-test", config: full.config, firstSeed: 1, lastSeed: 8)
        let headerB = RunHeader(rules: "holding-test", config: plain.config, firstSeed: 1, lastSeed: 8)
        let summary = Summary(header: headerA, records: recordsA)
        let row = try #require(summary.figures.first { $0.key == "held" })
        let held = Double(recordsA.reduce(0) { $0 + $1.held! }), pieces = Double(recordsA.reduce(0) { $0 + $1.pieces })
        #expect(row.name == "pieces held" && row.isRate && row.stats.interval == .pooledWilson)
        #expect(row.stats.mean == held / pieces)
        #expect(summary.text.contains("pieces held"))
        #expect(summary.confidenceInterval.contains("shares of pieces: Wilson score interval for the pooled share"))

        let comparison = Comparison(a: headerA, recordsA: recordsA, b: headerB, recordsB: recordsB)
        let compared = try #require(comparison.figures.first { $0.key == "held" })
        #expect(compared.meanB == 0 && compared.meanA == held / pieces)
        #expect(compared.difference.interval == .pooledDifference && compared.isSignificant)
        #expect(compared.verdict == "pieces held 0.0% vs \(Format.percent(held / pieces))")
        #expect(comparison.text.contains("B: holding-test rules, eltetris (plain) bot"))
        #expect(comparison.text.contains("\nthe bots differ: A eltetris, B eltetris (plain)\n"))
        #expect(Comparison(a: headerA, recordsA: recordsA, b: headerA, recordsB: recordsA).sidesDiffer == nil)

        // Rules without hold: no such figure at all (their output is as before).
        var standard = Simulator(rules: StandardRules(), config: SimulationConfig(cap: 50))
        let plainSummary = Summary(header: RunHeader(rules: "standard", config: standard.config, firstSeed: 1, lastSeed: 2),
                                   records: [standard.play(seed: 1), standard.play(seed: 2)])
        #expect(!plainSummary.figures.contains { $0.key == "held" } && !plainSummary.text.contains("held"))
    }

    @Test func paceRoundsOnceSoPiecesTakeExactlyTheirShareOfSeconds() {
        let three = SimulationConfig(piecesPerSecond: 3)
        #expect((0...4).map(three.milliseconds(afterPieces:)) == [0, 333, 667, 1000, 1333])
        #expect(SimulationConfig(piecesPerSecond: 2).milliseconds(afterPieces: 103) == 51_500)
        #expect(SimulationConfig().milliseconds(afterPieces: 103) == 0)
    }

    @Test func aPaceGivesTimedRulesARealTimeThatTheReplayHolds() throws {
        for pps in [4.0, 3.0] {
            var config = SimulationConfig(cap: 500, piecesPerSecond: pps)
            config.recordsReplays = true
            var simulator = Simulator(rules: TenLineSprint(), config: config)
            for seed in UInt64(1)...2 {
                let record = simulator.play(seed: seed)
                #expect(record.outcome == .finished)
                #expect(record.result == Int((Double(record.pieces) * 1000 / pps).rounded()), "\(record.pieces) pieces at \(pps)/s")
                let replay = try #require(simulator.lastReplay)
                #expect(replay.actions.count { if case .wait = $0 { true } else { false } } == record.pieces, "one W per piece")
                guard case .match = replay.verify(with: Game(rules: TenLineSprint(), source: .seeded(seed))) else {
                    Issue.record("seed \(seed): the replay with its waits does not verify")
                    continue
                }
            }
        }
        var untimed = Simulator(rules: TenLineSprint(), config: SimulationConfig(cap: 500))
        #expect(untimed.play(seed: 1).result == 0, "without a pace no time passes")
    }

    @Test func underALockDelayThePaceChangesNothingButTheClock() {
        // The random bot tops out within dozens of pieces, so pieces spawn resting on the
        // stack: their time waits for the next piece instead of locking them where they spawn.
        for bot in [BotConfig(), BotConfig(kind: .random)] {
            let rules = HoldingRules(lockDelay: .guideline)
            var paced = Simulator(rules: rules, config: SimulationConfig(bot: bot, cap: 300, piecesPerSecond: 1))
            var timeless = Simulator(rules: rules, config: SimulationConfig(bot: bot, cap: 300))
            for seed in UInt64(1)...6 {
                var record = paced.play(seed: seed)
                #expect((record.timeMs ?? 0) > 0 && (record.timeMs ?? 0) <= record.pieces * 1000, "\(bot.kind) seed \(seed): at most a second a piece")
                record.timeMs = nil
                #expect(record == timeless.play(seed: seed), "\(bot.kind) seed \(seed)")
            }
        }
    }
}
