import HanJulCore
@testable import HanJulModCheck
@testable import HanJulMods
import Testing

/// Query hooks (`spawn`, `rotate`, `gravity`, …) may be asked any number of times: the
/// game must not depend on how often (#15 item 7), and `game:placements` must ask the
/// mod's real hooks (#12 item 8).
@Suite struct QueryHookTests {
    let fx = ModFixtures()

    /// Counts every question in `hook` and adds the count to the score at each lock.
    static func counting(_ hook: String) -> String {
        let body: String
        switch hook {
        case "gravity": body = #"gravity = function(level, interval) asked = asked + 1; return interval end,"#
        case "rotate":
            body = """
                rotate = function(game, letter, rotation, x, y, direction)
                  asked = asked + 1
                  local turned = (rotation + direction) % 4
                  if game:fits(letter, turned, x, y) then return x, y, turned end
                end,
                """
        default: body = #"spawn = function(game, letter) asked = asked + 1 end,"#
        }
        return ModFixtures.source(id: "count", body + "\non_lock = function(game) game:add_score(asked * 1000) end,",
                                  prelude: "local asked = 0")
    }

    @Test func gravityRunsOncePerLevelHoweverOftenAFrontEndAsks() throws {
        fx.write("count", Self.counting("gravity"))
        var quiet = Game(rules: try fx.rules("count"), source: .seeded(4))
        let busyRules = try fx.rules("count")
        var busy = Game(rules: busyRules, source: .seeded(4))
        for _ in 0..<8 {
            quiet.apply(.hardDrop)
            for _ in 0..<50 { _ = busyRules.gravityInterval(level: busy.state.level) }
            busy.apply(.hardDrop)
        }
        #expect(quiet.state.piecesLocked == 8)
        #expect(busy.state.score == quiet.state.score)
        #expect(quiet.state.score / 1000 == 8, "asked once, at the start: 1000 a lock (and under 1000 of hard drops)")
    }

    @Test func aBotsLookaheadDoesNotReachTheGamesHooks() throws {
        fx.write("count", Self.counting("rotate"))
        let rules = try fx.rules("count")
        var game = Game(rules: rules, source: .seeded(4))
        // The lookahead is a separate copy: questions there leave the game's state alone.
        for _ in 0..<100 { _ = try rules.lookahead.rotated(game.state.piece, state: game.state) }
        #expect(rules.lookahead !== rules)
        game.apply([.rotate, .hardDrop])
        #expect(game.state.score == 1000 + game.state.score % 1000, "one turn asked once")
    }

    @Test func rulesWithoutSpawnOrRotateHooksAreTheirOwnLookahead() throws {
        // The search's questions run no Lua then: no second set of Lua states is made.
        fx.write("count", Self.counting("gravity"))
        let rules = try fx.rules("count")
        #expect(rules.lookahead === rules)
        fx.write("count", Self.counting("spawn"))
        let spawning = try fx.rules("count")
        #expect(spawning.lookahead !== spawning)
    }

    @Test func checkFindsAQueryHookThatCounts() throws {
        for hook in ["spawn", "rotate"] {
            fx.write("count", Self.counting(hook))
            let checker = ModChecker(package: try ModPackage(folder: fx.root + "/count"), displayFolder: "count",
                                     options: ModChecker.Options())
            let outcome = checker.queryHooks()
            #expect(!outcome.passed)
            #expect(outcome.detail.contains("asking \(hook) once more before each action changed the game"), "\(outcome.detail)")
        }
        let guideline = ModChecker(package: try ModPackage(folder: repositoryMods + "/guideline"), displayFolder: "Mods/guideline",
                                   options: ModChecker.Options())
        #expect(guideline.queryHooks().passed, "a pure spawn hook passes")
    }

    @Test func placementsAskTheModsRotateHook() throws {
        // No turns at all: only the eight places of the flat T.
        fx.write("stiff", ModFixtures.source(id: "stiff", """
            preview = 0,
            rotate = function() return nil end,
            next_piece = function(game) game:announce(tostring(#game:placements("T"))); return "T" end,
            """))
        #expect(Game(rules: try fx.rules("stiff"), source: .seeded(1)).state.callouts == ["8"])
        fx.write("free", ModFixtures.source(id: "free", """
            preview = 0,
            next_piece = function(game) game:announce(tostring(#game:placements("T"))); return "T" end,
            """))
        #expect(Game(rules: try fx.rules("free"), source: .seeded(1)).state.callouts == ["34"], "8 + 9 + 8 + 9 with turns")
    }

