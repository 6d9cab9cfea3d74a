import Foundation
import Testing
import HanJulCore
@testable import HanJulMods

/// `LuaRules.resetForNewGame`: a sim keeps one set of Lua states per worker and resets them
/// between games; every game must then see what new states would show it, whatever the mod
/// kept the game before (docs/MODDING.md, "One state for many games").
@Suite struct StateReuseTests {
    let fx = ModFixtures()

    /// A mod that keeps state everywhere a mod can: a local of its chunk, a global, a field
    /// added to a library table (and used as a string method), a required module's table,
    /// raw fields on the `hanjul` proxies, math.randomseed. Its gravity hook reports all of
    /// it, so a leak between games changes the intervals it returns.
    static let stateful = ModFixtures.source(id: "keeper", """
        gravity = function(level)
          calls = calls + 1
          seen = (seen or 0) + 1
          local method = ("x").extra and 1 or 0
          string.extra = (string.extra or 0) + 1
          counter.n = counter.n + 1
          local leak = rawget(hanjul, "leak") or 0
          rawset(hanjul, "leak", leak + 1)
          local deep = rawget(hanjul.standard, "leak") or 0
          rawset(hanjul.standard, "leak", deep + 1)
          local drawn = math.random(0, 9)
          if level == 2 then math.randomseed(7) end
          return 100 + calls + 2 * seen + 4 * string.extra + 8 * require("counter").n
            + 16 * leak + 32 * deep + 64 * method + 128 * drawn + (_G.loaded_twice and 4096 or 0)
        end,
        """, prelude: """
        local calls = 0
        local counter = require("counter")
        if counter.loads > 0 then _G.loaded_twice = true end
        counter.loads = counter.loads + 1
        print("loaded " .. counter.loads)
        """)

    /// `stateful` with a coroutine its hook can reach: no snapshot can hold one, so every
    /// reset runs the main chunk again in fresh globals.
    static let withCoroutine = stateful.replacingOccurrences(
        of: "local calls = 0", with: "local calls = 0\nlocal co = coroutine.create(function() end)")
        .replacingOccurrences(of: "calls = calls + 1", with: "calls = calls + 1 + (co and 0 or 1)")

