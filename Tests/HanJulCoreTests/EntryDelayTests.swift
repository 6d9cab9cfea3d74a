import Testing
@testable import HanJulCore

/// The entry delay ("ARE") and the inputs given during it (IRS, IHS): `EntryDelay`'s rules,
/// in the engine and on a play clock (`TimedGame`).
@Suite struct EntryDelayTests {
    struct Entering: Rules {
        var delay = EntryDelay(milliseconds: 500, lineClear: 800)
        var gravity = 700
        var lock: LockDelay? = nil
        var name: String { "entering" }
        var entryDelay: EntryDelay? { delay }
        var holdEnabled: Bool { true }
        var allowsCounterclockwise: Bool { true }
        var allowsHalfTurn: Bool { true }
        var previewCount: Int { 3 }
        var lockDelay: LockDelay? { lock }
        func gravityInterval(level: Int) -> Int { gravity }
    }

    static func kinds(_ letters: String) -> [Int] { letters.map { PieceSet.standard.kind(forLetter: $0)! } }
    static func letter(_ kind: Int?) -> Character? { kind.map { PieceSet.standard.kinds[$0].letter } }

    func game(_ rules: Entering = Entering(), next: String = "TJLOSZI") -> Game<Entering> {
        Game(rules: rules, source: .sequence(Self.kinds(next)))
    }

    func play<R: Rules>(_ game: inout Game<R>, _ script: String) {
        game.apply(try! ActionScript.parse(script, allowing: Action.allKinds))
    }

    @Test func aLockLeavesNoPieceUntilTheDelayIsTold() {
        var game = game()
        play(&game, "H")
        #expect(game.state.isEntering && !game.state.hasPiece)
        #expect(game.state.entryDelayLeft == 500)
        play(&game, "L R D H G W499")
        #expect(game.state.isEntering, "moves, drops and gravity change nothing during the delay")
        #expect(game.state.piecesLocked == 1)
        play(&game, "W1")
        #expect(!game.state.isEntering && game.state.hasPiece)
        #expect(Self.letter(game.state.piece.kind) == "J")
        #expect(game.state.piece.rotation == 0)
        #expect(game.state.elapsedMilliseconds == 500)
    }

    @Test func aClearWaitsTheLineClearDelay() throws {
        var game = game(next: "IIII")
        game.withState { $0.board = try! Board("OOO....OOO", pieces: .standard) }
        // The flat I fills the gap and clears the bottom row.
        play(&game, "H")
        #expect(game.state.lines == 1)
        #expect(game.state.entryDelayLeft == 800)
    }

    @Test func aTurnGivenDuringTheDelayTurnsTheEnteringPiece() {
        for (turn, rotation) in [("C", 1), ("A", 3), ("F", 2), ("C A", 3)] {
            var game = game()
            play(&game, "H W100 \(turn) W400")
            #expect(Self.letter(game.state.piece.kind) == "J")
            #expect(game.state.piece.rotation == rotation, "IRS \(turn)")
            #expect(game.state.lastMove == .rotate || game.state.lastMove == .rotateCounterclockwise || game.state.lastMove == .rotateHalfTurn)
        }
    }

    @Test func aHoldGivenDuringTheDelaySendsTheEnteringPieceToHold() {
        var game = game()
        play(&game, "H X C W500")
        #expect(Self.letter(game.state.held) == "J", "IHS: the entering J goes to hold")
        #expect(Self.letter(game.state.piece.kind) == "L")
        #expect(game.state.piece.rotation == 1, "the piece the hold brings in takes the turn")
        #expect(game.state.holdUsed)
        play(&game, "X")
        #expect(Self.letter(game.state.piece.kind) == "L", "one hold per piece, IHS included")
    }

    @Test func underInstantGravityTheEntryTurnComesBeforeTheFall() {
        var rules = Entering()
        rules.gravity = 0
        rules.lock = .tgm
        var turned = game(rules, next: "TIIII")
        play(&turned, "H C W500")
        #expect(Self.letter(turned.state.piece.kind) == "I")
        #expect(turned.state.piece.rotation == 1, "the I enters standing")
        #expect(!turned.state.fits(turned.state.piece.offset(0, 1)), "and falls to rest at once")
        let standing = turned.state.piece.y
        var flat = game(rules, next: "TIIII")
        play(&flat, "H W500")
        #expect(flat.state.piece.rotation == 0)
        #expect(standing != flat.state.piece.y, "it fell standing, not flat")
    }

    @Test func theDelayCanChangeByLevel() {
        let delay = EntryDelay(milliseconds: 500, lineClear: 800, steps: [.init(level: 3, milliseconds: 300, lineClear: 400)])
        #expect(delay.milliseconds(atLevel: 1, cleared: false) == 500)
        #expect(delay.milliseconds(atLevel: 2, cleared: true) == 800)
        #expect(delay.milliseconds(atLevel: 3, cleared: false) == 300)
        #expect(delay.milliseconds(atLevel: 900, cleared: true) == 400)
        var rules = Entering()
        rules.delay = EntryDelay(milliseconds: 0)
        var game = game(rules)
        play(&game, "H")
        #expect(!game.state.isEntering && game.state.hasPiece, "0 ms: the next piece at once")
    }

    @Test func theSameScriptGivesTheSameGame() {
        let script = "H C W500 L L H X W200 A W300 H W500 F R H"
        var one = game(), two = game()
        play(&one, script)
        play(&two, script)
        #expect(one.state == two.state)
        #expect(one.state.checksum == two.state.checksum)
        var other = game()
        play(&other, "H W500 L L H X W200 A W300 H W500 F R H")
        #expect(one.state.checksum != other.state.checksum, "the entry turn is part of the game")
    }

    // MARK: - On a play clock

    @Test func thePlayClockBringsThePieceInAtTheDelaysEnd() {
        var rules = Entering()
        rules.gravity = 100
        var timed = TimedGame(game: game(rules), recorder: ReplayRecorder(rules: RulesIdentity(name: "entering"), source: .sequence(Self.kinds("TJLOSZI"))))
        let ms: UInt64 = 1_000_000
        timed.input(.hardDrop, at: 10 * ms + 400_000)
        #expect(timed.state.isEntering)
        #expect(timed.nextDue?.due == .entry)
        #expect(timed.nextDue?.time == 510 * ms + 400_000, "500 ms from the lock")
        timed.advance(to: 509 * ms)
        #expect(timed.state.isEntering)
        #expect(timed.state.ticks == 0, "no gravity falls during the delay")
        timed.advance(to: 511 * ms)
        #expect(!timed.state.isEntering && timed.state.hasPiece)
        #expect(timed.nextDue?.due == .gravity)
        #expect(timed.nextDue?.time == 610 * ms + 400_000, "a whole interval from the entry")
        let replay = timed.recorder!.finish(timed.state)
        #expect(ActionScript.text(of: replay.actions) == "HW500")
        // The recorded game plays back to the same state.
        var again = game(rules)
        again.apply(replay.actions)
        #expect(again.state.checksum == timed.state.checksum)
    }

    @Test func aTurnOnThePlayClockDuringTheDelayIsTheEntryTurn() {
        var timed = TimedGame(game: game())
        let ms: UInt64 = 1_000_000
        timed.input(.hardDrop, at: 0)
        timed.input(.rotate, at: 200 * ms)
        #expect(timed.state.isEntering && timed.state.entryTurn == 1)
        timed.advance(to: 500 * ms)
        #expect(timed.state.piece.rotation == 1)
    }
}
