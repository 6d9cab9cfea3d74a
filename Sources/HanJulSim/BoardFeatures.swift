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
    /// The convenient form, for tests and tools; bots use `measure(rows:…)`.
    public static func after(placing piece: Piece, on board: Board, pieces: PieceSet) -> BoardFeatures {
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
        var newTop = top
        var index = 0
        while index < height {
            scratch[index] = rows[index]
            index += 1
        }
        var cleared = 0, eroded = 0
        var firstRow = Int.max, lastRow = Int.min
        pieces.forEachRow(of: piece) { y, mask in
            firstRow = min(firstRow, y)
            lastRow = y
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

        let inner = full >> 1
        let high: UInt64 = 1 << UInt64(width - 1)
        var rowTransitions = 2 * newTop
        var columnTransitions = 0
        var holes = 0
        var wells = 0
        var covered: UInt64 = 0
        var y = newTop
        while y < height {
            let row = scratch[y]
            let empty = ~row & full
            rowTransitions += ((row ^ (row >> 1)) & inner).nonzeroBitCount
                + Int(empty & 1) + Int((empty >> UInt64(width - 1)) & 1)
            holes += (empty & covered).nonzeroBitCount
            covered |= row
            var wellCells = empty & ((row << 1) | 1) & ((row >> 1) | high)
            while wellCells != 0 {
                let bit = wellCells & (0 &- wellCells)
                wellCells &= wellCells - 1
                var below = y
                while below < height && scratch[below] & bit == 0 {
                    wells += 1
                    below += 1
                }
            }
            y += 1
        }
        var previous = full
        y = height - 1
        while y >= newTop {
            let row = scratch[y]
            columnTransitions += (row ^ previous).nonzeroBitCount
            previous = row
            y -= 1
        }
        if newTop > 0 { columnTransitions += previous.nonzeroBitCount }
        let span = lastRow - firstRow + 1
        let landing = Double(height - 1 - lastRow) + Double(span - 1) / 2
        return BoardFeatures(landingHeight: landing, linesCleared: cleared, erodedCells: eroded,
                             rowTransitions: rowTransitions, columnTransitions: columnTransitions,
                             holes: holes, wells: wells)
    }
}
