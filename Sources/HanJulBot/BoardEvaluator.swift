import HanJulCore

/// Measures `BoardFeatures` for many placements on one board, fast.
///
/// `load(_:)` takes the board apart once: per row its row transitions and the column
/// transitions to the row below (as prefix sums), per column its cells as a column mask,
/// its top, its holes and its wells, and the totals. A placement that clears no row then
/// changes only the rows it spans and the columns it touches (and their neighbours, for
/// wells): its features are the totals plus those differences, in O(piece rows + piece
/// columns) whatever the stack's height. A placement that clears rows is measured from
/// scratch (`BoardFeatures.measure`).
///
/// One evaluator per bot; its buffers are allocated once, for boards up to its height.
public final class BoardEvaluator {
    public let capacity: Int
    private(set) var height = 0, width = 0
    private(set) var full: UInt64 = 0
    /// How a placement's first five terms were measured: from its rows (it clears none),
    /// by `clearingFeatures`, or whole (`fromScratch`).
    enum Measure: UInt8 { case rows, clearing, whole }
    /// A column mask with every row of the board (bit `y` for row `y`).
    private(set) var allRows: UInt64 = 0
    private(set) var top = 0
    /// A mod left a full row: the engine removes it at the next lock, so every placement
    /// is measured from scratch.
    private(set) var hasFullRow = false
    /// The loaded rows, with full rows after the last (the floor, and three more so that a
    /// window of four rows from any row of the board can be read).
    let rows: UnsafeMutablePointer<UInt64>
    private let scratch: UnsafeMutableBufferPointer<UInt64>
    /// `rowPrefix[y]`: the row transitions of rows 0..<y. `pairPrefix[y]`: the column
    /// transitions between rows y′ and y′ + 1 for y′ < y (the last row's pair is the floor).
    /// Both hold their totals past the last row, through the three floor rows past it.
    let rowPrefix: UnsafeMutablePointer<Int>
    let pairPrefix: UnsafeMutablePointer<Int>
    /// Column `x`'s cells at `columns[x + 2]` (bit `y` for row `y`); the two columns
    /// beyond each wall (0, 1, width + 2, width + 3) are full: walls.
    let columns: UnsafeMutablePointer<UInt64>
    /// Four entries past the last column are read as zero-or-more (a window of four columns).
    let columnTop: UnsafeMutablePointer<Int>
    /// `columnTop` as 32-bit integers, and per rotation state of a table that fits four rows
    /// and columns its columns' top cells (`columnTopOrFar`, far as 2²⁰): four columns' holes
    /// in one vector operation (64-bit ones need instructions the portable build lacks).
    let columnTop32: UnsafeMutablePointer<Int32>
    private(set) var pieceTops32: UnsafeMutablePointer<Int32>?
    /// Column `x`'s cumulative wells at `columnWells[x + 2]`; 0 for the walls.
    let columnWells: UnsafeMutablePointer<Int>
    private(set) var rowTotal = 0, columnTotal = 0, holeTotal = 0, wellTotal = 0
    private(set) var aggregateTotal = 0, bumpinessTotal = 0
    /// The shape table of the piece set last measured.
    private var table: ShapeTable?
    /// For boards up to 12 wide, per row value: its row transitions, and its popcount.
    /// Looked up instead of counted, one load for a dozen instructions.
    let rowTransitionTable: UnsafeMutablePointer<UInt8>
    let popcountTable: UnsafeMutablePointer<UInt8>
    private var tableWidth = 0
    /// Per placement, the sum of its first five terms (`best(of:weights:pieces:)`).
    var partialScores: UnsafeMutablePointer<Double>
    /// Per placement, how its first five terms were measured (`Measure`).
    var measuredBy: UnsafeMutablePointer<Measure>
    var partialCapacity = 64
    /// `rowPrefix` and `pairPrefix` hold the stackless form (2y and 0) up to this entry.
    private var closedPrefix = 0
    static let tableWidthLimit = 12
    /// Whether every rotation state of the table's pieces spans at most four rows and columns.
    private(set) var tableFitsFour = false

