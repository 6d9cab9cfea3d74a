/// Plain-text layout for help: words wrapped to a width, with a hanging indent.
enum TextLayout {
    /// The width help is wrapped to: 80-column terminals, with a margin.
    static let width = 79

    /// `text` wrapped to `width`, each line starting with `indent` (the first with
    /// `firstIndent` when given).
    static func wrap(_ text: String, indent: String = "", firstIndent: String? = nil, width: Int = TextLayout.width) -> [String] {
        var lines: [String] = []
        var line = firstIndent ?? indent
        var lineHasWord = false
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            if lineHasWord && line.count + 1 + word.count > width {
                lines.append(line)
                line = indent
                lineHasWord = false
            }
            line += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        if lineHasWord || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// A paragraph that is shown as written: every line starts with two spaces.
    static func isVerbatim(_ paragraph: String) -> Bool {
        paragraph.split(separator: "\n", omittingEmptySubsequences: false).allSatisfy { $0.hasPrefix("  ") }
    }

    /// A paragraph, wrapped, or as written when it is verbatim.
    static func paragraph(_ text: String, indent: String = "") -> [String] {
        if isVerbatim(text) { return text.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 } }
        return wrap(text, indent: indent)
    }

    /// Two columns: each term, then its definition from column `column`, wrapped; a term too
    /// long for its column puts the definition on the next line.
    static func table(_ rows: [(term: String, definition: String)], indent: String = "  ", column: Int = 26) -> [String] {
        var lines: [String] = []
        let pad = String(repeating: " ", count: column)
        for (term, definition) in rows {
            let head = indent + term
            if head.count + 2 <= column {
                lines += wrap(definition, indent: pad, firstIndent: head + String(repeating: " ", count: column - head.count))
            } else {
                lines.append(head)
                lines += wrap(definition, indent: pad)
            }
        }
        return lines
    }
}
