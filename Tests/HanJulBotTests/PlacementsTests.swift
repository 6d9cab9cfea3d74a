import Testing
import HanJulBot
@testable import HanJulCore

/// The placement search: what it finds, and that every path it returns is real.
@Suite struct PlacementsTests {
    /// Replays each placement's path on a copy of `game` and checks the piece locks exactly
    /// there, on the path's last action (the hard drop) and not before.
    func expectReplaysLand<R: Rules>(_ game: Game<R>, _ search: PlacementSearch, sourceLocation: SourceLocation = #_sourceLocation) {
        for placement in search.placements {
            var copy = game
            let path = search.actions(of: placement)
            #expect(path.last == .hardDrop, sourceLocation: sourceLocation)
            for action in path.dropLast() {
                copy.apply(action)
                #expect(copy.state.piecesLocked == game.state.piecesLocked, "locked early on \(ActionScript.text(of: path))",
                        sourceLocation: sourceLocation)
            }
            copy.apply(.hardDrop)
            #expect(copy.state.events.contains(.locked(placement.piece)),
                    "path \(ActionScript.text(of: path)) should lock at \(placement.piece): \(copy.state.events)",
                    sourceLocation: sourceLocation)
            #expect(copy.state.events.contains(.dropped(rows: placement.dropRows)), sourceLocation: sourceLocation)
        }
    }

    func cells(_ piece: Piece) -> Set<Cell> { Set(PieceSet.standard.cells(of: piece)) }

    @Test(arguments: zip("IOTSZJL", [17, 9, 34, 17, 17, 34, 34]))
    func everyColumnAndOrientationOnAnEmptyBoard(letter: Character, count: Int) throws {
        let game = try makeGame(next: String(letter))
        var search = PlacementSearch()
        try search.run(.fast, in: game.state, rules: game.rules)
        #expect(search.placements.count == count)
        try search.run(.full, in: game.state, rules: game.rules)
        #expect(search.placements.count == count, "nothing to tuck under on an empty board")
        expectReplaysLand(game, search)
    }

    @Test func fastModeRotatesThenSlidesThenDrops() throws {
        let game = try makeGame(next: "T")
        var search = PlacementSearch()
        try search.run(.fast, in: game.state, rules: game.rules)
        let scripts = search.placements.map { ActionScript.text(of: search.actions(of: $0)) }
        #expect(scripts.prefix(5) == ["H", "LH", "LLH", "LLLH", "RH"])
        #expect(scripts.last == "CCCRRRRRH", "rotation 3 reaches the right wall in five steps")
        #expect(search.placements[0].piece == .standard("T", x: 3, y: 18))
        #expect(search.placements[0].dropRows == 18)
        expectReplaysLand(game, search)
    }

    @Test func tuckUnderAnOverhangOnlyInFullMode() throws {
        // The O can only reach the bottom-left corner by dropping right of the ledge and
        // sliding under it.
        let game = try makeGame("""
            OOOOO.....
            ..........
            ..........
            """, next: "O")
        let corner: Set<Cell> = [Cell(x: 0, y: 18), Cell(x: 1, y: 18), Cell(x: 0, y: 19), Cell(x: 1, y: 19)]
        var search = PlacementSearch()
        try search.run(.fast, in: game.state, rules: game.rules)
        #expect(!search.placements.contains { cells($0.piece) == corner })
        expectReplaysLand(game, search)

        try search.run(.full, in: game.state, rules: game.rules)
        let tuck = try #require(search.placements.first { cells($0.piece) == corner })
        #expect(ActionScript.text(of: search.actions(of: tuck)).contains("D"))
        #expect(search.placements.count > 9)
        expectReplaysLand(game, search)
    }

    @Test func kicksAreTheRulesOwn() throws {
        // In a one-column gap beside the stack a vertical I cannot turn flat in place.
        let game = try makeGame("""
            ..........
            OOOOOOOOO.
            OOOOOOOOO.
            OOOOOOOOO.
            """, next: "I")
        var search = PlacementSearch()
        try search.run(.full, in: game.state, rules: game.rules)
        let well = Set((16...19).map { Cell(x: 9, y: $0) })
        #expect(search.placements.contains { cells($0.piece) == well }, "the I into the well")
        expectReplaysLand(game, search)
    }

    @Test func anotherKindFromItsSpawn() throws {
        let game = try makeGame(next: "T")
        let o = game.rules.spawnPiece(kind: PieceSet.standard.kind(forLetter: "O")!, state: game.state)
        let found = try PlacementSearch.placements(.fast, in: game.state, rules: game.rules, from: o)
        #expect(found.count == 9)
        #expect(found.allSatisfy { $0.piece.kind == 1 && $0.actions.last == .hardDrop })
    }

    @Test func aStartThatDoesNotFitHasNoPlacements() throws {
        let game = try makeGame("OOOOOOOOO.", next: "T")
        let found = try PlacementSearch.placements(.full, in: game.state, rules: game.rules,
                                                   from: .standard("T", x: 3, y: 18))
        #expect(found.isEmpty)
    }

    /// Random boards with holes and overhangs, played on by random placements: every path
    /// of both modes replays to its placement, and full mode finds all fast mode finds.
    @Test(arguments: [UInt64(1), 2, 3])
    func everyPathReplaysOnRoughBoards(seed: UInt64) throws {
        var game = Game(rules: StandardRules(), source: .seeded(seed))
        var random = SplitMix64(seed: seed &* 77)
        game.withState { state in
            for y in 12..<20 {
                for x in 0..<10 where random.below(100) < 55 { state.board.set(x: x, y: y, to: 0) }
            }
        }
        var fast = PlacementSearch(), full = PlacementSearch()
        var placed = 0
        while !game.state.isOver && placed < 25 {
            try fast.run(.fast, in: game.state, rules: game.rules)
            try full.run(.full, in: game.state, rules: game.rules)
            expectReplaysLand(game, fast)
            expectReplaysLand(game, full)
            let fullCells = Set(full.placements.map { cells($0.piece) })
            #expect(fast.placements.allSatisfy { fullCells.contains(cells($0.piece)) })
            #expect(Set(full.placements.map { cells($0.piece) }).count == full.placements.count, "no duplicates")
            let pick = full.placements[random.below(full.placements.count)]
            game.apply(full.actions(of: pick))
            placed += 1
        }
        #expect(placed > 5)
    }

    /// `forEachFeatures(transitionsAndWells: false)` (game:placements, game:best_placement)
    /// gives the same lines, holes and heights as the full measurement, on rough boards
    /// with clears and tucks (full mode).
    @Test(arguments: [UInt64(1), 2, 3])
    func featuresWithoutTransitionsAndWellsAgree(seed: UInt64) throws {
        var game = Game(rules: StandardRules(), source: .seeded(seed))
        var random = SplitMix64(seed: seed &* 91)
        game.withState { state in
            for y in 10..<20 {
                for x in 0..<10 where random.below(100) < 70 { state.board.set(x: x, y: y, to: 0) }
            }
        }
        var search = PlacementSearch()
        let evaluator = BoardEvaluator(height: 20)
        var placed = 0, compared = 0
        while !game.state.isOver && placed < 25 {
            try search.run(.full, in: game.state, rules: game.rules)
            guard !search.placements.isEmpty else { break }
            evaluator.load(game.state.board)
            var all: [BoardFeatures] = []
            evaluator.forEachFeatures(of: search.placements, pieces: game.state.pieces) { _, f in all.append(f) }
            evaluator.forEachFeatures(of: search.placements, pieces: game.state.pieces, transitionsAndWells: false) { i, f in
                let full = all[i]
                #expect(f.linesCleared == full.linesCleared && f.holes == full.holes && f.maxHeight == full.maxHeight
                        && f.aggregateHeight == full.aggregateHeight && f.bumpiness == full.bumpiness)
                #expect(full == evaluator.features(after: search.placements[i].piece, pieces: game.state.pieces))
                compared += 1
            }
            game.apply(search.actions(of: search.placements[random.below(search.placements.count)]))
            placed += 1
        }
        #expect(compared > 100)
    }
}

