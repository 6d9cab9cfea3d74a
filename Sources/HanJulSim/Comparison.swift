/// Two rule sets played on the same seeds, compared game by game.
///
/// Each figure's difference `B − A` is taken per seed (a paired comparison, which cancels
/// most of the luck of the deal), then summarised with a 95% confidence interval by
/// Student's t. A difference is significant when its interval excludes 0.
public struct Comparison: Codable, Sendable {
    public struct Row: Codable, Sendable {
        public var key: String
        public var name: String
        public var isRate: Bool
        public var meanA: Double
        public var meanB: Double
        /// The paired differences `B − A`.
        public var difference: Distribution
        /// Whether the 95% interval of the mean difference excludes 0.
        public var isSignificant: Bool
        /// The plain verdict: `"score/piece −23% ± 4%"`, `"topped out 41% vs 3%"`, or
        /// `"no significant difference"`.
        public var verdict: String
    }

    public var a: RunHeader
    public var b: RunHeader
    public var games: Int
    public var figures: [Row]

    /// Compares records of the same seeds, in the same order.
    /// - Precondition: `recordsA` and `recordsB` hold the same seeds in the same order.
    public init(a: RunHeader, recordsA: [GameRecord], b: RunHeader, recordsB: [GameRecord]) {
        precondition(recordsA.map(\.seed) == recordsB.map(\.seed), "compare needs the same seeds on both sides")
        self.a = a
        self.b = b
        games = recordsA.count
        let maxClear = (recordsA + recordsB).map(\.clears.count).max() ?? 4
        figures = Figure.all(maxClear: maxClear).map { figure in
            let valuesA = recordsA.map(figure.value), valuesB = recordsB.map(figure.value)
            let differences = zip(valuesA, valuesB).map { $1 - $0 }
            let d = Distribution(differences)
            let meanA = Statistics.mean(valuesA), meanB = Statistics.mean(valuesB)
            let significant = d.ciLow > 0 || d.ciHigh < 0
            return Row(key: figure.key, name: figure.name, isRate: figure.isRate, meanA: meanA, meanB: meanB,
                       difference: d, isSignificant: significant,
                       verdict: Self.verdict(figure, meanA: meanA, meanB: meanB, difference: d, significant: significant))
        }
    }

    static func verdict(_ figure: Figure, meanA: Double, meanB: Double, difference d: Distribution, significant: Bool) -> String {
        guard significant else { return "no significant difference" }
        if figure.isRate { return "\(figure.name) \(Format.percent(meanB)) vs \(Format.percent(meanA))" }
        if meanA != 0 {
            let relative = d.mean / abs(meanA) * 100, half = d.halfWidth / abs(meanA) * 100
            let digits = abs(relative) < 10 ? 1 : 0
            return "\(figure.name) \(Format.signed(Format.fixed(relative, digits)))% ± \(Format.fixed(half, max(digits, half < 1 ? 1 : 0)))%"
        }
        return "\(figure.name) \(Format.signed(Format.number(d.mean))) ± \(Format.number(d.halfWidth))"
    }

    /// One line: what B changes, the significant figures only.
    public var headline: String {
        let changed = figures.filter(\.isSignificant).map(\.verdict)
        return changed.isEmpty
            ? "B: no significant difference from A over \(games) games"
            : "B: " + changed.joined(separator: ", ")
    }

    /// The comparison as a table for people.
    public var text: String {
        var out = "A: \(a.description)\nB: \(b.description)\n"
        out += "\(games) games on the same seeds (\(a.firstSeed)…\(a.lastSeed)); differences are B − A per seed\n\n"
        var table = [["figure", "A mean", "B mean", "B − A", "95% CI", "verdict"]]
        for row in figures {
            let f: (Double) -> String = row.isRate ? { Format.percent($0) } : { Format.number($0) }
            let d = row.difference
            table.append([row.name, f(row.meanA), f(row.meanB), Format.signed(f(d.mean)),
                          "\(f(d.ciLow)) … \(f(d.ciHigh))", row.verdict])
        }
        out += Format.table(table)
        out += "\n" + headline
        return out
    }
}
