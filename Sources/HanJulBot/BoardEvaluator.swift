import HanJulCore

/// Measures `BoardFeatures` for many placements on one board, fast: `load(_:)` sums each
/// row's contribution once, then `features(after:pieces:)` recomputes only the rows from the
/// stack's (or the piece's) top down to the piece's lowest row and takes the rest from the
/// sums. A placement that clears rows is measured from scratch.
///
/// One evaluator per bot; its buffers are allocated once, for boards up to its height.
public final class BoardEvaluator {
    public let capacity: Int
    private var height = 0, width = 0
    private var full: UInt64 = 0
    private var top = 0
    /// The loaded rows, with a full row after the last (the floor).
    private let rows: UnsafeMutablePointer<UInt64>
    private let scratch: UnsafeMutableBufferPointer<UInt64>
    private let columnTop: UnsafeMutablePointer<Int>
    // Sums over rows y…height−1 of the loaded board: row transitions, column transitions
    // between y and y + 1, holes, cumulative wells starting in the row.
    private let rowSuffix: UnsafeMutablePointer<Int>
    private let columnSuffix: UnsafeMutablePointer<Int>
    private let holeSuffix: UnsafeMutablePointer<Int>
    private let wellSuffix: UnsafeMutablePointer<Int>
    private var pieceMasks: UnsafeMutablePointer<UInt64>
    /// `best(of:weights:pieces:)`: the row masks of the rotation state being measured.
    private let shapeMasks: UnsafeMutablePointer<UInt64>

    /// An evaluator for boards at most `height` rows high (any width up to 64).
    public init(height: Int) {
        capacity = height
        rows = .allocate(capacity: height + 1)
        scratch = .allocate(capacity: height)
        scratch.initialize(repeating: 0)
        columnTop = .allocate(capacity: 64)
        rowSuffix = .allocate(capacity: height + 2)
        columnSuffix = .allocate(capacity: height + 2)
        holeSuffix = .allocate(capacity: height + 2)
        wellSuffix = .allocate(capacity: height + 2)
        pieceMasks = .allocate(capacity: height + 1)
        pieceMasks.initialize(repeating: 0, count: height + 1)
        shapeMasks = .allocate(capacity: 8)
        shapeMasks.initialize(repeating: 0, count: 8)
    }

    deinit {
        rows.deallocate()
        scratch.deallocate()
        columnTop.deallocate()
        rowSuffix.deallocate()
        columnSuffix.deallocate()
        holeSuffix.deallocate()
        wellSuffix.deallocate()
        pieceMasks.deallocate()
        shapeMasks.deallocate()
    }

    /// Takes in the board the next placements will be measured on.
    /// - Precondition: `board.height <= capacity`.
    public func load(_ board: Board) {
        precondition(board.height <= capacity, "board taller than the evaluator")
        height = board.height
        width = board.width
        full = board.fullRow
        board.rows.withUnsafeBufferPointer { source in
            for y in 0..<height { rows[y] = source[y] }
        }
        rows[height] = full
        top = 0
        while top < height && rows[top] == 0 { top += 1 }
        for x in 0..<width { columnTop[x] = height }
        var seen: UInt64 = 0
        for y in top..<height {
            var fresh = rows[y] & ~seen
            seen |= fresh
            while fresh != 0 {
                columnTop[fresh.trailingZeroBitCount] = y
                fresh &= fresh - 1
            }
        }
        rowSuffix[height] = 0
        columnSuffix[height] = 0
        holeSuffix[height] = 0
        wellSuffix[height] = 0
        // Holes need the cover from above: one pass down for the per-row holes, stored in
        // holeSuffix for now, then sums from the bottom. Rows above the stack are empty and
        // hold no holes or wells: only the stack's rows need counting.
        var covered: UInt64 = 0
        for y in top..<height {
            holeSuffix[y] = (~rows[y] & full & covered).nonzeroBitCount
            covered |= rows[y]
        }
        var y = height - 1
        if width <= 14 {
            // As in `features`: the row- and column-transition masks of a row in 16-bit
            // fields of one word, one SWAR popcount for both (no POPCNT in the portable build).
            let inner = full >> 1
            let shiftHigh = UInt64(width - 1)
            while y >= top {
                let row = rows[y]
                let empty = ~row & full
                let rowBits = ((row ^ (row >> 1)) & inner) | ((empty & 1) << shiftHigh) | ((empty >> shiftHigh) << (shiftHigh + 1))
                let x = fieldPopcounts(rowBits | ((row ^ rows[y + 1]) << 16))
                rowSuffix[y] = rowSuffix[y + 1] + Int(x & 0xFFFF)
                columnSuffix[y] = columnSuffix[y + 1] + Int(x >> 16)
                holeSuffix[y] += holeSuffix[y + 1]
                let wellCells = empty & wellNeighbours(row)
                wellSuffix[y] = wellSuffix[y + 1] + (wellCells == 0 ? 0 : wells(in: wellCells, row: y) { rows[$0] })
                y -= 1
            }
        } else {
            while y >= top {
                let row = rows[y]
                let empty = ~row & full
                rowSuffix[y] = rowSuffix[y + 1] + rowTransitions(row)
                columnSuffix[y] = columnSuffix[y + 1] + (row ^ rows[y + 1]).nonzeroBitCount
                holeSuffix[y] += holeSuffix[y + 1]
                wellSuffix[y] = wellSuffix[y + 1] + wells(in: empty & wellNeighbours(row), row: y) { rows[$0] }
                y -= 1
            }
        }
        // The empty rows above the stack: two row transitions each (the walls), and one
        // column transition per filled cell of the top row, counted in the row above it.
        while y >= 0 {
            rowSuffix[y] = rowSuffix[y + 1] + 2
            columnSuffix[y] = columnSuffix[y + 1] + (y == top - 1 ? rows[top].nonzeroBitCount : 0)
            holeSuffix[y] = holeSuffix[y + 1]
            wellSuffix[y] = wellSuffix[y + 1]
            y -= 1
        }
    }