    /// An evaluator for boards at most `height` rows high (any width up to 64).
    public init(height: Int) {
        capacity = height
        rows = .allocate(capacity: height + 4)
        scratch = .allocate(capacity: height)
        scratch.initialize(repeating: 0)
        rowPrefix = .allocate(capacity: height + 4)
        pairPrefix = .allocate(capacity: height + 4)
        columns = .allocate(capacity: 68)
        columnTop = .allocate(capacity: 68)
        columnTop.initialize(repeating: 0, count: 68)
        columnTop32 = .allocate(capacity: 68)
        columnTop32.initialize(repeating: 0, count: 68)
        columnWells = .allocate(capacity: 68)
        rowTransitionTable = .allocate(capacity: 1 << Self.tableWidthLimit)
        popcountTable = .allocate(capacity: 1 << Self.tableWidthLimit)
        partialScores = .allocate(capacity: partialCapacity)
        measuredBy = .allocate(capacity: partialCapacity)
    }

    deinit {
        rows.deallocate()
        scratch.deallocate()
        rowPrefix.deallocate()
        pairPrefix.deallocate()
        columns.deallocate()
        columnTop.deallocate()
        columnTop32.deallocate()
        pieceTops32?.deallocate()
        columnWells.deallocate()
        rowTransitionTable.deallocate()
        popcountTable.deallocate()
        partialScores.deallocate()
        measuredBy.deallocate()
    }

    /// Per column of the loaded board, its first filled row (the height when empty): what
    /// a placement search needs, so a bot that loads first hands it over.
    var columnTops: UnsafePointer<Int> { UnsafePointer(columnTop) }

    /// Takes in the board the next placements will be measured on.
    /// - Precondition: `board.height <= capacity`.
    public func load(_ board: Board) {
        precondition(board.height <= capacity, "board taller than the evaluator")
        height = board.height
        width = board.width
        full = board.fullRow
        allRows = height == 64 ? ~0 : (1 << UInt64(height)) - 1
        if width <= Self.tableWidthLimit && tableWidth != width {
            tableWidth = width
            for row in 0..<(1 << width) {
                rowTransitionTable[row] = UInt8(rowTransitions(UInt64(row)))
                popcountTable[row] = UInt8(row.nonzeroBitCount)
            }
        }
        // Copied bottom up, the top and any full row noted without a branch (a scan for the
        // top mispredicts its exit on every load).
        var fullRows = 0
        var firstFilled = height
        board.rows.withUnsafeBufferPointer { source in
            var y = height &- 1
            while y >= 0 {
                let row = source[y]
                rows[y] = row
                fullRows &+= row == full ? 1 : 0
                firstFilled = row != 0 ? y : firstFilled
                y &-= 1
            }
        }
        hasFullRow = fullRows != 0
        rows[height] = full
        top = firstFilled

        // Rows above the stack: two row transitions each (the walls), no column transition
        // but the top row's cells against the empty row above (counted in that row's pair).
        rowPrefix[0] = 0
        pairPrefix[0] = 0
        // In closed form, written only past `closedPrefix` (no board changes them).
        var y = closedPrefix
        while y < top {
            rowPrefix[y &+ 1] = 2 &* (y &+ 1)
            pairPrefix[y &+ 1] = 0
            y &+= 1
        }
        // Below the top (and the top's pair) they are the board's.
        closedPrefix = max(0, top &- 1)
        y = top
        if top > 0 { pairPrefix[top] = rows[top].nonzeroBitCount }
        holeTotal = 0
        var covered: UInt64 = 0
        if width <= 14 {
            // The row- and column-transition and hole masks of a row in 16-bit fields of one
            // word: one SWAR popcount for the three (no POPCNT in the portable build).
            let inner = full >> 1
            let shiftHigh = UInt64(width - 1)
            while y < height {
                let row = rows[y]
                let empty = ~row & full
                let rowBits = ((row ^ (row >> 1)) & inner) | ((empty & 1) << shiftHigh) | ((empty >> shiftHigh) << (shiftHigh + 1))
                let counts = fieldPopcounts(rowBits | ((row ^ rows[y + 1]) << 16) | ((empty & covered) << 32))
                rowPrefix[y &+ 1] = rowPrefix[y] &+ Int(counts & 0xFFFF)
                pairPrefix[y &+ 1] = pairPrefix[y] &+ Int((counts >> 16) & 0xFFFF)
                holeTotal &+= Int(counts >> 32)
                covered |= row
                y &+= 1
            }
        } else {
            while y < height {
                let row = rows[y]
                rowPrefix[y + 1] = rowPrefix[y] + rowTransitions(row)
                pairPrefix[y + 1] = pairPrefix[y] + (row ^ rows[y + 1]).nonzeroBitCount
                holeTotal += (~row & full & covered).nonzeroBitCount
                covered |= row
                y += 1
            }
        }
        rowTotal = rowPrefix[height]
        columnTotal = pairPrefix[height]
        for y in (height &+ 1)...(height &+ 3) {
            rows[y] = full
            rowPrefix[y] = rowTotal
            pairPrefix[y] = columnTotal
        }

        // Columns: the stack's cells transposed, then each column's top and wells.
        transposeStack()
        wellTotal = 0
        aggregateTotal = 0
        bumpinessTotal = 0
        for x in 0..<width {
            let column = columns[x + 2]
            columnTop[x] = column == 0 ? height : column.trailingZeroBitCount
            columnTop32[x] = Int32(truncatingIfNeeded: columnTop[x])
            let wells = Self.wells(columns[x + 1], column, columns[x + 3], allRows: allRows, height: height)
            columnWells[x + 2] = wells
            wellTotal += wells
            aggregateTotal += height - columnTop[x]
            if x > 0 { bumpinessTotal += abs(columnTop[x] - columnTop[x - 1]) }
        }
    }

