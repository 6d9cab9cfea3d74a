/// A run's games summarised, figure by figure.
public struct Summary: Codable, Sendable {
    public struct Row: Codable, Sendable {
        public var key: String
        public var name: String
        public var isRate: Bool
        public var stats: Distribution
    }

    public var header: RunHeader
    public var games: Int
    public var capped: Int
    public var toppedOut: Int
    public var finished: Int
    public var ruleErrors: Int
    /// The distinct rule errors met, up to five.
    public var errors: [String]
    /// Games that went on past a hook's failure (`GameRecord.warnings`); nil (left out of
    /// the JSON) when none did.
    public var gamesWithWarnings: Int?
    /// The distinct hook failures met, up to five; nil when none.
    public var warnings: [String]?
    public var figures: [Row]
    /// How long games lasted: the fraction still playing against pieces placed.
    public var survival: SurvivalCurve
    /// How the confidence intervals were computed, one line per method used.
    public var confidenceInterval: String

    /// Summarises `records` of a run described by `header`.
    public init(header: RunHeader, records: [GameRecord]) {
        self.init(header: header, tally: RunTally(records))
    }

    /// Summarises the games counted in `tally`, of a run described by `header`.
    public init(header: RunHeader, tally: RunTally) {
        self.header = header
        games = tally.games
        capped = tally.capped
        toppedOut = tally.toppedOut
        finished = tally.finished
        ruleErrors = tally.ruleErrors
        errors = tally.errors.map(\.text)
        figures = tally.figures(result: header.result).map { figure in
            Row(key: figure.key, name: figure.name, isRate: figure.isRate, stats: tally.distribution(figure))
        }
        gamesWithWarnings = tally.warnedGames > 0 ? tally.warnedGames : nil
        warnings = tally.warnedGames > 0 ? tally.warnings.map(\.text) : nil
        survival = SurvivalCurve(endings: tally.endings)
        confidenceInterval = Self.methods(figures.map(\.stats.interval))
    }

    /// The first `limit` distinct texts, in order.
    static func distinct(_ texts: [String], limit: Int) -> [String] {
        var out: [String] = []
        for text in texts where !out.contains(text) && out.count < limit { out.append(text) }
        return out
    }

    /// `95% CI of the mean: …`, naming each method in `used` once, in a fixed order.
    static func methods(_ used: [IntervalMethod]) -> String {
        let lines = IntervalMethod.allCases.filter(used.contains).map { method -> String in
            let which = switch method {
            case .wilson: "rates"
            case .newcombe: "differences of rates"
            case .quasiPoisson: "figures that cannot be negative"
            case .pooledWilson: "shares of pieces"
            case .pooledDifference: "differences of shares of pieces"
            case .studentT: used.allSatisfy { $0 == .studentT } ? "every figure" : "the other figures"
            }
            return "  \(which): \(method.explanation)"
        }
        return "95% CI of the mean:\n" + lines.joined(separator: "\n")
    }

    /// The summary as a table for people.
    public var text: String {
        var out = header.description + " (" + header.versionDescription + ")\n"
        let seeds = header.firstSeed == header.lastSeed ? "seed \(header.firstSeed)" : "seeds \(header.firstSeed)…\(header.lastSeed)"
        out += "\(games) games (\(seeds)): \(capped) capped, \(toppedOut) topped out"
        if finished > 0 { out += ", \(finished) finished" }
        out += ", \(ruleErrors) rule errors"
        if let gamesWithWarnings { out += ", \(gamesWithWarnings) went on past a hook's failure" }
        out += "\n"
        for error in errors { out += "  error: \(error)\n" }
        for warning in warnings ?? [] { out += "  warning: \(warning)\n" }
        if games > 0 {
            let range = max(1, survival.longest)
            out += "still playing by pieces placed (0…\(range)): \(survival.sparkline(width: 40, range: range))│ "
                + survival.medianDescription + "\n"
        }
        out += "\n"
        let columns = ["figure", "mean", "95% CI", "median", "p5", "p95", "sd"]
        var table: [[String]] = [columns]
        for row in figures {
            let s = row.stats
            let f: (Double) -> String = row.isRate ? { Format.percent($0) } : { Format.number($0) }
            table.append([row.name, f(s.mean), "\(f(s.ciLow)) … \(f(s.ciHigh))", f(s.median), f(s.p5), f(s.p95), f(s.standardDeviation)])
        }
        out += Format.table(table)
        out += "\n" + confidenceInterval
        return out
    }
}

extension Sequence {
    func count(where predicate: (Element) -> Bool) -> Int {
        var n = 0
        for element in self where predicate(element) { n += 1 }
        return n
    }
}
