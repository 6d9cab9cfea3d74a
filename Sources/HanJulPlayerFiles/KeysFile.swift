import HanJulSystem
import HanJulFiles
import HanJulPlay
import HanJulTerminal

/// Saving key bindings to `keys.conf` the way a person would edit it: line by line, in place.
///
/// Only the lines of commands whose keys changed are touched, and of those only the list
/// after `=` (a comment after it stays); commands the file did not name get a line at the
/// end. Every other line — comments, blank lines, the other commands — stays byte for byte,
/// and so do the line ends (CRLF stays CRLF) and a byte-order mark.
///
/// ```
/// # my keys              # my keys
/// hold = c   # thumb  →  hold = v   # thumb
/// ```
public enum KeysFile {
    /// The first line of a keys.conf the Keys page creates.
    static let header = "# HanJul key bindings: 'command = key, key'. The Keys page (Settings) edits this file and keeps your comments."

    /// `text` (the file at `path`) edited so that it reads as `bindings`.
    /// - Throws: `ConfigFileError` when `text` itself is not a valid keys.conf (nothing is
    ///   edited then: the player's line would be lost or misread).
    public static func edited(_ text: String, to bindings: KeyBindings, path: String) throws(ConfigFileError) -> String {
        var current = try KeyBindings.parse(text, path: path)
        var lines = Line.split(text)
        // A command written out can take keys from the defaults of commands not named, so
        // write until the file reads as wanted: at most once per command.
        for _ in 0...Control.allCases.count where current != bindings {
            for command in Control.allCases where current.keys[command] != bindings.keys[command] {
                let list = (bindings.keys[command] ?? []).map(KeyBindings.name(of:)).joined(separator: ", ")
                if let index = lines.firstIndex(where: { $0.command == command.rawValue }) {
                    lines[index].setValue(list)
                } else {
                    Line.append("\(command.rawValue) = \(list)", to: &lines)
                }
            }
            current = try KeyBindings.parse(Line.joined(lines), path: path)
        }
        guard current == bindings else {
            throw ConfigFileError(path: path, line: 0, message: "the bindings could not be written as lines of keys.conf")
        }
        return Line.joined(lines)
    }

    /// Writes `bindings` into the file at `path` (created when missing), atomically, keeping
    /// its permissions; through a symbolic link to a regular file of the user's (a dotfile
    /// manager's), the link kept (``ConfigFile``). Returns nil, or a line for the player; on
    /// any problem the file is left as it was: a link to anything else, a file that cannot
    /// be read, one that is not UTF-8 or not a valid keys.conf.
    public static func save(_ bindings: KeyBindings, to path: String) -> String? {
        let kept = "not saved (the keys apply until you quit; \(path) was left as it was)"
        var text = ""
        do throws(FileError) {
            let bytes = try ConfigFile.read(path, maxBytes: 64 << 10)
            guard let decoded = String(validating: bytes, as: UTF8.self) else { return "\(path) is not UTF-8 text: \(kept)" }
            text = decoded
        } catch {
            switch error.kind {
            case .missing where error.path == path: text = header + "\n"
            case .linkTarget: return "\(path): \(error.reason): \(kept)"
            default:
                return "could not read \(path): \(error.reason): \(kept)"
            }
        }
        let edited: String
        do throws(ConfigFileError) {
            edited = try Self.edited(text, to: bindings, path: path)
        } catch {
            return "\(error.description): fix or remove that line; \(kept)"
        }
        do throws(FileError) {
            try ConfigFile.write(Array(edited.utf8), to: path)
            return nil
        } catch {
            return "could not save keys to \(error.path): \(error.reason); the file was left as it was"
        }
    }

    /// One line of the file: its text and its line end (`\n`, `\r\n`, `\r`, or none at the end).
    struct Line {
        var text: Substring
        var end: Substring

        /// The lines of `text`, a byte-order mark kept on the first.
        static func split(_ text: String) -> [Line] {
            var lines: [Line] = []
            let scalars = text.unicodeScalars
            var start = scalars.startIndex
            var index = start
            while index < scalars.endIndex {
                let scalar = scalars[index]
                if scalar == "\n" || scalar == "\r" {
                    var next = scalars.index(after: index)
                    if scalar == "\r", next < scalars.endIndex, scalars[next] == "\n" { next = scalars.index(after: next) }
                    lines.append(Line(text: Substring(scalars[start..<index]), end: Substring(scalars[index..<next])))
                    start = next
                    index = next
                } else {
                    index = scalars.index(after: index)
                }
            }
            if start < scalars.endIndex { lines.append(Line(text: Substring(scalars[start...]), end: "")) }
            return lines
        }

        static func joined(_ lines: [Line]) -> String {
            lines.map { String($0.text) + String($0.end) }.joined()
        }

        /// Adds `text` as a line after the others, ended as the file's lines are.
        static func append(_ text: String, to lines: inout [Line]) {
            let end = lines.first(where: { !$0.end.isEmpty })?.end ?? "\n"
            if let last = lines.indices.last, lines[last].end.isEmpty { lines[last].end = end }
            lines.append(Line(text: Substring(text), end: end))
        }

        /// The text without a byte-order mark.
        private var body: Substring {
            text.unicodeScalars.first == "\u{FEFF}" ? Substring(text.unicodeScalars.dropFirst()) : text
        }

        /// The command this line binds (its name before `=`), if it is such a line.
        var command: String? {
            let line = ConfigText.withoutComment(body).trimmingSpaces()
            guard let equals = line.firstIndex(of: "=") else { return nil }
            return String(line[..<equals].trimmingSpaces())
        }

        /// Puts `list` after the `=`, keeping the spaces around the old list and the comment.
        mutating func setValue(_ list: String) {
            let code = ConfigText.withoutComment(text)
            guard let equals = code.firstIndex(of: "=") else { return }
            let value = code[code.index(after: equals)...]
            var leading = value.prefix { $0 == " " || $0 == "\t" }
            let rest = value.dropFirst(leading.count)
            var trailing = Substring(rest.reversed().prefix { $0 == " " || $0 == "\t" }.reversed())
            // An empty list's spaces are the comment's: a list put there goes before them.
            if rest.isEmpty { (leading, trailing) = ("", leading) }
            let comment = text[code.endIndex...]
            // `#` starts a comment only after a space: keep one before it.
            if !comment.isEmpty && trailing.isEmpty { trailing = " " }
            let before = list.isEmpty ? "" : (leading.isEmpty ? " " : String(leading))
            let after = comment.isEmpty && list.isEmpty ? "" : String(trailing)
            text = Substring(String(text[...equals]) + before + list + after + String(comment))
        }
    }
}
