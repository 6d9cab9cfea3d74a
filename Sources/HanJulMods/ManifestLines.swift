/// Where each field of a mod's manifest is written in mod.lua, nested tables included
/// (`hold`, `result.unit`, `pieces[2].color`, `kicks.T["0>1"]`), so a manifest error names
/// its line: `hold = "yes"` on line 7 → `Mods/x/mod.lua:7`.
///
/// A small scan of the Lua text, not a parser: it follows table constructors (`{ … }`),
/// skipping comments, strings and function bodies, and records each key written as
/// `name =` or `["name"] =` at the start of an entry, and each positional entry by its
/// index. Fields a mod sets by code (`M.hold = …`) are found by `LoadedMod.line(ofField:in:)`.
struct ManifestLines {
    /// The line of each path, the first constructor `return` gives preferred.
    private(set) var lines: [String: Int] = [:]

    init(source: [UInt8]) {
        var scanner = Scanner(source: source)
        scanner.run()
        lines = scanner.returned.merging(scanner.all) { returned, _ in returned }
    }

    /// The line of `path` or, when it is not written as such, of the nearest enclosing field.
    func line(of path: String) -> Int? {
        var path = path
        while !path.isEmpty {
            if let line = lines[path] { return line }
            guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
            path = String(path[..<cut])
        }
        return nil
    }

    /// The field path a manifest message starts with (`result.unit must be …`,
    /// `needs 'name' as …`, `lock_delay has an unknown field 'x'` → `lock_delay.x`).
    static func path(inMessage message: String) -> String? {
        if message.hasPrefix("needs '") || message.hasPrefix("field '") {
            return message.split(separator: "'", maxSplits: 2).dropFirst().first.map(String.init)
        }
        if message.hasPrefix("says id") { return "id" }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.[]\"<>")
        let path = String(message.prefix { allowed.contains($0) })
        guard let first = path.first, first.isLetter || first == "_", !["has", "must", "needs", "says"].contains(path) else { return nil }
        let rest = message.dropFirst(path.count)
        if rest.hasPrefix(" has an unknown field '"), let name = rest.dropFirst(23).split(separator: "'").first {
            return path + "." + name
        }
        return path
    }

    private struct Scanner {
        let source: [UInt8]
        var index = 0
        var line = 1
        var all: [String: Int] = [:]
        var returned: [String: Int] = [:]

        /// One open table constructor.
        struct Table {
            /// Its path (nil: a table inside code, whose keys are no fields).
            var path: String?
            var positional = 0
            var parens: Int
            var blocks: Int
            var fromReturn: Bool
        }
        var tables: [Table] = []
        var parens = 0
        var blocks = 0
        /// At the start of an entry of the innermost table (after `{`, `,` or `;`).
        var entryStart = false
        /// The key written just before `=` at an entry's start, for a `{` that follows.
        var pendingKey: (path: String, line: Int)?
        var previousWord = ""

        init(source: [UInt8]) { self.source = source }

        func peek(_ offset: Int = 0) -> UInt8 { index + offset < source.count ? source[index + offset] : 0 }

        mutating func run() {
            while index < source.count {
                let c = source[index]
                switch c {
                case 0x0A: line += 1; index += 1
                case 0x20, 0x09, 0x0D: index += 1
                case 0x2D where peek(1) == 0x2D: skipComment()
                case 0x22, 0x27:
                    let text = readQuoted()
                    token(.string(text))
                case 0x5B where peek(1) == 0x5B || peek(1) == 0x3D:
                    if let _ = readLongBracket() { token(.string("")) } else { index += 1; token(.punct(0x5B)) }
                default:
                    if isWordStart(c) {
                        let start = index
                        while index < source.count && isWord(source[index]) { index += 1 }
                        token(.word(String(decoding: source[start..<index], as: UTF8.self)))
                    } else if c >= 0x30 && c <= 0x39 {
                        while index < source.count && (isWord(source[index]) || source[index] == 0x2E) { index += 1 }
                        token(.other)
                    } else if c == 0x3D && peek(1) == 0x3D {
                        index += 2
                        token(.other)
                    } else {
                        index += 1
                        token(.punct(c))
                    }
                }
            }
        }

        enum Token { case word(String), string(String), punct(UInt8), other }

        func isWordStart(_ c: UInt8) -> Bool { c == 0x5F || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A) }
        func isWord(_ c: UInt8) -> Bool { isWordStart(c) || (c >= 0x30 && c <= 0x39) }

        /// Whether the innermost table's entries are being read (not code inside it).
        var atTableLevel: Bool {
            guard let top = tables.last else { return false }
            return top.parens == parens && top.blocks == blocks
        }

        /// Looks past spaces and comments for `=` (not `==`), without consuming anything.
        func followedByAssignment() -> Bool {
            var i = index
            while i < source.count, [0x20, 0x09, 0x0D, 0x0A].contains(source[i]) { i += 1 }
            return i < source.count && source[i] == 0x3D && (i + 1 >= source.count || source[i + 1] != 0x3D)
        }

        mutating func record(_ path: String, line: Int) {
            if all[path] == nil { all[path] = line }
            if tables.first?.fromReturn == true, returned[path] == nil { returned[path] = line }
        }

        func child(_ key: String) -> String? {
            guard let parent = tables.last?.path else { return nil }
            return parent.isEmpty ? key : parent + "." + key
        }

        mutating func token(_ token: Token) {
            let startOfEntry = entryStart && atTableLevel
            entryStart = false
            defer { if case .word(let word) = token { previousWord = word } else { previousWord = "" } }
            switch token {
            case .word(let word):
                switch word {
                case "function", "if", "do", "repeat": blocks += 1
                case "end", "until": blocks -= 1
                default: break
                }
                if startOfEntry && followedByAssignment() {
                    if let path = child(word) {
                        record(path, line: line)
                        pendingKey = (path, line)
                    }
                    return
                }
                countPositional(startOfEntry)
            case .punct(0x7B):
                // `{`: a table of the manifest when it is a field's value or an entry.
                var path: String?
                if let key = pendingKey { path = key.path } else if startOfEntry, let parent = tables.last?.path {
                    tables[tables.count - 1].positional += 1
                    path = parent + "[\(tables[tables.count - 1].positional)]"
                    record(path!, line: line)
                } else if tables.isEmpty && blocks == 0 {
                    // A table written at the file's top level (not in a function).
                    path = ""
                }
                pendingKey = nil
                tables.append(Table(path: path, parens: parens, blocks: blocks,
                                    fromReturn: tables.isEmpty ? path != nil && previousWord == "return" : tables[0].fromReturn))
                entryStart = true
            case .punct(0x7D):
                if !tables.isEmpty { tables.removeLast() }
                pendingKey = nil
            case .punct(0x2C), .punct(0x3B):
                if atTableLevel { entryStart = true; pendingKey = nil }
            case .punct(0x3D):
                // Keeps `pendingKey` for the value that follows.
                return
            case .punct(0x28): parens += 1
            case .punct(0x29): parens -= 1
            case .punct(0x5B) where startOfEntry:
                // `["name"] =`
                skipSpaces()
                let keyLine = line
                guard peek() == 0x22 || peek() == 0x27 else { return }
                let key = readQuoted()
                skipSpaces()
                guard peek() == 0x5D else { return }
                index += 1
                guard followedByAssignment() else { return }
                let isName = key.first.map { $0.isLetter || $0 == "_" } ?? false
                    && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
                if let parent = tables.last?.path {
                    let path = isName ? (parent.isEmpty ? key : parent + "." + key) : parent + "[\"\(key)\"]"
                    record(path, line: keyLine)
                    pendingKey = (path, keyLine)
                }
                return
            default:
                countPositional(startOfEntry)
            }
            if case .punct(0x7B) = token { return }
            pendingKey = nil
        }

        mutating func countPositional(_ startOfEntry: Bool) {
            guard startOfEntry, let parent = tables.last?.path, !parent.isEmpty else { return }
            tables[tables.count - 1].positional += 1
            record(parent + "[\(tables[tables.count - 1].positional)]", line: line)
        }

        mutating func skipSpaces() {
            while index < source.count, [0x20, 0x09, 0x0D, 0x0A].contains(source[index]) {
                if source[index] == 0x0A { line += 1 }
                index += 1
            }
        }

        mutating func skipComment() {
            index += 2
            if peek() == 0x5B, readLongBracket() != nil { return }
            while index < source.count && source[index] != 0x0A { index += 1 }
        }

        /// A quoted string's text (escapes kept as written, but for the quote).
        mutating func readQuoted() -> String {
            let quote = source[index]
            index += 1
            let start = index
            while index < source.count && source[index] != quote && source[index] != 0x0A {
                if source[index] == 0x5C { index += 1 }
                index += 1
            }
            let text = String(decoding: source[start..<min(index, source.count)], as: UTF8.self)
            if index < source.count && source[index] == quote { index += 1 }
            return text
        }

        /// `[[ … ]]` or `[==[ … ]==]` from `[`; nil (nothing consumed) when it is not one.
        mutating func readLongBracket() -> Bool? {
            var i = index + 1, level = 0
            while i < source.count && source[i] == 0x3D { level += 1; i += 1 }
            guard i < source.count && source[i] == 0x5B else { return nil }
            i += 1
            while i < source.count {
                if source[i] == 0x0A { line += 1 }
                if source[i] == 0x5D {
                    var j = i + 1, closing = 0
                    while j < source.count && source[j] == 0x3D { closing += 1; j += 1 }
                    if closing == level && j < source.count && source[j] == 0x5D {
                        index = j + 1
                        return true
                    }
                }
                i += 1
            }
            index = source.count
            return true
        }
    }
}

