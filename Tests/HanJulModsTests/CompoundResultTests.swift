import HanJulCore
@testable import HanJulMods
import Testing

/// Results with tie-breaks (`result.then`): "level, then time" (TGM), declared, finished and ranked.
@Suite struct CompoundResultTests {
    let fx = ModFixtures()

    static let levelThenTime = #"""
        result = { name = "level", unit = "count", tie_breaks = { name = "time", unit = "ms", lower_is_better = true } },
        after_lock = function(game) if game:pieces_locked() == 3 then game:finish(game:pieces_locked() + 1) end end,
        """#

    @Test func theDeclarationReadsItsTieBreaks() throws {
        fx.write("m", ModFixtures.source(id: "m", Self.levelThenTime))
        let rules = try fx.rules("m")
        #expect(rules.resultFormat == ResultFormat(name: "level", unit: .count, lowerIsBetter: false,
                                                  then: [.init(name: "time", unit: .milliseconds, lowerIsBetter: true)]))
        #expect(rules.isTimed, "a time among the tie-breaks: front ends tell the game the time")
        fx.write("two", ModFixtures.source(id: "two", #"""
            result = { name = "level", unit = "count", tie_breaks = {
              { name = "lines", unit = "lines" }, { name = "time", unit = "ms", lower_is_better = true } } },
            """#))
        #expect(try fx.rules("two").resultFormat?.then.map(\.name) == ["lines", "time"])
    }

    @Test func finishTakesTheTimeForATieBreakInMilliseconds() throws {
        fx.write("m", ModFixtures.source(id: "m", Self.levelThenTime))
        var game = Game(rules: try fx.rules("m"), source: .seeded(2))
        game.apply(try ActionScript.parse("W700 H W50 H H", allowing: game.rules.actions))
        #expect(game.state.phase == .over(.finished(GameResult(label: "level", value: 4, lowerIsBetter: false, unit: .count,
                                                               then: [750]))))
        #expect(game.rules.resultFormat?.text(4, then: [750]) == "4, time 0:00.750")
    }

    @Test func finishChecksItsValues() throws {
        fx.write("count", ModFixtures.source(id: "count", #"""
            result = { name = "level", unit = "count", tie_breaks = { name = "lines", unit = "lines" } },
            after_lock = function(game) game:finish(game:level()) end,
            """#))
        var missing = Game(rules: try fx.rules("count"), source: .seeded(2))
        missing.apply(.hardDrop)
        guard case .over(.ruleError(let error)) = missing.state.phase else { Issue.record("\(missing.state.phase)"); return }
        #expect(error.message.contains("the result has the tie-break 'lines' (lines): give its value after the result's"), "\(error)")
        fx.write("many", ModFixtures.source(id: "many", #"""
            result = { name = "level", unit = "count", tie_breaks = { name = "lines", unit = "lines" } },
            after_lock = function(game) game:finish(1, 2, 3) end,
            """#))
        var many = Game(rules: try fx.rules("many"), source: .seeded(2))
        many.apply(.hardDrop)
        guard case .over(.ruleError(let extra)) = many.state.phase else { Issue.record("\(many.state.phase)"); return }
        #expect(extra.message.contains("the result takes 2 values (the result, then each tie-break), not 3"), "\(extra)")
    }

    @Test func equalResultsRankByTheirTieBreaks() {
        let format = ResultFormat(name: "level", unit: .count, lowerIsBetter: false,
                                  then: [.init(name: "time", unit: .milliseconds, lowerIsBetter: true)])
        #expect(format.ranks((value: 500, then: [90_000]), above: (value: 400, then: [10_000])), "the level first")
        #expect(format.ranks((value: 500, then: [80_000]), above: (value: 500, then: [90_000])), "then the lower time")
        #expect(!format.ranks((value: 500, then: [90_000]), above: (value: 500, then: [90_000])))
    }

    @Test func badTieBreaksNameTheirLine() {
        fx.write("bad", ModFixtures.source(id: "bad", """
            result = { name = "level", unit = "count",
              tie_breaks = { name = "time", unit = "seconds" } },
            """))
        do {
            _ = try fx.rules("bad")
            Issue.record("loaded")
        } catch {
            #expect("\(error)".contains("result.tie_breaks.unit must be one of"), "\(error)")
            #expect("\(error)".hasSuffix(", at bad/mod.lua:5"), "\(error)")
        }
    }
}