    @Test func placementsStartWhereTheSpawnHookSays() throws {
        // Spawned at the left wall behind a pillar in column 2: the T cannot slide right.
        fx.write("walled", ModFixtures.source(id: "walled", """
            preview = 0,
            spawn = function() return 0, 10, 0 end,
            on_start = function(game) for y = 5, 19 do game:set_cell(3, y, "I") end end,
            next_piece = function(game) game:announce(tostring(#game:placements("T"))); return "T" end,
            """))
        // Rotation 0 fits at x 0 only (columns 0–2), rotation 2 the same, rotations 1 and 3 at x 0 and x −1 … one each.
        let callouts = Game(rules: try fx.rules("walled"), source: .seeded(1)).state.callouts
        #expect(callouts.first.map { Int($0)! < 8 } == true, "\(callouts)")
    }

    @Test func placementsAreRefusedInsideSpawnAndRotate() throws {
        fx.write("loop", ModFixtures.source(id: "loop", """
            spawn = function(game, letter) game:placements(letter) end,
            """))
        let game = Game(rules: try fx.rules("loop"), source: .seeded(1))
        // spawn falls back to the default place when it fails; the game goes on.
        #expect(game.state.piece.y == 0)
        fx.write("spin", ModFixtures.source(id: "spin", """
            rotate = function(game, letter) game:placements(letter) end,
            """))
        var spun = Game(rules: try fx.rules("spin"), source: .seeded(1))
        spun.apply(.rotate)
        guard case .over(.ruleError(let error)) = spun.state.phase else {
            Issue.record("expected a rule error, got \(spun.state.phase)")
            return
        }
        #expect(error.message.contains("not available in rotate"))
    }
}

/// #12 item 8: the test harness's game reads like the game object: the same names and
/// results as in a hook, by the same code.
@Suite struct TestGameAPITests {
    @Test func aTestGameAnswersAsTheGameObjectDoes() throws {
        let fx = ModFixtures()
        // The mod's on_lock records what a hook sees; the test compares the test game's answers.
        fx.write("same", ModFixtures.source(id: "same", """
            preview = 3,
            on_lock = function(game)
              seen = table.concat({ game:queue() }) .. " " .. game:dealt() .. " " .. tostring(game:is_over())
                .. " " .. tostring(game:is_hidden(0, 19)) .. " " .. game:row(19) .. " " .. #game:placements("T")
              print(seen)
            end,
            """, prelude: "local seen"), files: [
            "tests/a.lua": """
                local t = require("hanjul.test")
                t.test("the same answers", function()
                  local g = t.game { pieces = "OITSZ" }
                  g:play("LLLLH")
                  local mine = table.concat({ g:queue() }) .. " " .. g:dealt() .. " " .. tostring(g:is_over())
                    .. " " .. tostring(g:is_hidden(0, 19)) .. " " .. g:row(19) .. " " .. #g:placements("T")
                  t.eq(mine, "TSZ 2 false false 3 34")
                  t.eq(g:log(), "ITS 1 false false 3 34", "the hook saw the game before the next piece came")
                  t.eq(g:dealt_letters(), "OI")
                  local a, b, c = g:queue()
                  t.eq(a .. b .. c, "TSZ")
                end)
                t.test("old names say what they are now", function()
                  local g = t.game {}
                  g:hidden(0, 0)
                end)
                t.test("a test game changes only through play", function()
                  local g = t.game {}
                  g:set_cell(0, 0, "I")
                end)
                """,
        ])
        let result = ModTestRunner(package: try ModPackage(folder: fx.root + "/same"), displayFolder: "Mods/same").runLua("tests/a.lua")
        #expect(result.passed == 1, "\(result.failures)")
        #expect(result.failures.count == 2)
        #expect(result.failures.first?.contains("g:hidden is now g:is_hidden") == true, "\(result.failures)")
        #expect(result.failures.last?.contains("set_cell") == true, "\(result.failures)")
    }
}
