import HanJulCore

extension BoardEvaluator {
    /// The best of `placements` (the first of equals) by `weights`: the index of the one
    /// with the highest `weights.score(features(after: $0.piece, pieces: pieces))`.
    /// `placements` must not be empty.
    ///
    /// When the wells and height weights are all ≤ 0 (every bot's are), the full score of a
    /// placement is never above the sum of its first five terms (the rest are added last,
    /// each ≤ 0, and adding a value ≤ 0 never rounds up). So every placement's five-term sum
    /// is measured first (no wells, no heights, no branch on the best so far); then the full
    /// score of the first with the highest sum, and of those whose sum could still beat the
    /// best full score found (usually a few). The choice is the one the full sums of every
    /// placement make.
    public func best(of placements: PlacementList, weights: Weights, pieces: PieceSet) -> Int {
        let table = shapeTable(for: pieces)
        let prunes = weights.wells <= 0 && weights.aggregateHeight <= 0 && weights.bumpiness <= 0
            && weights.maxHeight <= 0
        guard prunes else { return bestMeasuringAll(of: placements, weights: weights, table: table) }
        let count = placements.count
        if count > partialCapacity {
            partialScores.deallocate()
            measuredBy.deallocate()
            partialCapacity = max(count, partialCapacity * 2)
            partialScores = .allocate(capacity: partialCapacity)
            measuredBy = .allocate(capacity: partialCapacity)
        }
        let partial = partialScores, measured = measuredBy
        return placements.withUnsafeBufferPointer { placements in
            // Every placement's five-term sum, and the first of the highest.
            var candidate = 0
            if width <= Self.tableWidthLimit && tableFitsFour && !hasFullRow {
                candidate = partialSumsFourByFour(placements, weights: weights, table: table, into: partial, measured: measured)
            } else {
                var top = -Double.infinity
                for index in 0..<count {
                    let piece = placements[index].piece
                    let entry = piece.kind &* 8 &+ piece.rotation
                    let rows = measureRows(entry: entry, x: piece.x, y: piece.y, table: table, transitionsAndWells: true)
                    let sum = weights.scoreBeforeWellsAndHeights(rows ?? fromScratch(piece, table.pieces, wells: false))
                    partial[index] = sum
                    measured[index] = rows == nil ? .whole : .rows
                    if sum > top {
                        top = sum
                        candidate = index
                    }
                }
            }
            // The full score of the first of the highest sums, then of every placement whose
            // sum could still beat the best full score (at most its sum: above the best, or
            // equal to it and earlier), in order. A placement that clears no row adds its
            // wells and heights to the five-term sum already measured.
            let heights = weights.usesHeights
            @inline(__always) func fullScore(_ index: Int) -> Double {
                let piece = placements[index].piece
                let entry = piece.kind &* 8 &+ piece.rotation
                if measured[index] == .rows {
                    var features = BoardFeatures(landingHeight: 0, linesCleared: 0, erodedCells: 0, rowTransitions: 0,
                                                 columnTransitions: 0, holes: 0, wells: 0)
                    completeWellsAndHeights(&features, entry: entry, x: piece.x, y: piece.y, table: table, wells: true,
                                            heights: heights)
                    return weights.score(partial: partial[index], features)
                }
                if measured[index] == .clearing && !heights {
                    // Its wells counted on the columns it leaves (no heights to measure).
                    let features = BoardFeatures(landingHeight: 0, linesCleared: 0, erodedCells: 0, rowTransitions: 0,
                                                 columnTransitions: 0, holes: 0,
                                                 wells: wellsAfterClearing(entry: entry, x: piece.x, y: piece.y, table: table))
                    return weights.score(partial: partial[index], features)
                }
                // Clears a row: measured whole (the wells counted on the board it leaves).
                var features = fromScratch(piece, table.pieces, wells: false)
                features.wells = scratchWells(after: features)
                return weights.score(features)
            }
            var best = fullScore(candidate)
            var bestIndex = candidate
            for index in 0..<count where index != candidate {
                let sum = partial[index]
                guard sum > best || (sum == best && index < bestIndex) else { continue }
                let value = fullScore(index)
                if value > best || (value == best && index < bestIndex) {
                    best = value
                    bestIndex = index
                }
            }
            return bestIndex
        }
    }

