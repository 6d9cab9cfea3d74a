/// The lines of a small configuration file (`keys.conf`, `settings.conf`), as editors on
/// every system save them: a UTF-8 byte-order mark at the start is dropped, and lines end
/// with `\n`, `\r\n` or a lone `\r`.
///
/// Splitting on `Character` does not work for this: Swift reads `"\r\n"` as one character,
/// so a file saved with Windows line ends would be a single line.
///
/// ```
/// ConfigText.lines("\u{FEFF}das = 120\r\narr = 0\r\n") == ["das = 120", "arr = 0", ""]
/// ```
package enum ConfigText {
    /// One `name = value` line of a file, numbered from 1.
    package struct Assignment {
        package var line: Int
        package var name: Substring
        package var value: Substring
    }

    /// The `name = value` lines of `text` (the file at `path`, named in errors), blank lines
    /// and comments left out; `name` is trimmed, `value` is not.
    /// - Throws: `ConfigFileError` for a line without `=`, saying `expected` (e.g. "'das = 167'").
    package static func assignments(_ text: String, path: String, expected: String) throws(ConfigFileError) -> [Assignment] {
        var result: [Assignment] = []
        for (index, rawLine) in lines(text).enumerated() {
            let line = withoutComment(rawLine).trimmingSpaces()
            if line.isEmpty { continue }
            guard let equals = line.firstIndex(of: "=") else {
                throw ConfigFileError(path: path, line: index + 1, message: "expected \(expected)")
            }
            result.append(Assignment(line: index + 1, name: line[..<equals].trimmingSpaces(), value: line[line.index(after: equals)...]))
        }
        return result
    }

    /// The lines of `text`, without their line ends, numbered from 1 by position.
    package static func lines(_ text: String) -> [Substring] {
        var scalars = Substring(text).unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        var lines: [Substring] = []
        var start = scalars.startIndex
        var index = start
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "\n" || scalar == "\r" {
                lines.append(Substring(scalars[start..<index]))
                var next = scalars.index(after: index)
                if scalar == "\r", next < scalars.endIndex, scalars[next] == "\n" { next = scalars.index(after: next) }
                start = next
                index = next
            } else {
                index = scalars.index(after: index)
            }
        }
        lines.append(Substring(scalars[start...]))
        return lines
    }

    /// `line` without a comment: `#` at its start, or after a space or tab, starts one
    /// (so `#` alone, as in `help = #`, stays a value).
    package static func withoutComment(_ line: Substring) -> Substring {
        var previous: Character = " "
        for index in line.indices {
            let character = line[index]
            if character == "#" && (previous == " " || previous == "\t") { return line[..<index] }
            previous = character
        }
        return line
    }
}

/// A bad line of a configuration file (`keys.conf`, `settings.conf`): where, and what is wrong.
public struct ConfigFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var message: String

    /// `/home/ana/.config/hanjul/keys.conf:3: unknown command 'lft' (known: left, right, …)`
    public var description: String { "\(path):\(line): \(message)" }

    package init(path: String, line: Int, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }
}