    func keeperRules(_ source: String = stateful) throws -> LuaRules {
        fx.write("keeper", source, files: ["counter.lua": "return { n = 0, loads = 0 }"])
        let packages = try fx.catalog.packages(["keeper"])
        let cache = try #require(LuaRules.LoadCache.agreeing(try fx.catalog.rules(packages: packages).loadCache,
                                                             try fx.catalog.rules(packages: packages).loadCache))
        return try fx.catalog.rules(packages: packages, reusing: cache)
    }

    /// The intervals of levels 1 to 4, asked in order (each level's hook runs once).
    static func intervals(_ rules: LuaRules) -> [Int] { (1...4).map { rules.gravityInterval(level: $0) } }

    @Test(arguments: [true, false])
    func everyGameAfterAResetSeesWhatANewLoadSees(snapshot: Bool) throws {
        let source = snapshot ? Self.stateful : Self.withCoroutine
        let fresh = try keeperRules(source)
        let expected = Self.intervals(fresh)
        // The hook's state grows within a game: the intervals differ level to level.
        #expect(Set(expected).count == expected.count)
        #expect(fresh.mods[0].log == ["loaded 1"])
        let reused = try keeperRules(source)
        // Put back from a snapshot, or (a coroutine is reachable) run again in fresh globals.
        #expect(reused.mods[0].restoresSnapshot == snapshot)
        #expect(Self.intervals(reused) == expected)
        for game in 2...5 {
            #expect(try reused.resetForNewGame(), "game \(game)")
            #expect(Self.intervals(reused) == expected, "game \(game)")
            // The log starts over: the chunk printed once more, to a new log.
            #expect(reused.mods[0].log == ["loaded 1"], "game \(game)")
        }
    }

    @Test func theGameObjectIsNewEveryGame() throws {
        fx.write("marker", ModFixtures.source(id: "marker", """
            on_spawn = function(game)
              if rawget(game, "mark") then error("the game object kept a field from the last game") end
              rawset(game, "mark", true)
            end,
            """))
        let packages = try fx.catalog.packages(["marker"])
        let cache = try #require(LuaRules.LoadCache.agreeing(try fx.catalog.rules(packages: packages).loadCache,
                                                             try fx.catalog.rules(packages: packages).loadCache))
        let rules = try fx.catalog.rules(packages: packages, reusing: cache)
        for game in 1...3 {
            if game > 1 { #expect(try rules.resetForNewGame()) }
            let played = Game(rules: rules, source: .seeded(UInt64(game)))
            // The first spawn set the mark; a second spawn in the same game would fail.
            if case .over(.ruleError(let error)) = played.state.phase { Issue.record("game \(game): \(error)") }
        }
    }

    @Test func warningsAndTheGravityCacheStartOver() throws {
        fx.write("bad", ModFixtures.source(id: "bad", "gravity = function(level) return \"slow\" end,"))
        let packages = try fx.catalog.packages(["bad"])
        let cache = try #require(LuaRules.LoadCache.agreeing(try fx.catalog.rules(packages: packages).loadCache,
                                                             try fx.catalog.rules(packages: packages).loadCache))
        let rules = try fx.catalog.rules(packages: packages, reusing: cache)
        _ = rules.gravityInterval(level: 1)
        #expect(rules.warnings.count == 1)
        #expect(try rules.resetForNewGame())
        #expect(rules.warnings.isEmpty)
        // Asked again (not answered from the last game's cache), so reported again.
        _ = rules.gravityInterval(level: 1)
        #expect(rules.warnings.count == 1)
    }

    @Test func aModAsksForAFreshStateOrItsDataVaries() throws {
        fx.write("fresh", ModFixtures.source(id: "fresh", "fresh_state = true,"))
        let packages = try fx.catalog.packages(["fresh"])
        let cache = try #require(LuaRules.LoadCache.agreeing(try fx.catalog.rules(packages: packages).loadCache,
                                                             try fx.catalog.rules(packages: packages).loadCache))
        #expect(try fx.catalog.rules(packages: packages, reusing: cache).resetForNewGame() == false)
        // Rules whose data was not read once for every load (no cache) are not reused either.
        fx.write("plain", ModFixtures.source(id: "plain", "preview = 2,"))
        #expect(try fx.catalog.rules(packages: try fx.catalog.packages(["plain"])).resetForNewGame() == false)
        // A wrong value is an error that names the field.
        fx.write("wrong", ModFixtures.source(id: "wrong", "fresh_state = 1,"))
        #expect(throws: ModLoadError.self) { try fx.catalog.rules(packages: try fx.catalog.packages(["wrong"])) }
    }

    @Test func everyShippedModResetsToItsFirstLoad() throws {
        let catalog = ModCatalog(searchPath: ModSearchPath(folders: [repositoryMods]), workingDirectory: repositoryMods + "/..")
        let ids = try FileManager.default.contentsOfDirectory(atPath: repositoryMods).filter {
            FileManager.default.fileExists(atPath: repositoryMods + "/" + $0 + "/mod.lua")
        }.sorted()
        for id in ids {
            let list = id == "cheese100" ? ["cheese", id] : [id]
            let packages = try catalog.packages(list)
            let cache = try #require(LuaRules.LoadCache.agreeing(try catalog.rules(packages: packages).loadCache,
                                                                 try catalog.rules(packages: packages).loadCache), "\(id)")
            let rules = try catalog.rules(packages: packages, reusing: cache)
            let before = ModLoadCacheTests.shape(rules)
            #expect(try rules.resetForNewGame(), "\(id)")
            #expect(ModLoadCacheTests.shape(rules) == before, "\(id)")
        }
    }
}
