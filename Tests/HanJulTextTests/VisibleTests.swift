import HanJulText
import Testing

/// Untrusted text is printed visible: nothing a terminal could act on, nothing hidden
/// that changes how the text reads (T-17; #15 items 10, 11).
@Suite struct VisibleTests {
    @Test("terminal injection payloads are shown, not sent", arguments: [
        ("clip\u{1B}]52;c;aGk=\u{07}board", #"clip\e]52;c;aGk=\u{7}board"#),
        ("\u{1B}]0;title\u{07}mod", #"\e]0;title\u{7}mod"#),
        ("wipe\u{1B}[2J", #"wipe\e[2J"#),
        ("ask\u{1B}[6n", #"ask\e[6n"#),
        ("reset\u{1B}c", #"reset\ec"#),
        ("c1\u{9B}31m", #"c1\u{9B}31m"#),
        ("open\u{1B}]8;;http://x\u{1B}\\", #"open\e]8;;http://x\e\"#),
        ("line\r\nbreak", #"line\r\nbreak"#),
        ("tab\there", #"tab\there"#),
        ("del\u{7F}nul\u{0}", #"del\u{7F}nul\u{0}"#),
        ("한줄 falling ✓ Ünï", "한줄 falling ✓ Ünï"),
    ])
    func controls(input: String, expected: String) {
        #expect(visible(input) == expected)
    }

    @Test("bidi controls, invisible characters and separators are shown as code points", arguments: [
        ("evil\u{202E}gnp.exe", #"evil\u{202E}gnp.exe"#),
        ("a\u{2028}b\u{2029}c", #"a\u{2028}b\u{2029}c"#),
        ("zero\u{200B}width", #"zero\u{200B}width"#),
        ("\u{FEFF}bom", #"\u{FEFF}bom"#),
        ("join\u{200D}er", #"join\u{200D}er"#),
        ("iso\u{2066}late\u{2069}", #"iso\u{2066}late\u{2069}"#),
        ("mark\u{200E}\u{200F}\u{061C}", #"mark\u{200E}\u{200F}\u{61C}"#),
        ("soft\u{AD}hyphen", #"soft\u{AD}hyphen"#),
        ("tag\u{E0041}", #"tag\u{E0041}"#),
        ("private\u{E000}", #"private\u{E000}"#),
        ("nonchar\u{FFFF}", #"nonchar\u{FFFF}"#),
        ("hangul filler\u{3164}", #"hangul filler\u{3164}"#),
    ])
    func hidden(input: String, expected: String) {
        #expect(visible(input) == expected)
    }

    @Test func theResultHoldsNoHiddenCharacterAndIsStable() {
        var random = UInt64(0x9E37_79B9_7F4A_7C15)
        for _ in 0..<2_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<12 {
                random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let pick = random >> 40
                let value = UInt32(pick % 4 == 0 ? pick % 0x100 : pick % 0x110000)
                if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
            }
            let text = String(scalars)
            let shown = visible(text)
            #expect(!shown.unicodeScalars.contains(where: isHidden), "\(shown)")
            #expect(visible(shown) == shown, "visible is idempotent")
        }
    }

    @Test func aLimitCutsAndMarksTheCut() {
        #expect(visible("abcdef", limit: 3) == "abc…")
        #expect(visible("abc", limit: 3) == "abc")
        #expect(visible("\u{1B}\u{1B}\u{1B}", limit: 2) == #"\e\e…"#)
    }

    @Test func linesStayLinesAndTabsBecomeSpaces() {
        #expect(visibleLines("stack traceback:\n\tmod.lua:3: in \u{1B}[2J\r\nend") == "stack traceback:\n  mod.lua:3: in \\e[2J\nend")
        #expect(visibleLines("one\ntwo\nthree", limit: 5) == "one\ntw…")
    }
}
