import HanJulCore
import LuaKit
import HanJulText

extension LoadedMod {
    // MARK: Reading the returned table (raw reads only: no metamethod runs from Swift)

    static func readManifest(_ table: LuaTableRef, id: String, source: [UInt8], displayFolder: String) throws(ModLoadError) -> ModManifest {
        func text(_ key: String, required: Bool = true) throws(ModLoadError) -> String {
            let value = table[key]
            if case .nil = value, !required { return "" }
            guard let string = value.stringValue, !string.isEmpty || !required else {
                throw .manifest(id: id, reason: "needs '\(key)' as a string (it is \(value.typeName))")
            }
            return visible(string, limit: 300)
        }
        let declared = try text("id")
        guard declared == id else {
            throw .manifest(id: id, reason: "says id = \"\(declared)\", but its folder is '\(id)'; they must match")
        }
        guard let api = table["api"].integerValue else {
            throw .manifest(id: id, reason: "needs 'api' as an integer (the hook API version; this HanJul runs \(ModManifest.supportedAPI.lowerBound))")
        }
        guard ModManifest.supportedAPI.contains(api) else {
            throw .manifest(id: id, reason: "needs API version \(api); this HanJul runs API \(ModManifest.supportedAPI.lowerBound)…\(ModManifest.supportedAPI.upperBound)")
        }
        var names: [String] = []
        for (key, _) in table.entries() {
            guard let name = key.stringValue else {
                throw .manifest(id: id, reason: "has a key that is not a string (\(key.typeName))")
            }
            names.append(name)
        }
        // Sorted, so the same mistake gives the same message every run (pairs order varies).
        for name in names.sorted() {
            if Hook(rawValue: name) == nil && !Hook.dataFields.contains(name) {
                let suggestion = Self.closest(name, in: Hook.allCases.map(\.rawValue) + Hook.dataFields.sorted())
                let line = Self.line(ofField: name, in: source)
                throw .manifest(id: id, reason: "has an unknown field '\(visible(name, limit: 40))'\(suggestion.map { " (did you mean '\($0)'?)" } ?? "")"
                                + (line.map { ", at \(displayFolder)/mod.lua:\($0)" } ?? ""))
            }
        }
        var manifest = ModManifest(id: declared, name: try text("name"), version: try text("version"),
                                   description: try text("description"), api: api)
        manifest.requires = try readRequires(table["requires"], id: id)
        manifest.after = try readIDs(table["after"], field: "after", id: id)
        return manifest
    }

    /// `requires = { "garbage", { "bonus", ">=1.0" } }`: ids, each alone or with a range.
    static func readRequires(_ value: LuaValue, id: String) throws(ModLoadError) -> [ModDependency] {
        if case .nil = value { return [] }
        let shape = "requires must be a list of mod ids, each alone or with a version range: { \"garbage\", { \"bonus\", \">=1.0\" } }"
        guard let list = value.tableValue, list.entries().count == list.rawLength, list.rawLength <= 16 else {
            throw .manifest(id: id, reason: shape + " (at most 16)")
        }
        var dependencies: [ModDependency] = []
        for index in 0..<list.rawLength {
            let entry = list[index + 1]
            if let other = entry.stringValue {
                dependencies.append(ModDependency(id: try checkedID(other, field: "requires[\(index + 1)]", id: id)))
                continue
            }
            guard let pair = entry.tableValue, pair.rawLength == 2, pair.entries().count == 2,
                  let other = pair[1].stringValue, let text = pair[2].stringValue else {
                throw .manifest(id: id, reason: "requires[\(index + 1)]: " + shape)
            }
            switch VersionRange.parse(text) {
            case .success(let range):
                dependencies.append(ModDependency(id: try checkedID(other, field: "requires[\(index + 1)]", id: id), range: range))
            case .failure(let error):
                throw .manifest(id: id, reason: "requires[\(index + 1)]: the range of '\(visible(other, limit: 40))': \(error.message)")
            }
        }
        return dependencies
    }

    /// `after = { "garbage" }`: mod ids.
    static func readIDs(_ value: LuaValue, field: String, id: String) throws(ModLoadError) -> [String] {
        if case .nil = value { return [] }
        guard let list = value.tableValue, list.entries().count == list.rawLength, list.rawLength <= 16 else {
            throw .manifest(id: id, reason: "\(field) must be a list of mod ids like { \"garbage\" } (at most 16)")
        }
        var ids: [String] = []
        for index in 0..<list.rawLength {
            guard let other = list[index + 1].stringValue else {
                throw .manifest(id: id, reason: "\(field)[\(index + 1)] must be a mod id (a string)")
            }
            ids.append(try checkedID(other, field: "\(field)[\(index + 1)]", id: id))
        }
        return ids
    }

