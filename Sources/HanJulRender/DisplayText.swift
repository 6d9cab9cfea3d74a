import HanJulText

/// Makes text from outside the program (mod names, mod error messages, high-score labels)
/// safe to put on screen: no control sequence can reach the terminal (RELIABILITY T-17),
/// and every character takes exactly one column so the grid stays aligned.
public enum DisplayText {
    /// `text` through HanJulText's ``visible(_:limit:)`` (controls, bidi and invisible
    /// characters as escapes: `ESC` → `\e`, U+202E → `\u{202E}`), but with tab, newline and
    /// carriage return as a space; then every character that is not surely one column wide
    /// as `?`, and with `asciiOnly` every non-ASCII character as `?` too, but for the
    /// punctuation of `asciiStandIn(_:)` (`·` → `|`, `×` → `x`, arrows → `<` `>` `^` `v`).
    ///
    /// ```
    /// DisplayText.sanitized("evil\u{1B}]52;c;AAAA\u{07}") == "evil\\e]52;c;AAAA\\u{7}"
    /// ```
    /// - Complexity: O(n) in the number of scalars.
    public static func sanitized(_ text: String, asciiOnly: Bool = false) -> String {
        var spaced = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: spaced.append(" ")
            default: spaced.append(scalar)
            }
        }
        var result = String.UnicodeScalarView()
        for scalar in visible(String(spaced)).unicodeScalars {
            if asciiOnly && scalar.value > 0x7E, let plain = asciiStandIn(scalar) {
                result.append(plain)
            } else {
                result.append(asciiOnly && scalar.value > 0x7E || !isSingleColumn(scalar) ? "?" : scalar)
            }
        }
        return String(result)
    }

    /// The scalars `text` shows as, each one column wide.
    static func columns(_ text: String, asciiOnly: Bool = false) -> [Unicode.Scalar] {
        Array(sanitized(text, asciiOnly: asciiOnly).unicodeScalars)
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

    /// Whether `scalar` is a printable character every terminal draws one column wide.
    ///
    /// A conservative allow-list: ASCII, Latin-1 and the Latin extensions, Greek, Cyrillic,
    /// general punctuation, letter-like symbols, arrows, mathematical operators, box
    /// drawing, block elements and geometric shapes. Wide (CJK, emoji), zero-width
    /// (combining marks, joiners) and control characters are left out.
    public static func isSingleColumn(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E: true
        case 0xA0...0x2FF: scalar.value != 0xAD
        case 0x370...0x482, 0x48A...0x52F: true
        case 0x1E00...0x1EFF: true
        case 0x2010...0x2027, 0x2030...0x205E, 0x2070...0x20CF: true
        case 0x2100...0x2319: true
        case 0x2500...0x25FC: true
        default: false
        }
    }
}