extension LoadedMod {
    /// The first line that sets `field` as a member (`M.field = …`): a manifest built by code.
    static func line(ofMemberAssignment field: String, in source: [UInt8]) -> Int? {
        let needle = Array(("." + field).utf8)
        var number = 0
        for line in source.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            let text = Array(line)
            var i = 0
            while i + needle.count <= text.count {
                defer { i += 1 }
                guard Array(text[i..<i + needle.count]) == needle else { continue }
                var after = i + needle.count
                while after < text.count && (text[after] == 0x20 || text[after] == 0x09) { after += 1 }
                if after < text.count, text[after] == 0x3D, after + 1 >= text.count || text[after + 1] != 0x3D { return number }
            }
        }
        return nil
    }

    /// `error` with the line of mod.lua its field is written on, when it names a field
    /// and no line yet: `hold must be true or false …, at Mods/x/mod.lua:7`.
    static func locating(_ error: ModLoadError, source: [UInt8], displayFolder: String) -> ModLoadError {
        guard case .manifest(let id, let reason) = error, !reason.contains(".lua:"),
              let path = ManifestLines.path(inMessage: reason) else { return error }
        let first = String(path.prefix { $0 != "." && $0 != "[" })
        guard let line = ManifestLines(source: source).line(of: path) ?? line(ofField: first, in: source)
                ?? line(ofMemberAssignment: first, in: source) else { return error }
        return .manifest(id: id, reason: reason + ", at \(displayFolder)/mod.lua:\(line)")
    }
}
