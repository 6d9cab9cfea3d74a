/// Two attack tables (rule sets) played with the same bots on the same seeds
/// (`hanjul compare --versus A:B --a X --b Y`): which makes matches more decisive — a larger
/// winner's margin (lines the winner sent less lines the loser sent) and shorter matches.
public struct VersusComparison: Encodable, Sendable {
    public struct Side: Encodable, Sendable {
        public var rules: String
        public var matches: Int
        public var decided: Int
        public var draws: Int
        public var errors: Int
        /// Bot A's wins over the decided matches, with Wilson's 95% interval.
        public var winRateA: Double
        public var winRateALow: Double
        public var winRateAHigh: Double
        /// Per decided match: the winner's attack less the loser's, mean and 95% half-width.
        public var margin: Double
        public var marginHalfWidth: Double
        /// Pieces both sides placed, per match (every match), mean and 95% half-width.
        public var length: Double
        public var lengthHalfWidth: Double
        public var attackPerPiece: [Double]
    }

    /// A paired difference (B − A) over the seeds both sides count, with its 95% interval.
    public struct Difference: Encodable, Sendable {
        public var pairs: Int
        public var mean: Double
        public var low: Double
        public var high: Double

        init(_ values: [Double]) {
            pairs = values.count
            // No interval from fewer than two pairs: JSON has no infinity, so it is 0 there.
            mean = values.isEmpty ? 0 : Statistics.mean(values)
            let half = values.count > 1
                ? Statistics.confidenceHalfWidth95(standardDeviation: Statistics.standardDeviation(values, mean: mean), count: values.count) : 0
            low = mean - half
            high = mean + half
        }

        /// Whether the interval leaves out 0.
        public var isClear: Bool { pairs > 1 && (low > 0 || high < 0) }
    }

    public var bots: String
    public var seeds: String
    public var a: Side
    public var b: Side
    /// B's margin less A's (seeds decided on both sides), and B's length less A's.
    public var marginDifference: Difference
    public var lengthDifference: Difference
    /// Which rule set is more decisive: `a`, `b`, or nil when the figures do not say.
    public var moreDecisive: String?

    static func margin(_ record: MatchRecord) -> Double? {
        switch record.result {
        case .a: Double(record.attack[0]) - Double(record.attack[1])
        case .b: Double(record.attack[1]) - Double(record.attack[0])
        case .draw, .error: nil
        }
    }

    public init(bots: String, seeds: ClosedRange<UInt64>, names: (String, String), a recordsA: [MatchRecord], b recordsB: [MatchRecord]) {
        func side(_ name: String, _ records: [MatchRecord]) -> Side {
            var tally = VersusTally()
            for record in records { tally.add(record) }
            let decided = tally.winsA + tally.winsB
            let (low, high) = Statistics.wilson95(successes: Double(tally.winsA), count: decided)
            let margins = records.compactMap(Self.margin), lengths = records.map { Double($0.length) }
            func spread(_ values: [Double]) -> (Double, Double) {
                let mean = values.isEmpty ? 0 : Statistics.mean(values)
                return (mean, values.count > 1
                    ? Statistics.confidenceHalfWidth95(standardDeviation: Statistics.standardDeviation(values, mean: mean), count: values.count) : 0)
            }
            let (margin, marginHalf) = spread(margins), (length, lengthHalf) = spread(lengths)
            return Side(rules: name, matches: tally.matches, decided: decided, draws: tally.draws, errors: tally.errors,
                        winRateA: decided > 0 ? Double(tally.winsA) / Double(decided) : 0, winRateALow: low, winRateAHigh: high,
                        margin: margin, marginHalfWidth: marginHalf, length: length, lengthHalfWidth: lengthHalf,
                        attackPerPiece: (0..<2).map { tally.pieces[$0] > 0 ? Double(tally.attack[$0]) / Double(tally.pieces[$0]) : 0 })
        }
        self.bots = bots
        self.seeds = "\(seeds.lowerBound)..\(seeds.upperBound)"
        a = side(names.0, recordsA)
        b = side(names.1, recordsB)
        var margins: [Double] = [], lengths: [Double] = []
        for (x, y) in zip(recordsA, recordsB) where x.seed == y.seed {
            if let mx = Self.margin(x), let my = Self.margin(y) { margins.append(my - mx) }
            if x.result != .error && y.result != .error { lengths.append(Double(y.length - x.length)) }
        }
        marginDifference = Difference(margins)
        lengthDifference = Difference(lengths)
        // Decisive: wider margins, shorter matches. Each clear difference votes; a split says nothing.
        var vote = 0
        if marginDifference.isClear { vote += marginDifference.mean > 0 ? 1 : -1 }
        if lengthDifference.isClear { vote += lengthDifference.mean < 0 ? 1 : -1 }
        moreDecisive = vote > 0 ? "b" : vote < 0 ? "a" : nil
    }

    /// The report for people.
    public var text: String {
        var lines = ["versus \(bots) on seeds \(seeds): A = \(a.rules), B = \(b.rules)"]
        func range(_ mean: Double, _ half: Double) -> String {
            half > 0 ? "\(Format.fixed(mean, 1)) ± \(Format.fixed(half, 1))" : Format.fixed(mean, 1)
        }
        let rows: [[String]] = [["", "rules", "matches", "decided", "win rate of bot A (95%)", "winner's margin", "match length", "attack/piece A", "attack/piece B"]]
            + [("A", a), ("B", b)].map { label, side in
                // No match decided: no win rate and no margin to speak of (not 0%).
                [label, side.rules, "\(side.matches)", "\(side.decided)",
                 side.decided == 0 ? "-"
                    : "\(Format.percent(side.winRateA)) (\(Format.percent(side.winRateALow)) to \(Format.percent(side.winRateAHigh)))",
                 side.decided == 0 ? "-" : range(side.margin, side.marginHalfWidth), range(side.length, side.lengthHalfWidth),
                 Format.fixed(side.attackPerPiece[0], 3), Format.fixed(side.attackPerPiece[1], 3)]
            }
        lines.append(String(Format.table(rows).dropLast()))
        func difference(_ d: Difference, _ unit: String) -> String {
            guard d.pairs > 1 else { return "too few seeds to pair" }
            return "\(d.mean >= 0 ? "+" : "")\(Format.fixed(d.mean, 1)) \(unit) (95% \(Format.fixed(d.low, 1)) to \(Format.fixed(d.high, 1)), \(d.pairs) seeds)"
        }
        lines.append("B − A, paired by seed: winner's margin \(difference(marginDifference, "lines")); match length \(difference(lengthDifference, "pieces"))")
        switch moreDecisive {
        case "a"?: lines.append("more decisive: A (\(a.rules))")
        case "b"?: lines.append("more decisive: B (\(b.rules))")
        default: lines.append("more decisive: neither clearly (the differences' intervals include 0, or they disagree)")
        }
        return lines.joined(separator: "\n")
    }
}
