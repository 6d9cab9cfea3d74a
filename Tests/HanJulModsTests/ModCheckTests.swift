import Foundation
import HanJulCore
@testable import HanJulModCheck
@testable import HanJulMods
import HanJulReplay
import Testing

/// `hanjul check` on every mod in the repository's Mods/ folder (their tests and golden
/// replays included), and the checker's own failure reports.
@Suite struct ModCheckTests {
    static let modIDs: [String] = {
        ((try? FileManager.default.contentsOfDirectory(atPath: repositoryMods)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }()

    /// Lighter than the command's defaults: the suite runs in a debug build.
    static var quick: ModChecker.Options {
        var options = ModChecker.Options()
        options.determinismGames = 2
        options.botPieces = 20
        options.fuzzGames = 6
        options.fuzzActions = 200
        return options
    }

    static func checker(_ folder: String, _ id: String, options: ModChecker.Options = quick) throws -> ModChecker {
        let package = try ModPackage(folder: folder + "/" + id)
        return ModChecker(package: package, displayFolder: "Mods/" + id, options: options)
    }

    @Test func theExampleModsGuidelineAndStandardArePresent() {
        let shipped: Set = ["cascade", "evil", "garbage", "giant", "guideline", "modern", "pento", "phantom", "sprint", "standard", "versus", "zen",
                            "marathon", "blitz", "master", "cheese", "cheese100", "survival", "combo", "ars"]
        #expect(shipped.subtracting(Self.modIDs).sorted() == [])
    }

    /// Mods that require others (`requires`), checked with them as `hanjul check cheese100
    /// --with cheese` does.
    static let required = ["cheese100": ["cheese"]]

    @Test(arguments: modIDs)
    func everyModPassesCheck(_ id: String) throws {
        var checker = try Self.checker(repositoryMods, id)
        // Tests and golden replays under compositions (guideline, then the mod) find the
        // other mods here, as `hanjul check` finds them on the search path.
        checker.catalog = ModCatalog(searchPath: ModSearchPath(folders: [repositoryMods]), workingDirectory: repositoryMods + "/..")
        checker.companions = try (Self.required[id] ?? []).map {
            ModCompanion(package: try ModPackage(folder: repositoryMods + "/" + $0), displayFolder: "Mods/" + $0)
        }
        let outcomes = checker.run()
        for outcome in outcomes {
            #expect(outcome.passed, "\(id): \(outcome.name): \(outcome.detail)")
        }
        do {
            #expect(outcomes.contains { $0.name.hasSuffix(".lua") && $0.passed }, "\(id) ships tests/*.lua")
            #expect(outcomes.contains { $0.name.hasSuffix(".replay") && $0.passed }, "\(id) ships a golden replay")
        }
    }

    @Test func aFailingAssertionNamesTheTestFileAndLine() throws {
        let fx = ModFixtures()
        fx.write("tiny", ModFixtures.source(id: "tiny", ""), files: [
            "tests/a.lua": """
                local t = require("hanjul.test")
                t.test("passes", function()
                  local g = t.game { pieces = "I", board = "....OOOOOO" }
                  g:play("LLLH")
                  t.eq(g:lines(), 1)
                  t.board(g, "")
                  t.event(g, "cleared:1")
                end)
                t.test("fails", function()
                  local g = t.game { pieces = "O" }
                  g:play("H")
                  t.eq(g:score(), 37, "the drop")
                end)
                t.test("bad board", function()
                  t.game { pieces = "O", board = "OOO" }
                end)
                """,
        ])
        let result = ModTestRunner(package: try ModPackage(folder: fx.root + "/tiny"), displayFolder: "Mods/tiny").runLua("tests/a.lua")
        #expect(result.passed == 1)
        #expect(result.failures.count == 2)
        #expect(result.failures.first == "fails: Mods/tiny/tests/a.lua:12: the drop: expected 37, got 36", "\(result.failures)")
        #expect(result.failures.last?.hasPrefix("bad board: Mods/tiny/tests/a.lua:15: t.game: board: row 1 has 3 cells") == true, "\(result.failures)")
    }

    @Test func aGoldenReplayThatNoLongerMatchesIsReported() throws {
        let fx = ModFixtures()
        fx.write("bonus", ModFixtures.source(id: "bonus", "hard_drop_points = function(rows) return rows end,"))
        var recorded = try Self.checker(fx.root, "bonus").recordReplay(seed: 3, pieces: 5).replay
        // Same mod id, different behaviour: the replay was made when drops paid 2 per row.
        recorded.checkpoints = recorded.checkpoints.map { var c = $0; c.score *= 2; return c }
        fx.write("bonus", ModFixtures.source(id: "bonus", "hard_drop_points = function(rows) return rows end,"),
                 files: ["tests/old.replay": String(decoding: ReplayFile.encode(recorded), as: UTF8.self)])
        let result = ModTestRunner(package: try ModPackage(folder: fx.root + "/bonus"), displayFolder: "Mods/bonus").runReplay("tests/old.replay")
        #expect(!result.isSuccess)
        #expect(result.failures.first?.contains("diverged after action") == true, "\(result.failures)")
    }

    @Test func anInvariantViolationIsShrunkToASmallScript() throws {
        let fx = ModFixtures()
        fx.write("neg", ModFixtures.source(id: "neg", "hard_drop_points = function(rows) return rows == 3 and -1 or 0 end,"))
        let outcomes = try Self.checker(fx.root, "neg").run()
        let fuzz = try #require(outcomes.first { $0.name == "invariants" })
        #expect(!fuzz.passed)
        #expect(fuzz.detail.contains("a hard drop of 3 rows scored -1 points"), "\(fuzz.detail)")
        let script = try #require(fuzz.detail.split(separator: "'").dropFirst().first)
        // The reproduction really fails, and is much shorter than the 200-action game.
        #expect(script.count < 60, "\(script)")
        let rules = try fx.rules("neg")
        var game = Game(rules: rules, source: .seeded(1))
        var negative = false
        for action in try ActionScript.parse(String(script)) {
            game.apply(action)
            if game.state.events.contains(where: { if case .scored(let p, _) = $0 { p < 0 } else { false } }) { negative = true }
        }
        #expect(negative)
    }

    @Test func aModThatFailsInAHookFailsTheCheck() throws {
        let fx = ModFixtures()
        fx.write("crash", ModFixtures.source(id: "crash", "on_lock = function(game) if game:pieces_locked() == 4 then error('boom') end end,"))
        let outcomes = try Self.checker(fx.root, "crash").run()
        #expect(outcomes.contains { !$0.passed && $0.detail.contains("boom") }, "\(outcomes)")
    }
}
