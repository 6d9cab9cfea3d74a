import HanJulText

/// Word wrapping for overlays and the too-small message, in columns (`displayWidth`: a
/// wide character takes two, a combining mark none).
public enum TextWrap {
    /// `text` broken into lines of at most `width` columns at spaces; a word longer than a
    /// line is cut between characters (a wide one that would not fit goes to the next
    /// line). Text that fits is kept as it is (leading spaces too). No lines for a width
    /// below 1.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        if displayWidth(text) <= width { return [text] }
        var lines: [String] = []
        var line = ""
        var used = 0
        func flush() {
            lines.append(line)
            line = ""
            used = 0
        }
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            var rest = word
            var restWidth = displayWidth(rest)
            if !line.isEmpty {
                if used + 1 + restWidth <= width {
                    line += " "
                    line += rest
                    used += 1 + restWidth
                    continue
                }
                flush()
            }
            while restWidth > width {
                var part = displayPrefix(rest, width: width)
                // A wide character wider than the whole line is cut alone.
                if part.isEmpty { part = rest.prefix(1) }
                line = String(part)
                flush()
                rest = rest[part.endIndex...]
                restWidth = displayWidth(rest)
            }
            line = String(rest)
            used = restWidth
        }
        flush()
        return lines
    }
}
