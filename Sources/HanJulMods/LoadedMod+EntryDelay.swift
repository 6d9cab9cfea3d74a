import HanJulCore
import LuaKit
import HanJulText

extension LoadedMod {
    /// `entry_delay = { ms = 500, line_clear = 700, from_level = { { level = 500, ms = 400,
    /// line_clear = 500 }, … } }` (`line_clear` left out: `ms`; `from_level` optional), or
    /// `false`.
    func readEntryDelay(_ value: LuaValue) throws(ModLoadError) {
        let id = package.id
        if case .nil = value { return }
        if value.boolValue == false {
            entryDelay = .some(nil)
            return
        }
        let most = EntryDelay.maxMilliseconds
        let shape = "entry_delay must be { ms = 0…\(most), line_clear = 0…\(most), from_level = { { level = L, ms = …, line_clear = … }, … } } (line_clear left out: ms; from_level optional, levels rising) or false"
        guard let table = value.tableValue else { throw .manifest(id: id, reason: shape) }
        func delays(_ table: LuaTableRef, _ at: String, names: [String]) throws(ModLoadError) -> (Int, Int) {
            for (key, _) in table.entries() {
                guard let name = key.stringValue, names.contains(name) else {
                    throw .manifest(id: id, reason: "\(at) has an unknown field '\(visible(key.stringValue ?? key.typeName, limit: 40))'; \(shape)")
                }
            }
            guard let ms = table["ms"].integerValue, (0...most).contains(ms) else {
                throw .manifest(id: id, reason: "\(at).ms must be an integer from 0 to \(most) (milliseconds from a lock to the next entry); \(shape)")
            }
            if case .nil = table["line_clear"] { return (ms, ms) }
            guard let lineClear = table["line_clear"].integerValue, (0...most).contains(lineClear) else {
                throw .manifest(id: id, reason: "\(at).line_clear must be an integer from 0 to \(most) (milliseconds from a lock that cleared rows to the next entry); \(shape)")
            }
            return (ms, lineClear)
        }
        let (ms, lineClear) = try delays(table, "entry_delay", names: ["ms", "line_clear", "from_level"])
        var steps: [EntryDelay.Step] = []
        if case .nil = table["from_level"] {} else {
            let problem = "entry_delay.from_level must be a list of 1 to 100 tables { level = L, ms = …, line_clear = … }, levels rising"
            guard let list = table["from_level"].tableValue, (1...100).contains(list.rawLength),
                  list.entries().count == list.rawLength else { throw .manifest(id: id, reason: problem) }
            for index in 1...list.rawLength {
                let at = "entry_delay.from_level[\(index)]"
                guard let step = list[index].tableValue else { throw .manifest(id: id, reason: "\(at) must be a table; " + problem) }
                guard let level = step["level"].integerValue, (0...GameStart.maxLevel).contains(level),
                      level > steps.last?.level ?? -1 else {
                    throw .manifest(id: id, reason: "\(at).level must be an integer from 0 to \(GameStart.maxLevel), above the one before; " + problem)
                }
                let (ms, lineClear) = try delays(step, at, names: ["level", "ms", "line_clear"])
                steps.append(EntryDelay.Step(level: level, milliseconds: ms, lineClear: lineClear))
            }
        }
        entryDelay = .some(EntryDelay(milliseconds: ms, lineClear: lineClear, steps: steps))
    }
}
