/// What changed between two frames: runs of changed cells, row by row, left to right.
///
/// ```
/// let diff = FrameDiff(from: previous, to: frame)
/// diff.isEmpty        // nothing to write
/// ```
/// Without a previous frame, or when the size changed, the diff is a full redraw: the
/// screen is cleared and every cell that is not blank is a change.
public struct FrameDiff: Hashable, Sendable {
    /// Adjacent changed cells on one row: columns `columns` of row `row`.
    public struct Run: Hashable, Sendable {
        /// The row, 0-based.
        public var row: Int
        /// The changed columns, 0-based.
        public var columns: Range<Int>

        /// A run.
        public init(row: Int, columns: Range<Int>) {
            self.row = row
            self.columns = columns
        }
    }

    /// Whether the screen must be cleared first (no previous frame, or a new size).
    public let isFullRedraw: Bool
    /// The changed runs, top row first, left to right.
    public let runs: [Run]

    /// The difference from `previous` (what the terminal shows) to `frame`.
    /// - Complexity: O(width × height).
    public init(from previous: Frame?, to frame: Frame) {
        let base: Frame
        if let previous, previous.size == frame.size {
            base = previous
            isFullRedraw = false
        } else {
            base = Frame(size: frame.size)
            isFullRedraw = true
        }
        var runs: [Run] = []
        for row in 0..<frame.height {
            var column = 0
            while column < frame.width {
                guard frame[column, row] != base[column, row] else {
                    column += 1
                    continue
                }
                // A run starts on a whole character: the writer writes a wide one from its left half.
                let start = column > 0 && frame[column, row].isContinuation ? column - 1 : column
                while column < frame.width && frame[column, row] != base[column, row] { column += 1 }
                runs.append(Run(row: row, columns: start..<column))
            }
        }
        self.runs = runs
    }

    /// Whether there is nothing to write.
    public var isEmpty: Bool { !isFullRedraw && runs.isEmpty }

    /// How many cells changed.
    public var changedCellCount: Int { runs.reduce(0) { $0 + $1.columns.count } }
}
