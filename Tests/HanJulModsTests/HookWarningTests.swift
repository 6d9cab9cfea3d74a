import HanJulBot
import HanJulCore
@testable import HanJulModCheck
@testable import HanJulMods
import Testing

/// Every hook that has a fallback reports its failure (#22 item 1): the game goes on with
/// the default, and `LuaRules.warnings` names the mod, the hook and the line, once per hook.
@Suite struct HookWarningTests {
    let fx = ModFixtures()

    /// Rules of one fixture mod `bad` with `body` (line 4 of mod.lua is the body's first).
    func rules(_ body: String, prelude: String = "") throws -> LuaRules {
        fx.write("bad", ModFixtures.source(id: "bad", body, prelude: prelude))
        return try fx.rules("bad")
    }

    @Test("the issue's mod: a spawn calling game:levl() and a gravity returning \"16\" are both reported, with file:line")
    func theIssuesMod() throws {
        let rules = try rules("""
            spawn = function(game, kind) return game:levl() end,
            gravity = function(level, interval) return "16" end,
            """)
        var game = Game(rules: rules, source: .seeded(1))
        game.apply(.hardDrop)
        #expect(!game.state.isOver)
        #expect(game.state.piece.x == 3 && game.state.piece.y == 0, "the default place")
        #expect(rules.gravityInterval(level: 1) == 700, "the standard interval")
        // The catalog shows paths from its working folder, the fixtures' root.
        // The game asks for gravity as it starts, then spawns the first piece.
        #expect(rules.warnings.map(\.description) == [
            "bad/mod.lua:5: gravity: returned a bad value: gravity must return an integer, not string \"16\" (the game went on with the interval before it: 700 ms at level 1)",
            "bad/mod.lua:4: spawn: attempt to call a nil value (method 'levl') (the game went on with the default place: x 3, y 0, rotation 0)",
        ])
        #expect(rules.warnings.map(\.hook) == ["gravity", "spawn"])
        #expect(rules.warnings.map(\.mod) == ["bad", "bad"])
    }

    @Test("gravity that raises keeps the interval before it (the previous mod's, or the standard one)")
    func gravityRaises() throws {
        let rules = try rules(#"gravity = function(level) error("no curve for level " .. level) end,"#)
        #expect(rules.gravityInterval(level: 2) == 655)
        #expect(rules.warnings.count == 1)
        #expect(rules.warnings[0].message.hasPrefix("no curve for level 2 (the game went on with the interval before it: 655 ms"))
    }

    @Test("a gravity in a chain that fails passes the value before it on to the next mod")
    func gravityInAChain() throws {
        fx.write("first", ModFixtures.source(id: "first", #"gravity = function() return nil end,"#))
        fx.write("second", ModFixtures.source(id: "second", #"gravity = function(_, interval) return interval - 100 end,"#))
        let rules = try fx.rules("first", "second")
        #expect(rules.gravityInterval(level: 1) == 600)
        #expect(rules.warnings.map(\.mod) == ["first"])
        #expect(rules.warnings[0].message.contains("gravity must return an integer, not nil"))
    }

    @Test("hard_drop_points that fails gives the standard points, reported once however many drops")
    func hardDropPoints() throws {
        let rules = try rules(#"hard_drop_points = function(rows) return rows .. " rows" end,"#)
        var game = Game(rules: rules, source: .sequence([0]))
        for _ in 0..<4 { game.apply(.hardDrop) }
        #expect(game.state.score == 2 * (18 + 17 + 16 + 15), "2 a row, the standard points")
        #expect(rules.warnings.count == 1, "once per hook")
        #expect(rules.warnings[0].hook == "hard_drop_points")
        #expect(rules.warnings[0].message.contains("not string \"18 rows\""))
    }

    @Test("soft_drop_points that raises gives the standard 0")
    func softDropPoints() throws {
        let rules = try rules(#"soft_drop_points = function() local t = nil; return t.points end,"#)
        var game = Game(rules: rules, source: .sequence([0]))
        game.apply(.softDrop)
        #expect(game.state.score == 0 && game.state.piece.y == 1)
        #expect(rules.warnings.map(\.hook) == ["soft_drop_points"])
        #expect(rules.warnings[0].message.contains("attempt to index a nil value"))
        #expect(rules.warnings[0].location?.hasSuffix("bad/mod.lua:4") == true)
    }

    @Test("spawn returning a rotation the piece does not have, or nothing, falls back to the default place, reported")
    func spawnBadValues() throws {
        for (body, expected) in [
            (#"spawn = function() return 3, 0, 7 end,"#, "spawn returned x 3, y 0, rotation 7 for I; x and y must be from -64 to 64 and the rotation from 0 to 3"),
            (#"spawn = function() return 100, 0 end,"#, "spawn returned x 100, y 0, rotation 0 for I"),
            (#"spawn = function() end,"#, "result #1: integer expected"),
        ] {
            let rules = try rules(body)
            let game = Game(rules: rules, source: .sequence([0]))
            #expect(game.state.piece.x == 3 && game.state.piece.rotation == 0)
            #expect(rules.warnings.count == 1)
            #expect(rules.warnings.first?.message.contains(expected) == true, "\(rules.warnings)")
            #expect(rules.warnings.first?.location?.hasSuffix("bad/mod.lua:4") == true, "the hook's definition")
        }
    }

    @Test("a spawn that fails only in the bot's lookahead copy (a local set by on_start, which never runs there) is reported")
    func lookaheadCopy() throws {
        let rules = try rules("""
            on_start = function() start = { x = 3 } end,
            spawn = function() return start.x, 0 end,
            """, prelude: "local start")
        let game = Game(rules: rules, source: .seeded(2))
        #expect(rules.warnings.isEmpty, "the game's own spawn works")
        // A bot that looks one piece ahead asks where the next piece enters.
        var bot = Bot(BotConfig(lookahead: 1), seed: 2)
        _ = try bot.choose(game)
        #expect(rules.warnings.count == 1)
        #expect(rules.warnings.first?.hook == "spawn")
        #expect(rules.warnings.first?.message.contains("in the bot's lookahead copy of the mods") == true, "\(rules.warnings)")
    }

    @Test("a mod whose hooks all work reports nothing")
    func noWarnings() throws {
        let rules = try repositoryRules("guideline")
        var game = Game(rules: rules, source: .seeded(3))
        var bot = Bot(BotConfig(), seed: 3)
        for _ in 0..<30 where !game.state.isOver {
            guard let placement = try bot.choose(game) else { break }
            var recorder: ReplayRecorder? = nil
            _ = bot.commit(placement, to: &game, recording: &recorder)
        }
        for level in 1...40 { _ = rules.gravityInterval(level: level) }
        #expect(rules.warnings.isEmpty, "guideline's gravity goes below 16 ms past level 15: clamped as documented, not a failure")
    }

    @Test("hanjul check fails a mod whose hooks fail silently, naming each")
    func checkFails() throws {
        let folder = fx.write("bad", ModFixtures.source(id: "bad", """
            spawn = function(game, kind) return game:levl() end,
            gravity = function(level, interval) return "16" end,
            """))
        var options = ModChecker.Options()
        options.fuzzGames = 2
        let package = try ModPackage(folder: folder)
        let outcomes = ModChecker(package: package, displayFolder: "Mods/bad", options: options).run()
        let failed = outcomes.filter { !$0.passed }.map(\.name)
        #expect(failed == ["determinism", "invariants"])
        let determinism = try #require(outcomes.first { $0.name == "determinism" })
        #expect(determinism.detail.contains("Mods/bad/mod.lua:4: spawn: attempt to call a nil value (method 'levl')"))
        #expect(determinism.detail.contains("Mods/bad/mod.lua:5: gravity: returned a bad value"))
    }
}
