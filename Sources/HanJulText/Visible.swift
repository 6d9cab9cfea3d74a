/// Text that came from outside the program — a file, a mod, the command line — made safe to
/// print and honest to read (RELIABILITY T-17): the one function every printer uses.
///
/// Nothing in the result can make a terminal do anything: every control character is
/// shown as an escape instead of being sent. So is every character that would make the
/// text read differently from what it is: bidirectional controls (a name that displays
/// backwards), invisible and zero-width characters, and line and paragraph separators (see
/// ``isHidden(_:)``).
///
/// - `ESC` is `\e`; tab, newline and carriage return are `\t`, `\n`, `\r`;
/// - every other hidden character is `\u{XXXX}`, its code point in hex (`\u{202E}`), but
///   for a variation selector U+FE0E/U+FE0F right after an emoji, which stays;
/// - invalid UTF-8 was already U+FFFD when the text became a `String`;
/// - with `limit`, the text is cut after that many characters, marked with `…`.
///
/// Backslashes are left alone, so the function is idempotent: `visible(visible(x)) ==
/// visible(x)`, and a message built from pieces already made visible may safely go through
/// it again.
///
/// ```swift
/// visible("evil\u{1B}]0;pwned\u{07}mod")   // "evil\e]0;pwned\u{7}mod"
/// visible("gpj.\u{202E}exe")                // "gpj.\u{202E}exe"
/// ```
/// - Complexity: O(n) in the scalars kept.
public func visible(_ text: String, limit: Int? = nil) -> String {
    var out = String.UnicodeScalarView()
    var count = 0
    var afterEmoji = false
    for scalar in text.unicodeScalars {
        if let limit, count >= limit {
            out.append("…")
            break
        }
        count += 1
        // A variation selector right after an emoji only picks how that emoji is drawn
        // (`⏱️`): it hides nothing, so it stays (H-4).
        let presentation = afterEmoji && (scalar.value == 0xFE0E || scalar.value == 0xFE0F)
        afterEmoji = scalar.value > 0x7F && scalar.properties.isEmoji
        guard isHidden(scalar), !presentation else {
            out.append(scalar)
            continue
        }
        switch scalar.value {
        case 0x1B: out.append(contentsOf: #"\e"#.unicodeScalars)
        case 0x09: out.append(contentsOf: #"\t"#.unicodeScalars)
        case 0x0A: out.append(contentsOf: #"\n"#.unicodeScalars)
        case 0x0D: out.append(contentsOf: #"\r"#.unicodeScalars)
        default: out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
        }
    }
    return String(out)
}

/// Whether `scalar` is a character ``visible(_:limit:)`` shows as an escape: one a terminal
/// may act on, or one that changes how the text around it reads without being seen.
///
/// - C0 controls U+0000–U+001F and DEL U+007F; C1 controls U+0080–U+009F (U+009B is an
///   8-bit CSI);
/// - bidirectional controls: U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069;
/// - invisible and zero-width characters: U+00AD (soft hyphen), U+034F, U+115F–U+1160,
///   U+17B4–U+17B5, U+180B–U+180F, U+200B–U+200D, U+2060–U+2064, U+206A–U+206F, U+3164,
///   U+FE00–U+FE0F (variation selectors), U+FEFF (byte-order mark, zero-width no-break
///   space), U+FFA0, U+FFF9–U+FFFB, U+1BCA0–U+1BCA3, U+1D173–U+1D17A, U+E0000–U+E0FFF (tags
///   and variation selectors);
/// - line and paragraph separators U+2028 and U+2029;
/// - noncharacters (U+FDD0–U+FDEF and the last two of every plane) and private-use
///   characters (U+E000–U+F8FF, planes 15 and 16), which no font shows the same way.
@inlinable
public func isHidden(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    if v >= 0x20 && v < 0x7F { return false }  // printable ASCII: the common case
    switch v {
    case 0x00...0x1F, 0x7F...0x9F: return true
    case 0xAD, 0x34F, 0x61C, 0x115F...0x1160, 0x17B4...0x17B5, 0x180B...0x180F: return true
    case 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F: return true
    case 0x3164, 0xFE00...0xFE0F, 0xFEFF, 0xFFA0, 0xFFF9...0xFFFB: return true
    case 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0000...0xE0FFF: return true
    case 0xFDD0...0xFDEF, 0xE000...0xF8FF, 0xF0000...0x10FFFF: return true
    default: return v & 0xFFFE == 0xFFFE
    }
}

/// Text of several lines (a Lua traceback) made visible line by line: each line goes
/// through ``visible(_:limit:)``, line breaks (`\n`, `\r\n`) stay line breaks, and a tab
/// becomes two spaces. With `limit`, the whole text is cut after that many characters.
///
/// ```swift
/// visibleLines("stack traceback:\n\tmod.lua:3: in \u{1B}[2J")   // "stack traceback:\n  mod.lua:3: in \e[2J"
/// ```
public func visibleLines(_ text: String, limit: Int? = nil) -> String {
    // Split on scalars: "\r\n" is one Character, so a split on Characters would miss it.
    var lines: [String] = []
    var line = String.UnicodeScalarView()
    var left = limit ?? Int.max
    var cut = false
    func finish() {
        var scalars = Array(line)
        if scalars.last == "\r" { scalars.removeLast() }
        let plain = String(String.UnicodeScalarView(scalars)).replacing("\t", with: "  ")
        let count = plain.unicodeScalars.count
        lines.append(visible(plain, limit: left))
        cut = count > left
        left -= min(left, count)
        line = String.UnicodeScalarView()
    }
    for scalar in text.unicodeScalars {
        if scalar == "\n" {
            finish()
            if cut || left == 0 { break }
        } else {
            line.append(scalar)
        }
    }
    if !cut && (left > 0 || !line.isEmpty) { finish() }
    return lines.joined(separator: "\n")
}

/// What a result may be called (a mod's `result.name`, the name in a sweep file's header):
/// one rule for every command that writes or reads one (H-4).
public enum ResultName {
    /// The most characters (grapheme clusters) and UTF-8 bytes of a name.
    public static let maxCharacters = 32, maxBytes = 128

    /// Why `name` cannot name a result, or nil: 1 to 32 characters, at most 128 bytes, and
    /// nothing ``visible(_:limit:)`` would escape, so it prints as it is written.
    public static func problem(_ name: String) -> String? {
        guard (1...maxCharacters).contains(name.count), name.utf8.count <= maxBytes else {
            return "must be 1 to \(maxCharacters) characters (and at most \(maxBytes) bytes)"
        }
        guard visible(name) == name else { return "must hold no control, invisible or bidirectional characters" }
        return nil
    }
}
