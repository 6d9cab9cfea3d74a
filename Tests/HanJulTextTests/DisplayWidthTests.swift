import HanJulText
import Testing

/// Text is measured in the columns a terminal gives it, grapheme cluster by cluster, so
/// names in any script keep tables aligned (T-20).
@Suite struct DisplayWidthTests {
    static let zalgo = "e" + String(repeating: "\u{301}", count: 40)

    @Test("columns per text: ASCII one each, marks none, East Asian Wide and emoji two", arguments: [
        ("", 0),
        ("HanJul", 6),
        ("Zo\u{EB}", 3),                              // ë precomposed
        ("Zoe\u{308}", 3),                            // e + combining diaeresis
        ("caf\u{E9} cafe\u{301}", 9),
        (zalgo, 1),
        (zalgo + zalgo + "x", 3),
        ("한줄", 4),
        ("\u{1112}\u{1161}\u{11AB}", 2),              // 한 as conjoining jamo
        ("中文", 4),
        ("カナ", 4),
        ("ＡＢ", 4),                                   // fullwidth forms
        ("ｶﾅ", 2),                                     // halfwidth katakana
        ("🎮", 2),
        ("\u{23F1}\u{FE0F}", 2),                      // ⏱️: an emoji with the presentation selector
        ("\u{23F1}", 1),                              // ⏱ as text
        ("👨\u{200D}👩\u{200D}👧", 2),                 // a family: three emoji joined
        ("👍🏽", 2),
        ("🇰🇷", 2),
        ("1\u{FE0F}\u{20E3}", 2),                     // keycap 1
        ("→ · …", 5),                                  // HanJul's own punctuation
        ("\u{301}", 0),                               // a mark with nothing to sit on
        ("a\u{200B}b", 2),
        ("\u{1B}[2J\u{7}", 3),                        // controls show nothing
    ])
    func widths(text: String, columns: Int) {
        #expect(displayWidth(text) == columns, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        #expect(displayWidth(text[...]) == columns)
    }

    @Test("one character at a time")
    func characters() {
        #expect(displayWidth("a" as Character) == 1)
        #expect(displayWidth("\u{E9}" as Character) == 1)
        #expect(displayWidth("e\u{301}" as Character) == 1)
        #expect(displayWidth(Character(Self.zalgo)) == 1)
        #expect(displayWidth("한" as Character) == 2)
        #expect(displayWidth("中" as Character) == 2)
        #expect(displayWidth("🎮" as Character) == 2)
        #expect(displayWidth("\u{23F1}\u{FE0F}" as Character) == 2)
        #expect(displayWidth("👨\u{200D}👩\u{200D}👧" as Character) == 2)
        #expect(displayWidth("\u{1B}" as Character) == 0)
    }

    @Test("control characters made visible are measured as the escape shown")
    func escapedControls() {
        let shown = visible("evil\u{1B}]0;x\u{7}한")
        #expect(shown == #"evil\e]0;x\u{7}한"#)
        #expect(displayWidth(shown) == 4 + 2 + 4 + 5 + 2)
    }

    @Test("a prefix that fits is cut between characters, never inside one nor half of a wide one")
    func prefixes() {
        #expect(displayPrefix("中文中文", width: 5) == "中文")
        #expect(displayPrefix("中文中文", width: 1) == "")
        #expect(displayPrefix("ab中", width: 3) == "ab")
        #expect(displayPrefix(Self.zalgo + "x", width: 1) == Substring(Self.zalgo))
        #expect(displayPrefix("👨\u{200D}👩\u{200D}👧!", width: 2) == "👨\u{200D}👩\u{200D}👧")
        #expect(displayPrefix("HanJul", width: 0) == "")
        #expect(displayPrefix("HanJul", width: 99) == "HanJul")
    }

    @Test("the East Asian Width table: its edges")
    func table() {
        let wide: [UInt32] = [0x1100, 0x115F, 0x3000, 0x4DC0, 0x4E00, 0x9FFF, 0xAC00, 0xD7A3, 0xFF01, 0xFF60, 0x1F3AE, 0x20000, 0x3FFFD]
        let narrow: [UInt32] = [0x41, 0x10FF, 0x1160, 0x303F, 0xD7A4, 0xFF61, 0xFFE7, 0x1F1E6, 0x3FFFE, 0xE0001]
        for value in wide { #expect(isEastAsianWide(Unicode.Scalar(value)!), "U+\(String(value, radix: 16))") }
        for value in narrow { #expect(!isEastAsianWide(Unicode.Scalar(value)!), "U+\(String(value, radix: 16))") }
    }
}
