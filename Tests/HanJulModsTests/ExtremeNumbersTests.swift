import HanJulCore
@testable import HanJulMods
import Testing

/// Numbers at the edges of what a mod can pass: 64-bit row masks on a 64-wide board (bit
/// 63 is Lua's sign bit), levels up to `math.maxinteger`, and coordinates far off the
/// board. None may trap; each either works or ends the game with the mod's message.
@Suite struct ExtremeNumbersTests {
    let fx = ModFixtures()

    /// A game on a 64×64 board whose first `on_lock` runs `body` with `check` in scope.
    func wide(_ body: String) throws -> Game<LuaRules> {
        fx.write("wide", ModFixtures.source(id: "wide", """
            board = { width = 64, height = 64 },
            on_lock = function(game)
              if game:pieces_locked() ~= 1 then return end
              \(body)
            end,
            """, prelude: "local function check(ok, what) if not ok then error('check failed: ' .. what, 2) end end"))
        var game = Game(rules: try fx.rules("wide"), source: .sequence([0]))
        game.apply(.hardDrop)
        if case .over(.ruleError(let error)) = game.state.phase { Issue.record("\(error)") }
        return game
    }

    @Test func column63IsTheSignBitOfARowMask() throws {
        let game = try wide("""
            game:set_cell(63, 10, "I")
            check(game:row(10) == math.mininteger, "row(10) is bit 63 alone: " .. game:row(10))
            check(game:board()[11] == math.mininteger, "board()[11] is the same mask")
            """)
        #expect(game.state.board.rows[10] == 1 << 63)
    }

    @Test func masksWithBit63AreAcceptedOnA64WideBoard() throws {
        let game = try wide("""
            check(game:push_row(-1 & ~1, "O") == false, "push_row of 63 cells")
            check(game:row(63) == -2, "the pushed row reads back as -2: " .. game:row(63))
            game:insert_row(20, math.mininteger, "T")
            check(game:cell(63, 20) == "T" and game:cell(62, 20) == nil, "insert_row filled column 63 only")
            """)
        #expect(game.state.board.rows[63] == ~UInt64(1))
        #expect(game.state.board.rows[20] == 1 << 63)
        #expect(game.state.board.kind(atX: 63, y: 63) == 1, "column 63 holds an O")
    }

    @Test func aFullRowOfA64WideBoardClears() throws {
        let game = try wide("""
            game:push_row(-1, "O")
            local count, rows = game:clear_lines()
            check(count == 1 and rows == math.mininteger, "row 63 cleared: " .. count .. " " .. rows)
            """)
        #expect(game.state.lines == 1)
    }

    @Test func negativeMasksAreRefusedOnNarrowerBoards() throws {
        fx.write("narrow", ModFixtures.source(id: "narrow", "on_spawn = function(game) game:push_row(-1, 'I') end,"))
        let game = Game(rules: try fx.rules("narrow"), source: .seeded(1))
        guard case .over(.ruleError(let error)) = game.state.phase else { Issue.record("push_row(-1) was accepted"); return }
        #expect(error.message == "game.push_row: mask -1 has bits outside the 10 columns")
    }

    @Test func farOffCoordinatesNeverFit() throws {
        _ = try wide("""
            check(game:fits("I", 0, math.maxinteger, 0) == false, "x = maxinteger")
            check(game:fits("I", 0, 0, math.mininteger) == false, "y = mininteger")
            check(game:fits("I", 0, math.mininteger, math.maxinteger) == false, "both")
            check(game:fits("I", 0, 30, 0) == true, "an ordinary place still fits")
            """)
    }

    @Test func aLevelOfMaxintegerKeepsTheGravityFormulaInRange() throws {
        fx.write("levels", ModFixtures.source(id: "levels", """
            board = { width = 4, height = 8 },
            level = function(lines, base) return math.maxinteger end,
            """))
        let rules = try fx.rules("levels")
        var game = Game(rules: rules, source: .sequence([0]))
        game.apply(.hardDrop)  // an I fills the bottom row of a 4-wide board
        #expect(game.state.lines == 1)
        #expect(game.state.level == Int.max)
        #expect(rules.gravityInterval(level: game.state.level) == 120)
        #expect(StandardRules.linePoints(lines: 4, level: game.state.level) == Int.max, "800 × maxinteger saturates")
    }

    @Test func aGravityHookOutOfRangeIsClampedEveryTimeItIsAsked() throws {
        fx.write("fast", ModFixtures.source(id: "fast", """
            gravity = function(level, base)
              if level == 1 then return 1 elseif level == 2 then return -5 elseif level == 3 then return 0 end
              return math.maxinteger
            end,
            """))
        let rules = try fx.rules("fast")
        // Asked twice per level: the second answer comes from the cache (once per level, #15 item 7).
        // 0 is instant gravity (20G); below 16 otherwise, 16.
        #expect([1, 1, 2, 2, 3, 3, 4, 4].map { rules.gravityInterval(level: $0) } == [16, 16, 16, 16, 0, 0, 10_000, 10_000])
    }

    @Test func theStandardGravityCurveIsUnchangedAndSaturates() {
        #expect((1...15).map { StandardRules.gravityInterval(level: $0) }
                == [700, 655, 610, 565, 520, 475, 430, 385, 340, 295, 250, 205, 160, 120, 120])
        #expect(StandardRules.gravityInterval(level: .max) == 120)
        #expect(StandardRules.gravityInterval(level: .min) == 700 + 1_001 * 45)
        #expect(StandardRules().gravityInterval(level: 1 << 62) == 120)
        #expect(StandardRules.hardDropPoints(rows: .max) == .max)
    }

    @Test func aRotateHookReturningHugeCoordinatesIsRefused() throws {
        fx.write("spin", ModFixtures.source(id: "spin", """
            rotate = function(game, letter, rotation, x, y, direction) return math.maxinteger, math.mininteger, 0 end,
            """))
        var game = Game(rules: try fx.rules("spin"), source: .seeded(1))
        game.apply(.rotate)
        guard case .over(.ruleError(let error)) = game.state.phase else { Issue.record("the turn was accepted"); return }
        #expect(error.message.contains("where the piece does not fit"), "\(error)")
    }

    @Test func aSpawnHookReturningMinintegerSpawnsWhereTheStandardRulesDo() throws {
        fx.write("spawner", ModFixtures.source(id: "spawner", """
            spawn = function(game, letter) return math.mininteger, math.mininteger, 0 end,
            """))
        let game = Game(rules: try fx.rules("spawner"), source: .sequence([2]))
        #expect(game.state.piece == Piece(kind: 2, rotation: 0, x: 3, y: 0))
    }

    @Test func kicksOfMinintegerAreRefusedAtLoad() throws {
        fx.write("kicky", ModFixtures.source(id: "kicky", "kicks = { { math.mininteger, 0 } },"))
        #expect(throws: ModLoadError.self) { try fx.rules("kicky") }
    }
}