    @inline(__always)
    private func rowTransitions(_ row: UInt64) -> Int {
        let empty = ~row & full
        return ((row ^ (row >> 1)) & (full >> 1)).nonzeroBitCount + Int(empty & 1) + Int((empty >> UInt64(width - 1)) & 1)
    }

    /// Columns whose left and right neighbours in `row` are filled (walls count).
    @inline(__always)
    private func wellNeighbours(_ row: UInt64) -> UInt64 {
        ((row << 1) | 1) & ((row >> 1) | (1 << UInt64(width - 1)))
    }

    /// For each well cell of `cells` in row `y`: one plus the empty cells right below it.
    @inline(__always)
    private func wells(in cells: UInt64, row y: Int, _ rowAt: (Int) -> UInt64) -> Int {
        var cells = cells
        var count = 0
        while cells != 0 {
            let bit = cells & (0 &- cells)
            cells &= cells - 1
            var under = y
            while rowAt(under) & bit == 0 {
                count += 1
                under += 1
            }
        }
        return count
    }

    /// The features after `piece` locks on the loaded board.
    public func features(after piece: Piece, pieces: PieceSet) -> BoardFeatures {
        let span = pieces.rowSpan(of: piece)
        let first = max(0, span.lowerBound), last = span.upperBound
        var cleared = false
        var union: UInt64 = 0
        var pieceTop = Int.max
        pieces.forEachRow(of: piece) { y, mask in
            guard y >= 0 && y < height else { return }
            pieceMasks[y] = mask
            union |= mask
            if mask != 0 && y < pieceTop { pieceTop = y }
            if rows[y] | mask == full { cleared = true }
        }
        defer { for y in first...max(first, last) where y < height { pieceMasks[y] = 0 } }
        let landing = Double(height - 1 - last) + Double(span.count - 1) / 2
        if cleared || last >= height || last < 0 {
            var features = BoardFeatures.measure(
                rows: UnsafeBufferPointer(start: rows, count: height), top: top, width: width, piece: piece,
                pieces: pieces, scratch: scratch)
            features.landingHeight = landing
            return features
        }
        return incremental(pieceTop: pieceTop, last: last, union: union, landing: landing)
    }

