import HanJulBot
import HanJulCore
import HanJulSim
import Testing

/// Whole simulated games: the bots through the simulator.
@Suite struct SimulatorTests {
    @Test func elTetrisClearsLinesAndSurvives() {
        var simulator = Simulator(rules: StandardRules(), config: SimulationConfig(cap: 1_000))
        for seed in UInt64(1)...3 {
            let record = simulator.play(seed: seed)
            #expect(record.outcome == .capped)
            #expect(record.pieces == 1_000)
            #expect(record.lines >= 380, "1000 pieces fill 400 rows; a good bot clears nearly all")
            #expect(record.maxHeight < 12)
            #expect(record.clears.count == 4)
            #expect(record.clears.enumerated().reduce(0) { $0 + ($1.offset + 1) * $1.element } == record.lines)
        }
    }

    @Test func dellacherieAlsoPlaysWell() {
        var simulator = Simulator(rules: StandardRules(), config: SimulationConfig(bot: BotConfig(kind: .dellacherie), cap: 500))
        let record = simulator.play(seed: 1)
        #expect(record.outcome == .capped)
        #expect(record.lines >= 180)
    }

    @Test func randomTopsOutQuickly() {
        var simulator = Simulator(rules: StandardRules(), config: SimulationConfig(bot: BotConfig(kind: .random), cap: 1_000))
        for seed in UInt64(1)...5 {
            let record = simulator.play(seed: seed)
            #expect(record.outcome == .toppedOut)
            #expect(record.pieces < 60)
        }
    }

    @Test func noiseWeakensTheBotButKeepsThePieceStream() {
        let config = SimulationConfig(bot: BotConfig(kind: .eltetris, noise: 0.3), cap: 400)
        var noisy = Simulator(rules: StandardRules(), config: config)
        var clean = Simulator(rules: StandardRules(), config: SimulationConfig(cap: 400))
        let a = noisy.play(seed: 11), b = clean.play(seed: 11)
        #expect(a != b)
        #expect(a.meanHeight > b.meanHeight)
        #expect(noisy.play(seed: 11) == a, "same seed, same game")
        // The deal is the game's: the same seed deals the same kinds whatever the bot does.
        var g1 = Game(rules: StandardRules(), source: .seeded(11)), g2 = g1
        var bot1 = Bot(config.bot, seed: 11), bot2 = Bot(BotConfig(kind: .random), seed: 11)
        for _ in 0..<20 {
            bot1.play(&g1)
            bot2.play(&g2)
        }
        #expect(g1.state.dealt.prefix(g2.state.dealt.count) == g2.state.dealt.prefix(g1.state.dealt.count))
    }

    @Test func builtInVariantsDiffer() throws {
        let config = SimulationConfig(cap: 300)
        var standard = try RuleSetSpec.standard.player(config)
        var uniform = try #require(RuleSetSpec.builtIn(named: "uniform")).player(config)
        #expect(standard.play(seed: 3) != uniform.play(seed: 3))
        #expect(RuleSetSpec.builtIn(named: "nope") == nil)
    }
}
