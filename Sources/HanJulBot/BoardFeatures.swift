import HanJulCore

/// Dellacherie's six features of the board a placement leaves, as El-Tetris computes them
/// (`ielashi/eltetris`, `src/features.js`), on row bitmasks.
///
/// Rows count from the bottom for the landing height, as in El-Tetris: a piece whose lowest
/// row is the floor row has landing height `(rows it spans − 1) / 2`.
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

    public init(landingHeight: Double, linesCleared: Int, erodedCells: Int, rowTransitions: Int,
                columnTransitions: Int, holes: Int, wells: Int) {
        self.landingHeight = landingHeight
        self.linesCleared = linesCleared
        self.erodedCells = erodedCells
        self.rowTransitions = rowTransitions
        self.columnTransitions = columnTransitions
        self.holes = holes
        self.wells = wells
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

    /// The first non-empty row (top first), or the height for an empty board.
    @inlinable
    public static func top(of rows: UnsafeBufferPointer<UInt64>) -> Int {
        var top = 0
        while top < rows.count && rows[top] == 0 { top += 1 }
        return top
    }

    /// The features after `piece` locks on the board `rows` (top row first, `top` its first
    /// non-empty row), computed in `scratch` (at least as many rows as the board).
    ///
    /// - Complexity: O(rows from the stack's top down), no allocation.
    @inlinable
    public static func measure(
        rows: UnsafeBufferPointer<UInt64>, top: Int, width: Int, piece: Piece, pieces: PieceSet,
        scratch: UnsafeMutableBufferPointer<UInt64>
    ) -> BoardFeatures {
        let height = rows.count
        let full: UInt64 = width == 64 ? ~0 : (1 << UInt64(width)) - 1
        let span = pieces.rowSpan(of: piece)
        // Rows above both the stack and the piece are never read: copy from there down.
        var index = max(0, min(top, span.lowerBound))
        while index < height {
            scratch[index] = rows[index]
            index += 1
        }
        var newTop = top
        var cleared = 0, eroded = 0
        pieces.forEachRow(of: piece) { y, mask in
            guard y >= 0 && y < height else { return }
            let row = scratch[y] | mask
            scratch[y] = row
            if y < newTop { newTop = y }
            if row == full {
                cleared += 1
                eroded += mask.nonzeroBitCount
            }
        }
        if cleared > 0 {
            var write = height - 1
            var read = height - 1
            while read >= newTop {
                let row = scratch[read]
                if row != full {
                    scratch[write] = row
                    write -= 1
                }
                read -= 1
            }
            while write >= newTop {
                scratch[write] = 0
                write -= 1
            }
            newTop += cleared
        }
        while newTop < height && scratch[newTop] == 0 { newTop += 1 }

        let high: UInt64 = 1 << UInt64(width - 1)
        var rowTransitions = 2 * newTop
        var columnTransitions = newTop > 0 && newTop < height ? scratch[newTop].nonzeroBitCount : (newTop == height ? width : 0)
        var holes = 0
        var wells = 0
        var covered: UInt64 = 0
        /// Cumulative wells from row `y`: for each empty cell walled on both sides (by
        /// filled cells or the walls), the empty cells from it down to the next filled one.
        @inline(__always) func wellDepth(row: UInt64, empty: UInt64, y: Int) -> Int {
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
                counts &+= fieldPopcounts(rowBits | ((row ^ below) << 16) | ((empty & covered) << 32))
                covered |= row
                wells += wellDepth(row: row, empty: empty, y: y)
                y += 1
            }
            rowTransitions += Int(counts & 0xFFFF)
            columnTransitions += Int((counts >> 16) & 0xFFFF)
            holes = Int((counts >> 32) & 0xFFFF)
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
                covered |= row
                wells += wellDepth(row: row, empty: empty, y: y)
                y += 1
            }
        }
        let landing = Double(height - 1 - span.upperBound) + Double(span.count - 1) / 2
        return BoardFeatures(landingHeight: landing, linesCleared: cleared, erodedCells: eroded,
                             rowTransitions: rowTransitions, columnTransitions: columnTransitions,
                             holes: holes, wells: wells)
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
