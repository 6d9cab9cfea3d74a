/// A number read off each game record, summarised over many games.
public struct Figure: Sendable {
    /// For a figure that is a share of something counted in every game (pieces held out of
    /// pieces placed): the two counts, pooled over the games.
    public struct Share: Sendable {
        /// What is counted (`held`).
        public var part: @Sendable (GameRecord) -> Double
        /// What it is a share of (`pieces`).
        public var whole: @Sendable (GameRecord) -> Double
    }

    /// The key in JSON (`"scorePerPiece"`).
    public var key: String
    /// The name people read (`"score/piece"`).
    public var name: String
    /// Whether the value is a fraction shown as a percentage: a 0/1 flag per game (topped
    /// out), or with ``share`` a share of pieces.
    public var isRate: Bool
    /// What one unit of the value is, for a chart's axis (`"points per piece"`).
    public var unit: String
    public var value: @Sendable (GameRecord) -> Double
    /// For a share of pieces: its counts, so the mean is the pooled share (every piece of
    /// every game counts once) with an interval for a proportion (``IntervalMethod/pooledWilson``).
    public var share: Share?
    /// Whether a game has this figure (the result only when the rules finished the game
    /// with one); games without it are left out of its statistics.
    public var isMeasured: @Sendable (GameRecord) -> Bool

    public init(key: String, name: String, isRate: Bool = false, unit: String? = nil, share: Share? = nil,
                isMeasured: @escaping @Sendable (GameRecord) -> Bool = { _ in true },
                value: @escaping @Sendable (GameRecord) -> Double) {
        self.key = key
        self.name = name
        self.isRate = isRate || share != nil
        self.unit = unit ?? name
        self.share = share
        self.isMeasured = isMeasured
        self.value = value
    }

    /// The figures every run has, when its longest clear is `maxClear` rows.
    public static func all(maxClear: Int) -> [Figure] {
        base + (1...max(1, maxClear)).map(clears)
    }

    /// The `size`-line clears figure.
    public static func clears(_ size: Int) -> Figure {
        Figure(key: "clears\(size)", name: "\(size)-line clears", unit: "\(size)-line clears in the game") {
            size <= $0.clears.count ? Double($0.clears[size - 1]) : 0
        }
    }

    /// The figures every run has before the clears, in order; every game has each.
    public static let base: [Figure] = {
        [
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
    }()

    /// The share of pieces the bot held (`held` ÷ `pieces`), pooled over the games. A game
    /// under rules without a hold slot counts as holding none.
    public static let held = Figure(
        key: "held", name: "pieces held", unit: "share of pieces held",
        share: Share(part: { Double($0.held ?? 0) }, whole: { Double($0.pieces) })
    ) { $0.pieces > 0 ? Double($0.held ?? 0) / Double($0.pieces) : 0 }

    /// The result the rules finished a game with (a sprint's time), over the games that
    /// finished with one; named after the rules' result when `format` says what it is.
    public static func result(_ format: RunHeader.ResultDescription?) -> Figure {
        let name = format.map { $0.unit == "count" ? $0.name : "\($0.name) (\($0.unit))" } ?? "result"
        let unit = format.map { "\($0.name) at the finish, in \($0.unit)" } ?? "the result of a finished game"
        return Figure(key: "result", name: name, unit: unit, isMeasured: { $0.result != nil }) { Double($0.result ?? 0) }
    }

    /// The game's time in seconds, finished or not, over the games that have one.
    public static let time = Figure(key: "time", name: "time (s)", unit: "seconds of game time at the end",
                                    isMeasured: { $0.timeMs != nil }) { Double($0.timeMs ?? 0) / 1000 }

    /// The `index`th tie-break of a compound result (`described`), over the games that
    /// finished with one.
    public static func tieBreak(_ index: Int, _ described: RunHeader.ResultDescription.TieBreak) -> Figure {
        let name = "then \(described.name)" + (described.unit == "count" ? "" : " (\(described.unit))")
        return Figure(key: "then\(index + 1)", name: name, unit: "\(described.name) at the finish, the result's tie-break \(index + 1)",
                      isMeasured: { ($0.then?.count ?? 0) > index }) { record in
            Double(record.then.map { $0.count > index ? $0[index] : 0 } ?? 0)
        }
    }

    /// The index of the tie-break keyed `key` (`then1` → 0), nil for other keys.
    public static func tieBreakIndex(_ key: String) -> Int? {
        guard key.hasPrefix("then"), let number = Int(key.dropFirst(4)), (1...9).contains(number),
              key == "then\(number)" else { return nil }
        return number - 1
    }

    /// Figures that only some runs have, in the order they follow ``all(maxClear:)``.
    public static let optionalKeys = ["held", "result", "then1", "then2", "then3", "time"]

    /// The figures of `records` (of one run, or both sides of a comparison): those every
    /// run has, then `held` when any game was played under rules with a hold slot, and
    /// `result` when any game finished with a result (named as `result` describes it).
    public static func all(for records: [GameRecord], result format: RunHeader.ResultDescription? = nil) -> [Figure] {
        let maxClear = records.map(\.clears.count).max() ?? 4
        var figures = all(maxClear: maxClear)
        if records.contains(where: { $0.held != nil }) { figures.append(held) }
        if records.contains(where: { $0.result != nil }) { figures.append(result(format)) }
        // A compound result: its tie-breaks, and the time every game took (the time a
        // tie-break ranks by is only a finished game's).
        if let then = format?.then {
            for (index, described) in then.enumerated() where records.contains(where: { ($0.then?.count ?? 0) > index }) {
                figures.append(tieBreak(index, described))
            }
            if records.contains(where: { $0.timeMs != nil }) { figures.append(time) }
        }
        return figures
    }

    /// The figure called `name` or keyed `name` among `figures`.
    public static func named(_ name: String, in figures: [Figure]) -> Figure? {
        figures.first { $0.key == name || $0.name == name }
    }

    /// The figure called `name` or keyed `name`.
    public static func named(_ name: String, maxClear: Int) -> Figure? {
        named(name, in: all(maxClear: maxClear))
    }

    /// The figure's value in each game of `records` that has it, in order.
    public func values(_ records: [GameRecord]) -> [Double] {
        records.filter(isMeasured).map(value)
    }

    /// The figure's statistics over `records`, with the interval suited to it.
    public func distribution(_ records: [GameRecord]) -> Distribution {
        let measured = records.filter(isMeasured)
        if let share { return Distribution(part: measured.map(share.part), of: measured.map(share.whole)) }
        return Distribution(figure: measured.map(value), isRate: isRate)
    }
}
