import Testing
@testable import HanJulCore

@Suite struct GameOverTests {
    @Test func blockedSpawnEndsTheGameAndLaterActionsChangeNothing() throws {
        // The next O spawns at x 3: columns 4 and 5 of rows 0 and 1; row 1 is blocked.
        var game = try makeGame("""
            ....Z.....
            """ + "\n" + Array(repeating: "....Z.....", count: 18).joined(separator: "\n"),
            piece: .standard("I", x: 0, y: 0), next: "O")
        game.play("H")
        #expect(game.state.isOver)
        #expect(game.state.phase == .over(.blockedSpawn))
        #expect(game.state.piece == .standard("O", x: 3, y: 0), "the piece that could not spawn")
        #expect(game.state.events.last == .gameOver)
        #expect(game.state.phase == .over(.blockedSpawn))
        let frozen = game.state
        game.play("LRCDHGLLLHHH")
        #expect(game.state.board == frozen.board)
        #expect(game.state.score == frozen.score)
        #expect(game.state.piece == frozen.piece)
        #expect(game.state.dealt == frozen.dealt)
        #expect(game.state.events.isEmpty)
    }

    @Test func restartEmptiesBoardAndFigures() throws {
        var game = Game(rules: StandardRules(), source: .seeded(7))
        game.play(String(repeating: "H", count: 40))
        #expect(game.state.isOver)
        game.restart()
        #expect(!game.state.isOver)
        #expect(game.state.board.filledCount == 0)
        #expect(game.state.score == 0 && game.state.lines == 0 && game.state.level == 1)
        #expect(game.state.dealt.count == 1)
        #expect(game.state.piece.y == 0 && game.state.piece.x == 3 && game.state.piece.rotation == 0)
    }
}