    static func checkedID(_ other: String, field: String, id: String) throws(ModLoadError) -> String {
        guard ModPackage.isValidID(other) else {
            throw .manifest(id: id, reason: "\(field): '\(visible(other, limit: 40))' is not a mod id (a-z, 0-9, _ and -, at most 32)")
        }
        guard other != id else { throw .manifest(id: id, reason: "\(field): a mod cannot name itself") }
        return other
    }

    /// The hook functions: this Lua state's own, read on every load.
    func readHooks(_ table: LuaTableRef) throws(ModLoadError) {
        for hook in Hook.allCases {
            let value = table[hook.rawValue]
            if case .nil = value { continue }
            guard let function = value.functionValue else {
                throw .manifest(id: package.id, reason: "field '\(hook.rawValue)' must be a function (it is \(value.typeName))")
            }
            hooks[hook] = function
        }
    }

    func readRuleData(_ table: LuaTableRef) throws(ModLoadError) {
        let id = package.id
        try readHooks(table)
        if let board = table["board"].tableValue {
            guard let width = board["width"].integerValue, let height = board["height"].integerValue,
                  (Board.minSize...Board.maxWidth).contains(width), (Board.minSize...Board.maxHeight).contains(height) else {
                throw .manifest(id: id, reason: "board needs integer width (\(Board.minSize)…\(Board.maxWidth)) and height (\(Board.minSize)…\(Board.maxHeight))")
            }
            boardSize = (width, height)
        } else if case .nil = table["board"] {} else {
            throw .manifest(id: id, reason: "board must be a table { width = …, height = … }")
        }
        if case .nil = table["preview"] {} else {
            guard let preview = table["preview"].integerValue, (0...6).contains(preview) else {
                throw .manifest(id: id, reason: "preview must be an integer from 0 to 6")
            }
            self.preview = preview
        }
        if case .nil = table["kicks"] {} else {
            kicks = try readKicks(table["kicks"])
        }
        for (key, flag) in [("counterclockwise", \LoadedMod.counterclockwise), ("hold", \LoadedMod.hold),
                            ("rotate_180", \LoadedMod.halfTurn)] {
            let value = table[key]
            if case .nil = value { continue }
            guard let on = value.boolValue else {
                throw .manifest(id: id, reason: "\(key) must be true or false (it is \(value.typeName))")
            }
            self[keyPath: flag] = on
        }
        if case .nil = table["fresh_state"] {} else {
            guard let on = table["fresh_state"].boolValue else {
                throw .manifest(id: id, reason: "fresh_state must be true or false (it is \(table["fresh_state"].typeName))")
            }
            freshState = on
        }
        if case .nil = table["pieces"] {} else {
            pieces = try readPieces(table["pieces"])
        }
        if case .nil = table["extra_pieces"] {} else {
            extraPieces = try readKinds(table["extra_pieces"], field: "extra_pieces")
        }
        if case .nil = table["rotations"] {} else {
            try readRotations(table["rotations"])
        }
        try readLockDelay(table["lock_delay"])
        try readEntryDelay(table["entry_delay"])
        try readResultFormat(table["result"])
        try readGoal(table["goal"])
        try readGarbage(table["garbage"])
    }

