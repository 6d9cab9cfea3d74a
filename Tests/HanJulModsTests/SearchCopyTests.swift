import HanJulCore
@testable import HanJulModCheck
@testable import HanJulMods
import Testing

/// The bot's search copy of the mods (`LuaRules.lookahead`) sees the piece it searches,
/// and `check` fails a rotate hook whose answers differ between the game and the copy.
@Suite struct SearchCopyTests {
    let fx = ModFixtures()

    /// IRS faked with a rotate hook: turns only right after the piece entered. It reads
    /// `game:last_move()`, which the search copy cannot know.
    static let irsByLastMove = ModFixtures.source(id: "irs", """
        rotate = function(game, letter, rotation, x, y, direction)
          if game:last_move() ~= nil then return nil end
          return hanjul.standard.rotate(game, letter, rotation, x, y, direction)
        end,
        """)

    @Test func theCopysHookSeesTheCandidateAndNoLastMove() throws {
        // The hook turns the piece game:piece() names, not its arguments.
        fx.write("m", ModFixtures.source(id: "m", """
            rotate = function(game, letter, rotation, x, y, direction)
              local _, r, px, py = game:piece()
              return px, py, (r + direction) % 4
            end,
            """))
        let rules = try fx.rules("m")
        var game = Game(rules: rules, source: .sequence([2]))
        game.apply(.left)
        let candidate = Piece(kind: 2, rotation: 0, x: 5, y: 8)
        let searched = try #require(try rules.lookahead.rotated(candidate, state: game.state))
        #expect(searched.piece == Piece(kind: 2, rotation: 1, x: 5, y: 8), "the candidate, not the T in play at x 2")
        let played = try #require(try rules.rotated(game.state.piece, state: game.state))
        #expect(played.piece == Piece(kind: 2, rotation: 1, x: 2, y: 0))
        // last_move() is nil in the copy, "left" in the game.
        fx.write("irs", Self.irsByLastMove)
        let irs = try fx.rules("irs")
        var moved = Game(rules: irs, source: .sequence([2]))
        moved.apply(.left)
        #expect(try irs.rotated(moved.state.piece, state: moved.state) == nil)
        #expect(try irs.lookahead.rotated(moved.state.piece, state: moved.state) != nil)
    }

    @Test func checkFailsARotateHookThatReadsTheLastMove() throws {
        fx.write("irs", Self.irsByLastMove)
        let checker = ModChecker(package: try ModPackage(folder: fx.root + "/irs"), displayFolder: "irs", options: ModCheckTests.quick)
        let outcome = try #require(checker.searchCopy())
        #expect(!outcome.passed)
        #expect(outcome.detail.contains("the game's rotate refuses it, the bot's search copy's turns it"), "\(outcome.detail)")
        #expect(outcome.detail.contains("game:last_move()"))
        #expect(checker.run().contains { $0.name == "search copy" && !$0.passed })
    }

    @Test func aRotateHookOfItsArgumentsPassesAndNoHookIsNoCheck() throws {
        fx.write("kick", ModFixtures.source(id: "kick", """
            rotate = function(game, letter, rotation, x, y, direction)
              return hanjul.standard.rotate(game, letter, rotation, x, y, direction)
            end,
            """))
        let checker = ModChecker(package: try ModPackage(folder: fx.root + "/kick"), displayFolder: "kick", options: ModCheckTests.quick)
        let outcome = try #require(checker.searchCopy())
        #expect(outcome.passed, "\(outcome.detail)")
        fx.write("plain", ModFixtures.source(id: "plain", "preview = 2,"))
        #expect(ModChecker(package: try ModPackage(folder: fx.root + "/plain"), displayFolder: "plain").searchCopy() == nil)
    }
}
