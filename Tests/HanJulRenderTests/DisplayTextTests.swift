import Testing
@testable import HanJulRender

/// Strings from mods never reach the terminal as control sequences (T-17).
@Suite struct DisplayTextTests {
    @Test(arguments: [
        ("clip\u{1B}]52;c;SGVsbG8=\u{07}", #"clip\e]52;c;SGVsbG8=\u{7}"#),
        ("\u{1B}]0;title\u{07}", #"\e]0;title\u{7}"#),
        ("\u{1B}[2J\u{1B}[6n\u{1B}c", #"\e[2J\e[6n\ec"#),
        ("c1\u{9B}31m", #"c1\u{9B}31m"#),
        ("open\u{1B}]", #"open\e]"#),
        ("nul\u{0}del\u{7F}", #"nul\u{0}del\u{7F}"#),
        ("tab\tnew\nline\r", "tab new line "),
        ("wide 漢字 emoji 🎮 zwj a\u{200D}b", #"wide 漢字 emoji 🎮 zwj a\u{200D}b"#),
        ("bidi gpj.\u{202E}exe", #"bidi gpj.\u{202E}exe"#),
        ("Ünïcode → ok", "Ünïcode → ok"),
    ])
    func controlsAreMadeVisible(input: String, expected: String) {
        #expect(DisplayText.sanitized(input) == expected)
    }

    @Test func asciiOnlyReplacesEverythingElse() {
        #expect(DisplayText.sanitized("Ünïcode → ok", asciiOnly: true) == "?n?code > ok")
    }

    @Test func frameWriteSanitisesToo() {
        var frame = Frame(width: 12, height: 1)
        let columns = frame.write("a\u{1B}[31m漢", x: 0, y: 0)
        #expect(columns == 9, "漢 takes two columns")
        #expect(frame.text == #"a\e[31m漢"#)
    }
}
