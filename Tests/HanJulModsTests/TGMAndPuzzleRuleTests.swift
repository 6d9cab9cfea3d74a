import HanJulCore
@testable import HanJulMods
import Testing

/// The rules a TGM or puzzle mod needs: the level as the mod counts it (`game:set_level`),
/// kinds of lock reset (`lock_delay.reset`), queues that end (`next_piece` returning nil)
/// and the game as it is after a rule finished it at a lock.
@Suite struct TGMAndPuzzleRuleTests {
    let fx = ModFixtures()

    func rules(_ body: String, prelude: String = "") throws -> LuaRules {
        fx.write("m", ModFixtures.source(id: "m", body, prelude: prelude))
        return try fx.rules("m")
    }

    func play<R: Rules>(_ game: inout Game<R>, _ script: String) throws {
        game.apply(try ActionScript.parse(script, allowing: game.rules.actions))
    }

    // MARK: Level

    /// TGM's count: from 0, +1 a piece, +1 a line, stopping at x99 until a clear.
    static let tgmLevel = """
        on_start = function(game) game:set_level(0) end,
        on_clear = function(game, count) game:set_level(game:level() + count) end,
        after_lock = function(game, cleared)
          local level = game:level()
          if cleared == 0 and level % 100 ~= 99 then game:set_level(level + 1) end
        end,
        """

    @Test func fiveHardDropsWithoutAClearEndAtLevelFive() throws {
        var game = Game(rules: try rules(Self.tgmLevel), source: .seeded(1))
        #expect(game.state.level == 0, "TGM counts from 0")
        try play(&game, "HHHHH")
        #expect(game.state.piecesLocked == 5)
        #expect(game.state.level == 5)
        #expect(game.state.levelSetByRules)
    }

    @Test func linesNoLongerDecideALevelTheModSets() throws {
        // Ten I pieces on a 4-wide board: every lock clears a row, +1 a line, +0 for the piece.
        var game = Game(rules: try rules("board = { width = 4, height = 8 },\n" + Self.tgmLevel),
                        source: .sequence([0]))
        try play(&game, String(repeating: "H", count: 10))
        #expect(game.state.lines == 10)
        #expect(game.state.level == 10, "not the standard 1 + lines / 10 = 2")
    }

    @Test func theSetLevelIsTheLevelOfGravityAndLockDelay() throws {
        // Gravity turns to 20G at level 3; the lock delay is 100 ms at level 1, 50 from level 2.
        var game = Game(rules: try rules("""
            lock_delay = { ms = 500, by_level = { 100, 50 } },
            gravity = function(level) if level >= 3 then return 0 end return 1000 end,
            after_lock = function(game) game:set_level(game:pieces_locked()) end,
            """), source: .sequence([1]))
        #expect(!game.state.instantGravity)
        try play(&game, "H")
        #expect(game.state.level == 1)
        // Level 1: the O rests on the floor and locks after 100 ms.
        try play(&game, String(repeating: "G", count: 20) + "W99")
        #expect(game.state.piecesLocked == 1)
        try play(&game, "W1")
        #expect(game.state.piecesLocked == 2)
        #expect(game.state.level == 2)
        try play(&game, "H")
        #expect(game.state.level == 3)
        #expect(game.state.instantGravity, "the gravity hook was asked at the level set")
        #expect(game.state.piece.y > 10, "the new piece fell at once")
    }

    @Test func setLevelIsCheckedAndRefusedWhereTheGameCannotChange() throws {
        var game = Game(rules: try rules("after_lock = function(game) game:set_level(-1) end,"), source: .seeded(1))
        try play(&game, "H")
        guard case .over(.ruleError(let error)) = game.state.phase else { Issue.record("\(game.state.phase)"); return }
        #expect(error.message.contains("level -1 must be from 0 to 1000000"), "\(error)")
        var scoring = Game(rules: try rules("""
            board = { width = 4, height = 8 },
            scoring = function(game) game:set_level(3) return 0 end,
            """), source: .sequence([0]))
        try play(&scoring, "H")
        guard case .over(.ruleError(let refused)) = scoring.state.phase else { Issue.record("\(scoring.state.phase)"); return }
        #expect(refused.message.contains("may not change the game"), "\(refused)")
    }

    // MARK: Lock reset

