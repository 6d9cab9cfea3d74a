/// How many columns a terminal gives text: the one measure for every padded column, cut
/// and centred line, so a table stays aligned whatever script its names are in (T-20).
///
/// Counted per grapheme cluster (what a reader sees as one character: `é`, or `e` with
/// forty combining accents), as a terminal draws it:
/// - 0 for a cluster of nothing that shows: combining marks, format and control characters
///   (a lone U+0301, U+200B);
/// - 2 for East Asian Wide and Fullwidth characters (Han, Hangul, kana, fullwidth forms: the
///   table below) and for emoji: Emoji_Presentation (`🎮`), an emoji with U+FE0F (`⏱️`), a
///   modifier base with a skin tone, a flag;
/// - 1 for everything else, East Asian Ambiguous included (as a terminal outside a legacy
///   CJK mode draws it).
///
/// What follows the first character that shows (marks, joiners and what they join, variation
/// selectors) adds nothing:
///
/// ```swift
/// displayWidth("e" + String(repeating: "\u{301}", count: 40))   // 1
/// displayWidth("한줄")                                           // 4
/// displayWidth("👨‍👩‍👧")                                             // 2
/// ```
/// - Complexity: O(n) in the scalars; allocates nothing.
public func displayWidth(_ text: String) -> Int {
    displayWidth(text[...])
}

/// `displayWidth(_:)` of a part of a string.
public func displayWidth(_ text: Substring) -> Int {
    // Printable ASCII, the common case, is a column a byte.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
    var total = 0
    var index = text.startIndex
    while index < text.endIndex {
        let next = text.index(after: index)
        total += displayWidth(cluster: text.unicodeScalars[index..<next])
        index = next
    }
    return total
}

/// The columns one character (a grapheme cluster) takes: 0, 1 or 2.
public func displayWidth(_ character: Character) -> Int {
    displayWidth(cluster: character.unicodeScalars[...])
}

/// The columns of one grapheme cluster given as its scalars: the width of the first scalar
/// that shows, or 2 when what follows makes it an emoji (U+FE0F, a skin tone, a second
/// regional indicator).
public func displayWidth(cluster scalars: Substring.UnicodeScalarView) -> Int {
    var shown: Unicode.Scalar? = nil
    for scalar in scalars {
        guard let base = shown else {
            switch scalarWidth(scalar) {
            case 0: continue
            case 2: return 2
            default: shown = scalar
            }
            continue
        }
        switch scalar.value {
        case 0xFE0F where base.properties.isEmoji: return 2
        case 0x1F3FB...0x1F3FF where base.properties.isEmojiModifierBase: return 2
        case 0x1F1E6...0x1F1FF where isRegionalIndicator(base): return 2
        default: continue
        }
    }
    return shown == nil ? 0 : 1
}

/// The longest start of `text` that fits in `width` columns, cut between grapheme clusters:
/// never inside one (a mark is not parted from its letter), never half a wide character.
///
/// ```swift
/// displayPrefix("中文中文", width: 5)   // "中文"
/// ```
public func displayPrefix(_ text: String, width: Int) -> Substring {
    displayPrefix(text[...], width: width)
}

/// `displayPrefix(_:width:)` of a part of a string.
public func displayPrefix(_ text: Substring, width: Int) -> Substring {
    var used = 0
    var index = text.startIndex
    while index < text.endIndex {
        let next = text.index(after: index)
        used += displayWidth(cluster: text.unicodeScalars[index..<next])
        if used > width { break }
        index = next
    }
    return text[..<index]
}

/// Whether `scalar` is East Asian Wide or Fullwidth (UAX #11): two columns in a terminal.
public func isEastAsianWide(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    guard value >= 0x1100 else { return false }
    var low = 0, high = wideRuns.count / 2
    while low < high {
        let middle = (low + high) / 2
        if value < wideRuns[2 * middle] {
            high = middle
        } else if value > wideRuns[2 * middle + 1] {
            low = middle + 1
        } else {
            return true
        }
    }
    return false
}

/// The columns one scalar takes on its own: 0 for what never shows by itself (marks, format
/// and control characters, the Hangul vowels and final consonants that join the syllable
/// before them), 2 for wide ones, else 1.
func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value >= 0x20 ? 1 : 0 }
    if value < 0xA0 { return 0 }
    if value == 0xAD { return 1 }  // the soft hyphen: terminals draw it
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: break
    }
    if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
    if isEastAsianWide(scalar) { return 2 }
    // A lone regional indicator is one column (East Asian Width N); two make a flag.
    if isRegionalIndicator(scalar) { return 1 }
    // Emoji the table does not know yet (a newer Unicode than its own) are wide too.
    return scalar.properties.isEmojiPresentation ? 2 : 1
}

func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F1E6...0x1F1FF).contains(scalar.value)
}

