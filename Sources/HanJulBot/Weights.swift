/// How a heuristic bot weighs the six features of `BoardFeatures`; the bot plays the
/// placement with the highest weighted sum.
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

    public init(landingHeight: Double, rowsEliminated: Double, rowTransitions: Double,
                columnTransitions: Double, holes: Double, wells: Double, erodes: Bool) {
        self.landingHeight = landingHeight
        self.rowsEliminated = rowsEliminated
        self.rowTransitions = rowTransitions
        self.columnTransitions = columnTransitions
        self.holes = holes
        self.wells = wells
        self.erodes = erodes
    }

    /// El-Tetris (Islam El-Ashi, 2011): Dellacherie's features with weights found by
    /// particle swarm optimisation; the weights of `../shared/bench/README.md`.
    public static let elTetris = Weights(
        landingHeight: -4.500158825082766, rowsEliminated: 3.4181268101392694,
        rowTransitions: -3.2178882868487753, columnTransitions: -9.348695305445199,
        holes: -7.899265427351652, wells: -3.3855972247263626, erodes: false)

    /// Pierre Dellacherie's hand-tuned weights (2003): −1, +1 (lines × eroded cells), −1,
    /// −1, −4, −1.
    public static let dellacherie = Weights(
        landingHeight: -1, rowsEliminated: 1, rowTransitions: -1, columnTransitions: -1,
        holes: -4, wells: -1, erodes: true)

    /// The weighted sum; higher is better.
    @inlinable
    public func score(_ f: BoardFeatures) -> Double {
        let eliminated = erodes ? Double(f.linesCleared * f.erodedCells) : Double(f.linesCleared)
        return landingHeight * f.landingHeight + rowsEliminated * eliminated
            + rowTransitions * Double(f.rowTransitions) + columnTransitions * Double(f.columnTransitions)
            + holes * Double(f.holes) + wells * Double(f.wells)
    }
}