    /// `garbage = { delay = 0, messiness = 0.3, cap = 8, cancels = true }`.
    func readGarbage(_ value: LuaValue) throws(ModLoadError) {
        let id = package.id
        if case .nil = value { return }
        let shape = "garbage must be { delay = PIECES, messiness = 0..1, cap = LINES, cancels = true }"
        guard let table = value.tableValue else { throw .manifest(id: id, reason: shape) }
        for (key, _) in table.entries() {
            guard let name = key.stringValue, ["delay", "messiness", "cap", "cancels"].contains(name) else {
                throw .manifest(id: id, reason: "garbage has an unknown field '\(visible(key.stringValue ?? key.typeName, limit: 40))'; \(shape)")
            }
        }
        var rules = GarbageRules()
        if case .nil = table["delay"] {} else {
            guard let delay = table["delay"].integerValue, GarbageRules.delayRange.contains(delay) else {
                throw .manifest(id: id, reason: "garbage.delay must be an integer from \(GarbageRules.delayRange.lowerBound) to \(GarbageRules.delayRange.upperBound) (pieces)")
            }
            rules.delay = delay
        }
        if case .nil = table["cap"] {} else {
            guard let cap = table["cap"].integerValue, GarbageRules.capRange.contains(cap) else {
                throw .manifest(id: id, reason: "garbage.cap must be an integer from \(GarbageRules.capRange.lowerBound) to \(GarbageRules.capRange.upperBound) (lines per piece)")
            }
            rules.cap = cap
        }
        switch table["messiness"] {
        case .nil: break
        case .integer(let n) where n == 0 || n == 1: rules.messiness = Double(n)
        case .number(let x) where x >= 0 && x <= 1: rules.messiness = x
        default: throw .manifest(id: id, reason: "garbage.messiness must be a number from 0 to 1 (the chance a line's hole moves)")
        }
        if case .nil = table["cancels"] {} else {
            guard let cancels = table["cancels"].boolValue else {
                throw .manifest(id: id, reason: "garbage.cancels must be true or false")
            }
            rules.cancels = cancels
        }
        garbage = rules
    }

    /// `goal = { lines = 40 }`, `goal = { time = 120000 }` (milliseconds), or both.
    func readGoal(_ value: LuaValue) throws(ModLoadError) {
        let id = package.id
        if case .nil = value { return }
        let shape = "goal must be { lines = 1…1000000 } or { time = 1…86400000 } (milliseconds), or both"
        guard let table = value.tableValue else { throw .manifest(id: id, reason: shape) }
        for (key, _) in table.entries() {
            guard key.stringValue == "lines" || key.stringValue == "time" else {
                throw .manifest(id: id, reason: "goal has an unknown field '\(visible(key.stringValue ?? key.typeName, limit: 40))'; \(shape)")
            }
        }
        func field(_ name: String, _ range: ClosedRange<Int>) throws(ModLoadError) -> Int? {
            if case .nil = table[name] { return nil }
            guard let number = table[name].integerValue, range.contains(number) else { throw .manifest(id: id, reason: shape) }
            return number
        }
        let lines = try field("lines", 1...1_000_000), time = try field("time", 1...86_400_000)
        guard lines != nil || time != nil else { throw .manifest(id: id, reason: shape) }
        goal = GameGoal(lines: lines, milliseconds: time)
    }

    /// `lock_delay = { ms = 500, resets = 15 }` (`resets` left out: no limit; `reset = "step"`
    /// or `"none"` for TGM's step reset or none), or `false`.
    func readLockDelay(_ value: LuaValue) throws(ModLoadError) {
        let id = package.id
        if case .nil = value { return }
        if value.boolValue == false {
            lockDelay = .some(nil)
            return
        }
        let kinds = LockDelay.Reset.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        let shape = "lock_delay must be { ms = 1…10000, reset = \"move\", resets = 0…1000, by_level = { ms, … } } (reset one of \(kinds), default \"move\"; resets only with \"move\", left out: no limit; by_level optional) or false"
        guard let table = value.tableValue else { throw .manifest(id: id, reason: shape) }
        for (key, _) in table.entries() {
            guard let name = key.stringValue, ["ms", "resets", "by_level", "reset"].contains(name) else {
                throw .manifest(id: id, reason: "lock_delay has an unknown field '\(visible(key.stringValue ?? key.typeName, limit: 40))'; \(shape)")
            }
        }
        guard let ms = table["ms"].integerValue, (1...10_000).contains(ms) else {
            throw .manifest(id: id, reason: "lock_delay.ms must be an integer from 1 to 10000 (milliseconds); \(shape)")
        }
        var reset = LockDelay.Reset.move
        if case .nil = table["reset"] {} else {
            guard let word = table["reset"].stringValue, let kind = LockDelay.Reset(rawValue: word) else {
                throw .manifest(id: id, reason: "lock_delay.reset must be one of \(kinds) (move: moves and turns on the ground restart the timer; step: only a new lowest row does, TGM; none: nothing does)")
            }
            reset = kind
        }
        var resets: Int?
        if case .nil = table["resets"] {} else {
            guard let count = table["resets"].integerValue, (0...1000).contains(count) else {
                throw .manifest(id: id, reason: "lock_delay.resets must be an integer from 0 to 1000 (0: moves and turns on the ground never restart the timer)")
            }
            guard reset == .move else {
                throw .manifest(id: id, reason: "lock_delay.resets counts the resets of reset = \"move\"; under \"\(reset.rawValue)\" moves and turns never restart the timer: leave resets out")
            }
            resets = count
        }
        var byLevel: [Int] = []
        if case .nil = table["by_level"] {} else {
            let problem = "lock_delay.by_level must be a list of 1 to 100 times in ms, each 1…10000 (level 1 first)"
            guard let list = table["by_level"].tableValue, (1...100).contains(list.rawLength),
                  list.entries().count == list.rawLength else { throw .manifest(id: id, reason: problem) }
            for index in 1...list.rawLength {
                guard let step = list[index].integerValue, (1...10_000).contains(step) else {
                    throw .manifest(id: id, reason: "lock_delay.by_level[\(index)] must be an integer from 1 to 10000 (ms); " + problem)
                }
                byLevel.append(step)
            }
        }
        lockDelay = .some(LockDelay(milliseconds: ms, maxResets: resets, byLevel: byLevel, reset: reset))
    }