    @inline(__always)
    private func rowTransitions(_ row: UInt64) -> Int {
        let empty = ~row & full
        return ((row ^ (row >> 1)) & (full >> 1)).nonzeroBitCount + Int(empty & 1) + Int((empty >> UInt64(width - 1)) & 1)
    }

    /// The cumulative wells of a column (`column`, its neighbours `left` and `right`, bit
    /// `y` for row `y`): for each empty cell whose neighbours are filled, the empty cells
    /// from it down to the next filled one or the floor.
    @inline(__always)
    static func wells(_ left: UInt64, _ column: UInt64, _ right: UInt64, allRows: UInt64, height: Int) -> Int {
        var cells = ~column & left & right & allRows
        var sum = 0
        while cells != 0 {
            let y = cells.trailingZeroBitCount
            cells &= cells - 1
            let below = column >> UInt64(y)
            sum &+= below == 0 ? height &- y : below.trailingZeroBitCount
        }
        return sum
    }

    /// The features after `piece` locks on the loaded board.
    public func features(after piece: Piece, pieces: PieceSet) -> BoardFeatures {
        let table = shapeTable(for: pieces)
        return measure(entry: piece.kind * 8 + piece.rotation, x: piece.x, y: piece.y, table: table, piece: piece,
                       heights: true)
    }

    /// The features after each of `placements` locks on the loaded board, in order, to
    /// `body` (with the placement's index): `features(after:pieces:)` for a whole search,
    /// the shape table looked up once.
    /// `transitionsAndWells: false` (for the mods' `game:placements`, which report neither)
    /// may leave `rowTransitions`, `columnTransitions` and `wells` zero; every other
    /// figure is the same.
    public func forEachFeatures(of placements: PlacementList, pieces: PieceSet, transitionsAndWells: Bool = true,
                                _ body: (Int, BoardFeatures) -> Void) {
        let table = shapeTable(for: pieces)
        placements.withUnsafeBufferPointer { placements in
            for index in 0..<placements.count {
                let piece = placements[index].piece
                body(index, measure(entry: piece.kind * 8 + piece.rotation, x: piece.x, y: piece.y, table: table,
                                    piece: piece, heights: true, transitionsAndWells: transitionsAndWells))
            }
        }
    }