/// The East Asian Wide (W) and Fullwidth (F) code points of EastAsianWidth-16.0.0.txt, with
/// the unassigned ones its `@missing` lines make Wide (the CJK ideograph blocks and planes 2
/// and 3), as the first and last of each run, in order. Merged runs: W and F are both two
/// columns. Combining marks among them (U+3099, U+302A) are zero first: marks are checked
/// before this table.
let wideRuns: [UInt32] = [
    0x1100, 0x115F, 0x231A, 0x231B, 0x2329, 0x232A, 0x23E9, 0x23EC, 0x23F0, 0x23F0, 0x23F3, 0x23F3,
    0x25FD, 0x25FE, 0x2614, 0x2615, 0x2630, 0x2637, 0x2648, 0x2653, 0x267F, 0x267F, 0x268A, 0x268F,
    0x2693, 0x2693, 0x26A1, 0x26A1, 0x26AA, 0x26AB, 0x26BD, 0x26BE, 0x26C4, 0x26C5, 0x26CE, 0x26CE,
    0x26D4, 0x26D4, 0x26EA, 0x26EA, 0x26F2, 0x26F3, 0x26F5, 0x26F5, 0x26FA, 0x26FA, 0x26FD, 0x26FD,
    0x2705, 0x2705, 0x270A, 0x270B, 0x2728, 0x2728, 0x274C, 0x274C, 0x274E, 0x274E, 0x2753, 0x2755,
    0x2757, 0x2757, 0x2795, 0x2797, 0x27B0, 0x27B0, 0x27BF, 0x27BF, 0x2B1B, 0x2B1C, 0x2B50, 0x2B50,
    0x2B55, 0x2B55, 0x2E80, 0x2E99, 0x2E9B, 0x2EF3, 0x2F00, 0x2FD5, 0x2FF0, 0x303E, 0x3041, 0x3096,
    0x3099, 0x30FF, 0x3105, 0x312F, 0x3131, 0x318E, 0x3190, 0x31E5, 0x31EF, 0x321E, 0x3220, 0x3247,
    0x3250, 0xA48C, 0xA490, 0xA4C6, 0xA960, 0xA97C, 0xAC00, 0xD7A3, 0xF900, 0xFAFF, 0xFE10, 0xFE19,
    0xFE30, 0xFE52, 0xFE54, 0xFE66, 0xFE68, 0xFE6B, 0xFF01, 0xFF60, 0xFFE0, 0xFFE6,
    0x16FE0, 0x16FE4, 0x16FF0, 0x16FF1, 0x17000, 0x187F7, 0x18800, 0x18CD5, 0x18CFF, 0x18D08,
    0x1AFF0, 0x1AFF3, 0x1AFF5, 0x1AFFB, 0x1AFFD, 0x1AFFE, 0x1B000, 0x1B122, 0x1B132, 0x1B132,
    0x1B150, 0x1B152, 0x1B155, 0x1B155, 0x1B164, 0x1B167, 0x1B170, 0x1B2FB, 0x1D300, 0x1D356,
    0x1D360, 0x1D376, 0x1F004, 0x1F004, 0x1F0CF, 0x1F0CF, 0x1F18E, 0x1F18E, 0x1F191, 0x1F19A,
    0x1F200, 0x1F202, 0x1F210, 0x1F23B, 0x1F240, 0x1F248, 0x1F250, 0x1F251, 0x1F260, 0x1F265,
    0x1F300, 0x1F320, 0x1F32D, 0x1F335, 0x1F337, 0x1F37C, 0x1F37E, 0x1F393, 0x1F3A0, 0x1F3CA,
    0x1F3CF, 0x1F3D3, 0x1F3E0, 0x1F3F0, 0x1F3F4, 0x1F3F4, 0x1F3F8, 0x1F43E, 0x1F440, 0x1F440,
    0x1F442, 0x1F4FC, 0x1F4FF, 0x1F53D, 0x1F54B, 0x1F54E, 0x1F550, 0x1F567, 0x1F57A, 0x1F57A,
    0x1F595, 0x1F596, 0x1F5A4, 0x1F5A4, 0x1F5FB, 0x1F64F, 0x1F680, 0x1F6C5, 0x1F6CC, 0x1F6CC,
    0x1F6D0, 0x1F6D2, 0x1F6D5, 0x1F6D7, 0x1F6DC, 0x1F6DF, 0x1F6EB, 0x1F6EC, 0x1F6F4, 0x1F6FC,
    0x1F7E0, 0x1F7EB, 0x1F7F0, 0x1F7F0, 0x1F90C, 0x1F93A, 0x1F93C, 0x1F945, 0x1F947, 0x1F9FF,
    0x1FA70, 0x1FA7C, 0x1FA80, 0x1FA89, 0x1FA8F, 0x1FAC6, 0x1FACE, 0x1FADC, 0x1FADF, 0x1FAE9,
    0x1FAF0, 0x1FAF8, 0x20000, 0x2FFFD, 0x30000, 0x3FFFD,
]