    /// The five-term sums of `placements` into `partial`, and the index of the first of the
    /// highest: what `measureRows` and `scoreBeforeWellsAndHeights` give, for narrow boards
    /// (row tables), pieces within four rows and columns and a board without a full row.
    /// Every placement reads a window of four rows and four columns (the floor rows and
    /// columns past the board add nothing), so the loops have no exit to mispredict, and the
    /// board's pointers stay in registers (a separate function, not inlined into `best`).
    @inline(never)
    private func partialSumsFourByFour(_ placements: UnsafeBufferPointer<Placement>, weights: Weights, table: ShapeTable,
                                       into partial: UnsafeMutablePointer<Double>,
                                       measured: UnsafeMutablePointer<Measure>) -> Int {
        let rows = rows, rowPrefix = rowPrefix, pairPrefix = pairPrefix
        let transitions = rowTransitionTable, popcounts = popcountTable
        let full = full, height = height
        let rowTotal = rowTotal, columnTotal = columnTotal, holeTotal = holeTotal
        let minX = table.minX, minY = table.minY, rowCount = table.rowCount, cellCount = table.cellCount
        let rowMasks = table.rowMasks
        @inline(__always) func t(_ row: UInt64) -> Int { Int(transitions[Int(truncatingIfNeeded: row)]) }
        @inline(__always) func p(_ pair: UInt64) -> Int { Int(popcounts[Int(truncatingIfNeeded: pair)]) }
        let columnTop32 = columnTop32, pieceTops32 = pieceTops32!
        @inline(__always) func open(_ top: Int32, _ pieceTop: Int32) -> Int32 {
            let open = top &- pieceTop
            return open & ~(open >> 31)
        }
        var top = -Double.infinity
        var candidate = 0
        let total = placements.count
        var index = 0
        while index < total {
            // A search lists each rotation state's placements together: the state's figures
            // are read once per run of them.
            let kind = placements[index].piece.kind, rotation = placements[index].piece.rotation
            var end = index &+ 1
            while end < total && placements[end].piece.rotation == rotation && placements[end].piece.kind == kind {
                end &+= 1
            }
            let entry = kind &* 8 &+ rotation
            let count = rowCount[entry], offsetY = minY[entry], offsetX = minX[entry], cells = cellCount[entry]
            let masks = rowMasks + entry &* 8
            let mask0 = masks[0], mask1 = masks[1], mask2 = masks[2], mask3 = masks[3]
            let tops = pieceTops32 + entry &* 4
            let top0 = tops[0], top1 = tops[1], top2 = tops[2], top3 = tops[3]
            let halfSpan = Double(count &- 1) / 2
            while index < end {
                let piece = placements[index].piece
                let first = piece.y &+ offsetY, last = first &+ count &- 1
                let left = piece.x &+ offsetX
                var sum: Double
                var how = Measure.whole
                if first >= 0 && last < height {
                    let shift = UInt64(truncatingIfNeeded: left)
                    let m0 = mask0 &<< shift, m1 = mask1 &<< shift, m2 = mask2 &<< shift, m3 = mask3 &<< shift
                    let r0 = rows[first] | m0, r1 = rows[first &+ 1] | m1
                    let r2 = rows[first &+ 2] | m2, r3 = rows[first &+ 3] | m3
                    // A full row only where the piece has cells (the rows past the floor are full).
                    let fullRows = (r0 == full && m0 != 0 ? 1 : 0) | (r1 == full && m1 != 0 ? 1 : 0)
                        | (r2 == full && m2 != 0 ? 1 : 0) | (r3 == full && m3 != 0 ? 1 : 0)
                    let landing = Double(height &- 1 &- last) + halfSpan
                    if fullRows == 0 {
                        let above = first > 0 ? rows[first &- 1] : r0
                        let rowSum = t(r0) &+ t(r1) &+ t(r2) &+ t(r3)
                        let pairSum = p(above ^ r0) &+ p(r0 ^ r1) &+ p(r1 ^ r2) &+ p(r2 ^ r3) &+ p(r3 ^ rows[first &+ 4])
                        let rowTransitions = rowTotal &- (rowPrefix[first &+ 4] &- rowPrefix[first]) &+ rowSum
                        let columnTransitions = columnTotal &- (pairPrefix[first &+ 4] &- pairPrefix[max(0, first &- 1)])
                            &+ pairSum
                        let columns = columnTop32 + left
                        let y32 = Int32(truncatingIfNeeded: piece.y)
                        let open4 = open(columns[0], y32 &+ top0) &+ open(columns[1], y32 &+ top1)
                            &+ open(columns[2], y32 &+ top2) &+ open(columns[3], y32 &+ top3)
                        let holes = holeTotal &- cells &+ Int(open4)
                        sum = weights.scoreBeforeWellsAndHeights(BoardFeatures(
                            landingHeight: landing, linesCleared: 0, erodedCells: 0, rowTransitions: rowTransitions,
                            columnTransitions: columnTransitions, holes: holes, wells: 0))
                        how = .rows
                    } else if let clearing = clearingFeatures(entry: entry, first: first, left: left, landing: landing,
                                                              rows: (r0, r1, r2, r3), masks: (m0, m1, m2, m3), table: table) {
                        sum = weights.scoreBeforeWellsAndHeights(clearing)
                        how = .clearing
                    } else {
                        sum = weights.scoreBeforeWellsAndHeights(fromScratch(piece, table.pieces, wells: false))
                    }
                } else {
                    sum = weights.scoreBeforeWellsAndHeights(fromScratch(piece, table.pieces, wells: false))
                }
                partial[index] = sum
                measured[index] = how
                if sum > top {
                    top = sum
                    candidate = index
                }
                index &+= 1
            }
        }
        return candidate
    }

