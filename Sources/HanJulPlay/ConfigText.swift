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
enum ConfigText {
    /// The lines of `text`, without their line ends, numbered from 1 by position.
    static func lines(_ text: String) -> [Substring] {
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
    static func withoutComment(_ line: Substring) -> Substring {
        var previous: Character = " "
        for index in line.indices {
            let character = line[index]
            if character == "#" && (previous == " " || previous == "\t") { return line[..<index] }
            previous = character
        }
        return line
    }
}
