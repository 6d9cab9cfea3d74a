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
/// ```
///
/// A bad line stops the game before it starts with `file:line: what is wrong`, like
/// `keys.conf`. Names not given keep their defaults.
public struct PlayerSettings: Equatable, Sendable {
    public var handling: HandlingSettings

    public init(handling: HandlingSettings = .defaults) {
        self.handling = handling
    }

    public static let defaults = PlayerSettings()

    /// A bad line: where, and what is wrong.
    public struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        public var path: String
        public var line: Int
        public var message: String

        /// `/home/ana/.config/hanjul/settings.conf:2: das '-5' is out of range: give …`
        public var description: String { "\(path):\(line): \(message)" }
    }

    /// The settings in `text` (the file at `path`, named in errors).
    /// - Throws: `ParseError` for the first bad line.
    public static func parse(_ text: String, path: String) throws(ParseError) -> PlayerSettings {
        var settings = PlayerSettings.defaults
        var seen: [String: Int] = [:]
        for (index, rawLine) in ConfigText.lines(text).enumerated() {
            let number = index + 1
            let line = ConfigText.withoutComment(rawLine).trimmingSpaces()
            if line.isEmpty { continue }
            func fail(_ message: String) -> ParseError { ParseError(path: path, line: number, message: message) }
            guard let equals = line.firstIndex(of: "=") else { throw fail("expected 'name = value', e.g. 'das = 167'") }
            let name = String(line[..<equals].trimmingSpaces())
            let value = line[line.index(after: equals)...]
            guard let field = HandlingSettings.fields.first(where: { $0.name == name }) else {
                let known = HandlingSettings.fields.map(\.name).joined(separator: ", ")
                throw fail("unknown setting '\(KeyBindings.printable(Substring(name)))' (known: \(known))")
            }
            if let previous = seen[name] { throw fail("'\(name)' is set twice (lines \(previous) and \(number))") }
            seen[name] = number
            switch HandlingSettings.parse(value, for: field, label: name) {
            case .success(let parsed): settings.handling[keyPath: field.keyPath] = parsed
            case .failure(let error): throw fail(error.message)
            }
        }
        return settings
    }

    /// The file's text for these settings: every setting with its value and a comment.
    public var fileText: String {
        var text = "# HanJul settings (hanjul play). One 'name = value' per line; times in milliseconds.\n"
        for field in HandlingSettings.fields {
            text += "\(field.name) = \(handling[keyPath: field.keyPath])  # \(field.summary), \(field.range.lowerBound)-\(field.range.upperBound)\n"
        }
        return text
    }
}
