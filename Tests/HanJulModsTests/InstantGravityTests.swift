import HanJulBot
import HanJulCore
@testable import HanJulMods
import Testing

/// A `gravity` hook returning 0 ms is instant gravity (20G, #20 item 4): the engine drops the
/// piece to rest when it spawns and after every action, so every front end (play, run, sim,
/// replays) gets it from `Game.apply` alone.
@Suite struct InstantGravityTests {
    let fx = ModFixtures()

    func rules(lockDelay: Bool = false, extra: String = "") throws -> LuaRules {
        let id = lockDelay ? "twentyglock" : "twentyg"
        fx.write(id, ModFixtures.source(id: id, """
            \(lockDelay ? "lock_delay = { ms = 500, resets = 15 }," : "")
            gravity = function() return 0 end,
            \(extra)
            """))
        return try fx.rules(id)
    }

    /// The board's rows (top first) with the piece in play drawn in lower case.
    func picture(_ state: GameState) -> [String] {
        var rows = state.board.lines(letters: state.pieces).map { Array($0) }
        for cell in state.pieces.cells(of: state.piece) where cell.y >= 0 {
            rows[cell.y][cell.x] = Character(state.pieces.kinds[state.piece.kind].letter.lowercased())
        }
        return rows.map { String($0) }
    }

    @Test func theInterval0IsKeptAndMarksTheState() throws {
        let rules = try rules()
        #expect(rules.gravityInterval(level: 1) == 0)
        let game = Game(rules: rules, source: .sequence([2]))
        #expect(game.state.instantGravity)
        #expect(!Game(rules: StandardRules(), source: .seeded(1)).state.instantGravity)
    }

    @Test func aNewPieceRestsOnTheFloorWithNoGravityTick() throws {
        // T: cells in rows 0-1 of its box; at rest its flat side is on the floor (row 19).
        let game = Game(rules: try rules(), source: .sequence([2]))
        #expect(game.state.ticks == 0 && game.state.actionsApplied == 0)
        #expect(Array(picture(game.state).suffix(3)) == ["..........", "....t.....", "...ttt...."])
        #expect(game.state.lastMove == nil, "the spawn's own fall is no move of the player's")
        #expect(game.state.events.contains(.moved(game.state.piece)))
    }

    @Test func aSlideOffALedgeFallsAtOnce() throws {
        let ledge = try Board("...IIII...\n...IIII...\n...IIII...\n...IIII...", pieces: .standard)
        var game = Game(rules: try rules(), source: .sequence([1]), start: GameStart(board: ledge))
        #expect(game.state.piece.y == 14, "the O rests on the ledge")
        game.apply(.right)
        #expect(game.state.piece.y == 14 && game.state.piece.x == 4, "still on the ledge")
        game.apply(.right)
        #expect(game.state.piece.y == 14)
        game.apply(.right)
        #expect(game.state.piece.x == 6 && game.state.piece.y == 18, "off the ledge: on the floor at once")
        #expect(game.state.lastMove == .softDrop)
        #expect(game.state.piecesLocked == 0, "no lock delay: a resting piece waits for a drop or a tick")
        game.apply(.gravity)
        #expect(game.state.piecesLocked == 1, "a G on a resting piece locks it, as ever")
    }

    @Test func aTurnThatLeavesRoomBelowFalls() throws {
        // A flat I rests on a floor with a one-wide well in column 3 (rows 17-19); moved
        // over it and turned upright (SRS state 1: box column 2) it falls into the well at once.
        let notch = try Board("III.IIIIII\nIII.IIIIII\nIII.IIIIII", pieces: .standard)
        var game = Game(rules: try rules(), source: .sequence([0]), start: GameStart(board: notch))
        #expect(game.state.pieces.cells(of: game.state.piece).map(\.y).max() == 16, "flat on the notch")
        game.apply(.left)
        game.apply(.left)
        #expect(game.state.piece.y == 15)
        game.apply(.rotate)
        let stood = game.state.pieces.cells(of: game.state.piece)
        #expect(Set(stood.map(\.x)) == [3] && stood.map(\.y).max() == 19, "into the well at once: \(picture(game.state))")
        #expect(game.state.lastMove == .softDrop, "a fall after the turn: the turn is no longer the last movement")
        #expect(game.state.events.contains { if case .rotated = $0 { true } else { false } })
    }