    /// The landing height, lines, eroded cells, transitions and holes (wells and heights
    /// zero) of a placement that clears rows, from the loaded board: what `fromScratch`
    /// gives for them, without copying and recounting the board. `rows` are the four rows
    /// from `first` with the piece's cells (`masks`) in them; `nil` (measure from scratch)
    /// when the piece reaches the top row or the stack does (the rows that enter at the top
    /// would then meet cells). The board has no full row of its own (`hasFullRow`).
    ///
    /// Cleared rows are full, so they have no row transitions, and the empty rows that
    /// enter at the top have two each (the walls). Column transitions change only where the
    /// rows around a cleared one come together, in the window. A cell is a hole when a
    /// filled cell stays above it in its column.
    @inline(never)
    func clearingFeatures(entry: Int, first: Int, left: Int, landing: Double,
                          rows window: (UInt64, UInt64, UInt64, UInt64), masks: (UInt64, UInt64, UInt64, UInt64),
                          table: ShapeTable) -> BoardFeatures? {
        guard first > 0 && top > 0 else { return nil }
        let full = full
        @inline(__always) func p(_ pair: UInt64) -> Int { Int(popcountTable[Int(truncatingIfNeeded: pair)]) }
        @inline(__always) func t(_ row: UInt64) -> Int { Int(rowTransitionTable[Int(truncatingIfNeeded: row)]) }
        var cleared: UInt64 = 0
        var lines = 0, eroded = 0, rowSum = 0, pairSum = 0
        var above = rows[first &- 1]
        // Only a row with the piece's cells can be full (the board has none; the floor's
        // rows past the board are full but hold none of the piece's).
        @inline(__always) func take(_ row: UInt64, _ mask: UInt64, _ i: Int) {
            if row == full && mask != 0 {
                cleared |= 1 << UInt64(truncatingIfNeeded: first &+ i)
                lines &+= 1
                eroded &+= mask.nonzeroBitCount
            } else {
                rowSum &+= t(row)
                pairSum &+= p(above ^ row)
                above = row
            }
        }
        take(window.0, masks.0, 0)
        take(window.1, masks.1, 1)
        take(window.2, masks.2, 2)
        take(window.3, masks.3, 3)
        pairSum &+= p(above ^ rows[first &+ 4])
        let rowTransitions = rowTotal &- (rowPrefix[first &+ 4] &- rowPrefix[first]) &+ rowSum &+ 2 &* lines
        let columnTransitions = columnTotal &- (pairPrefix[first &+ 4] &- pairPrefix[first &- 1]) &+ pairSum
        // Holes: those of the board with the piece in it (as for a placement that clears
        // nothing), less those whose only cover was in the cleared rows: in a column whose
        // top cell is in a cleared row, the empty cells from there down to the highest cell
        // that stays (or the floor).
        let y = first &- table.minY[entry]
        let pieceTop = table.columnTopOrFar + entry &* 8
        var holes = holeTotal &- table.cellCount[entry]
        for j in 0..<table.columnCount[entry] {
            let open = columnTop[left &+ j] &- (y &+ pieceTop[j])
            holes &+= open & ~(open >> 63)
        }
        let near = table.nearMasks + entry &* 12
        let floor = UInt64(truncatingIfNeeded: first)
        let stays = allRows & ~cleared
        for x in 0..<width {
            let j = x &- left
            var column = columns[x &+ 2]
            if j >= 0 && j < 4 { column |= near[j &+ 2] << floor }
            let topCell = column & (0 &- column)
            guard topCell & cleared != 0 else { continue }
            let kept = column & stays
            let aboveKept = kept == 0 ? allRows : (kept & (0 &- kept)) &- 1
            let uncovered = ~column & aboveKept & ~(topCell | (topCell &- 1))
            if uncovered != 0 { holes &-= uncovered.nonzeroBitCount }
        }
        return BoardFeatures(landingHeight: landing, linesCleared: lines, erodedCells: eroded,
                             rowTransitions: rowTransitions, columnTransitions: columnTransitions, holes: holes, wells: 0)
    }