    /// `kicks`: one list of offsets for every turn, or a table of per-kind (`default` or a
    /// letter) lists or per-turn (`["0>1"]`) lists.
    func readKicks(_ value: LuaValue) throws(ModLoadError) -> KickSpec {
        let id = package.id
        let shape = "kicks must be a list of offsets like { {0, 0}, {-1, 0} }, or a table of them by kind (default, T, I, …) and turn ([\"0>1\"] = …)"
        guard let table = value.tableValue else { throw .manifest(id: id, reason: shape) }
        func offsets(_ value: LuaValue, at path: String) throws(ModLoadError) -> [Cell] {
            guard let list = value.tableValue, (1...16).contains(list.rawLength), list.entries().count == list.rawLength else {
                throw .manifest(id: id, reason: "\(path) must be a list of 1 to 16 offsets like { {0, 0}, {-1, 0} }")
            }
            var cells: [Cell] = []
            for index in 1...list.rawLength {
                guard let pair = list[index].tableValue, let dx = pair[1].integerValue, let dy = pair[2].integerValue,
                      (-4...4).contains(dx), (-4...4).contains(dy) else {
                    throw .manifest(id: id, reason: "\(path)[\(index)] must be {dx, dy} with each from -4 to 4")
                }
                cells.append(Cell(x: dx, y: dy))
            }
            return cells
        }
        // The old form: a list of offsets.
        if table.rawLength > 0 || table.entries().isEmpty {
            return KickSpec(uniform: try offsets(value, at: "kicks"))
        }
        var spec = KickSpec()
        for (key, entry) in table.entries().sorted(by: { ($0.key.stringValue ?? "") < ($1.key.stringValue ?? "") }) {
            guard let name = key.stringValue, name == "default" || (name.count == 1 && name.first!.isUppercase && name.first!.isASCII) else {
                throw .manifest(id: id, reason: "kicks has a key '\(visible(key.stringValue ?? key.typeName, limit: 20))'; use default or a piece letter")
            }
            let path = "kicks.\(name)"
            guard let inner = entry.tableValue else { throw .manifest(id: id, reason: "\(path) must be a list of offsets or a table of turns like [\"0>1\"] = { {0, 0} }") }
            if inner.rawLength > 0 {
                spec.kinds[name] = .every(try offsets(entry, at: path))
                continue
            }
            var turns: [KickSpec.Turn] = []
            for (turnKey, list) in inner.entries() {
                let text = turnKey.stringValue ?? ""
                let parts = text.split(separator: ">", omittingEmptySubsequences: false)
                guard parts.count == 2, let from = Int(parts[0]), let to = Int(parts[1]), (0..<8).contains(from), (0..<8).contains(to),
                      parts[0].allSatisfy(\.isASCII), parts[1].allSatisfy(\.isASCII) else {
                    throw .manifest(id: id, reason: "\(path) has a key '\(visible(turnKey.stringValue ?? turnKey.typeName, limit: 20))'; turns are written \"from>to\" with rotation states 0 to 7, like \"0>1\"")
                }
                turns.append(KickSpec.Turn(from: from, to: to, offsets: try offsets(list, at: "\(path)[\"\(text)\"]")))
            }
            spec.kinds[name] = .turns(turns.sorted { ($0.from, $0.to) < ($1.from, $1.to) })
        }
        return spec
    }

    func readPieces(_ value: LuaValue) throws(ModLoadError) -> PieceSet {
        let kinds = try readKinds(value, field: "pieces")
        do throws(PieceSetError) {
            return try PieceSet(kinds)
        } catch {
            throw .manifest(id: package.id, reason: "pieces: \(error)")
        }
    }