    @Test func theResetKindIsReadAndChecked() throws {
        #expect(try rules("lock_delay = { ms = 500, reset = \"step\" },").lockDelay == .tgm)
        #expect(try rules("lock_delay = { ms = 500, resets = 15, reset = \"move\" },").lockDelay == .guideline)
        #expect(try rules("lock_delay = { ms = 300, reset = \"none\" },").lockDelay?.reset == LockDelay.Reset.none)
        do {
            _ = try rules("lock_delay = { ms = 500, reset = \"step\", resets = 3 },")
            Issue.record("loaded")
        } catch {
            #expect("\(error)".contains("lock_delay.resets counts the resets of reset = \"move\""), "\(error)")
        }
    }

    // MARK: Queues that end

    /// Ten I pieces, then nil: each stood on end in its own column, they clear four rows
    /// and leave the board empty.
    static let puzzle = """
        preview = 1,
        next_piece = function()
          asked = asked + 1
          if asked <= 10 then return "I" end
          return nil
        end,
        on_start = function() asked = 0 end,
        after_lock = function(game)
          local empty = true
          for y = 0, game:height() - 1 do if game:row(y) ~= 0 then empty = false end end
          if empty then game:finish("perfect clear", game:pieces_locked()) end
        end,
        """

    /// The script that stands the ten I pieces in columns 0 to 9 (a turned I is in column 5).
    static var puzzleScript: String {
        (0..<10).map { column in
            "C" + String(repeating: column < 5 ? "L" : "R", count: abs(column - 5)) + "H"
        }.joined(separator: " ")
    }

    @Test func aTenPiecePerfectClearEndsItsQueueWithNilAndFinishes() throws {
        var game = Game(rules: try rules(Self.puzzle, prelude: "local asked = 0"), source: .seeded(7))
        let script = Self.puzzleScript.split(separator: " ")
        for (index, piece) in script.enumerated() {
            #expect(game.state.queue.count == (index < 9 ? 1 : 0), "NEXT shows nothing past the end (piece \(index + 1))")
            try play(&game, String(piece))
        }
        #expect(game.state.phase == .over(.finished(GameResult(label: "perfect clear", value: 10, lowerIsBetter: false))))
        #expect(game.state.dealt.count == 10, "dealt() counts only real pieces")
        #expect(game.state.queueEnded)
        #expect(!game.state.hasPiece, "no piece is in play at the end")
        #expect(game.state.board.filledCount == 0)
    }

    @Test func withoutAResultTheGameEndsOutOfPieces() throws {
        var game = Game(rules: try rules("""
            on_start = function() asked = 0 end,
            next_piece = function() asked = asked + 1 if asked <= 3 then return "O" end end,
            on_game_over = function(game, reason) print(reason) end,
            """, prelude: "local asked = 0"), source: .seeded(7))
        #expect(game.state.queue == [1])
        try play(&game, "H")
        #expect(game.state.queue == [1])
        try play(&game, "H")
        #expect(game.state.queue.isEmpty, "the fourth call returned nil")
        #expect(!game.state.isOver, "the third piece is in play")
        try play(&game, "H")
        #expect(game.state.phase == .over(.outOfPieces))
        #expect(game.state.dealt.count == 3)
        #expect(game.rules.mods[0].log == ["out_of_pieces"])
    }

    @Test func holdingWithNothingToComeIsRefused() throws {
        var game = Game(rules: try rules("""
            hold = true,
            on_start = function() asked = 0 end,
            next_piece = function() asked = asked + 1 if asked <= 1 then return "T" end end,
            """, prelude: "local asked = 0"), source: .seeded(7))
        #expect(game.state.queue.isEmpty)
        try play(&game, "X")
        #expect(game.state.held == nil)
        #expect(!game.state.isOver)
        try play(&game, "H")
        #expect(game.state.phase == .over(.outOfPieces))
    }

    @Test func aBadLetterStillSaysWhatToReturn() throws {
        let game = Game(rules: try rules("next_piece = function() return 5 end,"), source: .seeded(7))
        guard case .over(.ruleError(let error)) = game.state.phase else { Issue.record("\(game.state.phase)"); return }
        #expect(error.message.contains("or nil to end the queue"), "\(error)")
    }

    // MARK: The game at the end

    @Test func aFinishAfterAClearingLockLeavesNoPieceInPlay() throws {
        var game = Game(rules: try rules("""
            board = { width = 4, height = 8 },
            after_lock = function(game, cleared) if cleared > 0 then game:finish("lines", game:lines()) end end,
            """), source: .sequence([0]))
        try play(&game, "H")
        #expect(game.state.isOver)
        #expect(!game.state.hasPiece, "the I that cleared the row is not drawn over the emptied board")
        #expect(game.state.board.filledCount == 0)
    }
}