    /// The weighted score of each of `placements`, in order, into `scores`.
    public func scores(of placements: PlacementList, weights: Weights, pieces: PieceSet, into scores: inout [Double]) {
        let table = shapeTable(for: pieces)
        let heights = weights.usesHeights
        scores.removeAll(keepingCapacity: true)
        for placement in placements {
            let piece = placement.piece
            scores.append(weights.score(measure(entry: piece.kind * 8 + piece.rotation, x: piece.x, y: piece.y,
                                                table: table, piece: piece, heights: heights)))
        }
    }

    func shapeTable(for pieces: PieceSet) -> ShapeTable {
        if let table, table.describes(pieces) { return table }
        let made = ShapeTable(pieces)
        table = made
        tableFitsFour = (0..<(pieces.count * 8)).allSatisfy { made.rowCount[$0] <= 4 && made.columnCount[$0] <= 4 }
        pieceTops32?.deallocate()
        pieceTops32 = nil
        if tableFitsFour {
            let tops = UnsafeMutablePointer<Int32>.allocate(capacity: pieces.count * 8 * 4)
            for entry in 0..<(pieces.count * 8) {
                for j in 0..<4 {
                    let top = made.columnTopOrFar[entry * 8 + j]
                    tops[entry * 4 + j] = top >= 1 << 40 ? 1 << 20 : Int32(top)
                }
            }
            pieceTops32 = tops
        }
        return made
    }

    /// The features of rotation state `entry` of the table with its piece at (`x`, `y`).
    /// `heights`: whether to measure the aggregate height, bumpiness and tallest column
    /// (left zero otherwise, when no weight reads them); `transitionsAndWells`: likewise for
    /// the row and column transitions and the wells (a full row still measures everything).
    @inline(__always)
    private func measure(entry: Int, x: Int, y: Int, table: ShapeTable, piece: Piece, heights: Bool,
                         transitionsAndWells: Bool = true) -> BoardFeatures {
        guard var features = measureRows(entry: entry, x: x, y: y, table: table, transitionsAndWells: transitionsAndWells)
        else { return fromScratch(piece, table.pieces, wells: transitionsAndWells) }
        completeWellsAndHeights(&features, entry: entry, x: x, y: y, table: table, wells: transitionsAndWells,
                                heights: heights)
        return features
    }

    /// The landing height, transitions and holes of a placement that clears no row (wells
    /// and heights zero, for `completeWellsAndHeights`); `nil` when it must be measured from
    /// scratch (it clears a row, reaches outside the board, or the board has a full row).
    @inline(__always)
    func measureRows(entry: Int, x: Int, y: Int, table: ShapeTable, transitionsAndWells: Bool) -> BoardFeatures? {
        let rowCount = table.rowCount[entry]
        let first = y &+ table.minY[entry], last = first &+ rowCount &- 1
        let left = x &+ table.minX[entry]
        guard first >= 0 && last < height && !hasFullRow else { return nil }
        // The piece's rows with the board's cells: their row transitions, and the column
        // transitions from the row above the piece down to the row below it.
        let rowMasks = table.rowMasks + entry &* 8
        let shift = UInt64(truncatingIfNeeded: left)
        var anyFull = false
        var fullRows = 0
        var rowSum = 0, pairSum = 0
        var above = first > 0 ? rows[first &- 1] : rows[first] | (rowMasks[0] &<< shift)
        if !transitionsAndWells {
            var i = 0
            while i < rowCount {
                anyFull = anyFull || rows[first &+ i] | (rowMasks[i] &<< shift) == full
                i &+= 1
            }
        } else if width <= Self.tableWidthLimit {
            // Narrow boards: each row's transitions and each pair's popcount looked up.
            let transitions = rowTransitionTable, popcounts = popcountTable
            var i = 0
            while i < rowCount {
                let row = rows[first &+ i] | (rowMasks[i] &<< shift)
                // Counted, not branched on: a full row is rare and the test is on every row.
                fullRows &+= row == full ? 1 : 0
                rowSum &+= Int(transitions[Int(truncatingIfNeeded: row)])
                pairSum &+= Int(popcounts[Int(truncatingIfNeeded: above ^ row)])
                above = row
                i &+= 1
            }
            pairSum &+= Int(popcounts[Int(truncatingIfNeeded: above ^ rows[last &+ 1])])
        } else {
            var i = 0
            while i < rowCount {
                let row = rows[first &+ i] | (rowMasks[i] &<< shift)
                anyFull = anyFull || row == full
                rowSum &+= rowTransitions(row)
                pairSum &+= (above ^ row).nonzeroBitCount
                above = row
                i &+= 1
            }
            pairSum &+= (above ^ rows[last &+ 1]).nonzeroBitCount
        }
        if anyFull || fullRows != 0 { return nil }
        let rowTransitions = transitionsAndWells ? rowTotal &- (rowPrefix[last &+ 1] &- rowPrefix[first]) &+ rowSum : 0
        let columnTransitions = transitionsAndWells
            ? columnTotal &- (pairPrefix[last &+ 1] &- pairPrefix[max(0, first &- 1)]) &+ pairSum : 0

        // Holes: in each column the piece covers what lay open between its top cell there
        // and the column's old top, less its own cells.
        let columnCount = table.columnCount[entry]
        let pieceTop = table.columnTopOrFar + entry &* 8
        var holes = holeTotal &- table.cellCount[entry]
        var j = 0
        while j < columnCount {
            let open = columnTop[left &+ j] &- (y &+ pieceTop[j])
            holes &+= open & ~(open >> 63)
            j &+= 1
        }
        let landing = Double(height &- 1 &- last) + Double(rowCount &- 1) / 2
        return BoardFeatures(landingHeight: landing, linesCleared: 0, erodedCells: 0, rowTransitions: rowTransitions,
                             columnTransitions: columnTransitions, holes: holes, wells: 0)
    }

