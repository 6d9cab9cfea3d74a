import Testing
@testable import HanJulCore

/// The kinds of lock reset (`LockDelay.Reset`): the Guideline's move reset with its cap,
/// TGM's step reset, none; and `resets = 0`, which leaves the timer running.
@Suite struct LockResetKindTests {
    struct Delayed: Rules {
        var delay: LockDelay
        var name: String { "delayed" }
        var lockDelay: LockDelay? { delay }
    }

    /// An O on `board`, at `piece`, under `delay`.
    func game(_ delay: LockDelay, board: String = "", piece: Piece) throws -> Game<Delayed> {
        var game = Game(rules: Delayed(delay: delay), source: .sequence([1]))
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

    static let floor = Piece.standard("O", x: 3, y: 18)

    @Test func moveResetRestartsTheTimerOnEveryMoveOnTheGround() throws {
        var game = try game(LockDelay(milliseconds: 500, maxResets: nil), piece: Self.floor)
        play(&game, "W400 L W400 R W400")
        #expect(game.state.piecesLocked == 0)
        play(&game, "W100")
        #expect(game.state.piecesLocked == 1)
    }

    @Test func moveResetWithACapLocksOnTheLastReset() throws {
        var game = try game(LockDelay(milliseconds: 500, maxResets: 3), piece: Self.floor)
        play(&game, "L R")
        #expect(game.state.piecesLocked == 0)
        play(&game, "L")
        #expect(game.state.piecesLocked == 1, "the third reset of three locks at once")
    }

    @Test func zeroResetsLeaveTheTimerRunningAndDoNotLockAtOnce() throws {
        var game = try game(LockDelay(milliseconds: 500, maxResets: 0), piece: Self.floor)
        play(&game, "G")
        #expect(game.state.piecesLocked == 0, "the G that grounds it does not lock it")
        play(&game, "W300 L")
        #expect(game.state.piecesLocked == 0, "a move is no reset, and no lock")
        #expect(game.state.lockElapsed == 300)
        play(&game, "W199")
        #expect(game.state.piecesLocked == 0)
        play(&game, "W1")
        #expect(game.state.piecesLocked == 1, "500 ms of rest in all")
    }

    @Test func stepResetIgnoresMovesAndTurns() throws {
        var game = try game(.tgm, piece: Self.floor)
        play(&game, "W300 L R L C")
        #expect(game.state.piecesLocked == 0)
        #expect(game.state.lockElapsed == 300)
        play(&game, "W200")
        #expect(game.state.piecesLocked == 1)
    }

    /// An O resting on a one-cell ledge at columns 4 and 5; a slide left drops it past it.
    static let ledge = "....I.....\n....I....."

    @Test func stepResetRestartsTheTimerOnANewLowestRow() throws {
        var game = try game(.tgm, board: Self.ledge, piece: .standard("O", x: 3, y: 16))
        play(&game, "W400 R")
        // Off the ledge the O falls by gravity to a row lower than any before: a new timer.
        play(&game, "G G")
        #expect(game.state.piece.y == 18)
        #expect(game.state.lockElapsed == 0)
        play(&game, "W499")
        #expect(game.state.piecesLocked == 0)
        play(&game, "W1")
        #expect(game.state.piecesLocked == 1)
    }

    @Test func noResetKeepsOneTimerForThePiece() throws {
        var game = try game(LockDelay(milliseconds: 500, maxResets: nil, reset: .none), board: Self.ledge,
                            piece: .standard("O", x: 3, y: 16))
        play(&game, "W400 R G G")
        #expect(game.state.piece.y == 18)
        #expect(game.state.lockElapsed == 400, "falling to a new row gives no time back")
        play(&game, "W100")
        #expect(game.state.piecesLocked == 1)
    }

    @Test func theBuiltInSettingsAreTheGuidelinesAndTGMs() {
        #expect(LockDelay.guideline == LockDelay(milliseconds: 500, maxResets: 15, reset: .move))
        #expect(LockDelay.tgm.reset == .step)
        #expect(!LockDelay.tgm.isExhausted(resets: 1000))
        #expect(LockDelay.guideline.isExhausted(resets: 15))
        #expect(!LockDelay(milliseconds: 1, maxResets: 0).isExhausted(resets: 5))
    }
}
