import HanJulCore

/// The mods' lookahead (`game:best_placement`) scores placements with integer weights, in
/// Lua's wrapping arithmetic: its own weights type and search, beside the bots' `Weights`.
extension BoardEvaluator {
    /// Integer weights on the figures the mods' lookahead reports (`game:best_placement`).
    public struct IntegerWeights: Equatable, Sendable {
        public var lines = 0, holes = 0, height = 0, aggregateHeight = 0, bumpiness = 0
        public init(lines: Int = 0, holes: Int = 0, height: Int = 0, aggregateHeight: Int = 0, bumpiness: Int = 0) {
            self.lines = lines
            self.holes = holes
            self.height = height
            self.aggregateHeight = aggregateHeight
            self.bumpiness = bumpiness
        }

        /// Whether every weight is within ±2³¹, so that no sum of weighted figures (each at
        /// most 64 × 64) wraps: the sum is then exact in any order. (No array: called once
        /// per kind per deal.)
        var cannotWrap: Bool {
            // Compared both ways, not by `abs`: a mod may pass Int.min, whose magnitude traps.
            @inline(__always) func small(_ weight: Int) -> Bool { weight > -(1 << 31) && weight < 1 << 31 }
            return small(lines) && small(holes) && small(height) && small(aggregateHeight) && small(bumpiness)
        }

        /// `lines × linesCleared + holes × holes + height × maxHeight + aggregateHeight ×
        /// aggregateHeight + bumpiness × bumpiness`, in wrapping arithmetic (Lua's), in that
        /// order.
        @inlinable
        public func value(_ f: BoardFeatures) -> Int {
            (lines &* f.linesCleared) &+ (holes &* f.holes) &+ (height &* f.maxHeight)
                &+ (aggregateHeight &* f.aggregateHeight) &+ (bumpiness &* f.bumpiness)
        }
    }

    /// The first of the best of `placements` by `weights.value` (the index and the value),
    /// or `nil` for no placements: what a loop over `forEachFeatures` computes.
    ///
    /// When no sum can wrap (every weight within ±2³¹; a figure is at most 64 × 64), the sum
    /// is exact in any order. A placement that clears no row adds to each of its columns'
    /// heights exactly the cells it covers there (its own and the holes under them), so its
    /// aggregate height is known with its holes; when the tallest-column and bumpiness
    /// weights are ≤ 0, a placement whose lines, holes and aggregate terms are already no
    /// better than the best so far cannot win, and its other heights are not measured.
    public func best(of placements: PlacementList, weights: IntegerWeights, pieces: PieceSet) -> (index: Int, value: Int)? {
        guard !placements.isEmpty else { return nil }
        let table = shapeTable(for: pieces)
        let prunes = weights.cannotWrap && weights.height <= 0 && weights.bumpiness <= 0
        var best = 0, bestIndex = 0
        placements.withUnsafeBufferPointer { placements in
            for index in 0..<placements.count {
                let piece = placements[index].piece
                let entry = piece.kind &* 8 &+ piece.rotation
                var features: BoardFeatures
                if let core = measureRows(entry: entry, x: piece.x, y: piece.y, table: table, transitionsAndWells: false) {
                    features = core
                    if prunes && index > 0 {
                        let aggregate = aggregateTotal &+ features.holes &- holeTotal &+ table.cellCount[entry]
                        let known = (weights.lines &* features.linesCleared) &+ (weights.holes &* features.holes)
                            &+ (weights.aggregateHeight &* aggregate)
                        if best >= known { continue }
                    }
                    completeWellsAndHeights(&features, entry: entry, x: piece.x, y: piece.y, table: table,
                                            wells: false, heights: true)
                } else {
                    features = fromScratch(piece, table.pieces, wells: false)
                }
                let value = weights.value(features)
                if index == 0 || value > best {
                    best = value
                    bestIndex = index
                }
            }
        }
        return (bestIndex, best)
    }
}
