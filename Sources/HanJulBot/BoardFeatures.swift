import HanJulCore

/// What a placement does and the board it leaves, measured on row bitmasks: Dellacherie's
/// six features as El-Tetris computes them (`ielashi/eltetris`, `src/features.js`), and the
/// column-height figures other well-known players weigh (aggregate height, bumpiness).
///
/// Every bot, `hanjul check`'s games and the mods' lookahead (`game:placements`) read
/// these: one definition of each figure.
///
/// Rows count from the bottom for the landing height, as in El-Tetris: a piece whose lowest
/// row is the floor row has landing height `(rows it spans − 1) / 2`. Everything but the
/// landing height, the lines and the eroded cells describes the board after full rows are
/// removed.
public struct BoardFeatures: Equatable, Sendable {
    /// Bottom-up row of the piece's lowest row, plus half its height less one.
    public var landingHeight: Double
    /// Full rows the placement removes.
    public var linesCleared: Int
    /// The piece's own cells in those rows (Dellacherie's "eroded piece cells").
    public var erodedCells: Int
    /// Filled/empty changes along each row, the walls counting as filled.
    public var rowTransitions: Int
    /// Filled/empty changes down each column, the floor counting as filled.
    public var columnTransitions: Int
    /// Empty cells with a filled cell somewhere above them in the same column.
    public var holes: Int
    /// Cumulative wells: for each empty cell whose left and right neighbours are filled
    /// (walls count), one plus the empty cells directly below it.
    public var wells: Int
    /// The sum of the column heights (a column's height: rows from the floor up to its
    /// highest filled cell).
    public var aggregateHeight: Int
    /// The sum of the height differences between neighbouring columns.
    public var bumpiness: Int
    /// The tallest column's height.
    public var maxHeight: Int

    public init(landingHeight: Double, linesCleared: Int, erodedCells: Int, rowTransitions: Int,
                columnTransitions: Int, holes: Int, wells: Int, aggregateHeight: Int = 0, bumpiness: Int = 0,
                maxHeight: Int = 0) {
        self.landingHeight = landingHeight
        self.linesCleared = linesCleared
        self.erodedCells = erodedCells
        self.rowTransitions = rowTransitions
        self.columnTransitions = columnTransitions
        self.holes = holes
        self.wells = wells
        self.aggregateHeight = aggregateHeight
        self.bumpiness = bumpiness
        self.maxHeight = maxHeight
    }

    /// The features after `piece` locks on `board` (and full rows are removed).
    ///
    /// The convenient form, for tests and tools; bots keep a `BoardEvaluator`.
    public static func after(placing piece: Piece, on board: Board, pieces: PieceSet) -> BoardFeatures {
        let evaluator = BoardEvaluator(height: board.height)
        evaluator.load(board)
        return evaluator.features(after: piece, pieces: pieces)
    }

    /// The same, measured from scratch on a copy of every row (no precomputed sums).
    public static func measuredFromScratch(placing piece: Piece, on board: Board, pieces: PieceSet) -> BoardFeatures {
        var scratch = Array(repeating: UInt64(0), count: board.height)
        return board.rows.withUnsafeBufferPointer { rows in
            scratch.withUnsafeMutableBufferPointer { scratch in
                measure(rows: rows, top: Self.top(of: rows), width: board.width, piece: piece, pieces: pieces, scratch: scratch)
            }
        }
    }

    /// The board's own figures, no piece placed (the landing height, lines and eroded
    /// cells are zero): holes at the end of a game, say.
    public init(board: Board) {
        var scratch = Array(repeating: UInt64(0), count: board.height)
        self = board.rows.withUnsafeBufferPointer { rows in
            scratch.withUnsafeMutableBufferPointer { scratch in
                Self.measure(rows: rows, top: Self.top(of: rows), width: board.width, piece: nil, pieces: nil, scratch: scratch)
            }
        }
        landingHeight = 0
    }

