import Testing
@testable import HanJulCore

/// Lock delay (`Rules.lockDelay`) and the actions time and turns bring: `W<ms>` and `F`.
@Suite struct LockDelayTests {
    struct Delayed: Rules {
        var name: String { "delayed" }
        var lockDelay: LockDelay? { .guideline }
        var allowsCounterclockwise: Bool { true }
        var allowsHalfTurn: Bool { true }
    }

    /// A game under `Delayed` with `board` at the bottom and `piece` in play.
    func delayedGame(_ board: String = "", piece: Piece, next: String = "T") throws -> Game<Delayed> {
        var game = Game(rules: Delayed(), source: .sequence(next.map { PieceSet.standard.kind(forLetter: $0)! }))
        let parsed = try Board(board, pieces: .standard)
        game.withState { state in
            state.board = parsed
            state.piece = piece
            state.lowestRow = piece.y
        }
        return game
    }

    func play<R: Rules>(_ game: inout Game<R>, _ script: String) {
        game.apply(try! ActionScript.parse(script, allowing: Action.allKinds))
    }

    @Test func gravityAndSoftDropDoNotLockAGroundedPiece() throws {
        var game = try delayedGame(piece: .standard("O", x: 3, y: 18))
        play(&game, "D G D G")
        #expect(game.state.piece == .standard("O", x: 3, y: 18))
        #expect(game.state.piecesLocked == 0)
        #expect(game.state.ticks == 2)
    }

    @Test func waitsLockThePieceWhenTheyAddUpToTheDelay() throws {
        var game = try delayedGame(piece: .standard("O", x: 3, y: 18))
        play(&game, "W200 W299")
        #expect(game.state.lockElapsed == 499)
        #expect(game.state.piecesLocked == 0)
        play(&game, "W1")
        #expect(game.state.piecesLocked == 1)
        #expect(game.boardText == rows("""
            ....OO....
            ....OO....
            """))
        #expect(game.state.piece == .standard("T", x: 3, y: 0))
        #expect(game.state.lockElapsed == 0, "the new piece starts its own timer")
    }

    @Test func waitingInTheAirDoesNothing() throws {
        var game = try delayedGame(piece: .standard("T", x: 3, y: 0))
        play(&game, "W1000 W1000")
        #expect(game.state.piece == .standard("T", x: 3, y: 0))
        #expect(game.state.lockElapsed == 0)
        // It lands, and only then the clock runs: 17 rows down, then 500 ms.
        play(&game, String(repeating: "G", count: 18))
        #expect(game.state.piece == .standard("T", x: 3, y: 18))
        play(&game, "W499")
        #expect(game.state.piecesLocked == 0)
        play(&game, "W1")
        #expect(game.state.piecesLocked == 1)
    }

    @Test func aMoveOnTheGroundRestartsTheTimer() throws {
        var game = try delayedGame(piece: .standard("O", x: 3, y: 18))
        play(&game, "W400 L")
        #expect(game.state.piece == .standard("O", x: 2, y: 18))
        #expect(game.state.lockElapsed == 0)
        #expect(game.state.lockResets == 1)
        play(&game, "W499")
        #expect(game.state.piecesLocked == 0)
        play(&game, "W1")
        #expect(game.state.piecesLocked == 1)
        #expect(game.boardText == rows("""
            ...OO.....
            ...OO.....
            """))
    }

    @Test func aMoveThatFailsIsNoReset() throws {
        var game = try delayedGame(piece: .standard("O", x: -1, y: 18))
        play(&game, "W400 L")
        #expect(game.state.piece == .standard("O", x: -1, y: 18), "the wall stops it")
        #expect(game.state.lockElapsed == 400)
        #expect(game.state.lockResets == 0)
    }

    @Test func theFifteenthResetLocksAGroundedPiece() throws {
        var game = try delayedGame(piece: .standard("O", x: 3, y: 18))
        play(&game, String(repeating: "LR", count: 7))
        #expect(game.state.lockResets == 14)
        #expect(game.state.piecesLocked == 0)
        play(&game, "A")
        #expect(game.state.piecesLocked == 1, "15 resets used: it locks at once")
        #expect(game.boardText == rows("""
            ....OO....
            ....OO....
            """))
    }

    @Test func movesInTheAirAreNoResets() throws {
        var game = try delayedGame(piece: .standard("T", x: 3, y: 0))
        play(&game, String(repeating: "LR", count: 10))
        #expect(game.state.lockResets == 0)
    }

    @Test func aLowerRowGivesTheResetsBack() throws {
        // The O (columns 4–5) rests on a two-row ledge in column 5; right of it is the floor.
        var game = try delayedGame("""
            .....I....
            .....I....
            """, piece: .standard("O", x: 3, y: 16))
        play(&game, "R L R L")
        #expect(game.state.lockResets == 4, "each move started and ended on the ledge")
        // Off the ledge: the first two moves start on the ledge (resets), the third in the air.
        play(&game, "R R R")
        #expect(game.state.piece == .standard("O", x: 6, y: 16))
        #expect(game.state.lockResets == 6, "the move that starts in the air is no reset")
        play(&game, "G")
        #expect(game.state.piece == .standard("O", x: 6, y: 17))
        #expect(game.state.lockResets == 0, "a row lower than before: every reset back")
        #expect(game.state.lowestRow == 17)
        #expect(game.state.lockElapsed == 0)
    }

    @Test func hardDropLocksAtOnce() throws {
        var game = try delayedGame(piece: .standard("O", x: 3, y: 0))
        play(&game, "H")
        #expect(game.state.piecesLocked == 1)
        #expect(game.state.score == 36, "18 rows, 2 points each")
    }

    @Test func halfTurnAndCounterclockwise() throws {
        var game = try delayedGame(piece: .standard("T", x: 3, y: 5))
        play(&game, "F")
        #expect(game.state.piece == .standard("T", rotation: 2, x: 3, y: 5))
        #expect(game.state.lastMove == .rotateHalfTurn)
        play(&game, "A")
        #expect(game.state.piece == .standard("T", rotation: 1, x: 3, y: 5))
    }

    @Test func withoutALockDelayWaitOnlyMovesTheClock() throws {
        var game = try makeGame(piece: .standard("O", x: 3, y: 18))
        var before = game.state
        before.events = []
        game.apply(.wait(milliseconds: 5000))
        #expect(game.state.elapsedMilliseconds == 5000)
        before.elapsedMilliseconds = 5000
        #expect(game.state == before, "not even the action count")
        game.apply(.rotateHalfTurn)
        #expect(game.state.piece == .standard("O", x: 3, y: 18), "F is not a standard action")
        game.play("G")
        #expect(game.state.piecesLocked == 1, "the standard rules lock at once")
    }
}
