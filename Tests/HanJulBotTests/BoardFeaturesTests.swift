import HanJulCore
import HanJulBot
import Testing

/// The six features against a cell-by-cell transcription of El-Tetris's `features.js`
/// (the C reference's `naive_features`), on boards drawn by hand and at random.
@Suite struct BoardFeaturesTests {
    /// El-Tetris, one cell at a time, on a board that already holds the piece with full rows removed.
    static func naive(_ board: Board) -> (rt: Int, ct: Int, holes: Int, wells: Int, aggregate: Int, bumpiness: Int, max: Int) {
        let w = board.width, h = board.height
        func filled(_ x: Int, _ y: Int) -> Bool { board.rows[y] & (1 << UInt64(x)) != 0 }
        var rt = 0
        for y in 0..<h {
            var last = true
            for x in 0..<w {
                if filled(x, y) != last { rt += 1 }
                last = filled(x, y)
            }
            if !last { rt += 1 }
        }
        var ct = 0
        for x in 0..<w {
            var last = true
            for y in stride(from: h - 1, through: 0, by: -1) {
                if filled(x, y) != last { ct += 1 }
                last = filled(x, y)
            }
        }
        var holes = 0
        for x in 0..<w {
            var covered = false
            for y in 0..<h {
                if filled(x, y) { covered = true } else if covered { holes += 1 }
            }
        }
        var wells = 0
        for x in 0..<w {
            for y in 0..<h where !filled(x, y) {
                let left = x == 0 || filled(x - 1, y), right = x == w - 1 || filled(x + 1, y)
                guard left && right else { continue }
                var k = y
                while k < h && !filled(x, k) {
                    wells += 1
                    k += 1
                }
            }
        }
        var heights: [Int] = []
        for x in 0..<w {
            var height = 0
            for y in stride(from: h - 1, through: 0, by: -1) where filled(x, y) { height = h - y }
            heights.append(height)
        }
        let bumpiness = zip(heights, heights.dropFirst()).reduce(0) { $0 + abs($1.0 - $1.1) }
        return (rt, ct, holes, wells, heights.reduce(0, +), bumpiness, heights.max() ?? 0)
    }

    @Test func handDrawnBoard() throws {
        // A T pointing down, held over the gap at rows 15–16 (columns 2–4 and 3): it roofs
        // over columns 2–4.
        let board = try Board("""
            .O........
            .O..O.....
            OOO.O...O.
            OOO..OOOO.
            """, pieces: .standard)
        let t = Piece(kind: 2, rotation: 2, x: 2, y: 14)
        let features = BoardFeatures.after(placing: t, on: board, pieces: .standard)
        #expect(features.linesCleared == 0)
        #expect(features.landingHeight == 3.5, "lowest row 16 is 3 rows up, plus half of 2 − 1")
        var placed = board
        placed.place(t, in: .standard)
        let expected = Self.naive(placed)
        #expect(features.rowTransitions == expected.rt)
        #expect(features.columnTransitions == expected.ct)
        #expect(features.holes == expected.holes)
        #expect(features.wells == expected.wells)
        #expect(features.holes == 7, "column 2: rows 16, 17; column 3: 17, 18, 19; column 4: 16, 19")
    }

    @Test func clearsAndErodedCells() throws {
        let board = try Board("""
            IIIIIIIII.
            IIIIIIIII.
            OO.OOOOOO.
            """, pieces: .standard)
        let i = Piece(kind: 0, rotation: 1, x: 7, y: 16)  // vertical I in column 9, rows 16–19
        let features = BoardFeatures.after(placing: i, on: board, pieces: .standard)
        #expect(features.linesCleared == 2)
        #expect(features.erodedCells == 2)
        #expect(features.landingHeight == 1.5)
        #expect(features.holes == 0)
        #expect(features.wells == 1, "column 2 of the last row is a well one deep")
    }

    @Test(arguments: [10, 20, 64])
    func randomBoardsMatchTheNaiveCount(width: Int) {
        var random = SplitMix64(seed: UInt64(width))
        for _ in 0..<400 {
            var board = Board(width: width, height: 20)
            let top = random.below(21)
            let density = random.below(100)
            for y in top..<20 {
                for x in 0..<width where random.below(100) < density { board.set(x: x, y: y, to: 0) }
                if board.rows[y] == board.fullRow { board.set(x: random.below(width), y: y, to: nil) }
            }
            let kind = random.below(7)
            let rotation = random.below(4)
            var piece = Piece(kind: kind, rotation: rotation, x: random.below(width) - 1, y: 0)
            guard board.fits(piece, in: .standard) else { continue }
            // Dropped, or left anywhere it fits on the way down (a tuck's shape of board).
            let drop = board.dropDistance(of: piece, in: .standard)
            piece.y += random.below(2) == 0 ? drop : random.below(drop + 1)
            let features = BoardFeatures.after(placing: piece, on: board, pieces: .standard)
            #expect(features == BoardFeatures.measuredFromScratch(placing: piece, on: board, pieces: .standard))
            var placed = board
            placed.place(piece, in: .standard)
            let cleared = placed.clearFullRows().count
            let expected = Self.naive(placed)
            #expect(features.linesCleared == cleared)
            #expect(features.rowTransitions == expected.rt)
            #expect(features.columnTransitions == expected.ct)
            #expect(features.holes == expected.holes)
            #expect(features.wells == expected.wells)
            #expect(features.aggregateHeight == expected.aggregate)
            #expect(features.bumpiness == expected.bumpiness)
            #expect(features.maxHeight == expected.max)
            #expect(BoardFeatures(board: placed).holes == expected.holes)
        }
    }

    @Test func aClearUncoversTheHolesBelowIt() throws {
        // Column 0's only cell is in the row the I completes: once that row goes, the
        // empty cell under it is no hole any more, and column 0 is empty.
        let board = try Board("""
            OOOOOOOOO.
            .OOOOOOOOO
            """, pieces: .standard)
        let i = Piece(kind: 0, rotation: 1, x: 7, y: 15)  // vertical I in column 9, rows 15–18
        let features = BoardFeatures.after(placing: i, on: board, pieces: .standard)
        #expect(features.linesCleared == 1)
        #expect(features.erodedCells == 1)
        #expect(features.holes == 0)
        #expect(features.aggregateHeight == 12, "columns 1–8 one high, column 9 four")
        #expect(features.bumpiness == 4)
        #expect(features.maxHeight == 4)
    }
}