    /// The first non-empty row (top first), or the height for an empty board.
    @inlinable
    public static func top(of rows: UnsafeBufferPointer<UInt64>) -> Int {
        var top = 0
        while top < rows.count && rows[top] == 0 { top += 1 }
        return top
    }

    /// The features after `piece` locks on the board `rows` (top row first, `top` its first
    /// non-empty row), computed in `scratch` (at least as many rows as the board). With no
    /// piece, the board's own figures. Full rows are removed first, as the engine would.
    ///
    /// - Complexity: O(rows from the stack's top down), no allocation.
    ///
    /// `wells: false` leaves `wells` zero (the costliest figure); `wells(inScratch:…)` can
    /// count them afterwards on the board left in `scratch`.
    public static func measure(
        rows: UnsafeBufferPointer<UInt64>, top: Int, width: Int, piece: Piece?, pieces: PieceSet?,
        scratch: UnsafeMutableBufferPointer<UInt64>, wells measuresWells: Bool = true
    ) -> BoardFeatures {
        let height = rows.count
        let full: UInt64 = width == 64 ? ~0 : (1 << UInt64(width)) - 1
        var span = 0...0
        var newTop = top
        var cleared = 0, eroded = 0
        if let piece, let pieces {
            span = pieces.rowSpan(of: piece)
            // Rows above both the stack and the piece are never read: copy from there down.
            var index = max(0, min(top, span.lowerBound))
            while index < height {
                scratch[index] = rows[index]
                index += 1
            }
            pieces.forEachRow(of: piece) { y, mask in
                guard y >= 0 && y < height else { return }
                scratch[y] |= mask
                if y < newTop { newTop = y }
                if scratch[y] == full { eroded += mask.nonzeroBitCount }
            }
        } else {
            var index = top
            while index < height {
                scratch[index] = rows[index]
                index += 1
            }
        }
        // Every full row goes, as `Board.clearFullRows` removes them (a mod may have left
        // one that the piece does not touch).
        var write = height - 1
        var read = height - 1
        while read >= newTop {
            let row = scratch[read]
            if row != full {
                scratch[write] = row
                write -= 1
            } else {
                cleared += 1
            }
            read -= 1
        }
        while write >= newTop {
            scratch[write] = 0
            write -= 1
        }
        newTop += cleared
        while newTop < height && scratch[newTop] == 0 { newTop += 1 }

        let high: UInt64 = 1 << UInt64(width - 1)
        var rowTransitions = 2 * newTop
        var columnTransitions = newTop > 0 && newTop < height ? scratch[newTop].nonzeroBitCount : (newTop == height ? width : 0)
        var holes = 0
        var wells = 0
        var covered: UInt64 = 0
        var aggregate = 0, maxHeight = 0, bumpiness = 0
        /// Cumulative wells from row `y`: for each empty cell walled on both sides (by
        /// filled cells or the walls), the empty cells from it down to the next filled one.
        @inline(__always) func wellDepth(row: UInt64, empty: UInt64, y: Int) -> Int {
            measuresWells ? Self.wellDepth(row: row, empty: empty, y: y, height: height, high: high, scratch: scratch) : 0
        }
        // Column heights: each column's first filled cell from the top. (The bumpiness is
        // counted per row: |h(x) − h(x + 1)| is the number of rows where one of the two
        // columns is covered from above and the other is not.)
        @inline(__always) func noteTops(_ row: UInt64, _ y: Int) {
            let fresh = row & ~covered
            if fresh != 0 {
                let rowsUp = height - y
                aggregate += fresh.nonzeroBitCount * rowsUp
                if maxHeight == 0 { maxHeight = rowsUp }
            }
        }
        var y = newTop
        if width <= 14 {
            // Narrow boards: the row, column and hole masks of a row packed into 16-bit fields
            // of one word, counted by one SWAR popcount (the portable build has no POPCNT).
            let inner = full >> 1
            let shiftHigh = UInt64(width - 1)
            var counts: UInt64 = 0
            while y < height {
                let row = scratch[y]
                let empty = ~row & full
                let below = y + 1 < height ? scratch[y + 1] : full
                let rowBits = ((row ^ (row >> 1)) & inner) | ((empty & 1) << shiftHigh) | ((empty >> shiftHigh) << (shiftHigh + 1))
                let coveredHere = covered | row
                counts &+= fieldPopcounts(rowBits | ((row ^ below) << 16) | ((empty & covered) << 32)
                                          | (((coveredHere ^ (coveredHere >> 1)) & inner) << 48))
                noteTops(row, y)
                covered = coveredHere
                wells += wellDepth(row: row, empty: empty, y: y)
                y += 1
            }
            rowTransitions += Int(counts & 0xFFFF)
            columnTransitions += Int((counts >> 16) & 0xFFFF)
            holes = Int((counts >> 32) & 0xFFFF)
            bumpiness = Int(counts >> 48)
        } else {
            let inner = full >> 1
            while y < height {
                let row = scratch[y]
                let empty = ~row & full
                let below = y + 1 < height ? scratch[y + 1] : full
                rowTransitions += ((row ^ (row >> 1)) & inner).nonzeroBitCount
                    + Int(empty & 1) + Int((empty >> UInt64(width - 1)) & 1)
                columnTransitions += (row ^ below).nonzeroBitCount
                holes += (empty & covered).nonzeroBitCount
                noteTops(row, y)
                covered |= row
                bumpiness += ((covered ^ (covered >> 1)) & inner).nonzeroBitCount
                wells += wellDepth(row: row, empty: empty, y: y)
                y += 1
            }
        }
        let landing = piece == nil ? 0 : Double(height - 1 - span.upperBound) + Double(span.count - 1) / 2
        return BoardFeatures(landingHeight: landing, linesCleared: cleared, erodedCells: eroded,
                             rowTransitions: rowTransitions, columnTransitions: columnTransitions,
                             holes: holes, wells: wells, aggregateHeight: aggregate, bumpiness: bumpiness,
                             maxHeight: maxHeight)
    }

