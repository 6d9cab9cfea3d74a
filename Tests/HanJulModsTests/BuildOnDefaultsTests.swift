import HanJulCore
@testable import HanJulMods
import Testing

/// Mods that build on the standard rules instead of restating them: `game:standard_next()`,
/// `extra_pieces` with `bag = false`, `hanjul.standard`, and the issue's three variants,
/// each under 25 lines of Lua.
@Suite struct BuildOnDefaultsTests {
    let fx = ModFixtures()

    /// Writes a whole mod.lua and returns its rules.
    func rules(_ id: String, _ source: String) throws -> LuaRules {
        fx.write(id, source)
        return try fx.rules(id)
    }

    func letters(_ state: GameState) -> String {
        String(state.dealt.map { state.pieces.kinds[Int($0)].letter })
    }

    /// Hard drops until `count` pieces were dealt, emptying the board before it tops out.
    func deal<R: Rules>(_ game: inout Game<R>, _ count: Int) {
        while game.state.dealt.count < count && !game.state.isOver {
            game.apply(.hardDrop)
            if game.state.board.rows[6] != 0 { game.withState { $0.editBoard { $0.removeAll() } } }
        }
    }

    /// The standard game's first `count` kinds for `seed`.
    func standardDeal(seed: UInt64, count: Int) -> String {
        var game = Game(rules: StandardRules(), source: .seeded(seed))
        deal(&game, count)
        return String(letters(game.state).prefix(count))
    }

    // MARK: The three variants

    static let fifthI = """
        -- Every fifth piece is an I; the rest come from the usual 7-bag.
        local drawn = 0
        return {
          id = "fifth", name = "Fifth I", version = "1.0.0", api = 1,
          description = "Every fifth piece is an I; the rest the usual 7-bag.",
          next_piece = function(game)
            drawn = drawn + 1
            if drawn % 5 == 0 then return "I" end
            return game:standard_next()
          end,
        }
        """

    static let hundred = """
        -- The game ends after 100 pieces, with the score as its result.
        return {
          id = "hundred", name = "Hundred", version = "1.0.0", api = 1,
          description = "The game ends after 100 pieces; the result is the score.",
          after_lock = function(game)
            if game:pieces_locked() == 100 then game:finish("score", game:score()) end
          end,
        }
        """

    static let garbage8 = """
        -- Eight rows of grey garbage, a kind the bag never deals, each with one hole.
        return {
          id = "rows8", name = "Eight rows", version = "1.0.0", api = 1,
          description = "Starts on 8 rows of garbage with one random hole each.",
          extra_pieces = {
            { letter = "G", color = "#9CA3AF", bag = false, rotations = { { { 0, 0 } } } },
          },
          on_start = function(game)
            local full = (1 << game:width()) - 1
            for _ = 1, 8 do
              game:push_row(full & ~(1 << game:random(0, game:width() - 1)), "G")
            end
          end,
        }
        """

    @Test func eachVariantFitsInUnderTwentyFiveLines() {
        for source in [Self.fifthI, Self.hundred, Self.garbage8] {
            #expect(source.split(separator: "\n").count < 25)
        }
    }

