/// How a heuristic bot weighs the figures of `BoardFeatures`; the bot plays the placement
/// with the highest weighted sum.
public struct Weights: Equatable, Sendable {
    public var landingHeight: Double
    /// Multiplies `linesCleared`, or `linesCleared × erodedCells` when `erodes` is set.
    public var rowsEliminated: Double
    public var rowTransitions: Double
    public var columnTransitions: Double
    public var holes: Double
    public var wells: Double
    /// Whether "rows eliminated" is Dellacherie's lines × eroded piece cells.
    public var erodes: Bool
    public var aggregateHeight: Double
    public var bumpiness: Double
    public var maxHeight: Double

    public init(landingHeight: Double = 0, rowsEliminated: Double = 0, rowTransitions: Double = 0,
                columnTransitions: Double = 0, holes: Double = 0, wells: Double = 0, erodes: Bool = false,
                aggregateHeight: Double = 0, bumpiness: Double = 0, maxHeight: Double = 0) {
        self.landingHeight = landingHeight
        self.rowsEliminated = rowsEliminated
        self.rowTransitions = rowTransitions
        self.columnTransitions = columnTransitions
        self.holes = holes
        self.wells = wells
        self.erodes = erodes
        self.aggregateHeight = aggregateHeight
        self.bumpiness = bumpiness
        self.maxHeight = maxHeight
    }

    /// Whether a column-height figure (aggregate height, bumpiness, tallest column) counts:
    /// evaluators measure them only then.
    @inlinable
    public var usesHeights: Bool { aggregateHeight != 0 || bumpiness != 0 || maxHeight != 0 }

    /// El-Tetris (Islam El-Ashi, 2011): Dellacherie's features with weights found by
    /// particle swarm optimisation; the weights of `../shared/bench/README.md`.
    public static let elTetris = Weights(
        landingHeight: -4.500158825082766, rowsEliminated: 3.4181268101392694,
        rowTransitions: -3.2178882868487753, columnTransitions: -9.348695305445199,
        holes: -7.899265427351652, wells: -3.3855972247263626)

    /// Pierre Dellacherie's hand-tuned weights (2003): −1, +1 (lines × eroded cells), −1,
    /// −1, −4, −1.
    public static let dellacherie = Weights(
        landingHeight: -1, rowsEliminated: 1, rowTransitions: -1, columnTransitions: -1,
        holes: -4, wells: -1, erodes: true)

    /// Yiyuan Lee's weights (2013, found by a genetic algorithm): aggregate height, lines,
    /// holes and bumpiness. The weights `Mods/evil` judges placements by.
    public static let lee = Weights(
        rowsEliminated: 0.760666, holes: -0.35663, aggregateHeight: -0.510066, bumpiness: -0.184483)

    /// The weighted sum; higher is better.
    @inlinable
    public func score(_ f: BoardFeatures) -> Double {
        // The six Dellacherie terms in this order, then the height terms: the sum's
        // rounding (and so every choice a bot makes) depends on it.
        score(partial: scoreBeforeWellsAndHeights(f), f)
    }

    /// `score(f)` from `partial`, the value of `scoreBeforeWellsAndHeights(f)`: the same
    /// sum, its first five terms measured before (an evaluator keeps them).
    @inlinable
    public func score(partial: Double, _ f: BoardFeatures) -> Double {
        var value = partial + wells * Double(f.wells)
        if usesHeights {
            value += aggregateHeight * Double(f.aggregateHeight) + bumpiness * Double(f.bumpiness)
                + maxHeight * Double(f.maxHeight)
        }
        return value
    }

    /// The sum of the first five terms of `score`, exactly as `score` adds them: with the
    /// wells and height weights ≤ 0, `score(f)` is never above it (evaluators skip a
    /// placement this already rules out).
    @inlinable
    public func scoreBeforeWellsAndHeights(_ f: BoardFeatures) -> Double {
        let eliminated = erodes ? Double(f.linesCleared * f.erodedCells) : Double(f.linesCleared)
        return landingHeight * f.landingHeight + rowsEliminated * eliminated
            + rowTransitions * Double(f.rowTransitions) + columnTransitions * Double(f.columnTransitions)
            + holes * Double(f.holes)
    }
}
