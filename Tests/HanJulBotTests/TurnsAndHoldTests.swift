import HanJulBot
import Testing
@testable import HanJulCore

/// The bot plays every action the rules enable: both turns and the half turn, hold, and
/// under a lock delay no more grounded moves than the resets allow.
@Suite struct TurnsAndHoldTests {
    func cells(_ piece: Piece) -> Set<Cell> { Set(PieceSet.standard.cells(of: piece)) }

    /// Each placement's path, replayed on a copy of `game`, locks the piece exactly there on
    /// its hard drop (and the piece that locks is the one the hold brought in, for a path
    /// that holds).
    func expectReplaysLand<R: Rules>(_ game: Game<R>, _ search: PlacementSearch, sourceLocation: SourceLocation = #_sourceLocation) {
        for placement in search.placements {
            var copy = game
            let path = Array(search.actions(of: placement))
            #expect(path.last == .hardDrop, sourceLocation: sourceLocation)
            #expect((path.first == .hold) == placement.holds, sourceLocation: sourceLocation)
            for action in path.dropLast() {
                copy.apply(action)
                #expect(copy.state.piecesLocked == game.state.piecesLocked, "locked early on \(ActionScript.text(of: path))",
                        sourceLocation: sourceLocation)
            }
            copy.apply(.hardDrop)
            #expect(copy.state.events.contains(.locked(placement.piece)),
                    "path \(ActionScript.text(of: path)) should lock at \(placement.piece): \(copy.state.events)",
                    sourceLocation: sourceLocation)
        }
    }

    func scripts(_ search: PlacementSearch) -> [String] {
        search.placements.map { ActionScript.text(of: search.actions(of: $0)) }
    }

    @Test func fastModeTurnsTheShortWay() throws {
        let game = try makeGame(rules: ModernRules(), next: "T")
        var search = PlacementSearch()
        try search.run(.fast, in: game.state, rules: game.rules)
        let found = scripts(search)
        // Breadth first over C, A, F: rotation 1 by C, 3 by A, 2 by F, each one turn.
        #expect(found.contains("CH") && found.contains("AH") && found.contains("FH"))
        #expect(!found.contains { $0.hasPrefix("CC") || $0.hasPrefix("AA") }, "no state needs two turns")
        #expect(search.placements.count == 34, "the same placements as with C alone")
        expectReplaysLand(game, search)

        let standard = try makeGame(next: "T")
        try search.run(.fast, in: standard.state, rules: standard.rules)
        #expect(scripts(search).contains("CCCH") && !scripts(search).contains { $0.contains("A") || $0.contains("F") },
                "the standard rules have C only")
    }

    @Test func theTSlotUnderModernRulesAndEveryPathReplays() throws {
        // A T-slot: the T drops pointing down into the notch; under rules with A the full
        // search also finds every other way in, and every path replays.
        let board = """
            ..........
            OO...OOOOO
            OOO.OOOOOO
            """
        let modern = try makeGame(rules: ModernRules(halfTurn: false), board, next: "T")
        var search = PlacementSearch()
        try search.run(.full, in: modern.state, rules: modern.rules)
        expectReplaysLand(modern, search)
        let slot: Set<Cell> = [Cell(x: 2, y: 18), Cell(x: 3, y: 18), Cell(x: 4, y: 18), Cell(x: 3, y: 19)]
        let spin = try #require(search.placements.first { cells($0.piece) == slot })
        #expect(spin.piece.rotation == 2)
        let standard = try makeGame(board, next: "T")
        var plain = PlacementSearch()
        try plain.run(.full, in: standard.state, rules: standard.rules)
        #expect(search.placements.count >= plain.placements.count)
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func everyPathReplaysWithEveryTurnOnRoughBoards(seed: UInt64) throws {
        var game = Game(rules: ModernRules(), source: .seeded(seed))
        var random = SplitMix64(seed: seed &* 91)
        game.withState { state in
            for y in 12..<20 {
                for x in 0..<10 where random.below(100) < 55 { state.board.set(x: x, y: y, to: 0) }
            }
        }
        var fast = PlacementSearch(), full = PlacementSearch()
        var placed = 0
        while !game.state.isOver && placed < 20 {
            try fast.run(.fast, in: game.state, rules: game.rules)
            try full.run(.full, in: game.state, rules: game.rules)
            expectReplaysLand(game, fast)
            expectReplaysLand(game, full)
            let fullCells = Set(full.placements.map { cells($0.piece) })
            #expect(fast.placements.allSatisfy { fullCells.contains(cells($0.piece)) })
            game.apply(full.actions(of: full.placements[random.below(full.placements.count)]))
            placed += 1
        }
        #expect(placed > 5)
    }

    @Test func underALockDelayNoPathUsesMoreGroundedMovesThanTheResets() throws {
        // Under the ledge the O must slide left along the floor: one grounded move per
        // column. With two resets it gets two columns under, not three.
        let board = """
            OOOO......
            ..........
            ..........
            """
        func corner(_ resets: Int?) throws -> (found: Bool, search: PlacementSearch, game: Game<ModernRules>) {
            let game = try makeGame(rules: ModernRules(lockDelay: LockDelay(milliseconds: 500, maxResets: resets)), board, next: "O")
            var search = PlacementSearch()
            try search.run(.full, in: game.state, rules: game.rules)
            let far: Set<Cell> = [Cell(x: 1, y: 18), Cell(x: 2, y: 18), Cell(x: 1, y: 19), Cell(x: 2, y: 19)]
            return (search.placements.contains { cells($0.piece) == far }, search, game)
        }
        let unlimited = try corner(nil), two = try corner(2), fifteen = try corner(15)
        #expect(unlimited.found && fifteen.found)
        #expect(!two.found, "columns 1–2 are three grounded moves in from column 4")
        expectReplaysLand(two.game, two.search)
        expectReplaysLand(fifteen.game, fifteen.search)
    }

    @Test func holdsWhenTheHeldPieceFitsBetter() throws {
        // A four-deep well: the I in the hold slot clears four rows; the S in play would
        // leave holes.
        let game = try makeGame(rules: ModernRules(), """
            OOOOOOOOO.
            OOOOOOOOO.
            OOOOOOOOO.
            OOOOOOOOO.
            """, piece: .standard("S", x: 3, y: 0), held: "I", next: "OOOOO")
        var bot = Bot(BotConfig(), seed: 1)
        let placement = try #require(try bot.choose(game))
        #expect(placement.holds)
        #expect(placement.piece.kind == PieceSet.standard.kind(forLetter: "I"))
        var played = game
        var recorder: ReplayRecorder? = nil
        #expect(bot.commit(placement, to: &played, recording: &recorder) == .locked)
        #expect(played.state.lines == 4)
        #expect(played.state.held == PieceSet.standard.kind(forLetter: "S"))
        #expect(bot.piecesHeld == 1)
    }

    @Test func neverHoldsUnderRulesWithoutAHoldSlot() throws {
        var game = Game(rules: StandardRules(), source: .seeded(3))
        var bot = Bot(BotConfig(), seed: 3)
        for _ in 0..<200 where !game.state.isOver {
            let placement = try #require(try bot.choose(game))
            #expect(!placement.holds)
            var recorder: ReplayRecorder? = nil
            #expect(bot.commit(placement, to: &game, recording: &recorder) == .locked)
        }
        #expect(bot.piecesHeld == 0)
    }

    @Test(arguments: [PlacementSearch.Mode.fast, .full])
    func underModernRulesEveryPieceLocksWhereTheBotMeantAndSomeAreHeld(mode: PlacementSearch.Mode) throws {
        var game = Game(rules: ModernRules(lockDelay: .guideline), source: .seeded(5))
        var bot = Bot(BotConfig(search: mode), seed: 5)
        let pieces = mode == .fast ? 300 : 60
        for _ in 0..<pieces where !game.state.isOver {
            let placement = try #require(try bot.choose(game))
            let before = game.state.piecesLocked
            var recorder: ReplayRecorder? = nil
            #expect(bot.commit(placement, to: &game, recording: &recorder) == .locked)
            #expect(game.state.events.contains(.locked(placement.piece)))
            #expect(game.state.piecesLocked == before + 1)
        }
        #expect(!game.state.isOver)
        #expect(bot.piecesHeld > 0)
    }

    @Test func lookaheadPlaysLegallyAndLooksAtMore() throws {
        var greedy = Game(rules: ModernRules(), source: .seeded(8)), looking = greedy
        var plain = Bot(BotConfig(), seed: 8), ahead = Bot(BotConfig(lookahead: 1), seed: 8)
        for _ in 0..<40 {
            let placedGreedy = plain.play(&greedy), placedAhead = ahead.play(&looking)
            #expect(placedGreedy && placedAhead)
        }
        #expect(ahead.placementsEvaluated > 10 * plain.placementsEvaluated)
        // The same seed, the same game: looking ahead is deterministic.
        var again = Game(rules: ModernRules(), source: .seeded(8))
        var aheadAgain = Bot(BotConfig(lookahead: 1), seed: 8)
        for _ in 0..<40 { aheadAgain.play(&again) }
        #expect(again.state == looking.state)
    }
}
