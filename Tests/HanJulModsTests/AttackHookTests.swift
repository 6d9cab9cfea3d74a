import HanJulCore
@testable import HanJulModCheck
@testable import HanJulMods
import Testing

/// The versus fields (#24): `attack` chains over the lock's facts, `garbage` is read and
/// checked, and bad values give a message that says what to write.
@Suite struct AttackHookTests {
    static func tetris(_ rules: LuaRules) throws -> GameState {
        let board = try Board("""
            .IIIIIIIII
            .IIIIIIIII
            .IIIIIIIII
            .IIIIIIIII
            IIIIIIIII.
            """, pieces: rules.pieces)
        var game = Game(rules: rules, source: .sequence([0]), start: GameStart(board: board))
        game.apply(try ActionScript.parse("CLLLLLH"))
        return game.state
    }

    @Test func attackChainsAndSeesTheFacts() throws {
        let mods = ModFixtures()
        mods.write("first", ModFixtures.source(id: "first", """
          attack = function(_, facts, sent)
            assert(facts.lines == 4 and facts.spin == "none" and facts.combo == 1)
            assert(facts.back_to_back == false and facts.perfect_clear == false and facts.letter == "I")
            return sent + facts.lines
          end,
        """))
        mods.write("second", ModFixtures.source(id: "second", """
          attack = function(_, _, sent) return sent * 10 end,
          garbage = { delay = 3, messiness = 0.25, cap = 5, cancels = false },
        """))
        let rules = try mods.rules("first", "second")
        #expect(try rules.attack(after: Self.tetris(rules)) == 40)
        #expect(rules.garbage == GarbageRules(delay: 3, messiness: 0.25, cap: 5, cancels: false))
        #expect(try mods.rules("first").garbage == nil)
    }

    @Test func badAttackValuesAreRuleErrors() throws {
        let mods = ModFixtures()
        mods.write("text", ModFixtures.source(id: "text", "attack = function() return \"4\" end,"))
        mods.write("minus", ModFixtures.source(id: "minus", "attack = function() return -1 end,"))
        mods.write("huge", ModFixtures.source(id: "huge", "attack = function() return math.maxinteger end,"))
        mods.write("over", ModFixtures.source(id: "over", "attack = function() return 1001 end,"))
        for (id, words) in [("text", "attack must return an integer"), ("minus", "attack returned -1; it must be 0 to 1000 lines"),
                            ("huge", "attack returned 9223372036854775807; it must be 0 to 1000 lines"),
                            ("over", "attack returned 1001; it must be 0 to 1000 lines")] {
            let rules = try mods.rules(id)
            do {
                _ = try rules.attack(after: Self.tetris(rules))
                Issue.record("\(id): no error")
            } catch let error as RuleError {
                #expect(error.description.contains(words), "\(error)")
            }
        }
    }

    @Test(arguments: [
        ("garbage = 3,", "garbage must be"),
        ("garbage = { delay = -1 },", "garbage.delay must be an integer from 0 to 100"),
        ("garbage = { cap = 0 },", "garbage.cap must be an integer from 1 to 64"),
        ("garbage = { messiness = 2 },", "garbage.messiness must be a number from 0 to 1"),
        ("garbage = { cancels = 1 },", "garbage.cancels must be true or false"),
        ("garbage = { holes = 1 },", "garbage has an unknown field 'holes'"),
        ("attack = 4,", "field 'attack' must be a function"),
    ])
    func badGarbageTablesAreRefusedWithAMessage(_ body: String, _ words: String) throws {
        let mods = ModFixtures()
        mods.write("bad", ModFixtures.source(id: "bad", body))
        do {
            _ = try mods.rules("bad")
            Issue.record("\(body) loaded")
        } catch {
            #expect("\(error)".contains(words), "\(error)")
        }
    }

    @Test func checkAsksTheAttackHookAfterEveryLock() throws {
        let mods = ModFixtures()
        mods.write("late", ModFixtures.source(id: "late", """
          attack = function(game) if game:pieces_locked() >= 3 then return -2 end return 0 end,
        """))
        var options = ModChecker.Options()
        options.determinismGames = 1
        options.botPieces = 10
        options.fuzzGames = 1
        options.fuzzActions = 20
        let outcomes = ModChecker(package: try ModPackage(folder: mods.root + "/late"), displayFolder: "Mods/late", options: options).run()
        let attack = try #require(outcomes.first { $0.name == "attack" })
        #expect(!attack.passed)
        #expect(attack.detail.contains("lock 3") && attack.detail.contains("0 to 1000 lines"), "\(attack.detail)")
        let versus = ModChecker(package: try ModPackage(folder: repositoryMods + "/versus"), displayFolder: "Mods/versus", options: options).run()
        #expect(versus.first { $0.name == "attack" }?.passed == true)
        #expect(ModChecker(package: try ModPackage(folder: repositoryMods + "/garbage"), displayFolder: "Mods/garbage", options: options)
            .run().allSatisfy { $0.name != "attack" }, "no attack hook: no line")
    }
}
