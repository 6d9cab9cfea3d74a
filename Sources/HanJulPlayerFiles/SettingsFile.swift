import HanJulPlay
import HanJulRender

/// The player's settings, `$XDG_CONFIG_HOME/hanjul/settings.conf`: one `name = value` per
/// line, `#` comments, blank lines ignored, CRLF line ends and a UTF-8 byte-order mark
/// accepted.
///
/// ```text
/// # settings.conf
/// das = 120
/// arr = 0          # straight to the wall
/// soft_drop = 20
/// das_cut = 17
/// ghost = on
/// preview = 6
/// mods = sprint      # what Play on the start screen plays (empty: the standard game)
/// ```
///
/// A bad line stops the game before it starts with `file:line: what is wrong`, like
/// `keys.conf`. Names not given keep their defaults.
extension PlayerSettings {
    /// The settings besides the handling ones, in the order the file lists them.
    static let otherNames = ["ghost", "preview", "mods", "name", "replays_kept", "palette", "theme"]

    /// The settings in `text` (the file at `path`, named in errors).
    /// - Throws: `ParseError` for the first bad line.
    public static func parse(_ text: String, path: String) throws(ParseError) -> PlayerSettings {
        var settings = PlayerSettings.defaults
        var seen: [String: Int] = [:]
        for assignment in try ConfigText.assignments(text, path: path, expected: "'name = value', e.g. 'das = 167'") {
            let number = assignment.line
            func fail(_ message: String) -> ParseError { ParseError(path: path, line: number, message: message) }
            let name = String(assignment.name)
            let value = assignment.value
            let field = HandlingSettings.fields.first(where: { $0.name == name })
            guard field != nil || otherNames.contains(name) else {
                let known = (HandlingSettings.fields.map(\.name) + otherNames).joined(separator: ", ")
                throw fail("unknown setting '\(KeyBindings.printable(Substring(name)))' (known: \(known))")
            }
            if let previous = seen[name] { throw fail("'\(name)' is set twice (lines \(previous) and \(number))") }
            seen[name] = number
            guard let field else {
                let text = value.trimmingSpaces()
                switch name {
                case "ghost":
                    switch text {
                    case "on", "yes", "true": settings.ghost = true
                    case "off", "no", "false": settings.ghost = false
                    default: throw fail("ghost '\(KeyBindings.printable(text))' is not on or off")
                    }
                case "preview":
                    guard let count = Int(text), (0...Scene.maxPreview).contains(count) else {
                        throw fail("preview '\(KeyBindings.printable(text))' is out of range: give a count from 0 to \(Scene.maxPreview)")
                    }
                    settings.preview = count
                case "palette":
                    guard let palette = Palette(rawValue: String(text)) else {
                        throw fail("palette '\(KeyBindings.printable(text))' is not one of \(Palette.allCases.map(\.rawValue).joined(separator: ", "))")
                    }
                    settings.palette = palette
                case "theme":
                    guard let theme = Theme(rawValue: String(text)) else {
                        throw fail("theme '\(KeyBindings.printable(text))' is not one of \(Theme.allCases.map(\.rawValue).joined(separator: ", "))")
                    }
                    settings.theme = theme
                case "name":
                    let name = HighScore.cleanName(String(text))
                    settings.name = name.isEmpty ? nil : name
                case "replays_kept":
                    guard let count = Int(text), (0...100_000).contains(count) else {
                        throw fail("replays_kept '\(KeyBindings.printable(text))' is out of range: give a count from 0 to 100000")
                    }
                    settings.replaysKept = count
                default:
                    let ids = text.split(separator: ",").map { String($0.trimmingSpaces()) }.filter { !$0.isEmpty }
                    if let bad = ids.first(where: { id in !id.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." } }) {
                        throw fail("mods: '\(KeyBindings.printable(Substring(bad)))' is not a mod id")
                    }
                    settings.mods = ids
                }
                continue
            }
            switch HandlingSettings.parse(value, for: field, label: name) {
            case .success(let parsed): settings.handling[keyPath: field.keyPath] = parsed
            case .failure(let error): throw fail(error.message)
            }
        }
        return settings
    }

    /// The value `name` is written with (a handling setting's or another's), nil for a name
    /// that is not a setting.
    func written(_ name: String) -> String? {
        if let field = HandlingSettings.fields.first(where: { $0.name == name }) { return "\(handling[keyPath: field.keyPath])" }
        switch name {
        case "ghost": return ghost ? "on" : "off"
        case "preview": return "\(preview)"
        case "mods": return mods.joined(separator: ", ")
        case "name": return self.name ?? ""
        case "replays_kept": return "\(replaysKept)"
        case "palette": return palette.rawValue
        case "theme": return theme.rawValue
        default: return nil
        }
    }

    /// `old` (the file as it is) with these settings: each setting's line gets the new
    /// value and keeps its comment; comments, blank lines and every other line stay as they
    /// are, in their place (and the line ends and byte-order mark with them); settings the
    /// file lacks are added at its end, as `fileText` writes them.
    public func fileText(keeping old: String) -> String {
        let lines = ConfigText.lines(old)
        let newline = old.contains("\r\n") ? "\r\n" : "\n"
        var seen: Set<String> = []
        var out: [String] = []
        for line in lines {
            let body = ConfigText.withoutComment(line)
            let comment = line[body.endIndex...]
            if let equals = body.firstIndex(of: "="), case let name = String(body[..<equals].trimmingSpaces()),
               !seen.contains(name), let value = written(name) {
                seen.insert(name)
                let indent = line.prefix { $0 == " " || $0 == "\t" }
                let gap = comment.isEmpty ? "" : String(body.reversed().prefix { $0 == " " || $0 == "\t" })
                out.append("\(indent)\(name) =\(value.isEmpty ? "" : " " + value)\(gap)\(comment)")
            } else {
                out.append(String(line))
            }
        }
        // The lines this version writes for settings the file does not name yet.
        let missing = ConfigText.lines(fileText).filter { line in
            guard !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") else { return false }
            let name = String(line[..<equals].trimmingSpaces())
            return written(name) != nil && !seen.contains(name)
        }
        if !missing.isEmpty {
            if out.last == "" { out.removeLast() }
            out += missing.map(String.init)
            out.append("")
        }
        let bom = old.unicodeScalars.first == "\u{FEFF}" ? "\u{FEFF}" : ""
        return bom + out.joined(separator: newline)
    }

    /// The file's text for these settings: every setting with its value and a comment.
    public var fileText: String {
        var text = "# HanJul settings (hanjul play). One 'name = value' per line; times in milliseconds.\n"
        for field in HandlingSettings.fields {
            text += "\(field.name) = \(handling[keyPath: field.keyPath])  # \(field.summary), \(field.range.lowerBound)-\(field.range.upperBound)\n"
        }
        text += "ghost = \(ghost ? "on" : "off")  # draw where the piece would land\n"
        text += "preview = \(preview)  # the most next pieces shown, 0-\(Scene.maxPreview)\n"
        text += "mods = \(mods.joined(separator: ", "))  # what Play on the start screen plays (empty: the standard game)\n"
        text += "name = \(name ?? "")  # your name in the high scores (empty: $USER)\n"
        text += "replays_kept = \(replaysKept)  # replays kept besides those of high-score games\n"
        text += "palette = \(palette.rawValue)  # colours: \(Palette.allCases.map(\.rawValue).joined(separator: ", ")) (auto: what the terminal says)\n"
        text += "theme = \(theme.rawValue)  # background: auto (asks the terminal), dark or light\n"
        return text
    }
}
