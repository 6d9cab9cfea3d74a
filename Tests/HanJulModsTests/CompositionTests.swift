import Foundation
import HanJulCore
import HanJulReplay
@testable import HanJulModCheck
@testable import HanJulMods
import Testing

/// Mods checked and tested together (#22 item 2): `check ID --with OTHER`, `t.game{ mods =,
/// board =, level =, lines = }`, golden replays recorded under a composition.
@Suite struct CompositionTests {
    let fx = ModFixtures()

    /// The issue's `bonus`: clear points double while garbage rows remain; it requires
    /// garbage (`loose` leaves that out).
    static let bonus = ModFixtures.source(id: "bonus", "requires = { \"garbage\" },\n" + scoring)
    static let loose = ModFixtures.source(id: "bonus", scoring)
    static let scoring = """
        scoring = function(game, _, _, points)
          for y = 0, game:height() - 1 do
            for x = 0, game:width() - 1 do
              if game:cell(x, y) == "G" then return points * 2 end
            end
          end
          return points
        end,
        """

    static let bonusTests = """
        local t = require("hanjul.test")

        t.test("a single over garbage scores double", function()
          local g = t.game { pieces = "I", board = [[
            ....GGGGGG
            GGGGGG.GGG
          ]] }
          g:play("LLLH")
          t.eq(g:lines(), 1)
          t.eq(g:score(), 34 + 200)
          t.board(g, "GGGGGG.GGG")
        end)

        t.test("without garbage left, the standard points", function()
          local g = t.game { pieces = "I", board = "....GGGGGG" }
          g:play("LLLH")
          t.eq(g:score(), 36 + 100)
        end)

        t.test("at level 10 a single is 1000, doubled", function()
          local g = t.game { pieces = "I", level = 10, board = [[
            ....GGGGGG
            GGGGGG.GGG
          ]] }
          t.eq(g:level(), 10)
          g:play("LLLH")
          t.eq(g:score(), 34 + 2000)
          t.eq(g:level(), 10, "a start level holds")
        end)
        """

    func writeGarbage() {
        let source = try! String(contentsOfFile: repositoryMods + "/garbage/mod.lua", encoding: .utf8)
        fx.write("garbage", source)
    }

    func checker(_ id: String, with others: [String]) throws -> ModChecker {
        var options = ModChecker.Options()
        options.fuzzGames = 4
        options.fuzzActions = 200
        var checker = ModChecker(package: try ModPackage(folder: fx.root + "/" + id), displayFolder: "Mods/" + id, options: options)
        checker.companions = try others.map { ModCompanion(package: try ModPackage(folder: fx.root + "/" + $0), displayFolder: "Mods/" + $0) }
        checker.catalog = fx.catalog
        return checker
    }

