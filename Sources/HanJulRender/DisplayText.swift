import HanJulText

/// Makes text from outside the program (mod names, mod error messages, high-score names)
/// safe to put on screen: no control sequence can reach the terminal (RELIABILITY T-17),
/// and every character is one the grid can place, one column wide or two (T-20).
public enum DisplayText {
    /// The most scalars a character keeps after its first (combining marks, mostly): a
    /// letter under forty accents (Zalgo text) keeps four, so it cannot grow without end
    /// or spill over the rows around it.
    public static let maxMarks = 4

    /// `text` through HanJulText's ``visible(_:limit:)`` (controls, bidi and invisible
    /// characters as escapes: `ESC` → `\e`, U+202E → `\u{202E}`), but with tab, newline and
    /// carriage return as a space; then character by character (grapheme cluster):
    /// - one that shows nothing on its own (a lone combining mark) or that Unicode has not
    ///   assigned is `?`;
    /// - one of more than `1 + maxMarks` scalars keeps its first `1 + maxMarks`;
    /// - with `asciiOnly`, every character but printable ASCII is `?`, but for the
    ///   punctuation of `asciiStandIn(_:)` (`·` → `|`, `×` → `x`, arrows → `<` `>` `^` `v`).
    ///
    /// Each character of the result then takes the columns `displayWidth` says: one, or two
    /// for East Asian Wide characters and emoji (`한`, `🎮`), which `Frame` draws over two cells.
    ///
    /// ```
    /// DisplayText.sanitized("evil\u{1B}]52;c;AAAA\u{07}") == "evil\\e]52;c;AAAA\\u{7}"
    /// ```
    /// - Complexity: O(n) in the number of scalars.
    public static func sanitized(_ text: String, asciiOnly: Bool = false) -> String {
        // Printable ASCII, nearly every label, shows as it is.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var spaced = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: spaced.append(" ")
            default: spaced.append(scalar)
            }
        }
        let shown = visible(String(spaced))
        var result = String.UnicodeScalarView()
        var index = shown.startIndex
        while index < shown.endIndex {
            let next = shown.index(after: index)
            let cluster = shown.unicodeScalars[index..<next]
            let first = cluster[cluster.startIndex]
            let isSingle = cluster.index(after: cluster.startIndex) == cluster.endIndex
            if asciiOnly {
                if isSingle && first.value < 0x7F {
                    result.append(first)
                } else if isSingle, let plain = asciiStandIn(first) {
                    result.append(plain)
                } else {
                    result.append("?")
                }
            } else if displayWidth(cluster: cluster) == 0 || first.properties.generalCategory == .unassigned {
                result.append("?")
            } else {
                result.append(contentsOf: cluster.prefix(1 + maxMarks))
            }
            index = next
        }
        return String(result)
    }

    /// The ASCII character that stands in for the punctuation HanJul's own texts use (so
    /// `--ascii` shows `p resume | q quit`, not `p resume ? q quit`: `?` is a key).
    static func asciiStandIn(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar {
        case "·", "•", "│": "|"
        case "×": "x"
        case "…", "─", "—", "–": "-"
        case "←": "<"
        case "→", "▶": ">"
        case "↑": "^"
        case "↓": "v"
        case "█", "▓", "▒": "#"
        case "░": ":"
        default: nil
        }
    }

    /// `text` cut to `width` columns, ending in `ellipsis` when cut; never inside a
    /// character, nor half of a wide one (a cut that would be leaves the column empty).
    ///
    /// ```
    /// DisplayText.truncated("中文中文", to: 6, ellipsis: "…") == "中文…"
    /// ```
    public static func truncated(_ text: String, to width: Int, ellipsis: String) -> String {
        guard displayWidth(text) > width else { return text }
        let room = width - displayWidth(ellipsis)
        guard room >= 0 else { return "" }
        return String(displayPrefix(text, width: room)) + ellipsis
    }
}
