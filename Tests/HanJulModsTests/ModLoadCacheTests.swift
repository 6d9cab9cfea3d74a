import Foundation
import Testing
import HanJulCore
@testable import HanJulMods

/// `LuaRules.LoadCache`: a sim reads each mod's manifest and rule data once and reuses it for
/// every game's load, which must then give the same rules as a fresh read.
@Suite struct ModLoadCacheTests {
    let fx = ModFixtures()

    /// The rules' observable data, read back for comparison.
    static func shape(_ r: LuaRules) -> String {
        "\(r.name) \(r.boardWidth)x\(r.boardHeight) \(r.pieces) \(r.previewCount) \(r.kickTable) \(r.kicks) "
            + "\(r.allowsCounterclockwise) \(r.holdEnabled) \(r.allowsHalfTurn) \(String(describing: r.lockDelay)) "
            + "\(String(describing: r.resultFormat)) \(String(describing: r.goal)) \(String(describing: r.garbage)) "
            + "\(r.manifests) \(r.defined) \(r.searchesTurnsAtLanding) \(r.identity)"
    }

    @Test func everyShippedModReadsTheSameDataTwiceAndReusesIt() throws {
        let catalog = ModCatalog(searchPath: ModSearchPath(folders: [repositoryMods]), workingDirectory: repositoryMods + "/..")
        let ids = try FileManager.default.contentsOfDirectory(atPath: repositoryMods).filter {
            FileManager.default.fileExists(atPath: repositoryMods + "/" + $0 + "/mod.lua")
        }.sorted()
        #expect(ids.count >= 20)
        for id in ids {
            // cheese100 needs cheese loaded before it.
            let list = id == "cheese100" ? ["cheese", id] : [id]
            let packages = try catalog.packages(list)
            let first = try catalog.rules(packages: packages)
            let second = try catalog.rules(packages: packages)
            let cache = try #require(LuaRules.LoadCache.agreeing(first.loadCache, second.loadCache), "\(id): two loads disagree")
            let reused = try catalog.rules(packages: packages, reusing: cache)
            #expect(Self.shape(reused) == Self.shape(first), "\(id)")
            // What the reused load's mods hold is what a fresh read gives, field by field.
            #expect(reused.mods.map(\.ruleData) == first.mods.map(\.ruleData), "\(id)")
            #expect(reused.mods.map(\.hooks.keys.count) == first.mods.map(\.hooks.keys.count), "\(id)")
        }
    }

    @Test func aReusedLoadRunsTheChunkInItsOwnState() throws {
        fx.write("count", ModFixtures.source(id: "count", """
            board = { width = 12, height = 22 },
            gravity = function(level) loads = loads + 1; return 100 * loads + level end,
            """, prelude: "local loads = 0\nprint(\"loaded\")"))
        let packages = try fx.catalog.packages(["count"])
        let fresh = try fx.catalog.rules(packages: packages)
        let cache = try #require(LuaRules.LoadCache.agreeing(fresh.loadCache, try fx.catalog.rules(packages: packages).loadCache))
        #expect(fresh.gravityInterval(level: 1) == 101)
        #expect(fresh.gravityInterval(level: 2) == 202)
        for _ in 0..<2 {
            let reused = try fx.catalog.rules(packages: packages, reusing: cache)
            // The main chunk ran (it printed), and the hook counts in this state alone.
            #expect(reused.mods[0].log == ["loaded"])
            #expect(reused.gravityInterval(level: 1) == 101)
            #expect(reused.gravityInterval(level: 2) == 202)
            #expect(reused.boardWidth == 12 && reused.boardHeight == 22)
            // The lookahead copy is built from the same data, in states of its own.
            #expect(Self.shape(reused.lookaheadCopy) == Self.shape(fresh))
            #expect(reused.lookaheadCopy !== reused)
        }
    }

    @Test func aCacheOfOtherPackagesIsNotUsed() throws {
        fx.write("wide", ModFixtures.source(id: "wide", "board = { width = 14, height = 24 },"))
        fx.write("narrow", ModFixtures.source(id: "narrow", "board = { width = 8, height = 20 },"))
        let wide = try fx.catalog.rules(packages: try fx.catalog.packages(["wide"]))
        let narrow = try fx.catalog.rules(packages: try fx.catalog.packages(["narrow"]), reusing: wide.loadCache)
        #expect(narrow.boardWidth == 8)
        #expect(narrow.manifests.map(\.id) == ["narrow"])
    }

    @Test func loadsThatReadDifferentDataGiveNoCache() throws {
        fx.write("shift", ModFixtures.source(id: "shift", "preview = 2,"))
        let before = try fx.catalog.rules(packages: try fx.catalog.packages(["shift"]))
        fx.write("shift", ModFixtures.source(id: "shift", "preview = 3,"))
        let after = try fx.catalog.rules(packages: try fx.catalog.packages(["shift"]))
        #expect(LuaRules.LoadCache.agreeing(before.loadCache, after.loadCache) == nil)
        #expect(LuaRules.LoadCache.agreeing(before.loadCache, before.loadCache) != nil)
    }

    @Test func aChunkThatFailsStillFailsWithACache() throws {
        fx.write("flaky", ModFixtures.source(id: "flaky", "preview = 2,"))
        let packages = try fx.catalog.packages(["flaky"])
        let cache = try fx.catalog.rules(packages: packages).loadCache
        // Same id and hash are required: a changed file is another package, read afresh.
        fx.write("flaky", "error(\"broken\")")
        let changed = try fx.catalog.packages(["flaky"])
        #expect(throws: ModLoadError.self) { try fx.catalog.rules(packages: changed, reusing: cache) }
    }
}
