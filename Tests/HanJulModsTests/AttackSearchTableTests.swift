import HanJulBot
import HanJulCore
@testable import HanJulMods
import Testing

/// The attack bot values a lock by what the rules' own `attack` hook says it sends (#36):
/// the same board under two tables, two different moves.
@Suite struct AttackSearchTableTests {
    /// A row that one I dropped upright at the right wall clears (a single), and room for
    /// it to lie flat instead.
    static func game(_ rules: LuaRules) throws -> Game<LuaRules> {
        let board = try Board("""
            IIIIIIIII.
            """, pieces: rules.pieces)
        return Game(rules: rules, source: .sequence([0, 0, 0, 0]), start: GameStart(board: board))
    }

    static func choice(_ body: String) throws -> Placement {
        let mods = ModFixtures()
        mods.write("table", ModFixtures.source(id: "table", body))
        let game = try game(try mods.rules("table"))
        var bot = Bot(BotConfig(kind: .attack), seed: 1)
        return try #require(try bot.choose(game))
    }

    @Test func aSingleThatSendsTenIsTakenOneThatSendsNothingIsNot() throws {
        let pays = try Self.choice("attack = function(_, facts, sent) if facts.lines == 1 then return 10 end return sent end,")
        let nothing = try Self.choice("attack = function(_, _, sent) return sent end,")
        // Upright at the wall: its cells are in column 9 only.
        #expect(pays.piece.rotation % 2 == 1, "\(pays.piece)")
        #expect(nothing.piece != pays.piece, "\(nothing.piece)")
    }

    @Test func theHookIsAskedInTheSearchCopyNotTheGamesOwnState() throws {
        // A hook that counts its calls: the game's own Lua state hears none from the search.
        let mods = ModFixtures()
        mods.write("counting", ModFixtures.source(id: "counting", """
          attack = function(_, _, sent) calls = calls + 1; return sent end,
          on_lock = function() if calls > 0 then error("the game's state was asked " .. calls .. " times") end end,
        """, prelude: "local calls = 0"))
        var game = try Self.game(try mods.rules("counting"))
        var bot = Bot(BotConfig(kind: .attack), seed: 1)
        let played = bot.play(&game)
        #expect(played)
        #expect(!game.state.isOver, "\(game.state.phase)")
    }
}