    @Test("check bonus --with garbage passes, its tests on boards holding G")
    func bonusWithGarbage() throws {
        writeGarbage()
        fx.write("bonus", Self.bonus, files: ["tests/bonus.lua": Self.bonusTests])
        let outcomes = try checker("bonus", with: ["garbage"]).run()
        for outcome in outcomes { #expect(outcome.passed, "\(outcome.name): \(outcome.detail)") }
        #expect(outcomes.first { $0.name == "tests/bonus.lua" }?.detail == "3 of 3 tests passed")
        #expect(outcomes.first { $0.name == "manifest" }?.detail.contains("with garbage 1.0.0") == true)
    }

    @Test("alone, a board with G is refused with the rules' letters and how to name another mod")
    func letterOfAnotherMod() throws {
        fx.write("bonus", Self.loose, files: ["tests/bonus.lua": Self.bonusTests])
        let outcomes = try checker("bonus", with: []).run()
        let tests = try #require(outcomes.first { $0.name == "tests/bonus.lua" })
        #expect(!tests.passed)
        #expect(tests.detail.contains("t.game: board: row 1, column 5: 'G' is not a piece letter (these rules' letters: I O T S Z J L; a letter of another mod's pieces needs that mod: t.game{ mods = { … } })"), "\(tests.detail)")
    }

    @Test("t.game{ mods = { \"garbage\" } } composes in a test, the mod itself last unless named")
    func modsSetting() throws {
        writeGarbage()
        fx.write("bonus", Self.loose, files: ["tests/mods.lua": """
            local t = require("hanjul.test")
            t.test("garbage then bonus", function()
              local g = t.game { mods = { "garbage" }, pieces = "I", board = [[
                ....GGGGGG
                GGGGGG.GGG
              ]] }
              g:play("LLLH")
              t.eq(g:score(), 34 + 200)
            end)
            t.test("the order given", function()
              local g = t.game { mods = { "bonus", "garbage" }, pieces = "I", board = "....GGGGGG" }
              g:play("LLLH")
              t.eq(g:score(), 36 + 100)
            end)
            t.test("a mod that is nowhere", function()
              local ok, message = pcall(t.game, { mods = { "nosuch" } })
              t.ok(not ok)
              t.ok(message:find("t.game: mods: no mod 'nosuch'", 1, true), message)
            end)
            t.test("lines = 95 starts at level 10", function()
              local g = t.game { pieces = "I", lines = 95 }
              t.eq(g:lines(), 95)
              t.eq(g:level(), 10)
            end)
            t.test("bad start values", function()
              t.ok(not pcall(t.game, { level = 0 }))
              t.ok(not pcall(t.game, { lines = -1 }))
              local ok, message = pcall(t.game, { levels = 3 })
              t.ok(not ok and message:find("did you mean 'level'", 1, true), message)
            end)
            """])
        let outcomes = try checker("bonus", with: []).run()
        let tests = try #require(outcomes.first { $0.name == "tests/mods.lua" })
        #expect(outcomes.first { $0.name == "load" } == nil)
        #expect(tests.passed, "\(tests.detail)")
        #expect(tests.detail == "5 of 5 tests passed")
    }

    @Test("a golden replay recorded under garbage + bonus verifies, with --with and alone (its mods are found by id)")
    func replayUnderAComposition() throws {
        writeGarbage()
        fx.write("bonus", Self.loose)
        let (replay, _) = try checker("bonus", with: ["garbage"]).recordReplay(seed: 3, pieces: 30)
        #expect(replay.rules.mods.map(\.id) == ["garbage", "bonus"])
        fx.write("bonus", Self.loose, files: ["tests/pair.replay": String(decoding: ReplayFile.encode(replay), as: UTF8.self)])
        for others in [["garbage"], []] {
            let outcomes = try checker("bonus", with: others).run()
            let result = try #require(outcomes.first { $0.name == "tests/pair.replay" })
            #expect(result.passed && result.detail.hasPrefix("match:"), "\(others): \(result.detail)")
        }
        // One that does not include the mod is refused, saying how to record one.
        let lone = try ModChecker(package: try ModPackage(folder: fx.root + "/garbage"), displayFolder: "Mods/garbage").recordReplay(seed: 3, pieces: 5)
        fx.write("bonus", Self.loose, files: ["tests/other.replay": String(decoding: ReplayFile.encode(lone.replay), as: UTF8.self)])
        let outcomes = try checker("bonus", with: []).run()
        let other = try #require(outcomes.first { $0.name == "tests/other.replay" })
        #expect(other.detail.contains("recorded under mods [garbage], which do not include bonus"), "\(other.detail)")
    }

    @Test("GameStart: the board, lines and level a game starts from; the level holds until the lines pass it")
    func gameStart() throws {
        let board = try Board("....IIIIII", pieces: .standard)
        var game = Game(rules: StandardRules(), source: .sequence([0]), start: GameStart(board: board, lines: 5, level: 3))
        #expect(game.state.lines == 5 && game.state.level == 3)
        #expect(game.state.board.rows[19] == board.rows[19])
        game.apply(.left); game.apply(.left); game.apply(.left); game.apply(.hardDrop)
        #expect(game.state.lines == 6 && game.state.level == 3)
        #expect(game.state.score == 36 + 300, "a single at level 3")
        var far = Game(rules: StandardRules(), source: .sequence([0]), start: GameStart(lines: 95, level: 3))
        #expect(far.state.level == 10, "the lines' level is higher")
        far.apply(.hardDrop)
        #expect(far.state.level == 10)
    }
}