    /// A list of piece tables (`pieces` or `extra_pieces`), each checked as far as it goes
    /// alone; the set they end up in checks the rest.
    func readKinds(_ value: LuaValue, field: String) throws(ModLoadError) -> [PieceKind] {
        let id = package.id
        guard let list = value.tableValue, (1...PieceSet.maxKinds).contains(list.rawLength) else {
            throw .manifest(id: id, reason: "\(field) must be a list of 1 to \(PieceSet.maxKinds) piece tables")
        }
        var kinds: [PieceKind] = []
        for index in 1...list.rawLength {
            let at = "\(field)[\(index)]"
            guard let piece = list[index].tableValue else { throw .manifest(id: id, reason: "\(at) must be a table") }
            guard let letter = piece["letter"].stringValue, letter.count == 1 else {
                throw .manifest(id: id, reason: "\(at).letter must be one uppercase letter")
            }
            let color: UInt32
            if let number = piece["color"].integerValue, (0...0xFFFFFF).contains(number) {
                color = UInt32(number)
            } else if let text = piece["color"].stringValue, text.hasPrefix("#"), text.count == 7, let number = UInt32(text.dropFirst(), radix: 16) {
                color = number
            } else {
                throw .manifest(id: id, reason: "\(at).color must be 0xRRGGBB or \"#RRGGBB\"")
            }
            let states = try readStates(piece["rotations"], at: "\(at).rotations")
            var inBag = true
            if case .nil = piece["bag"] {} else {
                guard let dealt = piece["bag"].boolValue else {
                    throw .manifest(id: id, reason: "\(at).bag must be true or false (false: the default bag never deals it)")
                }
                inBag = dealt
            }
            for (key, _) in piece.entries() {
                guard let name = key.stringValue, ["letter", "color", "rotations", "bag"].contains(name) else {
                    throw .manifest(id: id, reason: "\(at) has an unknown field '\(visible(key.stringValue ?? key.typeName, limit: 40))' (use letter, color, rotations, bag)")
                }
            }
            kinds.append(PieceKind(letter: Character(letter), color: color, rotations: states, inBag: inBag))
        }
        return kinds
    }

    /// A list of 1 to 8 rotation states, each a list of cells `{x, y}` (a piece table's
    /// `rotations`, or one kind's entry of the manifest's `rotations`).
    func readStates(_ value: LuaValue, at path: String) throws(ModLoadError) -> [[Cell]] {
        let id = package.id
        guard let rotations = value.tableValue, (1...8).contains(rotations.rawLength) else {
            throw .manifest(id: id, reason: "\(path) must be a list of 1 to 8 rotation states")
        }
        var states: [[Cell]] = []
        for r in 1...rotations.rawLength {
            guard let cells = rotations[r].tableValue, (1...16).contains(cells.rawLength) else {
                throw .manifest(id: id, reason: "\(path)[\(r)] must be a list of cells like { {0, 1}, {1, 1} }")
            }
            var state: [Cell] = []
            for c in 1...cells.rawLength {
                guard let pair = cells[c].tableValue, let x = pair[1].integerValue, let y = pair[2].integerValue,
                      (-8...8).contains(x), (-8...8).contains(y) else {
                    throw .manifest(id: id, reason: "\(path)[\(r)][\(c)] must be {x, y} with small integers")
                }
                state.append(Cell(x: x, y: y))
            }
            states.append(state)
        }
        return states
    }

    /// `rotations = { T = { state, … }, … }`: new rotation states for kinds of the set, by
    /// letter (checked against the set when the mods are composed).
    func readRotations(_ value: LuaValue) throws(ModLoadError) {
        let id = package.id
        let shape = "rotations must be a table of rotation-state lists by piece letter, like { T = { { {1, 0}, {0, 1}, {1, 1}, {2, 1} }, … } }"
        guard let table = value.tableValue, table.rawLength == 0 else { throw .manifest(id: id, reason: shape) }
        for (key, entry) in table.entries() {
            guard let letter = key.stringValue, letter.count == 1, letter.first!.isASCII, letter.first!.isUppercase else {
                throw .manifest(id: id, reason: "rotations has a key '\(visible(key.stringValue ?? key.typeName, limit: 20))'; \(shape)")
            }
            rotations[letter] = try readStates(entry, at: "rotations.\(letter)")
        }
        guard !rotations.isEmpty else { throw .manifest(id: id, reason: shape) }
    }
}
