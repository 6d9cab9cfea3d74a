import HanJulCore
import HanJulFiles
import HanJulCodec

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
/// `scores.hjr` in the data folder (a `RecordFile` of kind `scores`, version 1).
///
/// A table's key is the rules' name and each mod's version: `standard`, or
/// `garbage@1.0+zen@0.2`. Editing a mod's files keeps its table; changing its version
/// starts a new one.
public enum HighScoreTable {
    public static let limit = 10
    public static let kind = "scores"
    public static let version = 1
    public static let fileName = "scores.hjr"

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

    // MARK: - JSON

    static func json(_ entry: HighScore) -> JSON {
        var members: [JSON.Member] = [
            .init("score", .integer(Int64(entry.score))), .init("lines", .integer(Int64(entry.lines))),
            .init("level", .integer(Int64(entry.level))), .init("date", .string(entry.date)), .init("seed", .string(entry.seed)),
        ]
        if let result = entry.result { members.append(.init("result", .integer(Int64(result)))) }
        if let label = entry.resultLabel { members.append(.init("result_label", .string(label))) }
        if let unit = entry.resultUnit { members.append(.init("result_unit", .string(unit))) }
        if !entry.then.isEmpty {
            members.append(.init("then", .array(entry.then.map { tie in
                .object([.init("name", .string(tie.name)), .init("unit", .string(tie.unit)),
                         .init("lower_is_better", .bool(tie.lowerIsBetter)), .init("value", .integer(Int64(tie.value)))])
            })))
        }
        if let name = entry.name { members.append(.init("name", .string(name))) }
        if let replay = entry.replay { members.append(.init("replay", .string(replay))) }
        return .object(members)
    }

    static func entry(_ json: JSON) -> HighScore? {
        guard let score = json["score"]?.integerValue, let lines = json["lines"]?.integerValue,
              let level = json["level"]?.integerValue else { return nil }
        var entry = HighScore(score: Int(clamping: score), lines: Int(clamping: lines), level: Int(clamping: level),
                              result: json["result"]?.integerValue.map { Int(clamping: $0) },
                              resultLabel: json["result_label"]?.stringValue, resultUnit: json["result_unit"]?.stringValue,
                              date: json["date"]?.stringValue ?? "", seed: json["seed"]?.stringValue ?? "",
                              name: json["name"]?.stringValue, replay: json["replay"]?.stringValue)
        entry.then = json["then"]?.arrayValue?.compactMap { tie in
            guard let name = tie["name"]?.stringValue, let unit = tie["unit"]?.stringValue,
                  let lower = tie["lower_is_better"]?.boolValue, let value = tie["value"]?.integerValue else { return nil }
            return HighScore.TieBreak(name: name, unit: unit, lowerIsBetter: lower, value: Int(clamping: value))
        } ?? []
        return entry
    }

    /// The entries of table `key` in a file's payload (entries that do not read are
    /// skipped), and whether that table orders ascending.
    static func table(in payload: JSON?, key: String) -> (entries: [HighScore], lowerIsBetter: Bool?) {
        guard let tables = payload?["tables"]?.objectValue, let table = tables.first(where: { $0.key == key })?.value else {
            return ([], nil)
        }
        return (table["entries"]?.arrayValue?.compactMap(entry) ?? [], table["lower_is_better"]?.boolValue)
    }

    // MARK: - The file

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

    /// The table for `key`, read-only (for the panel's best score). Missing, unreadable or
    /// damaged files give an empty table; `save` deals with them.
    public static func load(path: String, key: String) -> [HighScore] {
        guard let record = try? DurableStore.load(path, kind: kind, version: version) else { return [] }
        let found = table(in: record.payload, key: key)
        return ranked(found.entries, lowerIsBetter: found.lowerIsBetter ?? false)
    }

    /// The keys of every table in the file at `path`, in the file's order.
    public static func keys(path: String) -> [String] {
        guard let record = try? DurableStore.load(path, kind: kind, version: version) else { return [] }
        return record.payload["tables"]?.objectValue?.map(\.key) ?? []
    }

