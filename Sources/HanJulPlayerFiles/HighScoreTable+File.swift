import HanJulCore
import HanJulFiles
import HanJulCodec
import HanJulPlay

/// `scores.hjr`: the high-score tables as a `RecordFile` of kind `scores`, version 1, read and
/// written under the file lock (`DurableStore`).
extension HighScoreTable {
    public static let kind = "scores"
    public static let version = 1
    public static let fileName = "scores.hjr"

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
