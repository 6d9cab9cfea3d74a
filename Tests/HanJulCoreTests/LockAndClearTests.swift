import Testing
@testable import HanJulCore

/// Locking, line clears and their scores, levels and gravity.
@Suite struct LockAndClearTests {
    @Test func softDropLocksOnTheFloor() throws {
        var game = try makeGame(piece: .standard("O", x: 3, y: 18), next: "T")
        game.play("D")
        #expect(game.boardText == rows("""
            ....OO....
            ....OO....
            """))
        #expect(game.state.score == 0, "a soft drop gives no points")
        #expect(game.state.piece == .standard("T", x: 3, y: 0))
        #expect(game.state.events == [
            .locked(.standard("O", x: 3, y: 18)),
            .lockFacts(LockFacts(piece: .standard("O", x: 3, y: 18), lastMove: nil, kick: nil, lines: 0, spin: .none,
                                 combo: 0, backToBack: false)),
            .spawned(.standard("T", x: 3, y: 0)),
        ])
    }

    @Test func gravityLocksOnTheStack() throws {
        var game = try makeGame("""
            ....II....
            """, piece: .standard("O", x: 3, y: 17), next: "T")
        game.play("G")
        #expect(game.state.piece.kind == 2, "locked, and the next piece spawned")
        #expect(game.boardText == rows("""
            ....OO....
            ....OO....
            ....II....
            """))
        #expect(game.state.ticks == 1)
    }

    @Test func softDropMovesWhenItFits() throws {
        var game = try makeGame(piece: .standard("T", x: 3, y: 0))
        game.play("DDG")
        #expect(game.state.piece == .standard("T", x: 3, y: 3))
        #expect(game.state.score == 0)
    }

    @Test func hardDropScoresTwoPointsPerRow() throws {
        var game = try makeGame(piece: .standard("O", x: 3, y: 0))
        game.play("H")
        #expect(game.state.score == 36, "18 rows down")
        #expect(game.state.events.prefix(3) == [
            .dropped(rows: 18), .scored(points: 36, reason: .hardDrop(rows: 18)), .locked(.standard("O", x: 3, y: 18)),
        ])
    }

    @Test(arguments: [(1, 100), (2, 300), (3, 500), (4, 800)])
    func clearsScoreTimesTheLevel(lines: Int, base: Int) throws {
        // `lines` full rows but for column 9; a vertical I (column 9) fills them.
        let full = Array(repeating: "ZZZZZZZZZ.", count: lines).joined(separator: "\n")
        var game = try makeGame(full, piece: .standard("I", rotation: 1, x: 7, y: 0), lines: 20)
        let drop = 20 - 4 - 0
        game.play("H")
        #expect(game.state.lines == 20 + lines)
        #expect(game.state.score == drop * 2 + base * 3, "level 3 before the clear")
        #expect(game.state.events.contains(.scored(points: base * 3, reason: .lineClear(lines: lines))))
        // The rows above the clear moved down; what is left of the I stays in column 9.
        let left = 4 - lines
        #expect(game.boardText == Array(repeating: ".........I", count: left).joined(separator: "\n"))
    }

    @Test func clearCrossingALevelBoundaryScoresAtTheOldLevel() throws {
        var game = try makeGame("""
            IIIIIIIII.
            IIIIIIIII.
            IIIIIIIII.
            IIIIIIIII.
            """, piece: .standard("I", rotation: 1, x: 7, y: 0), lines: 9)
        game.play("H")
        #expect(game.state.score == 32 + 800 * 1)
        #expect(game.state.lines == 13)
        #expect(game.state.level == 2)
    }

    @Test func clearsNonAdjacentRows() throws {
        var game = try makeGame("""
            TTTTTTTTT.
            SSSS.SSSS.
            TTTTTTTTT.
            """, piece: .standard("I", rotation: 1, x: 7, y: 0), next: "O")
        game.play("H")
        #expect(game.boardText == rows("""
            .........I
            SSSS.SSSSI
            """))
        #expect(game.state.events.contains(.cleared(count: 2, rows: 1 << 19 | 1 << 17)))
    }

    @Test func levelAndGravityCurve() throws {
        let rules = StandardRules()
        #expect(try rules.level(forLines: 0) == 1)
        #expect(try rules.level(forLines: 9) == 1)
        #expect(try rules.level(forLines: 10) == 2)
        #expect(try rules.level(forLines: 149) == 15)
        let intervals = (1...20).map { rules.gravityInterval(level: $0) }
        #expect(intervals == [700, 655, 610, 565, 520, 475, 430, 385, 340, 295, 250, 205, 160, 120, 120, 120, 120, 120, 120, 120])
        #expect(rules.gravityInterval(level: 14) == 120, "700 − 13 × 45 = 115 is floored at 120")
        #expect(rules.gravityInterval(level: 1000) == 120)
    }
}