    /// Whether table `key` in the file at `path` ranks lower results first; nil when it
    /// does not say (a score table) or is not there.
    public static func lowerIsBetter(path: String, key: String) -> Bool? {
        guard let record = try? DurableStore.load(path, kind: kind, version: version) else { return nil }
        return table(in: record.payload, key: key).lowerIsBetter == true ? true : nil
    }

    /// Gives `entry` of table `key` the name `name` (the name prompt of a top-10 game), under
    /// the file lock, atomically; the table after it and the entry's place. An entry no
    /// longer in the table (pushed out meanwhile) changes nothing.
    public static func rename(_ entry: HighScore, to name: String?, key: String, path: String) -> Outcome {
        var renamed = entry
        renamed.name = name.map(HighScore.cleanName).flatMap { $0.isEmpty ? nil : $0 }
        var table: [HighScore] = []
        do {
            let result = try DurableStore.update(path, kind: kind, version: version, onNewerVersion: .keepAside) { old in
                var members = old?["tables"]?.objectValue ?? []
                let found = self.table(in: old, key: key)
                var entries = ranked(found.entries, lowerIsBetter: found.lowerIsBetter ?? false)
                if let index = entries.firstIndex(of: entry) { entries[index] = renamed }
                table = entries
                let value = JSON.object([.init("lower_is_better", .bool(found.lowerIsBetter ?? false)),
                                         .init("entries", .array(entries.map(json)))])
                if let index = members.firstIndex(where: { $0.key == key }) {
                    members[index].value = value
                } else if !entries.isEmpty {
                    members.append(.init(key, value))
                }
                return .object([.init("tables", .object(members))])
            }
            return Outcome(table: table, rank: table.firstIndex(of: renamed),
                           message: result.keptAside?.playerMessage(what: "high scores"))
        } catch let error as FileError {
            return Outcome(table: table, rank: table.firstIndex(of: renamed), message: error.playerMessage(saving: "high scores"))
        } catch {
            return Outcome(table: table, rank: table.firstIndex(of: renamed), message: "could not save high scores to \(path): \(error)")
        }
    }

    /// Adds `entry` to table `key` under the file lock, atomically. A damaged file, or one
    /// written by a newer HanJul, is moved aside (never overwritten) and a new file started;
    /// the outcome's message says where the old one is. When the file cannot be written
    /// at all, the table shown is the one read plus this game, and the message says so.
    ///
    /// - Parameter lowerIsBetter: how the rules rank their result, when this game ended with
    ///   one; `nil` keeps what the table says (a score order for a new table).
    public static func save(_ entry: HighScore, key: String, lowerIsBetter: Bool?, path: String) -> Outcome {
        var table: [HighScore] = []
        do {
            let result = try DurableStore.update(path, kind: kind, version: version, onNewerVersion: .keepAside) { old in
                var members = old?["tables"]?.objectValue ?? []
                let found = self.table(in: old, key: key)
                let lower = lowerIsBetter ?? found.lowerIsBetter ?? false
                let updated = ranked(found.entries + [entry], lowerIsBetter: lower)
                table = updated
                let value = JSON.object([.init("lower_is_better", .bool(lower)), .init("entries", .array(updated.map(json)))])
                if let index = members.firstIndex(where: { $0.key == key }) {
                    members[index].value = value
                } else {
                    members.append(.init(key, value))
                }
                return .object([.init("tables", .object(members))])
            }
            return Outcome(table: table, rank: table.firstIndex(of: entry),
                           message: result.keptAside?.playerMessage(what: "high scores"))
        } catch let error as FileError {
            table = ranked(load(path: path, key: key) + [entry], lowerIsBetter: lowerIsBetter ?? false)
            return Outcome(table: table, rank: table.firstIndex(of: entry), message: error.playerMessage(saving: "high scores"))
        } catch {
            table = [entry]
            return Outcome(table: table, rank: 0, message: "could not save high scores to \(path): \(error)")
        }
    }
}
