/// Two rule sets played on the same seeds, compared game by game.
///
/// Each figure's difference `B − A` is taken per seed (a paired comparison, which cancels
/// most of the luck of the deal), then summarised with a 95% confidence interval by
/// Student's t. A difference is significant when its interval excludes 0. How long games
/// last is compared as survival curves, by the log-rank test.
public struct Comparison: Codable, Sendable {
    public struct Row: Codable, Sendable {
        public var key: String
        public var name: String
        public var isRate: Bool
        public var meanA: Double
        public var meanB: Double
        /// Each side's own statistics (intervals suited to the figure, as in a summary).
        public var statsA: Distribution
        public var statsB: Distribution
        /// The paired differences `B − A` (Newcombe's interval for rates, Student's t otherwise).
        public var difference: Distribution
        /// Whether the 95% interval of the mean difference excludes 0.
        public var isSignificant: Bool
        /// The plain verdict: `"score/piece −23% ± 4%"`, `"topped out 41% vs 3%"`, or
        /// `"no significant difference"`.
        public var verdict: String
    }

    /// The two survival curves and the log-rank test between them.
    public struct Survival: Codable, Sendable {
        public var a: SurvivalCurve
        public var b: SurvivalCurve
        public var logRank: LogRankTest
        /// `"B tops out sooner: median 380 pieces vs past 10000 (log-rank χ² = 512.3, p < 0.001)"`
        public var verdict: String
        /// The verdict in a few words for the headline: `"tops out sooner (log-rank p < 0.001)"`,
        /// or nil when the curves do not differ significantly.
        public var headline: String?
    }

    public var a: RunHeader
    public var b: RunHeader
    public var games: Int
    public var figures: [Row]
    public var survival: Survival
    /// Games of each side that went on past a hook's failure (`GameRecord.warnings`); nil
    /// (left out of the JSON) when no game of either side did.
    public var gamesWithWarnings: Sides?
    /// The distinct hook failures met, each with its side (`A: …`), up to five; nil when none.
    public var warnings: [String]?

    /// A count for each side.
    public struct Sides: Codable, Sendable, Equatable {
        public var a: Int
        public var b: Int
    }

    /// Compares records of the same seeds, in the same order.
    /// - Precondition: `recordsA` and `recordsB` hold the same seeds in the same order.
    public init(a: RunHeader, recordsA: [GameRecord], b: RunHeader, recordsB: [GameRecord]) {
        self.init(a: a, b: b, tally: ComparisonTally(recordsA: recordsA, recordsB: recordsB))
    }

    /// Compares the games of the same seeds counted in `tally`.
    public init(a: RunHeader, b: RunHeader, tally: ComparisonTally) {
        self.a = a
        self.b = b
        games = tally.pairs
        figures = tally.figures(result: a.result ?? b.result).compactMap { figure -> Row? in
            // Paired on the seeds where both sides have the figure (a result: both finished).
            if tally.pairCount(figure) == 0 && tally.a.games > 0 { return nil }
            let d = tally.difference(figure)
            let statsA = tally.a.distribution(figure), statsB = tally.b.distribution(figure)
            let significant = d.ciLow > 0 || d.ciHigh < 0
            return Row(key: figure.key, name: figure.name, isRate: figure.isRate, meanA: statsA.mean, meanB: statsB.mean,
                       statsA: statsA, statsB: statsB, difference: d, isSignificant: significant,
                       verdict: Self.verdict(figure, meanA: statsA.mean, meanB: statsB.mean, difference: d, significant: significant))
        }
        let curveA = SurvivalCurve(endings: tally.a.endings), curveB = SurvivalCurve(endings: tally.b.endings)
        let test = LogRankTest(a: tally.a.endings, b: tally.b.endings)
        let (verdict, headline) = Self.survivalVerdict(curveA, curveB, test)
        survival = Survival(a: curveA, b: curveB, logRank: test, verdict: verdict, headline: headline)
        let warnedA = tally.a.warnedGames, warnedB = tally.b.warnedGames
        if warnedA + warnedB > 0 {
            gamesWithWarnings = Sides(a: warnedA, b: warnedB)
            warnings = Summary.distinct(tally.a.warnings.map { "A: " + $0.text } + tally.b.warnings.map { "B: " + $0.text }, limit: 5)
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

    static func survivalVerdict(_ a: SurvivalCurve, _ b: SurvivalCurve, _ test: LogRankTest) -> (String, String?) {
        guard a.events + b.events > 0 else { return ("survival: no game topped out on either side", nil) }
        guard test.isSignificant else { return ("survival: no significant difference (\(test.description))", nil) }
        // The side with more events than one shared curve expects tops out sooner.
        let change = Double(test.observedB) > test.expectedB ? "tops out sooner" : "lasts longer"
        func median(_ curve: SurvivalCurve) -> String {
            curve.medianPieces.map { "\($0) pieces" } ?? "past \(curve.longest)"
        }
        return ("survival: B \(change): median \(median(b)) vs \(median(a)) (\(test.description))",
                "\(change) (log-rank \(test.pText))")
    }

    /// One line: what B changes, the significant figures only.
    public var headline: String {
        var changed = figures.filter(\.isSignificant).map(\.verdict)
        if let survival = survival.headline { changed.insert(survival, at: 0) }
        return changed.isEmpty
            ? "B: no significant difference from A over \(games) games"
            : "B: " + changed.joined(separator: ", ")
    }

    /// What tells the sides apart besides their rules, when their bots differ:
    /// `"the bots differ: A eltetris, B eltetris (plain)"`; nil when both played alike.
    public var sidesDiffer: String? {
        a.hasTheSameBot(as: b) ? nil : "the bots differ: A \(a.botDescription), B \(b.botDescription)"
    }

    /// The comparison as a table for people.
    public var text: String {
        var out = "A: \(a.description)\nB: \(b.description)\n"
        if let sides = sidesDiffer { out += sides + "\n" }
        out += "\(games) games on the same seeds (\(a.firstSeed)…\(a.lastSeed)); differences are B − A per seed\n"
        if let warned = gamesWithWarnings {
            out += "went on past a hook's failure: A \(warned.a) games, B \(warned.b) games\n"
            for warning in warnings ?? [] { out += "  warning: \(warning)\n" }
        }
        out += "\n"
        var table = [["figure", "A mean", "B mean", "B − A", "95% CI", "verdict"]]
        for row in figures {
            let f: (Double) -> String = row.isRate ? { Format.percent($0) } : { Format.number($0) }
            let d = row.difference
            table.append([row.name, f(row.meanA), f(row.meanB), Format.signed(f(d.mean)),
                          "\(f(d.ciLow)) … \(f(d.ciHigh))", row.verdict])
        }
        out += Format.table(table)
        let range = max(1, survival.a.longest, survival.b.longest)
        out += "\nstill playing by pieces placed (0…\(range)):\n"
        out += "  A \(survival.a.sparkline(width: 50, range: range))│ \(survival.a.medianDescription)\n"
        out += "  B \(survival.b.sparkline(width: 50, range: range))│ \(survival.b.medianDescription)\n"
        out += survival.verdict + "\n"
        out += "\n" + headline
        return out
    }
}