    /// Fills in the wells (when `wells`) and the height figures (when `heights`) of a
    /// placement `measureRows` measured.
    @inline(__always)
    func completeWellsAndHeights(_ features: inout BoardFeatures, entry: Int, x: Int, y: Int, table: ShapeTable,
                                         wells measuresWells: Bool, heights: Bool) {
        let first = y &+ table.minY[entry]
        let left = x &+ table.minX[entry]
        let columnCount = table.columnCount[entry]
        // Wells: the piece's columns and their neighbours, recounted with its cells in them.
        // `columns[left + k]` is column left − 2 + k; the near masks line up with it.
        let near = table.nearMasks + entry &* 12
        let floor = UInt64(truncatingIfNeeded: first)
        if measuresWells {
            var wells = wellTotal
            var previous = columns[left]
            var current = columns[left &+ 1]
            var k = 1
            while k <= columnCount &+ 2 {
                let next = columns[left &+ k &+ 1] | (near[k &+ 1] << floor)
                wells &+= Self.wells(previous, current, next, allRows: allRows, height: height) &- columnWells[left &+ k]
                previous = current
                current = next
                k &+= 1
            }
            features.wells = wells
        }
        if heights {
            var aggregate = aggregateTotal
            var bumpiness = bumpinessTotal
            // Heights of the columns left − 1 … left + columnCount, before and after.
            var previousOld = 0, previousNew = 0
            for k in 1...(columnCount + 2) {
                let c = left - 2 + k
                guard c >= 0 && c < width else { continue }
                let old = height - columnTop[c]
                let column = columns[c + 2] | (near[k] << floor)
                let new = column == 0 ? 0 : height - column.trailingZeroBitCount
                aggregate += new - old
                if k > 1 && c > 0 { bumpiness += abs(new - previousNew) - abs(old - previousOld) }
                previousOld = old
                previousNew = new
            }
            features.aggregateHeight = aggregate
            features.bumpiness = bumpiness
            features.maxHeight = height - min(top, first)
        }
    }

    func fromScratch(_ piece: Piece, _ pieces: PieceSet, wells: Bool = true) -> BoardFeatures {
        BoardFeatures.measure(rows: UnsafeBufferPointer(start: rows, count: height), top: top, width: width,
                              piece: piece, pieces: pieces, scratch: scratch, wells: wells)
    }

    /// The wells of the board the latest `fromScratch(…, wells: false)` left in `scratch`.
    func scratchWells(after features: BoardFeatures) -> Int {
        BoardFeatures.wells(inScratch: scratch, height: height, width: width, after: features)
    }
}
