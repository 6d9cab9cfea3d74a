/// The well: `width × height` cells, each empty or holding the kind that locked there.
///
/// Rows are kept twice: as bitmasks (bit `x` set when column `x` is filled), which make
/// collision and line tests a few integer operations, and as cell values for display.
/// Both are updated together; every mutating method keeps them in step.
public struct Board: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// Row bitmasks, top row first.
    public internal(set) var rows: [UInt64]
    /// Cell values row by row, top first: 0 empty, otherwise the kind index + 1.
    @usableFromInline var cells: [UInt8]
    /// Cells a mod has hidden from display, as row bitmasks (the game still sees them).
    public private(set) var hidden: [UInt64]
    /// The mask of a full row.
    public let fullRow: UInt64

    /// The widest and tallest boards the engine supports.
    public static let maxWidth = 64, maxHeight = 64, minSize = 4

    /// An empty board.
    public init(width: Int = 10, height: Int = 20) {
        precondition((Board.minSize...Board.maxWidth).contains(width), "board width out of range")
        precondition((Board.minSize...Board.maxHeight).contains(height), "board height out of range")
        self.width = width
        self.height = height
        rows = Array(repeating: 0, count: height)
        cells = Array(repeating: 0, count: width * height)
        hidden = Array(repeating: 0, count: height)
        fullRow = width == 64 ? ~0 : (1 << UInt64(width)) - 1
    }

    /// The kind locked at `(x, y)`, or `nil` when the cell is empty.
    /// - Precondition: the cell is on the board.
    @inlinable
    public func kind(atX x: Int, y: Int) -> Int? {
        let value = cells[y * width + x]
        return value == 0 ? nil : Int(value) - 1
    }

    /// Whether `(x, y)` is on the board.
    @inlinable
    public func contains(x: Int, y: Int) -> Bool {
        x >= 0 && x < width && y >= 0 && y < height
    }

    /// Whether `(x, y)` is filled. Cells above the board count as empty; cells beside or
    /// below it count as filled.
    @inlinable
    public func isFilled(x: Int, y: Int) -> Bool {
        if x < 0 || x >= width || y >= height { return true }
        if y < 0 { return false }
        return rows[y] & (1 << UInt64(x)) != 0
    }

    /// Whether `piece` fits: every cell inside the walls, above the floor, and either
    /// above the top or on an empty cell.
    ///
    /// - Complexity: O(rows the piece spans), no allocation.
    @inlinable
    public func fits(_ piece: Piece, in set: PieceSet) -> Bool {
        let shape = set.shape(piece.kind, piece.rotation)
        let left = piece.x + shape.minX
        if left < 0 || piece.x + shape.maxX >= width || piece.y + shape.maxY >= height { return false }
        var y = piece.y + shape.minY
        var index = shape.maskStart
        while y <= piece.y + shape.maxY {
            if y >= 0 && rows[y] & (set.masks[index] << UInt64(left)) != 0 { return false }
            y += 1
            index += 1
        }
        return true
    }

    /// How many rows `piece` can move down before it would stop fitting.
    @inlinable
    public func dropDistance(of piece: Piece, in set: PieceSet) -> Int {
        // `fits` one row lower at a time, as before, with the shape looked up once and the
        // rows and masks read without bounds checks (every hard drop runs this loop).
        let shape = set.shape(piece.kind, piece.rotation)
        let left = piece.x + shape.minX
        if left < 0 || piece.x + shape.maxX >= width { return 0 }
        let shift = UInt64(left)
        let spanRows = shape.maxY - shape.minY + 1
        return rows.withUnsafeBufferPointer { rows in
            set.masks.withUnsafeBufferPointer { masks in
                // Empty rows cannot stop it: it falls at once until its lowest row is just
                // above the first row with a cell from its top down (or the floor), then
                // row by row.
                var firstFilled = max(0, piece.y + shape.minY)
                while firstFilled < height && rows[firstFilled] == 0 { firstFilled += 1 }
                var distance = max(0, firstFilled - 1 - (piece.y + shape.maxY))
                while true {
                    let first = piece.y + shape.minY + distance + 1
                    if first + spanRows - 1 >= height { return distance }
                    var i = 0
                    while i < spanRows {
                        let y = first + i
                        if y >= 0 && rows[y] & (masks[shape.maskStart + i] << shift) != 0 { return distance }
                        i += 1
                    }
                    distance += 1
                }
            }
        }
    }

    /// Writes the piece's cells into the board; cells above the top are dropped.
    public mutating func place(_ piece: Piece, in set: PieceSet) {
        let shape = set.shape(piece.kind, piece.rotation)
        let left = piece.x + shape.minX
        let value = UInt8(piece.kind + 1)
        var index = shape.maskStart
        for y in (piece.y + shape.minY)...(piece.y + shape.maxY) {
            defer { index += 1 }
            guard y >= 0 && y < height else { continue }
            var bits = set.masks[index] << UInt64(left)
            rows[y] |= bits
            while bits != 0 {
                let x = bits.trailingZeroBitCount
                cells[y * width + x] = value
                bits &= bits - 1
            }
        }
    }

    /// Sets one cell to `kind`, or empties it when `kind` is `nil`.
    /// - Precondition: the cell is on the board.
    public mutating func set(x: Int, y: Int, to kind: Int?) {
        let bit: UInt64 = 1 << UInt64(x)
        if let kind {
            rows[y] |= bit
            cells[y * width + x] = UInt8(kind + 1)
        } else {
            rows[y] &= ~bit
            hidden[y] &= ~bit
            cells[y * width + x] = 0
        }
    }

    /// Marks a cell hidden from display (or shown again). The game still sees the cell.
    public mutating func setHidden(x: Int, y: Int, _ isHidden: Bool) {
        let bit: UInt64 = 1 << UInt64(x)
        if isHidden { hidden[y] |= bit } else { hidden[y] &= ~bit }
    }

    /// Whether a cell is hidden from display.
    @inlinable
    public func isHidden(x: Int, y: Int) -> Bool { hidden[y] & (1 << UInt64(x)) != 0 }

    /// Removes every full row; the rows above move down and empty rows enter at the top.
    ///
    /// - Returns: how many rows were removed and which (bit `y` of the mask for row `y`
    ///   as it was before the removal).
    /// - Complexity: O(height + width × rows moved), no allocation.
    @discardableResult
    public mutating func clearFullRows() -> (count: Int, rows: UInt64) {
        let width = width, height = height, fullRow = fullRow
        // One pass through a buffer, the full rows as bits (every lock asks; most clear nothing).
        let removed: UInt64 = rows.withUnsafeBufferPointer { rows in
            var removed: UInt64 = 0
            var y = 0
            while y < height {
                removed |= (rows[y] == fullRow ? 1 : 0) << UInt64(truncatingIfNeeded: y)
                y &+= 1
            }
            return removed
        }
        guard removed != 0 else { return (0, 0) }
        // Each run of rows between removed ones moves down as one block (one move per store
        // and run, not one per row), through unsafe buffers (one uniqueness check each).
        rows.withUnsafeMutableBufferPointer { rows in
            hidden.withUnsafeMutableBufferPointer { hidden in
                cells.withUnsafeMutableBufferPointer { cells in
                    let rowBase = rows.baseAddress!, hiddenBase = hidden.baseAddress!, cellBase = cells.baseAddress!
                    var write = height - 1
                    var read = height - 1
                    while read >= 0 {
                        if removed & (1 << UInt64(read)) != 0 {
                            read -= 1
                            continue
                        }
                        var start = read
                        while start > 0 && removed & (1 << UInt64(start - 1)) == 0 { start -= 1 }
                        let length = read - start + 1
                        let to = write - length + 1
                        if to != start {
                            // Down the board, overlapping: `update(from:count:)` copies in the safe direction.
                            (rowBase + to).update(from: rowBase + start, count: length)
                            (hiddenBase + to).update(from: hiddenBase + start, count: length)
                            (cellBase + to * width).update(from: cellBase + start * width, count: length * width)
                        }
                        write = to - 1
                        read = start - 1
                    }
                    if write >= 0 {
                        rowBase.update(repeating: 0, count: write + 1)
                        hiddenBase.update(repeating: 0, count: write + 1)
                        cellBase.update(repeating: 0, count: (write + 1) * width)
                    }
                }
            }
        }
        return (removed.nonzeroBitCount, removed)
    }

    /// Removes row `y`; the rows above move down and an empty row enters at the top.
    public mutating func removeRow(_ y: Int) {
        var row = y
        while row > 0 {
            copyRow(from: row - 1, to: row)
            row -= 1
        }
        clearRow(0)
    }

    /// Pushes every row up by one and puts a new bottom row holding `kind` in the columns
    /// of `mask`.
    ///
    /// - Returns: whether a filled cell was pushed off the top (a top-out).
    @discardableResult
    public mutating func pushRowFromBottom(mask: UInt64, kind: Int) -> Bool {
        insertRow(at: height - 1, mask: mask, kind: kind)
    }

    /// Inserts a row at `y`, pushing the rows from the top down to `y` up by one.
    ///
    /// - Returns: whether a filled cell was pushed off the top.
    @discardableResult
    public mutating func insertRow(at y: Int, mask: UInt64, kind: Int) -> Bool {
        let overflow = rows[0] != 0
        var row = 0
        while row < y {
            copyRow(from: row + 1, to: row)
            row += 1
        }
        clearRow(y)
        let bits = mask & fullRow
        for x in 0..<width where bits & (1 << UInt64(x)) != 0 { set(x: x, y: y, to: kind) }
        return overflow
    }

    /// Empties the whole board.
    public mutating func removeAll() {
        for y in 0..<height { clearRow(y) }
    }

    /// The number of filled cells.
    public var filledCount: Int { rows.reduce(0) { $0 + $1.nonzeroBitCount } }

    @usableFromInline
    mutating func copyRow(from source: Int, to target: Int) {
        rows[target] = rows[source]
        hidden[target] = hidden[source]
        for x in 0..<width { cells[target * width + x] = cells[source * width + x] }
    }

    @usableFromInline
    mutating func clearRow(_ y: Int) {
        rows[y] = 0
        hidden[y] = 0
        for x in 0..<width { cells[y * width + x] = 0 }
    }
}