    @Test func everyFifthPieceIsAnIAndTheRestTheUsualBag() throws {
        var game = Game(rules: try rules("fifth", Self.fifthI), source: .seeded(11))
        deal(&game, 40)
        let dealt = Array(letters(game.state).prefix(40))
        // The queue draws one ahead, so draw n is dealt n-th: every fifth dealt is I.
        for index in stride(from: 4, to: 40, by: 5) { #expect(dealt[index] == "I") }
        let others = String(dealt.enumerated().filter { $0.offset % 5 != 4 }.map(\.element))
        #expect(others == standardDeal(seed: 11, count: 32), "the same bag, from the same generator")
    }

    @Test func theGameEndsAfterAHundredPieces() throws {
        var game = Game(rules: try rules("hundred", Self.hundred), source: .seeded(2))
        deal(&game, 1000)
        #expect(game.state.piecesLocked == 100)
        #expect(game.state.phase == .over(.finished(GameResult(label: "score", value: game.state.score, lowerIsBetter: false))))
    }

    @Test func eightGarbageRowsOfAKindTheBagNeverDeals() throws {
        let r = try rules("rows8", Self.garbage8)
        #expect(r.pieces.kinds.map(\.letter) == ["I", "O", "T", "S", "Z", "J", "L", "G"])
        #expect(r.pieces.kinds.map(\.inBag) == [true, true, true, true, true, true, true, false])
        var game = Game(rules: r, source: .seeded(5))
        let board = game.state.board
        for y in 12..<20 {
            #expect(board.rows[y].nonzeroBitCount == 9, "row \(y): one hole")
            let filled = (0..<10).filter { board.isFilled(x: $0, y: y) }
            #expect(filled.allSatisfy { board.kind(atX: $0, y: y) == 7 }, "row \(y) is G")
        }
        #expect(board.rows[11] == 0)
        // 210 pieces: 30 bags of the seven, never a G.
        game.withState { $0.editBoard { $0.removeAll() } }
        deal(&game, 210)
        #expect(!letters(game.state).contains("G"))
    }

    // MARK: The pieces of the variants

    @Test func standardNextDealsExactlyTheBuiltInBag() throws {
        let r = try rules("same", ModFixtures.source(id: "same", "next_piece = function(game) return game:standard_next() end,"))
        var game = Game(rules: r, source: .seeded(42))
        deal(&game, 50)
        #expect(String(letters(game.state).prefix(50)) == standardDeal(seed: 42, count: 50))
    }

    @Test func standardNextIsRefusedWhereTheGameMayNotChange() throws {
        let r = try rules("peek", ModFixtures.source(id: "peek", #"scoring = function(game) game:standard_next(); return 0 end,"#))
        var game = Game(rules: r, source: .sequence([0]))
        game.withState { $0.editBoard { $0 = try! Board("....IIIIII", pieces: .standard) } }
        game.apply(.left)
        game.apply(.left)
        game.apply(.left)
        game.apply(.hardDrop)
        guard case .over(.ruleError(let error)) = game.state.phase else {
            Issue.record("expected a rule error")
            return
        }
        #expect(error.message.contains("game.standard_next: scoring computes a value and may not change the game"))
    }

    @Test func overridesCallTheStandardRules() throws {
        let r = try rules("ahead", ModFixtures.source(id: "ahead", """
            scoring = function(_, lines, level) return hanjul.standard.points(lines, level + 1) end,
            gravity = function(level) return hanjul.standard.gravity(level + 2) end,
            level = function(lines) return hanjul.standard.level(lines * 2) end,
            hard_drop_points = function(rows) return hanjul.standard.hard_drop_points(rows) + 1 end,
            """))
        let scratch = Game(rules: StandardRules(), source: .sequence([0])).state
        #expect(try r.lineClearPoints(lines: 2, level: 1, state: scratch) == 600)
        #expect(r.gravityInterval(level: 1) == 610)
        #expect(try r.level(forLines: 10) == 3)
        #expect(r.hardDropPoints(rows: 18) == 37)
    }

    @Test func extraPiecesMeetTheSetTheyExtend() {
        fx.write("dup", ModFixtures.source(id: "dup", ##"extra_pieces = { { letter = "T", color = "#FFFFFF", rotations = { { {0, 0} } } } },"##))
        #expect(throws: ModLoadError.manifest(id: "dup", reason: "extra_pieces: piece letter 'T' is used twice")) { try fx.rules("dup") }
        fx.write("nobag", ModFixtures.source(id: "nobag", ##"pieces = { { letter = "M", color = "#FFFFFF", bag = false, rotations = { { {0, 0} } } } },"##))
        #expect(throws: ModLoadError.conflict("every piece has bag = false and no mod has next_piece: nothing would be dealt")) { try fx.rules("nobag") }
        fx.write("typo", ModFixtures.source(id: "typo", ##"extra_pieces = { { letter = "M", colour = "#FFFFFF", rotations = { { {0, 0} } } } },"##))
        #expect(throws: ModLoadError.self) { try fx.rules("typo") }
    }
}