    /// The best of `placements` (the first of equals) by `weights`: the index of the one
    /// with the highest `weights.score(features(after: $0.piece, pieces: pieces))`.
    ///
    /// The same measurement as `features(after:pieces:)`, with the piece's row masks looked
    /// up once per rotation state rather than once per placement (a search lists each
    /// state's placements together), and no closure per row.
    public func best(of placements: [Placement], weights: Weights, pieces: PieceSet) -> Int {
        var best = -Double.infinity
        var bestIndex = 0
        var kind = -1, rotation = -1
        var rowCount = 0, topOffset = 0, leftOffset = 0
        let shapeMasks = self.shapeMasks
        placements.withUnsafeBufferPointer { placements in
            for index in 0..<placements.count {
                let piece = placements[index].piece
                if piece.kind != kind || piece.rotation != rotation {
                    kind = piece.kind
                    rotation = piece.rotation
                    rowCount = 0
                    leftOffset = pieces.rowMasks(kind: kind, rotation: rotation) { dy, mask in
                        if rowCount == 0 { topOffset = dy }
                        shapeMasks[rowCount] = mask
                        rowCount += 1
                    }
                }
                let first = piece.y + topOffset, last = first + rowCount - 1
                var features: BoardFeatures
                if first < 0 || last >= height {
                    features = self.features(after: piece, pieces: pieces)
                } else {
                    let shift = UInt64(piece.x + leftOffset)
                    var union: UInt64 = 0
                    var cleared = false
                    for i in 0..<rowCount {
                        let mask = shapeMasks[i] << shift
                        pieceMasks[first + i] = mask
                        union |= mask
                        if rows[first + i] | mask == full { cleared = true }
                    }
                    if cleared {
                        for i in 0..<rowCount { pieceMasks[first + i] = 0 }
                        features = self.features(after: piece, pieces: pieces)
                    } else {
                        // The top row of a rotation state always holds a cell: it is the piece's top.
                        features = incremental(pieceTop: first, last: last, union: union,
                                               landing: Double(height - 1 - last) + Double(rowCount - 1) / 2)
                        for i in 0..<rowCount { pieceMasks[first + i] = 0 }
                    }
                }
                let value = weights.score(features)
                if value > best {
                    best = value
                    bestIndex = index
                }
            }
        }
        return bestIndex
    }

    /// The features of a placement that clears no row and lies on the board, its cells in
    /// `pieceMasks` (`pieceTop`…`last`, `union` their columns): the rows from the stack's
    /// or the piece's top down to `last` are counted, the rest comes from the sums.
    @inline(__always)
    private func incremental(pieceTop: Int, last: Int, union: UInt64, landing: Double) -> BoardFeatures {
        let newTop = min(top, pieceTop)
        // Rows from the new top to the piece's lowest row, with the piece in them.
        @inline(__always) func row(_ y: Int) -> UInt64 { rows[y] | pieceMasks[y] }
        var rowCount = 2 * newTop + rowSuffix[last + 1]
        // (newTop <= last < height here.)
        var columnCount = columnSuffix[last + 1]
        var holes = holeSuffix[last + 1]
        var wellCount = wellSuffix[last + 1]
        var covered: UInt64 = 0
        var y = newTop
        if width <= 14 {
            // Narrow boards (the standard 10 wide): the row-transition, column-transition and
            // hole masks of a row packed into 16-bit fields of one word (and, in the top
            // row, the column transitions to the empty row above in the fourth field),
            // counted by one SWAR popcount instead of three: the portable build has no
            // POPCNT, and `nonzeroBitCount` is a dozen instructions each.
            let inner = full >> 1
            let shiftHigh = UInt64(width - 1)
            var counts: UInt64 = 0
            var r = row(y)
            var above: UInt64 = newTop > 0 ? r : 0
            while y <= last {
                let next = row(y + 1)
                let empty = ~r & full
                let rowBits = ((r ^ (r >> 1)) & inner) | ((empty & 1) << shiftHigh) | ((empty >> shiftHigh) << (shiftHigh + 1))
                counts &+= fieldPopcounts(rowBits | ((r ^ next) << 16) | ((empty & covered) << 32) | (above << 48))
                above = 0
                covered |= r
                let wellCells = empty & wellNeighbours(r)
                if wellCells != 0 { wellCount += wells(in: wellCells, row: y, row) }
                r = next
                y += 1
            }
            rowCount += Int(counts & 0xFFFF)
            columnCount += Int((counts >> 16) & 0xFFFF) + Int(counts >> 48)
            holes += Int((counts >> 32) & 0xFFFF)
        } else {
            if newTop > 0 { columnCount += row(newTop).nonzeroBitCount }
            while y <= last {
                let r = row(y)
                let empty = ~r & full
                rowCount += rowTransitions(r)
                columnCount += (r ^ row(y + 1)).nonzeroBitCount
                holes += (empty & covered).nonzeroBitCount
                covered |= r
                let wellCells = empty & wellNeighbours(r)
                if wellCells != 0 { wellCount += wells(in: wellCells, row: y, row) }
                y += 1
            }
        }
        // Cells below the piece that were open to the sky and now are not.
        var columns = union
        while columns != 0 {
            let x = columns.trailingZeroBitCount
            columns &= columns - 1
            holes += max(0, columnTop[x] - 1 - last)
        }
        return BoardFeatures(landingHeight: landing, linesCleared: 0, erodedCells: 0, rowTransitions: rowCount,
                             columnTransitions: columnCount, holes: holes, wells: wellCount)
    }
}
