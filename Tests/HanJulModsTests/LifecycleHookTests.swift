import HanJulCore
@testable import HanJulMods
import Testing

/// `on_start`, `after_lock` and `on_game_over`, and the order of every hook for one lock
/// (docs/MODDING.md, "Hooks").
@Suite struct LifecycleHookTests {
    let fx = ModFixtures()

    /// A mod whose every hook prints its name (and arguments), so the log is the order.
    static let tracer = ModFixtures.source(id: "trace", """
        on_start = function(game) print("on_start " .. tostring(game:piece()) .. " " .. #{game:queue()}) end,
        next_piece = function(game) print("next_piece"); return "I" end,
        spawn = function(game, letter) print("spawn " .. letter) end,
        on_spawn = function(game) print("on_spawn") end,
        on_lock = function(game, letter) print("on_lock " .. letter) end,
        scoring = function(game, lines, level, points) print("scoring " .. lines); return points end,
        level = function(lines, level) print("level " .. lines); return level end,
        on_clear = function(game, count) print("on_clear " .. count) end,
        after_lock = function(game, cleared) print("after_lock " .. cleared) end,
        on_top_out = function(game) print("on_top_out"); return false end,
        on_game_over = function(game, reason) print("on_game_over " .. reason) end,
        """)

    func traced(board: String) throws -> (Game<LuaRules>, LuaRules) {
        fx.write("trace", Self.tracer)
        let rules = try fx.rules("trace")
        var game = Game(rules: rules, source: .seeded(1))
        let parsed = try Board(board, pieces: rules.pieces)
        game.withState { $0.editBoard { $0 = parsed } }
        return (game, rules)
    }

    @Test func theOrderOfEveryHookForOneLock() throws {
        let (start, rules) = try traced(board: "")
        #expect(rules.mods[0].log == ["on_start nil 0", "next_piece", "next_piece", "spawn I", "on_spawn"],
                "on_start before the preview is drawn and before the first piece")
        // A row with a four-wide gap under the I: the hard drop clears it.
        var game = start
        game.withState { $0.editBoard { $0 = try! Board("OOO....OOO", pieces: rules.pieces) } }
        let before = rules.mods[0].log.count
        game.apply(.hardDrop)
        #expect(Array(rules.mods[0].log.dropFirst(before)) == [
            "on_lock I", "scoring 1", "level 1", "on_clear 1", "after_lock 1", "next_piece", "spawn I", "on_spawn",
        ])
        let cleared = rules.mods[0].log.count
        game.apply(.hardDrop)
        #expect(Array(rules.mods[0].log.dropFirst(cleared)) == ["on_lock I", "after_lock 0", "next_piece", "spawn I", "on_spawn"],
                "no clear: no scoring, no level, no on_clear; after_lock still runs, with 0")
    }

    @Test func onGameOverRunsOnceWithTheReason() throws {
        let (start, rules) = try traced(board: "")
        var game = start
        // Stack I pieces in the same column until the next one cannot enter.
        for _ in 0..<30 where !game.state.isOver { game.apply(.hardDrop) }
        #expect(game.state.isOver)
        let log = rules.mods[0].log
        #expect(Array(log.suffix(3)) == ["spawn I", "on_top_out", "on_game_over blocked_spawn"])
        #expect(log.filter { $0.hasPrefix("on_game_over") }.count == 1)
        game.apply(.hardDrop)
        #expect(rules.mods[0].log.count == log.count, "nothing runs after game over")
    }

    @Test func endAfterAHundredPiecesInOneHook() throws {
        fx.write("hundred", ModFixtures.source(id: "hundred", """
            after_lock = function(game)
              if game:pieces_locked() == 100 then game:finish("pieces", 100) end
            end,
            """))
        var game = Game(rules: try fx.rules("hundred"), source: .seeded(3))
        for _ in 0..<200 where !game.state.isOver {
            game.apply(.hardDrop)
            // Keep the stack low: clear the board whenever it grows.
            if game.state.board.rows[4] != 0 { game.withState { $0.editBoard { $0.removeAll() } } }
        }
        #expect(game.state.phase == .over(.finished(GameResult(label: "pieces", value: 100, lowerIsBetter: false))))
        #expect(game.state.piecesLocked == 100)
    }

    @Test func onStartCanLayTheBoardAndRunsAgainOnRestart() throws {
        fx.write("floor", ModFixtures.source(id: "floor", """
            on_start = function(game) game:push_row(1 | 2 | 4, "L") end,
            """))
        var game = Game(rules: try fx.rules("floor"), source: .seeded(3))
        #expect(game.state.board.rows[19] == 7)
        game.apply(.hardDrop)
        game.restart()
        #expect(game.state.board.rows[19] == 7, "a new game starts again")
        #expect(game.state.board.rows[18] == 0)
    }

    @Test func onGameOverIsReadOnlyAndItsErrorBecomesTheReason() throws {
        fx.write("bad", ModFixtures.source(id: "bad", """
            after_lock = function(game) game:finish("x", 1) end,
            on_game_over = function(game, reason) game:add_score(5) end,
            """))
        var game = Game(rules: try fx.rules("bad"), source: .seeded(3))
        game.apply(.hardDrop)
        guard case .over(.ruleError(let error)) = game.state.phase else {
            Issue.record("expected a rule error, got \(game.state.phase)")
            return
        }
        #expect(error.hook == "on_game_over")
        #expect(error.message.contains("may not change the game"))
    }
}
