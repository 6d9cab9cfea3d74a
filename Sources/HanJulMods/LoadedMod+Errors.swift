import HanJulCore
import LuaKit
import HanJulText

extension LoadedMod {
    // MARK: Errors

    /// `Mods/garbage/mod.lua:12: on_lock: attempt to index a nil value` from a Lua error.
    static func describe(_ error: LuaError, hook: Hook?) -> String {
        ruleError(error, mod: nil, hook: hook).description
    }

    /// A load-time error, with the mod's own frames when it came from a file `mod.lua`
    /// required: `Mods/x/util.lua:2: loading mod.lua: attempt to … (traceback: util.lua:2
    /// in local 'f', util.lua:3 in main chunk, require, mod.lua:1 in main chunk)`.
    static func describeLoad(_ error: LuaError, folder: String) -> String {
        let text = describe(error, hook: nil)
        guard let traceback = error.traceback else { return text }
        var frames: [String] = []
        for line in traceback.split(separator: "\n").dropFirst() {
            let frame = line.trimmingPrefixSpaces()
            if frame.hasPrefix("[C]: in function 'require'") {
                frames.append("require")
            } else if frame.hasPrefix(folder + "/") {
                let inFolder = frame.dropFirst(folder.count + 1)
                if let at = inFolder.firstRange(of: ": in ") {
                    let what = String(inFolder[at.upperBound...]).replacing("<" + folder + "/", with: "<")
                    frames.append(String(inFolder[..<at.lowerBound]) + " in " + what)
                } else {
                    frames.append(String(inFolder))
                }
            }
        }
        guard frames.contains("require") else { return text }
        return text + " (traceback: " + visible(frames.joined(separator: ", "), limit: 300) + ")"
    }

    func ruleError(_ error: LuaError, hook: Hook) -> RuleError {
        Self.ruleError(error, mod: package.id, hook: hook)
    }

    /// A hook's failure; a bad *returned* value is placed at the hook function's definition
    /// (no line of it runs when the host reads what it returned).
    func ruleError(_ error: LuaError, hook: Hook, function: LuaFunctionRef) -> RuleError {
        var converted = Self.ruleError(error, mod: package.id, hook: hook)
        if case .conversion = error, converted.location == nil, let place = function.definition {
            converted.location = visible(place, limit: 200)
        }
        return converted
    }

    static func ruleError(_ error: LuaError, mod: String?, hook: Hook?) -> RuleError {
        let stage = hook?.rawValue ?? "loading mod.lua"
        switch error {
        case .runtime(let message, let traceback):
            let (location, rest) = splitLocation(message)
            return RuleError(mod: mod, hook: stage, location: location, message: visible(rest, limit: 400),
                             traceback: visibleLines(traceback, limit: 4000))
        case .syntax(let message):
            let (location, rest) = splitLocation(message)
            return RuleError(mod: mod, hook: stage, location: location, message: "syntax error: " + visible(rest, limit: 400))
        case .budgetExceeded(let traceback):
            let location = traceback.split(separator: "\n").dropFirst().lazy.map { $0.trimmingPrefixSpaces() }
                .first { $0.contains(".lua:") }.map { String($0.prefix { $0 != " " }.dropLast()) }
            return RuleError(mod: mod, hook: stage, location: location,
                             message: "ran past its budget of \(limits.instructionsPerCall) Lua instructions (an endless loop?)",
                             traceback: visibleLines(traceback, limit: 4000))
        case .memory:
            return RuleError(mod: mod, hook: stage, message: "ran out of memory (each mod may use \(limits.memoryBytes >> 20) MiB)")
        case .conversion(let message):
            return RuleError(mod: mod, hook: stage, message: "returned a bad value: " + visible(message, limit: 400))
        case .stackExhausted:
            return RuleError(mod: mod, hook: stage, message: "\(LuaError.stackExhausted) (too many values at once, or calls nested too deep)")
        case .stackUnbalanced:
            return RuleError(mod: mod, hook: stage, message: error.description)
        }
    }

    /// Splits `file.lua:12: message` into the location and the message.
    static func splitLocation(_ message: String) -> (String?, String) {
        let parts = message.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        if parts.count == 3, parts[0].hasSuffix(".lua"), Int(parts[1]) != nil {
            return ("\(parts[0]):\(parts[1])", String(parts[2].drop { $0 == " " }))
        }
        return (nil, message)
    }

    /// The line of `mod.lua` where `field` is set as a table key (`field =` or
    /// `["field"] =`, outside `--` comments), for a message that points at it; `nil` when the
    /// key was built by code.
    static func line(ofField field: String, in source: [UInt8]) -> Int? {
        let name = Array(field.utf8)
        guard !name.isEmpty else { return nil }
        func isWord(_ c: UInt8) -> Bool { c == 0x5F || (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A) }
        var number = 0
        for line in source.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            var text = Array(line)
            if let dash = (0..<max(0, text.count - 1)).first(where: { text[$0] == 0x2D && text[$0 + 1] == 0x2D }) {
                text.removeSubrange(dash...)
            }
            var i = 0
            while i + name.count <= text.count {
                defer { i += 1 }
                guard Array(text[i..<i + name.count]) == name else { continue }
                var before = i - 1, after = i + name.count
                let quoted = before >= 0 && (text[before] == 0x22 || text[before] == 0x27)
                if quoted {
                    // ["field"] =
                    guard after < text.count, text[after] == text[before] else { continue }
                    before -= 1
                    while before >= 0 && text[before] == 0x20 { before -= 1 }
                    guard before >= 0, text[before] == 0x5B else { continue }
                    after += 1
                    while after < text.count && text[after] == 0x20 { after += 1 }
                    guard after < text.count, text[after] == 0x5D else { continue }
                    after += 1
                } else {
                    if before >= 0 && (isWord(text[before]) || text[before] == 0x2E || text[before] == 0x3A) { continue }
                    if after < text.count && isWord(text[after]) { continue }
                }
                while after < text.count && (text[after] == 0x20 || text[after] == 0x09) { after += 1 }
                guard after < text.count, text[after] == 0x3D, after + 1 >= text.count || text[after + 1] != 0x3D else { continue }
                return number
            }
        }
        return nil
    }

    package static func closest(_ name: String, in candidates: [String]) -> String? {
        func distance(_ a: [Character], _ b: [Character]) -> Int {
            var row = Array(0...b.count)
            for i in 1...max(1, a.count) where !a.isEmpty {
                var previous = row[0]
                row[0] = i
                for j in 1...max(1, b.count) where !b.isEmpty {
                    let old = row[j]
                    row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                    previous = old
                }
            }
            return row[b.count]
        }
        let best = candidates.map { ($0, distance(Array(name), Array($0))) }.min { $0.1 < $1.1 }
        return best.flatMap { $0.1 <= 2 ? $0.0 : nil }
    }
}