    @Test func underALockDelayTheTimerLocksAndSlidesResetIt() throws {
        var game = Game(rules: try rules(lockDelay: true), source: .sequence([2, 1]))
        game.apply(.wait(milliseconds: 300))
        #expect(game.state.piecesLocked == 0)
        game.apply(.left)
        game.apply(.wait(milliseconds: 300))
        #expect(game.state.piecesLocked == 0, "the slide on the stack started the timer over")
        game.apply(.gravity)
        #expect(game.state.piecesLocked == 0, "G never locks under a lock delay")
        game.apply(.wait(milliseconds: 200))
        #expect(game.state.piecesLocked == 1)
        #expect(game.state.piece.kind == 1 && game.state.piece.y == 17, "the next piece, at rest on the T: \(picture(game.state))")
        #expect(game.state.lowestRow == game.state.piece.y && game.state.lockResets == 0 && game.state.lockElapsed == 0)
    }

    @Test func aLevelWhoseIntervalIs0TurnsInstantGravityOn() throws {
        fx.write("master", ModFixtures.source(id: "master", """
            gravity = function(level) if level >= 2 then return 0 end return 500 end,
            """))
        let rules = try fx.rules("master")
        let slow = Game(rules: rules, source: .sequence([0]))
        #expect(!slow.state.instantGravity && slow.state.piece.y == 0)
        let fast = Game(rules: rules, source: .sequence([0]), start: GameStart(level: 2))
        #expect(fast.state.instantGravity && fast.state.piece.y == 18)
        // The tenth line carries the level to 2: instant gravity from the next piece on.
        let row = try Board("IIIIII....", pieces: .standard)
        var filling = Game(rules: rules, source: .sequence([0]), start: GameStart(board: row, lines: 9))
        #expect(!filling.state.instantGravity)
        for action in try ActionScript.parse("RRRH") { filling.apply(action) }
        #expect(filling.state.lines == 10 && filling.state.level == 2)
        #expect(filling.state.instantGravity && filling.state.piece.y == 18)
    }

    @Test(arguments: [false, true], [PlacementSearch.Mode.fast, .full])
    func aBotPlaysUnderInstantGravity(lockDelay: Bool, mode: PlacementSearch.Mode) throws {
        let rules = try rules(lockDelay: lockDelay)
        var game = Game(rules: rules, source: .seeded(4))
        var bot = Bot(BotConfig(search: mode), seed: 4)
        var recorder: ReplayRecorder? = nil
        for _ in 0..<150 {
            guard let placement = try bot.choose(game) else { break }
            let path = Array(bot.search.actions(of: placement))
            #expect(!path.contains(.gravity) && !path.contains(.softDrop))
            #expect(bot.commit(placement, to: &game, recording: &recorder) == .locked)
            guard case .locked(let piece)? = game.state.events.first(where: { if case .locked = $0 { true } else { false } }) else {
                Issue.record("no lock")
                break
            }
            #expect(piece == placement.piece, "the bot's path locks where it planned, at rest")
        }
        #expect(game.state.piecesLocked == 150 && !game.state.isOver)
        #expect(game.state.lines > 40)
    }

    @Test func theStandardGameAndGuidelineStayTimed() throws {
        #expect(!Game(rules: try repositoryRules("guideline"), source: .seeded(1), start: GameStart(level: 25)).state.instantGravity)
        #expect(try repositoryRules("guideline").gravityInterval(level: 25) == 16)
    }
}
