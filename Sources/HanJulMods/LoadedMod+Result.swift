import HanJulCore
import LuaKit
import HanJulText

extension LoadedMod {
    /// `result = { name = "time", unit = "ms", lower_is_better = true }` (and `clock = true`
    /// for rules that read the game clock with another unit; `tie_breaks = { name =,
    /// unit =, lower_is_better = }`, or a list of up to three, for tie-breaks).
    func readResultFormat(_ value: LuaValue) throws(ModLoadError) {
        let id = package.id
        if case .nil = value { return }
        let units = ResultFormat.Unit.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        let shape = "result must be { name = \"time\", unit = \"ms\", lower_is_better = true } (unit one of \(units))"
        guard let table = value.tableValue else { throw .manifest(id: id, reason: shape) }
        for (key, _) in table.entries() {
            guard let name = key.stringValue, ["name", "unit", "lower_is_better", "clock", "tie_breaks"].contains(name) else {
                throw .manifest(id: id, reason: "result has an unknown field '\(visible(key.stringValue ?? key.typeName, limit: 40))'; \(shape)")
            }
        }
        let (name, unit, lower) = try readResultPart(table, path: "result", units: units, shape: shape)
        var clock = false
        if case .nil = table["clock"] {} else {
            guard let flag = table["clock"].boolValue else {
                throw .manifest(id: id, reason: "result.clock must be true or false")
            }
            clock = flag
        }
        var then: [ResultFormat.TieBreak] = []
        if case .nil = table["tie_breaks"] {} else {
            let problem = "result.tie_breaks must be a tie-break { name = \"time\", unit = \"ms\", lower_is_better = true } or a list of 1 to \(ResultFormat.maxTieBreaks) of them"
            guard let list = table["tie_breaks"].tableValue else { throw .manifest(id: id, reason: problem) }
            // One table, or a list of them.
            let parts: [(LuaTableRef, String)]
            if list.rawLength == 0 {
                parts = [(list, "result.tie_breaks")]
            } else {
                guard list.rawLength <= ResultFormat.maxTieBreaks, list.entries().count == list.rawLength else {
                    throw .manifest(id: id, reason: problem)
                }
                var tables: [(LuaTableRef, String)] = []
                for index in 1...list.rawLength {
                    guard let part = list[index].tableValue else { throw .manifest(id: id, reason: "result.tie_breaks[\(index)]: " + problem) }
                    tables.append((part, "result.tie_breaks[\(index)]"))
                }
                parts = tables
            }
            for (part, path) in parts {
                for (key, _) in part.entries() {
                    guard let field = key.stringValue, ["name", "unit", "lower_is_better"].contains(field) else {
                        throw .manifest(id: id, reason: "\(path) has an unknown field '\(visible(key.stringValue ?? key.typeName, limit: 40))' (use name, unit, lower_is_better)")
                    }
                }
                let (tieName, tieUnit, tieLower) = try readResultPart(part, path: path, units: units, shape: nil)
                then.append(ResultFormat.TieBreak(name: tieName, unit: tieUnit, lowerIsBetter: tieLower))
            }
        }
        resultFormat = ResultFormat(name: name, unit: unit, lowerIsBetter: lower, clock: clock, then: then)
    }

    /// The name, unit and direction of a result or a tie-break.
    private func readResultPart(_ table: LuaTableRef, path: String, units: String,
                                shape: String?) throws(ModLoadError) -> (String, ResultFormat.Unit, Bool) {
        let id = package.id
        guard let name = table["name"].stringValue else {
            throw .manifest(id: id, reason: "\(path).name must be a string of 1 to 32 characters" + (shape.map { "; " + $0 } ?? ""))
        }
        // The rule sweep files are read back under (H-4): what loads here, stats accepts.
        if let problem = ResultName.problem(name) {
            throw .manifest(id: id, reason: "\(path).name '\(visible(name, limit: 40))' \(problem)")
        }
        guard let word = table["unit"].stringValue, let unit = ResultFormat.Unit(rawValue: word) else {
            throw .manifest(id: id, reason: "\(path).unit must be one of \(units)")
        }
        var lower = false
        if case .nil = table["lower_is_better"] {} else {
            guard let flag = table["lower_is_better"].boolValue else {
                throw .manifest(id: id, reason: "\(path).lower_is_better must be true or false")
            }
            lower = flag
        }
        return (name, unit, lower)
    }
}
