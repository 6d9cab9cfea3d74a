import HanJulCore
@testable import HanJulMods
import Testing

/// Each hook, through a small fixture mod and the real engine.
@Suite struct HookTests {
    let fx = ModFixtures()

    func game(_ body: String, prelude: String = "", source: PieceSource = .sequence([2])) throws -> Game<LuaRules> {
        fx.write("m", ModFixtures.source(id: "m", body, prelude: prelude))
        return Game(rules: try fx.rules("m"), source: source)
    }

    func ruleError(_ game: Game<LuaRules>) -> RuleError? {
        if case .over(.ruleError(let error)) = game.state.phase { return error }
        return nil
    }

    @Test func nextPieceChoosesTheKinds() throws {
        let g = try game(#"next_piece = function() n = n + 1; return n % 2 == 1 and "O" or "I" end,"#,
                         prelude: "local n = 0", source: .seeded(1))
        var played = g
        played.apply([.hardDrop, .hardDrop, .hardDrop])
        #expect(played.state.dealt.map { Int($0) } == [1, 0, 1, 0])
    }

    @Test func nextPieceReturningNonsenseEndsTheGameWithTheReason() throws {
        let g = try game(#"next_piece = function() return "Q" end,"#, source: .seeded(1))
        let error = try #require(ruleError(g))
        #expect(error.hook == "next_piece")
        #expect(error.message.contains("must return a piece letter"))
    }

    /// #12 item 10: a bad returned value is placed at the hook's definition and shown.
    @Test func badReturnedValuesNameTheHooksLineAndShowTheValue() throws {
        // Line 1 is the prelude, 2 `return {`, 3 the manifest fields, 4 the body's first line.
        let letter = try #require(ruleError(try game(#"next_piece = function() return "Q" end,"#, source: .seeded(1))))
        #expect(letter.location?.hasSuffix("m/mod.lua:4") == true, "\(letter)")
        #expect(letter.message == #"returned a bad value: next_piece must return a piece letter (I O T S Z J L) or nil to end the queue, not string "Q""#)

        let cases: [(String, String)] = [
            (#"return "12""#, #"not string "12""#),
            ("return 1.5", "not number 1.5"),
            ("return true", "not boolean true"),
            ("return {}", "not table"),
            ("return", "not nil"),
        ]
        for (result, shown) in cases {
            var g = try game("\n\nscoring = function(game, lines, level, points)\n  \(result)\nend,", source: .sequence([0]))
            g.withState { state in state.editBoard { board in for x in 4..<10 { board.set(x: x, y: 19, to: 1) } } }
            g.apply([.left, .left, .left, .hardDrop])
            let error = try #require(ruleError(g), "\(result)")
            #expect(error.description.hasSuffix("m/mod.lua:6: scoring: returned a bad value: scoring must return an integer, " + shown), "\(error)")
        }

        // A hook with several results: the one that is wrong, and what it was.
        var turned = try game("""
            rotate = function(game, letter, rotation, x, y)
              return "left", y, rotation
            end,
            """)
        turned.apply([.rotate])
        let rotate = try #require(ruleError(turned))
        #expect(rotate.description.hasSuffix(#"m/mod.lua:4: rotate: returned a bad value: result #1: integer expected, got string "left""#), "\(rotate)")
    }

    @Test func spawnPlacesThePiece() throws {
        let g = try game(#"spawn = function(game, letter) return 0, 2, 1 end,"#)
        #expect(g.state.piece == Piece(kind: 2, rotation: 1, x: 0, y: 2))
    }

    @Test func rotateHookReplacesTheKicks() throws {
        // Counter-clockwise, no kicks.
        var g = try game("""
            rotate = function(game, letter, rotation, x, y)
              local turned = (rotation + 3) % 4
              if game:fits(letter, turned, x, y) then return x, y, turned end
            end,
            """)
        g.apply(.rotate)
        #expect(g.state.piece.rotation == 3)
    }

    @Test func scoringChainsAcrossMods() throws {
        fx.write("double", ModFixtures.source(id: "double", "scoring = function(game, lines, level, points) return points * 2 end,"))
        fx.write("plusone", ModFixtures.source(id: "plusone", "scoring = function(game, lines, level, points) return points + 1 end,"))
        let rules = try fx.rules("double", "plusone")
        // Columns 4…9 of the bottom row filled; an I flat in columns 0…3 completes it.
        var g = Game(rules: rules, source: .sequence([0]))
        g.withState { state in state.editBoard { board in for x in 4..<10 { board.set(x: x, y: 19, to: 1) } } }
        g.apply([.left, .left, .left, .hardDrop])
        #expect(g.state.lines == 1)
        #expect(g.state.score == 36 + 100 * 2 + 1)
        #expect(rules.name == "double+plusone")
    }

    @Test func levelGravityAndDropCurves() throws {
        let g = try game("""
            level = function(lines, base) return 1 + lines // 5 end,
            gravity = function(level, base) return base - 100 end,
            hard_drop_points = function(rows, base) return rows end,
            """)
        #expect(try g.rules.level(forLines: 12) == 3)
        #expect(g.rules.gravityInterval(level: 1) == 600)
        #expect(g.rules.hardDropPoints(rows: 7) == 7)
    }

    @Test func onSpawnOnLockOnTick() throws {
        var g = try game("""
            on_spawn = function(game) game:add_score(1000) end,
            on_lock = function(game, letter, rotation, x, y)
              if letter == "T" then game:set_cell(0, 0, "I") end
            end,
            on_tick = function(game) if game:tick() == 3 then game:finish("ticks", game:tick(), true) end end,
            """)
        #expect(g.state.score == 1000)
        g.apply(.hardDrop)
        #expect(g.state.score == 1000 + 36 + 1000)
        #expect(g.state.board.kind(atX: 0, y: 0) == 0)
        g.apply([.gravity, .gravity, .gravity, .gravity])
        #expect(g.state.phase == .over(.finished(GameResult(label: "ticks", value: 3, lowerIsBetter: true))))
    }

    @Test func onClearSeesTheRowsAndCanCascade() throws {
        var g = try game("""
            on_clear = function(game, count, rows)
              game:add_score(count * 7)
              if rows ~= 1 << 19 then error("rows mask " .. rows) end
              -- Fill the new bottom row and clear it: a chained clear.
              for x = 0, game:width() - 1 do game:set_cell(x, 19, "O") end
              local chained = game:clear_lines()
              game:add_score(chained * 1000)
            end,
            """, source: .sequence([0]))
        g.withState { state in state.editBoard { board in for x in 4..<10 { board.set(x: x, y: 19, to: 1) } } }
        g.apply([.left, .left, .left, .hardDrop])
        #expect(ruleError(g) == nil, "\(String(describing: ruleError(g)))")
        #expect(g.state.lines == 2, "the chained clear counts")
        #expect(g.state.score == 36 + 100 + 7 + 1000)
    }

    @Test func onTopOutCanKeepTheGameGoing() throws {
        var g = try game("""
            on_top_out = function(game) game:clear_board(); game:add_score(-50); return true end,
            """, source: .sequence([1]))
        g.apply(Array(repeating: .hardDrop, count: 12))
        #expect(!g.state.isOver)
        #expect(g.state.score < 12 * 36)
    }

    @Test func garbagePushedIntoThePieceTopsOut() throws {
        var g = try game("""
            on_spawn = function(game)
              if game:dealt() > 1 then
                for _ = 1, 19 do game:push_row(0x1FF, "Z") end
              end
            end,
            """, source: .sequence([1]))
        g.apply(.hardDrop)
        #expect(g.state.phase == .over(.toppedOut))
    }

    @Test func boardPiecesPreviewAndKicksFromTheMod() throws {
        let g = try game("""
            board = { width = 16, height = 30 },
            preview = 3,
            kicks = { {0, 0}, {0, -1} },
            pieces = {
              { letter = "P", color = 0x112233, rotations = { { {0,0}, {1,0}, {0,1}, {1,1}, {0,2} } } },
              { letter = "X", color = "#445566", rotations = { { {1,0}, {0,1}, {1,1}, {2,1}, {1,2} } } },
            },
            """, source: .seeded(3))
        #expect(g.state.board.width == 16 && g.state.board.height == 30)
        #expect(g.state.queue.count == 3)
        #expect(g.state.pieces.kinds.map(\.letter) == ["P", "X"])
        #expect(g.state.pieces.kinds[1].color == 0x445566)
        #expect(g.rules.kicks == [Cell(x: 0, y: 0), Cell(x: 0, y: -1)])
        #expect(g.state.piece.x == 6)
    }

    @Test func valueHooksMayNotChangeTheGame() throws {
        var g = try game("scoring = function(game, lines, level, points) game:add_score(5); return points end,", source: .sequence([0]))
        g.withState { state in state.editBoard { board in for x in 4..<10 { board.set(x: x, y: 19, to: 1) } } }
        g.apply([.left, .left, .left, .hardDrop])
        let error = try #require(ruleError(g))
        #expect(error.hook == "scoring")
        #expect(error.message.contains("may not change the game"), "\(error)")
    }

    @Test func errorsNameFileLineHookAndReason() throws {
        fx.write("garbage", """
            return {
              id = "garbage", name = "Garbage", version = "1", description = "d", api = 1,
              on_lock = function(game)
                local row = nil
                return row.cells
              end,
            }
            """)
        var g = Game(rules: try fx.rules("garbage"), source: .sequence([0]))
        g.apply(.hardDrop)
        let error = try #require(ruleError(g))
        #expect(error.description.hasPrefix("garbage/mod.lua:5: on_lock: attempt to index a nil value"), "\(error)")
        #expect(error.mod == "garbage")
        #expect(error.traceback?.contains("mod.lua:5") == true)
        #expect(g.state.piecesLocked == 1, "the state is left as it was when the hook failed")
    }
}
