import HanJulCore
@testable import HanJulMods
import Testing

/// A mod declares how its result reads (`result = {name, unit, lower_is_better}`) and its
/// goal (`goal = {lines}`), for the play screen and high-score tables (#11 item 5).
@Suite struct ResultDeclarationTests {
    let fx = ModFixtures()

    @Test func sprintDeclaresATimeInMillisecondsAndFortyLines() throws {
        let rules = try repositoryRules("sprint")
        #expect(rules.resultFormat == ResultFormat(name: "time", unit: .milliseconds, lowerIsBetter: true))
        #expect(rules.goal == GameGoal(lines: 40))
        #expect(rules.isTimed)
        #expect(try repositoryRules("standard").resultFormat == nil)
    }

    @Test func finishWithAValueUsesTheDeclaration() throws {
        fx.write("race", ModFixtures.source(id: "race", """
            result = { name = "pieces", unit = "pieces", lower_is_better = true },
            goal = { lines = 5 },
            after_lock = function(game) if game:pieces_locked() == 3 then game:finish(game:pieces_locked()) end end,
            """))
        var game = Game(rules: try fx.rules("race"), source: .seeded(2))
        game.apply([.hardDrop, .hardDrop, .hardDrop])
        #expect(game.state.phase == .over(.finished(GameResult(label: "pieces", value: 3, lowerIsBetter: true, unit: .pieces))))
        #expect(game.rules.goal?.linesLeft(in: game.state) == 5)
    }

    @Test func aLabelledFinishTakesTheDeclaredDirectionWhenItGivesNone() throws {
        fx.write("timed", ModFixtures.source(id: "timed", """
            result = { name = "time", unit = "ms", lower_is_better = true },
            on_lock = function(game) game:finish("clock", game:time()) end,
            """))
        var game = Game(rules: try fx.rules("timed"), source: .seeded(2))
        game.apply([.wait(milliseconds: 1234), .hardDrop])
        #expect(game.state.phase == .over(.finished(GameResult(label: "clock", value: 1234, lowerIsBetter: true, unit: .milliseconds))))
        // Without a declaration: a plain count, higher is better unless the mod says so.
        fx.write("plain", ModFixtures.source(id: "plain", """
            on_lock = function(game) game:finish("locks", 1) end,
            """))
        var plain = Game(rules: try fx.rules("plain"), source: .seeded(2))
        plain.apply(.hardDrop)
        #expect(plain.state.phase == .over(.finished(GameResult(label: "locks", value: 1, lowerIsBetter: false, unit: .count))))
    }

    @Test func theLastModThatDeclaresWins() throws {
        fx.write("a", ModFixtures.source(id: "a", #"result = { name = "time", unit = "ms", lower_is_better = true }, goal = { lines = 40 },"#))
        fx.write("b", ModFixtures.source(id: "b", #"result = { name = "score", unit = "points" },"#))
        let rules = try fx.rules("a", "b")
        #expect(rules.resultFormat == ResultFormat(name: "score", unit: .points, lowerIsBetter: false))
        #expect(rules.goal == GameGoal(lines: 40))
    }

    @Test func clockMakesRulesTimedUnderAnotherUnit() throws {
        let blitz = try repositoryRules("blitz")
        #expect(blitz.resultFormat == ResultFormat(name: "score", unit: .points, lowerIsBetter: false, clock: true))
        #expect(blitz.isTimed, "front ends tell blitz the time")
        #expect(try repositoryRules("survival").isTimed)
        #expect(try !repositoryRules("marathon").isTimed, "a score without clock reads no time")
        fx.write("clocked", ModFixtures.source(id: "clocked", #"result = { name = "n", unit = "count", clock = 1 },"#))
        #expect(throws: ModLoadError.manifest(id: "clocked", reason: "result.clock must be true or false, at clocked/mod.lua:4")) { try fx.rules("clocked") }
    }

    @Test func badDeclarationsSayWhatIsExpected() throws {
        fx.write("unit", ModFixtures.source(id: "unit", #"result = { name = "time", unit = "seconds" },"#))
        #expect(throws: ModLoadError.manifest(id: "unit", reason: #"result.unit must be one of "ms", "pieces", "lines", "points", "count", at unit/mod.lua:4"#)) {
            try fx.rules("unit")
        }
        fx.write("field", ModFixtures.source(id: "field", #"result = { name = "time", unit = "ms", lower = true },"#))
        #expect(throws: ModLoadError.self) { try fx.rules("field") }
        do {
            _ = try fx.rules("field")
        } catch {
            #expect("\(error)".contains("result has an unknown field 'lower'"), "\(error)")
        }
        fx.write("goal", ModFixtures.source(id: "goal", "goal = { lines = 0 },"))
        #expect(throws: ModLoadError.manifest(id: "goal", reason: "goal must be { lines = 1…1000000 } or { time = 1…86400000 } (milliseconds), or both, at goal/mod.lua:4")) { try fx.rules("goal") }
        fx.write("notime", ModFixtures.source(id: "notime", "goal = { time = 0 },"))
        #expect(throws: ModLoadError.manifest(id: "notime", reason: "goal must be { lines = 1…1000000 } or { time = 1…86400000 } (milliseconds), or both, at notime/mod.lua:4")) { try fx.rules("notime") }
    }

    @Test("a time goal: read, both goals together, and Mods/blitz counts its two minutes down")
    func timeGoal() throws {
        fx.write("both", ModFixtures.source(id: "both", "goal = { lines = 40, time = 90000 },"))
        #expect(try fx.rules("both").goal == GameGoal(lines: 40, milliseconds: 90_000))
        #expect(try repositoryRules("blitz").goal == GameGoal(milliseconds: 120_000))
        #expect(GameGoal(milliseconds: 120_000).timeLeft(after: 119_000) == 1_000 && GameGoal(milliseconds: 5).timeLeft(after: 9) == 0)
    }
}
