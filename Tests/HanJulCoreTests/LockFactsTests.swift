import Testing
@testable import HanJulCore

/// The facts of each lock (`LockFacts`): how the piece got there, the 3-corner T-spin
/// test, combos, back-to-back; and callouts.
@Suite struct LockFactsTests {
    /// A T-spin double slot: the T comes down upright beside the overhang and turns in.
    static let slot = """
        OOOO......
        OOO...OOOO
        OOOO.OOOOO
        """

    @Test func aTTurnedIntoTheSlotIsAFullSpinDouble() throws {
        var game = try makeGame(Self.slot, next: "TO")
        game.play("C" + String(repeating: "D", count: 17) + "C")
        #expect(game.state.piece == .standard("T", rotation: 2, x: 3, y: 17))
        #expect(game.state.lastKick == 0)
        game.play("D")
        let facts = LockFacts(piece: .standard("T", rotation: 2, x: 3, y: 17), lastMove: .rotate, kick: 0,
                              lines: 2, spin: .full, combo: 1, backToBack: false)
        #expect(game.state.lastLock == facts)
        #expect(game.state.events.contains(.lockFacts(facts)))
        #expect(facts.isDifficult)
    }

    @Test func droppedInWithoutATurnLastIsNoSpin() throws {
        var game = try makeGame(Self.slot, next: "TO")
        game.play("C" + String(repeating: "D", count: 17) + "D")
        #expect(game.state.lastLock?.lines == 1)
        #expect(game.state.lastLock?.spin == Spin.none)
        #expect(game.state.lastLock?.lastMove == .softDrop)
        #expect(game.state.lastLock?.kick == nil)
    }

    /// The turn must be the last movement: a T turned high up and hard-dropped into a slot
    /// that has three corners filled is no spin (issue 20), while a hard drop of no rows
    /// after the turn keeps it one.
    @Test func aTurnFollowedByAFallOfARowOrMoreIsNoSpin() throws {
        // Issue 20's case: two I pieces stood up at the sides, a T turned at the top and
        // hard-dropped 17 rows between them, where three of its corners are filled.
        var dropped = try makeGame(next: "IIT")
        dropped.play("CLLHRRHCH")
        #expect(dropped.state.piecesLocked == 3)
        #expect(dropped.state.lastLock?.spin == Spin.none, "\(String(describing: dropped.state.lastLock))")
        #expect(dropped.state.lastLock?.lastMove == .hardDrop)
        // A hard drop of no rows after the turn moves nothing: the spin stands.
        var turnedLast = try makeGame(Self.slot, next: "TO")
        turnedLast.play("C" + String(repeating: "D", count: 17) + "CH")
        #expect(turnedLast.state.lastLock?.spin == .full)
        #expect(turnedLast.state.lastLock?.lines == 2)
    }

    /// A T pointing up on the floor, a block at its upper left: three corners (two are the
    /// floor), one of them in front.
    func upOnTheFloor(lastMove: Action?, shift: Cell = Cell(x: 0, y: 0)) throws -> GameState {
        var game = try makeGame("""
            I.........
            ..........
            """)
        game.withState { state in
            state.lastMove = lastMove
            state.lastKickShift = shift
        }
        return game.state
    }

    @Test func threeCornersWithOneInFrontIsAMini() throws {
        let t = Piece.standard("T", rotation: 0, x: 0, y: 18)
        #expect(try upOnTheFloor(lastMove: .rotate).spin(of: t) == .mini)
        #expect(try upOnTheFloor(lastMove: .rotateCounterclockwise).spin(of: t) == .mini)
        #expect(try upOnTheFloor(lastMove: .rotateHalfTurn).spin(of: t) == .mini)
        #expect(try upOnTheFloor(lastMove: .left).spin(of: t) == .none, "not turned last")
        #expect(try upOnTheFloor(lastMove: nil).spin(of: t) == .none)
        #expect(try upOnTheFloor(lastMove: .rotate, shift: Cell(x: -1, y: 2)).spin(of: t) == .full,
                "a (±1, ±2) kick makes any three corners a full spin")
        #expect(try upOnTheFloor(lastMove: .rotate, shift: Cell(x: 0, y: 2)).spin(of: t) == .mini)
        // One column right: the front corners are (1, 18) and (3, 18), both empty; only the floor.
        #expect(try upOnTheFloor(lastMove: .rotate).spin(of: .standard("T", rotation: 0, x: 1, y: 18)) == .none)
        #expect(try upOnTheFloor(lastMove: .rotate).spin(of: .standard("O", rotation: 0, x: 1, y: 18)) == .none, "only T shapes")
    }

    @Test func combosCountClearingLocksInARowAndTetrisesChainBackToBack() throws {
        var game = try makeGame(String(repeating: "IIIIIIIII.\n", count: 5), next: "IIIO")
        func dropUpright() {
            #expect(game.withState { $0.movePiece(to: .standard("I", rotation: 1, x: 7, y: 0)) })
            game.play("H")
        }
        dropUpright()
        #expect(game.state.lastLock.map { [$0.lines, $0.combo] } == [4, 1])
        #expect(game.state.lastLock?.backToBack == false, "the first difficult clear")
        dropUpright()
        #expect(game.state.lastLock?.lines == 1, "one row was left")
        #expect(game.state.lastLock?.combo == 2)
        #expect(game.state.lastLock?.backToBack == false, "a single is not difficult")
        #expect(game.state.backToBackReady == false, "and it breaks the chain")
        dropUpright()
        #expect(game.state.lastLock.map { [$0.lines, $0.combo] } == [0, 0], "nothing cleared: the combo ends")
    }

    @Test func backToBackSurvivesLocksThatClearNothing() throws {
        var game = try makeGame("IIIIIIII..\n" + String(repeating: "IIIIIIIII.\n", count: 8), next: "IIII")
        func dropUpright(_ x: Int) {
            #expect(game.withState { $0.movePiece(to: .standard("I", rotation: 1, x: x, y: 0)) })
            game.play("H")
        }
        dropUpright(7)  // rows 16–19: a tetris
        #expect(game.state.lastLock?.lines == 4)
        dropUpright(6)  // into column 8 of the row with two gaps: nothing cleared
        #expect(game.state.lastLock?.lines == 0)
        dropUpright(7)  // the four rows above: a tetris again, back-to-back across the miss
        #expect(game.state.lastLock?.lines == 4)
        #expect(game.state.lastLock?.backToBack == true)
    }

    @Test func calloutsAreOneLineOfAtMostFortyEightCharacters() throws {
        var game = try makeGame()
        game.withState { state in
            state.announce("T-SPIN\nDOUBLE")
            state.announce(String(repeating: "x", count: 60))
        }
        #expect(game.state.callouts == ["T-SPIN DOUBLE", String(repeating: "x", count: 48)])
        let n = game.state.calloutsAnnounced
        #expect(game.state.events.suffix(2) == [.announced(number: n - 1), .announced(number: n)])
        #expect([game.state.callout(number: n - 1), game.state.callout(number: n)] == ["T-SPIN DOUBLE", String(repeating: "x", count: 48)])
        game.withState { state in for i in 0..<300 { state.announce("\(i)") } }
        #expect(game.state.callouts.count == GameState.maxCallouts)
        #expect(game.state.callouts.last == "299")
        // An event's number finds its text while it is kept, and nothing once it is dropped.
        #expect(game.state.calloutsAnnounced == 302)
        #expect(game.state.callout(number: 302) == "299" && game.state.callout(number: 47) == "44")
        #expect(game.state.callout(number: 46) == nil && game.state.callout(number: 1) == nil && game.state.callout(number: 303) == nil)
    }
}
