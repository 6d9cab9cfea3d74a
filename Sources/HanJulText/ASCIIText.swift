/// Text for a terminal whose locale is not UTF-8 (`LANG=C`, `LC_ALL=POSIX`, Latin-1):
/// every character beyond ASCII spelled in ASCII. The symbols HanJul writes have ASCII
/// spellings (`…` → `...`, `−` → `-`, `×` → `x`, `±` → `+/-`, `≥` → `>=`, `→` → `->`,
/// `χ²` → `chi2`, block and box characters → `#`, `|`, `-`); a letter with an accent loses
/// it (`é` → `e`); anything else (a Hangul name, an emoji) is one `?` per character.
///
/// ```swift
/// ASCIIText.folded("B − A ± 2 (seeds 1…10) → 50×")   // "B - A +/- 2 (seeds 1...10) -> 50x"
/// ASCIIText.folded("한줄 Zoë")                          // "?? Zoe"
/// ```
public enum ASCIIText {
    /// The ASCII spelling of each non-ASCII scalar HanJul itself writes.
    static let spellings: [Unicode.Scalar: String] = [
        "…": "...", "−": "-", "–": "-", "—": "--", "‐": "-", "×": "x", "±": "+/-", "÷": "/",
        "≤": "<=", "≥": ">=", "≈": "~", "≠": "!=", "∝": "~", "∞": "inf", "√": "sqrt", "Σ": "sum",
        "→": "->", "←": "<-", "↑": "^", "↓": "v", "▶": ">", "·": ".", "•": "*", "§": "S",
        "°": " deg", "′": "'", "‘": "'", "’": "'", "“": "\"", "”": "\"",
        "χ": "chi", "μ": "mu", "φ": "phi", "π": "pi", "ε": "e", "δ": "d",
        "⁰": "0", "¹": "1", "²": "2", "³": "3", "⁴": "4", "⁶": "6", "ⁿ": "n", "ᵢ": "i", "ᵏ": "k", "ˣ": "x",
        "¼": "1/4", "½": "1/2", "⌊": "floor(", "⌋": ")",
        "│": "|", "─": "-", "┌": "+", "┐": "+", "└": "+", "┘": "+", "┼": "+", "├": "+", "┤": "+",
        "█": "#", "▓": "#", "▒": "+", "░": ".",
        "▁": ".", "▂": ":", "▃": "-", "▄": "=", "▅": "+", "▆": "*", "▇": "%",
    ]

    /// `text` with only ASCII characters (see the type's summary). ASCII text comes back
    /// unchanged.
    public static func folded(_ text: String) -> String {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
        var out = String.UnicodeScalarView()
        for character in text {
            let scalars = character.unicodeScalars
            guard let first = scalars.first else { continue }
            if first.isASCII {
                // "\r\n" and an ASCII letter followed by combining marks (e + ́): the letter.
                out.append(first)
                if character == "\r\n" { out.append("\n") }
                continue
            }
            if let spelling = spellings[first] {
                out.append(contentsOf: spelling.unicodeScalars)
            } else if let letter = baseLetter(first) {
                out.append(letter)
            } else {
                out.append("?")
            }
        }
        return String(out)
    }

    /// The ASCII letter under an accented Latin letter (`é` → `e`, `Ñ` → `N`), read from
    /// its Unicode name (`LATIN SMALL LETTER E WITH ACUTE`); nil for anything else.
    static func baseLetter(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        guard let name = scalar.properties.name else { return nil }
        let small = name.hasPrefix("LATIN SMALL LETTER ")
        guard small || name.hasPrefix("LATIN CAPITAL LETTER ") else { return nil }
        let rest = name.dropFirst(small ? 19 : 21).split(separator: " ")
        guard let letter = rest.first, letter.count == 1, rest.count == 1 || rest[1] == "WITH",
              let base = letter.unicodeScalars.first, base.isASCII, base.properties.isAlphabetic else { return nil }
        return small ? Unicode.Scalar(UInt8(base.value) | 0x20) : base
    }
}
