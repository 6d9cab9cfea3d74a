import Foundation
import HanJulBot
import HanJulCore
@testable import HanJulModCheck
@testable import HanJulMods
import HanJulReplay
import Testing

/// What a mod's tests may use in all (`hanjul check`): the games a test keeps are charged
/// to one memory cap, the whole run to one time bound, and both end with a message.
@Suite struct TestRunLimitsTests {
    let fx = ModFixtures()

    func runner(_ test: String, limits: (inout ModTestRunner.Limits) -> Void = { _ in }) throws -> ModTestRunner {
        fx.write("limited", ModFixtures.source(id: "limited", "", prelude: "local ballast = string.rep('x', 1 << 20)"),
                 files: ["tests/a.lua": "local t = require('hanjul.test')\n" + test])
        var runner = ModTestRunner(package: try ModPackage(folder: fx.root + "/limited"), displayFolder: "Mods/limited")
        limits(&runner.limits)
        return runner
    }

    @Test func gamesATestKeepsAreChargedToOneMemoryCap() throws {
        let runner = try runner("""
            t.test("keeps games", function()
              local kept = {}
              for i = 1, 1000 do kept[i] = t.game {} end
            end)
            t.test("after it, its games are closed and new ones can be made", function()
              t.game {}:play("H")
            end)
            """) { $0.gameMemoryBytes = 16 << 20 }
        let result = runner.runLua("tests/a.lua")
        #expect(result.passed == 1, "\(result.failures)")
        let failure = try #require(result.failures.first)
        #expect(failure.hasPrefix("keeps games: Mods/limited/tests/a.lua:4: t.game: this test's games hold 1"), "\(failure)")
        #expect(failure.hasSuffix("a test may keep 16 MiB of games at once (its games are closed when it ends): make fewer games per test"),
                "\(failure)")
    }

    @Test func aGameUsedAfterItsTestEndedSaysSo() throws {
        let runner = try runner("""
            local saved
            t.test("makes a game", function() saved = t.game {} end)
            t.test("uses it later", function() saved:play("H") end)
            """)
        let result = runner.runLua("tests/a.lua")
        #expect(result.failures == ["uses it later: Mods/limited/tests/a.lua:4: game.play: this game was closed when the test that made it ended"],
                "\(result.failures)")
    }

    @Test func aMillionGamesEndWithTheTimeBound() throws {
        let runner = try runner("""
            t.test("a million games", function()
              for _ = 1, 1000000 do t.game({}):play("HHHH") end
            end)
            t.test("never runs", function() end)
            """) { $0.seconds = 0.5 }
        let result = runner.runAll()
        let failures = try #require(result.first?.failures)
        #expect(failures.count == 2, "\(failures)")
        #expect(failures.first?.contains("the mod's tests ran for more than 0.5 s in all, the limit of a test run; make them play fewer or shorter games") == true,
                "\(failures)")
        #expect(failures.last == "never runs: not run: the mod's tests ran for more than 0.5 s in all, the limit of a test run; make them play fewer or shorter games")
    }

    @Test func aGoldenReplayStopsAtTheTimeBound() throws {
        fx.write("golden", ModFixtures.source(id: "golden", ""))
        let rules = try fx.rules("golden")
        var recorder = ReplayRecorder(rules: rules.identity, source: .seeded(1))
        var game = Game(rules: rules, source: .seeded(1))
        for _ in 0..<200 { game.apply(.gravity); recorder.record(.gravity, state: game.state) }
        fx.write("golden", ModFixtures.source(id: "golden", ""),
                 files: ["tests/long.replay": String(decoding: ReplayFile.encode(recorder.finish(game.state)), as: UTF8.self)])
        var runner = ModTestRunner(package: try ModPackage(folder: fx.root + "/golden"), displayFolder: "Mods/golden")
        #expect(runner.runReplay("tests/long.replay").isSuccess)
        runner.limits.seconds = 0
        #expect(runner.runReplay("tests/long.replay").failures
                == ["the mod's tests ran for more than 0 s in all, the limit of a test run; make them play fewer or shorter games"])
    }
}

/// Host work that grows with the board is charged to the hook's instruction budget.
@Suite struct HostWorkBudgetTests {
    let fx = ModFixtures()

    func failure(_ body: String) throws -> RuleError? {
        fx.write("busy", ModFixtures.source(id: "busy", """
            board = { width = 64, height = 64 },
            on_spawn = function(game) if game:dealt() == 2 then \(body) end end,
            """))
        var game = Game(rules: try fx.rules("busy"), source: .seeded(1))
        game.apply(.hardDrop)
        guard case .over(.ruleError(let error)) = game.state.phase else { return nil }
        return error
    }

    @Test func placementsInALoopRunOutOfBudget() throws {
        let error = try #require(try failure("for _ = 1, 1000000 do pcall(game.placements, game, 'T') end"))
        #expect(error.message.contains("ran past its budget"), "\(error)")
    }

    @Test func rowEditsInALoopRunOutOfBudget() throws {
        let error = try #require(try failure("for _ = 1, 1000000 do pcall(game.insert_row, game, 63, 1, 'I') end"))
        #expect(error.message.contains("ran past its budget"), "\(error)")
    }

    @Test func aFewPlacementsOnA64WideBoardAreWellWithinBudget() throws {
        #expect(try failure("for _ = 1, 20 do game:placements('T') end") == nil)
    }

    @Test func placementFiguresMatchTheCells() {
        var random = HanJulCore.SplitMix64(seed: 7)
        for width in [4, 10, 63, 64] {
            var board = Board(width: width, height: 24)
            for y in 6..<24 {
                for x in 0..<width where random.below(3) == 0 { board.set(x: x, y: y, to: 0) }
            }
            var heights: [Int] = [], holes = 0
            for x in 0..<width {
                let top = (0..<24).first { board.isFilled(x: x, y: $0) }
                heights.append(top.map { 24 - $0 } ?? 0)
                if let top { holes += ((top + 1)..<24).count { !board.isFilled(x: x, y: $0) } }
            }
            let shape = BoardFeatures(board: board)  // the figures game:placements reports
            #expect(shape.holes == holes && shape.maxHeight == heights.max()! && shape.aggregateHeight == heights.reduce(0, +),
                    "width \(width)")
            #expect(shape.bumpiness == zip(heights, heights.dropFirst()).reduce(0) { $0 + abs($1.0 - $1.1) }, "width \(width)")
        }
    }
}