/// The fast search reuses, under rules that turn by fixed kicks, the turns it worked out on
/// an empty board (`Rules.fixedKicksToken`): it must find exactly what turning on the
/// board itself finds, on every board, including stacks that reach the spawn rows.
@Suite struct FixedKickStartsTests {
    /// The standard rules, but without the claim: every search turns on the board.
    struct TurningRules: Rules {
        var name: String { "standard-turning" }
    }

    /// Turns by a kick table of its own (kicks down, sideways and up, both ways), with or
    /// without the claim.
    struct TableRules: Rules {
        let claims: Bool
        var name: String { "table" }
        var allowsCounterclockwise: Bool { true }
        static let table = KickTable(fallback: [Cell(x: 0, y: 0), Cell(x: 1, y: 1), Cell(x: -1, y: 2), Cell(x: 2, y: -1),
                                                Cell(x: 0, y: -2)])
        static let token = FixedKicksToken()
        var fixedKicksToken: FixedKicksToken? { claims ? Self.token : nil }
        func kicks(kind: Int, from: Int, to: Int) -> [Cell] { Self.table.offsets(kind: kind, from: from, to: to) }
    }

    @Test func reusedTurnsFindWhatTurningOnTheBoardFinds() throws {
        try compare(StandardRules(), TurningRules())
        try compare(TableRules(claims: true), TableRules(claims: false))
    }

    func compare<A: Rules, B: Rules>(_ claiming: A, _ turning: B) throws {
        var random = SplitMix64(seed: 7)
        var cached = PlacementSearch(), uncached = PlacementSearch()
        var compared = 0, blocked = 0
        for _ in 0..<1_000 {
            // A stack of random height (up to the top row) and density, with no full row.
            var game = Game(rules: StandardRules(), source: .seeded(random.next()))
            let stack = random.below(21), density = random.below(90) + 5
            game.withState { state in
                state.editBoard { board in
                    for y in (20 - stack)..<20 {
                        for x in 0..<10 where random.below(100) < density { board.set(x: x, y: y, to: 0) }
                        if board.rows[y] == board.fullRow { board.set(x: random.below(10), y: y, to: nil) }
                    }
                }
            }
            let state = game.state
            for kind in 0..<state.pieces.count {
                let start = claiming.spawnPiece(kind: kind, state: state)
                guard state.fits(start) else { continue }
                if state.board.rows.prefix(4).contains(where: { $0 != 0 }) { blocked += 1 }
                try cached.run(.fast, in: state, rules: claiming, from: start)
                try uncached.run(.fast, in: state, rules: turning, from: start)
                #expect(cached.placements.map(\.piece) == uncached.placements.map(\.piece))
                #expect(cached.placements.map { Array(cached.actions(of: $0)) }
                        == uncached.placements.map { Array(uncached.actions(of: $0)) })
                compared += 1
            }
        }
        #expect(compared > 3_000, "searches compared: \(compared)")
        #expect(blocked > 300, "searches with cells in the spawn rows: \(blocked)")
    }
}