    /// The cumulative wells of the board the placement of rotation state `entry` at
    /// (`x`, `y`) leaves once the rows it completes are removed: each column with the
    /// piece's cells, its cleared rows taken out (the rows above them moved down), then
    /// `wells` per column between its neighbours (the walls full). What `fromScratch` and
    /// `scratchWells` count, for a placement `clearingFeatures` measured.
    func wellsAfterClearing(entry: Int, x: Int, y: Int, table: ShapeTable) -> Int {
        let first = y &+ table.minY[entry], left = x &+ table.minX[entry]
        let masks = table.rowMasks + entry &* 8
        var cleared: UInt64 = 0
        for i in 0..<table.rowCount[entry]
        where masks[i] != 0 && rows[first &+ i] | (masks[i] << UInt64(truncatingIfNeeded: left)) == full {
            cleared |= 1 << UInt64(truncatingIfNeeded: first &+ i)
        }
        let near = table.nearMasks + entry &* 12
        let floor = UInt64(truncatingIfNeeded: first)
        let allRows = allRows
        @inline(__always) func column(_ x: Int) -> UInt64 {
            guard x < width else { return allRows }
            let j = x &- left
            var column = columns[x &+ 2]
            if j >= 0 && j < 4 { column |= near[j &+ 2] << floor }
            // Top row first: a removed row moves the rows above it down one, and those
            // below (the next to remove) stay.
            var removing = cleared
            while removing != 0 {
                let row = removing & (0 &- removing)
                removing &= removing &- 1
                column = ((column & (row &- 1)) << 1) | (column & ~(row | (row &- 1)))
            }
            return column & allRows
        }
        var wells = 0
        var previous = allRows, current = column(0)
        for x in 0..<width {
            let next = column(x &+ 1)
            wells &+= Self.wells(previous, current, next, allRows: allRows, height: height)
            previous = current
            current = next
        }
        return wells
    }

    /// `clearingFeatures` for `piece` on the loaded board (for tests): `nil` when the piece
    /// clears no row, reaches outside the board, or the fast form does not apply.
    func clearingFeatures(of piece: Piece, pieces: PieceSet) -> BoardFeatures? {
        let table = shapeTable(for: pieces)
        let entry = piece.kind &* 8 &+ piece.rotation
        let first = piece.y &+ table.minY[entry], last = first &+ table.rowCount[entry] &- 1
        let left = piece.x &+ table.minX[entry]
        guard tableFitsFour, width <= Self.tableWidthLimit, !hasFullRow, first >= 0, last < height else { return nil }
        let masks = table.rowMasks + entry &* 8
        let shift = UInt64(truncatingIfNeeded: left)
        let m = (masks[0] &<< shift, masks[1] &<< shift, masks[2] &<< shift, masks[3] &<< shift)
        let r = (rows[first] | m.0, rows[first &+ 1] | m.1, rows[first &+ 2] | m.2, rows[first &+ 3] | m.3)
        guard (r.0 == full && m.0 != 0) || (r.1 == full && m.1 != 0) || (r.2 == full && m.2 != 0)
            || (r.3 == full && m.3 != 0) else { return nil }
        return clearingFeatures(entry: entry, first: first, left: left,
                                landing: Double(height &- 1 &- last) + Double(table.rowCount[entry] &- 1) / 2,
                                rows: r, masks: m, table: table)
    }

    /// `best` for weights that may add a positive term after the first five: every
    /// placement measured whole.
    private func bestMeasuringAll(of placements: PlacementList, weights: Weights, table: ShapeTable) -> Int {
        let heights = weights.usesHeights
        var best = -Double.infinity
        var bestIndex = 0
        placements.withUnsafeBufferPointer { placements in
            for index in 0..<placements.count {
                let piece = placements[index].piece
                let entry = piece.kind &* 8 &+ piece.rotation
                var features: BoardFeatures
                if let core = measureRows(entry: entry, x: piece.x, y: piece.y, table: table, transitionsAndWells: true) {
                    features = core
                    completeWellsAndHeights(&features, entry: entry, x: piece.x, y: piece.y, table: table,
                                            wells: true, heights: heights)
                } else {
                    features = fromScratch(piece, table.pieces, wells: true)
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
}
