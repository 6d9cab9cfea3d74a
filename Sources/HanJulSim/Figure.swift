/// A number read off each game record, summarised over many games.
public struct Figure: Sendable {
    /// The key in JSON (`"scorePerPiece"`).
    public var key: String
    /// The name people read (`"score/piece"`).
    public var name: String
    /// Whether the value is a 0/1 flag shown as a percentage of games.
    public var isRate: Bool
    /// What one unit of the value is, for a chart's axis (`"points per piece"`).
    public var unit: String
    public var value: @Sendable (GameRecord) -> Double

    public init(key: String, name: String, isRate: Bool = false, unit: String? = nil, value: @escaping @Sendable (GameRecord) -> Double) {
        self.key = key
        self.name = name
        self.isRate = isRate
        self.unit = unit ?? name
        self.value = value
    }

    /// The figures of a run whose longest clear is `maxClear` rows.
    public static func all(maxClear: Int) -> [Figure] {
        var figures = [
            Figure(key: "pieces", name: "pieces", unit: "pieces placed in the game") { Double($0.pieces) },
            Figure(key: "lines", name: "lines", unit: "lines cleared in the game") { Double($0.lines) },
            Figure(key: "score", name: "score", unit: "points at the end") { Double($0.score) },
            Figure(key: "scorePerPiece", name: "score/piece", unit: "points per piece placed") { $0.scorePerPiece },
            Figure(key: "linesPerPiece", name: "lines/piece", unit: "lines cleared per piece placed") {
                $0.pieces > 0 ? Double($0.lines) / Double($0.pieces) : 0
            },
            Figure(key: "level", name: "level", unit: "level at the end") { Double($0.level) },
            Figure(key: "toppedOut", name: "topped out", isRate: true, unit: "share of games that topped out") { $0.toppedOut ? 1 : 0 },
            Figure(key: "meanHeight", name: "mean height", unit: "stack height in rows, averaged over the locks") { $0.meanHeight },
            Figure(key: "maxHeight", name: "max height", unit: "highest stack in rows") { Double($0.maxHeight) },
            Figure(key: "holes", name: "holes at end", unit: "covered empty cells at the end") { Double($0.holes) },
        ]
        for size in 1...max(1, maxClear) {
            figures.append(Figure(key: "clears\(size)", name: "\(size)-line clears", unit: "\(size)-line clears in the game") {
                size <= $0.clears.count ? Double($0.clears[size - 1]) : 0
            })
        }
        return figures
    }

    /// The figure called `name` or keyed `name`.
    public static func named(_ name: String, maxClear: Int) -> Figure? {
        all(maxClear: maxClear).first { $0.key == name || $0.name == name }
    }
}