    /// The cumulative wells of the board `measure(…, wells: false)` just left in `scratch`
    /// (`features` being what it returned): what it would have counted with `wells: true`.
    public static func wells(inScratch scratch: UnsafeMutableBufferPointer<UInt64>, height: Int, width: Int,
                             after features: BoardFeatures) -> Int {
        let full: UInt64 = width == 64 ? ~0 : (1 << UInt64(width)) - 1
        let high: UInt64 = 1 << UInt64(width - 1)
        var wells = 0
        var y = height - features.maxHeight
        while y < height {
            let row = scratch[y]
            wells += wellDepth(row: row, empty: ~row & full, y: y, height: height, high: high, scratch: scratch)
            y += 1
        }
        return wells
    }

    /// Row `y`'s share of the cumulative wells: for each empty cell walled on both sides
    /// (by filled cells or the walls), the empty cells from it down to the next filled one.
    @inline(__always)
    private static func wellDepth(row: UInt64, empty: UInt64, y: Int, height: Int, high: UInt64,
                                  scratch: UnsafeMutableBufferPointer<UInt64>) -> Int {
        var depth = 0
        var wellCells = empty & ((row << 1) | 1) & ((row >> 1) | high)
        while wellCells != 0 {
            let bit = wellCells & (0 &- wellCells)
            wellCells &= wellCells - 1
            var under = y
            while under < height && scratch[under] & bit == 0 {
                depth += 1
                under += 1
            }
        }
        return depth
    }
}

/// The set bits of each 16-bit field of `x`, in place: one SWAR popcount for four masks
/// packed in one word (the portable build has no POPCNT instruction, and each
/// `nonzeroBitCount` costs about a dozen instructions). Each field must hold under 2¹⁶ bits.
@usableFromInline @inline(__always)
func fieldPopcounts(_ value: UInt64) -> UInt64 {
    var x = value - ((value >> 1) & 0x5555_5555_5555_5555)
    x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333)
    x = (x + (x >> 4)) & 0x0F0F_0F0F_0F0F_0F0F
    return (x + (x >> 8)) & 0x00FF_00FF_00FF_00FF
}
