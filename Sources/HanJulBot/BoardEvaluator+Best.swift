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
            partialCapacity = max(count, partialCapacity * 2)
            partialScores = .allocate(capacity: partialCapacity)
        }
        let partial = partialScores
        return placements.withUnsafeBufferPointer { placements in
            // Every placement's five-term sum, and the first of the highest.
            var candidate = 0
            if width <= Self.tableWidthLimit && tableFitsFour && !hasFullRow {
                candidate = partialSumsFourByFour(placements, weights: weights, table: table, into: partial)
            } else {
                var top = -Double.infinity
                for index in 0..<count {
                    let piece = placements[index].piece
                    let entry = piece.kind &* 8 &+ piece.rotation
                    let features = measureRows(entry: entry, x: piece.x, y: piece.y, table: table, transitionsAndWells: true)
                        ?? fromScratch(piece, table.pieces, wells: false)
                    let sum = weights.scoreBeforeWellsAndHeights(features)
                    partial[index] = sum
                    if sum > top {
                        top = sum
                        candidate = index
                    }
                }
            }
            // The full score of the first of the highest sums, then of every placement whose
            // sum could still beat the best full score (at most its sum: above the best, or
            // equal to it and earlier), in order.
            let heights = weights.usesHeights
            @inline(__always) func fullScore(_ index: Int) -> Double {
                let piece = placements[index].piece
                let entry = piece.kind &* 8 &+ piece.rotation
                var features: BoardFeatures
                if let core = measureRows(entry: entry, x: piece.x, y: piece.y, table: table, transitionsAndWells: true) {
                    features = core
                    completeWellsAndHeights(&features, entry: entry, x: piece.x, y: piece.y, table: table,
                                            wells: true, heights: heights)
                } else {
                    // Clears a row: measured whole (the wells counted on the board it leaves).
                    features = fromScratch(piece, table.pieces, wells: false)
                    features.wells = scratchWells(after: features)
                }
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
                                       into partial: UnsafeMutablePointer<Double>) -> Int {
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
        for index in 0..<placements.count {
            let piece = placements[index].piece
            let entry = piece.kind &* 8 &+ piece.rotation
            let count = rowCount[entry]
            let first = piece.y &+ minY[entry], last = first &+ count &- 1
            let left = piece.x &+ minX[entry]
            var sum: Double
            if first >= 0 && last < height {
                let masks = rowMasks + entry &* 8
                let shift = UInt64(truncatingIfNeeded: left)
                let m0 = masks[0] &<< shift, m1 = masks[1] &<< shift, m2 = masks[2] &<< shift, m3 = masks[3] &<< shift
                let r0 = rows[first] | m0, r1 = rows[first &+ 1] | m1
                let r2 = rows[first &+ 2] | m2, r3 = rows[first &+ 3] | m3
                // A full row only where the piece has cells (the rows past the floor are full).
                let fullRows = (r0 == full && m0 != 0 ? 1 : 0) | (r1 == full && m1 != 0 ? 1 : 0)
                    | (r2 == full && m2 != 0 ? 1 : 0) | (r3 == full && m3 != 0 ? 1 : 0)
                if fullRows == 0 {
                    let above = first > 0 ? rows[first &- 1] : r0
                    let rowSum = t(r0) &+ t(r1) &+ t(r2) &+ t(r3)
                    let pairSum = p(above ^ r0) &+ p(r0 ^ r1) &+ p(r1 ^ r2) &+ p(r2 ^ r3) &+ p(r3 ^ rows[first &+ 4])
                    let rowTransitions = rowTotal &- (rowPrefix[first &+ 4] &- rowPrefix[first]) &+ rowSum
                    let columnTransitions = columnTotal &- (pairPrefix[first &+ 4] &- pairPrefix[max(0, first &- 1)]) &+ pairSum
                    let tops = pieceTops32 + entry &* 4, columns = columnTop32 + left
                    let y32 = Int32(truncatingIfNeeded: piece.y)
                    let open4 = open(columns[0], y32 &+ tops[0]) &+ open(columns[1], y32 &+ tops[1])
                        &+ open(columns[2], y32 &+ tops[2]) &+ open(columns[3], y32 &+ tops[3])
                    let holes = holeTotal &- cellCount[entry] &+ Int(open4)
                    let landing = Double(height &- 1 &- last) + Double(count &- 1) / 2
                    sum = weights.scoreBeforeWellsAndHeights(BoardFeatures(
                        landingHeight: landing, linesCleared: 0, erodedCells: 0, rowTransitions: rowTransitions,
                        columnTransitions: columnTransitions, holes: holes, wells: 0))
                } else {
                    sum = weights.scoreBeforeWellsAndHeights(fromScratch(piece, table.pieces, wells: false))
                }
            } else {
                sum = weights.scoreBeforeWellsAndHeights(fromScratch(piece, table.pieces, wells: false))
            }
            partial[index] = sum
            if sum > top {
                top = sum
                candidate = index
            }
        }
        return candidate
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
