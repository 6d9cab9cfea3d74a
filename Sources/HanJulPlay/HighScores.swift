import HanJulCore

/// One finished game in a high-score table.
public struct HighScore: Equatable, Sendable {
    public var score: Int
    public var lines: Int
    public var level: Int
    /// The rules' own result (a sprint's ticks), when the game ended with one.
    public var result: Int?
    /// What `result` measures (`"time"`).
    public var resultLabel: String?
    /// The result's unit (`ResultFormat.Unit`'s raw value: `"ms"`, `"pieces"`), when known.
    public var resultUnit: String?
    /// A compound result's tie-breaks (TGM: the time after the level), in order; empty
    /// for a plain result. Equal results rank by them.
    public var then: [TieBreak] = []

    /// One tie-break of a compound result, as a table keeps it.
    public struct TieBreak: Equatable, Sendable {
        public var name: String
        /// `ResultFormat.Unit`'s raw value.
        public var unit: String
        public var lowerIsBetter: Bool
        public var value: Int

        public init(name: String, unit: String, lowerIsBetter: Bool, value: Int) {
            self.name = name
            self.unit = unit
            self.lowerIsBetter = lowerIsBetter
            self.value = value
        }

        /// A game's tie-breaks: the rules' declared ones with the values it finished with.
        public static func of(_ result: GameResult, format: ResultFormat?) -> [TieBreak] {
            zip(format?.then ?? [], result.then).map {
                TieBreak(name: $0.0.name, unit: $0.0.unit.rawValue, lowerIsBetter: $0.0.lowerIsBetter, value: $0.1)
            }
        }
    }
    /// When, as `YYYY-MM-DD HH:MM` local time.
    public var date: String
    /// The seed the game was dealt from.
    public var seed: String
    /// Who played it (`cleanName`: printable, at most `nameLimit` characters); nil for
    /// games saved before tables had names.
    public var name: String?
    /// The file name of the game's replay in the data folder's `replays/`
    /// (`20261201-113012-42.hjr`), so replay housekeeping keeps it; nil when unknown.
    public var replay: String?

    /// `name` goes through `cleanName` (nothing printable: no name); a `replay` that is not
    /// a plain `*.hjr` file name is dropped.
    public init(score: Int, lines: Int, level: Int, result: Int? = nil, resultLabel: String? = nil, resultUnit: String? = nil,
                date: String, seed: String, name: String? = nil, replay: String? = nil) {
        self.resultUnit = resultUnit
        self.score = score
        self.lines = lines
        self.level = level
        self.result = result
        self.resultLabel = resultLabel
        self.date = date
        self.seed = seed
        self.name = name.map(Self.cleanName).flatMap { $0.isEmpty ? nil : $0 }
        self.replay = replay.flatMap { Self.isReplayFileName($0) ? $0 : nil }
    }
}

extension HighScore {
    /// The result in its unit (`1:29.250`, `103 pieces`), or nil for a game without one.
    public var resultText: String? {
        guard let result else { return nil }
        let text: String
        if let unit = resultUnit.flatMap(ResultFormat.Unit.init(rawValue:)) {
            text = ResultFormat.text(result, unit: unit)
        } else {
            text = resultLabel.map { "\(result) \($0)" } ?? "\(result)"
        }
        return then.reduce(text) { text, tie in
            text + ", " + (ResultFormat.Unit(rawValue: tie.unit).map { ResultFormat.text(tie.value, unit: $0) } ?? "\(tie.value)")
        }
    }
}

/// The high scores, one table of the best `HighScoreTable.limit` per rule set, kept in
/// `scores.hjr` in the data folder (a `RecordFile` of kind `scores`, version 1: HanJulPlayerFiles'
/// HighScoreTable+File.swift).
///
/// A table's key is the rules' name and each mod's version: `standard`, or
/// `garbage@1.0+zen@0.2`. Editing a mod's files keeps its table; changing its version
/// starts a new one.
public enum HighScoreTable {
    public static let limit = 10

    /// The table key of `rules`.
    public static func key(for rules: RulesIdentity) -> String {
        rules.mods.isEmpty ? rules.name : rules.mods.map { "\($0.id)@\($0.version)" }.joined(separator: "+")
    }

    /// Whether `a` ranks above `b`. Games with a result rank above games without one;
    /// results order ascending when `lowerIsBetter` (a sprint's time), descending
    /// otherwise; then by score, then lines, then the earlier game first.
    public static func ranksAbove(_ a: HighScore, _ b: HighScore, lowerIsBetter: Bool) -> Bool {
        switch (a.result, b.result) {
        case (let x?, let y?) where x != y: return lowerIsBetter ? x < y : x > y
        case (_?, nil): return true
        case (nil, _?): return false
        default: break
        }
        // Equal results: their tie-breaks, in order, each in its own direction.
        for (x, y) in zip(a.then, b.then) where x.value != y.value {
            return x.lowerIsBetter ? x.value < y.value : x.value > y.value
        }
        if a.score != b.score { return a.score > b.score }
        if a.lines != b.lines { return a.lines > b.lines }
        return a.date < b.date
    }

    /// `entries` in rank order, the best `limit`.
    public static func ranked(_ entries: [HighScore], lowerIsBetter: Bool) -> [HighScore] {
        // A stable sort: equal games keep the order they were recorded in.
        let sorted = entries.enumerated().sorted { x, y in
            if ranksAbove(x.element, y.element, lowerIsBetter: lowerIsBetter) { return true }
            if ranksAbove(y.element, x.element, lowerIsBetter: lowerIsBetter) { return false }
            return x.offset < y.offset
        }
        return Array(sorted.prefix(limit).map(\.element))
    }

    /// What saving a game found.
    public struct Outcome: Equatable, Sendable {
        /// The table after the game, best first.
        public var table: [HighScore]
        /// The new game's place in `table` (0-based), if it made it.
        public var rank: Int?
        /// A line for the player when something went wrong: the file was kept aside, or
        /// could not be written (the table shown is then the one in memory).
        public var message: String?

        public init(table: [HighScore], rank: Int?, message: String?) {
            self.table = table
            self.rank = rank
            self.message = message
        }
    }
}
