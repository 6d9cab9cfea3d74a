import HanJulBot
import HanJulCore

/// What a run of games was: enough to tell whether two JSONL files can be merged.
/// The first line of `hanjul sim --jsonl` is `{"header":{…}}`.
public struct RunHeader: Equatable, Codable, Sendable {
    /// The JSONL format version.
    public var format: Int
    public var rules: String
    /// For mods, the lockfile: `id@version#sha256` of each, in order (absent for built-in
    /// rules), so runs of two versions of a mod are never merged.
    public var mods: [String]?
    public var bot: BotKind
    public var noise: Double
    public var search: PlacementSearch.Mode
    public var cap: Int
    /// The seeds this file holds, first and last (inclusive).
    public var firstSeed: UInt64
    public var lastSeed: UInt64

    public static let currentFormat = 1

    public init(rules: String, config: SimulationConfig, firstSeed: UInt64, lastSeed: UInt64) {
        format = Self.currentFormat
        self.rules = rules
        bot = config.bot.kind
        noise = config.bot.noise
        search = config.bot.search
        cap = config.cap
        self.firstSeed = firstSeed
        self.lastSeed = lastSeed
    }

    /// Whether games under `other` were played the same way (seeds aside).
    public func isCompatible(with other: RunHeader) -> Bool {
        format == other.format && rules == other.rules && mods == other.mods && bot == other.bot && noise == other.noise
            && search == other.search && cap == other.cap
    }

    /// `standard rules, eltetris bot, fast search, cap 10000 pieces`
    public var description: String {
        var text = "\(rules) rules, \(bot.rawValue) bot"
        if noise > 0 { text += " with noise \(Format.number(noise, digits: 3))" }
        return text + ", \(search.rawValue) search, cap \(cap) pieces"
    }
}

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
    public var figures: [Row]
    /// How the confidence intervals were computed.
    public var confidenceInterval: String

    /// Summarises `records` (in seed order) of a run described by `header`.
    public init(header: RunHeader, records: [GameRecord]) {
        self.header = header
        games = records.count
        capped = records.count { $0.outcome == .capped }
        toppedOut = records.count { $0.outcome == .toppedOut }
        finished = records.count { $0.outcome == .finished }
        ruleErrors = records.count { $0.outcome == .ruleError }
        var distinct: [String] = []
        for record in records {
            if let error = record.error, !distinct.contains(error), distinct.count < 5 { distinct.append(error) }
        }
        errors = distinct
        let maxClear = records.map(\.clears.count).max() ?? 4
        figures = Figure.all(maxClear: maxClear).map { figure in
            Row(key: figure.key, name: figure.name, isRate: figure.isRate, stats: Distribution(records.map(figure.value)))
        }
        confidenceInterval = "95% CI of the mean: mean ± t(0.975, n−1) × sd/√n (Student's t)"
    }

    /// The summary as a table for people.
    public var text: String {
        var out = header.description + "\n"
        let seeds = header.firstSeed == header.lastSeed ? "seed \(header.firstSeed)" : "seeds \(header.firstSeed)…\(header.lastSeed)"
        out += "\(games) games (\(seeds)): \(capped) capped, \(toppedOut) topped out"
        if finished > 0 { out += ", \(finished) finished" }
        out += ", \(ruleErrors) rule errors\n"
        for error in errors { out += "  error: \(error)\n" }
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
