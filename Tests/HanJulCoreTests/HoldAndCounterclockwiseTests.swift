import Testing
@testable import HanJulCore

/// The actions beyond RULES.md that rule sets may switch on: `A` and `X`.
@Suite struct HoldAndCounterclockwiseTests {
    struct Modern: Rules {
        var name: String { "modern-test" }
        var allowsCounterclockwise: Bool { true }
        var holdEnabled: Bool { true }
    }

    @Test func standardRulesRefuseTheLettersAndIgnoreTheActions() throws {
        #expect(throws: ActionScriptError(position: 2, character: "A", problem: .notInRules)) { try ActionScript.parse("LA") }
        var game = try makeGame(piece: .standard("T", x: 3, y: 5))
        game.apply([.rotateCounterclockwise, .hold])
        #expect(game.state.piece == .standard("T", x: 3, y: 5))
        #expect(game.state.held == nil)
    }

    @Test func counterclockwiseTurnsBack() throws {
        #expect(try ActionScript.parse("AX", allowing: Modern().actions) == [.rotateCounterclockwise, .hold])
        var game = Game(rules: Modern(), source: .sequence([2]))
        game.apply(.rotateCounterclockwise)
        #expect(game.state.piece.rotation == 3)
        #expect(game.state.lastMove == .rotateCounterclockwise)
        game.apply(.rotate)
        #expect(game.state.piece.rotation == 0)
    }

    @Test func holdSwapsOncePerPiece() {
        var game = Game(rules: Modern(), source: .sequence([2, 0, 1]))  // T, then I, then O
        game.apply(.hold)
        #expect(game.state.held == 2)
        #expect(game.state.piece.kind == 0, "the next kind came in")
        game.apply(.hold)
        #expect(game.state.piece.kind == 0, "one hold per piece")
        game.apply(.hardDrop)
        game.apply(.hold)
        #expect(game.state.held == 1)
        #expect(game.state.piece.kind == 2, "the held T came back")
        #expect(game.state.piece.y == 0 && game.state.piece.rotation == 0)
    }

    @Test func lastMoveTracksSpinsForTheRules() throws {
        var game = Game(rules: Modern(), source: .sequence([2]))
        game.apply(.left)
        #expect(game.state.lastMove == .left)
        game.apply(.rotate)
        #expect(game.state.lastMove == .rotate)
        game.apply(.hardDrop)
        #expect(game.state.lastMove == nil, "reset by the spawn")
    }
}
