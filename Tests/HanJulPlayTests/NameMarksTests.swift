import HanJulPlay
import Testing

/// High-score names keep what a screen can draw (H-8): a letter with a few marks, an emoji
/// with its variation selector; never forty marks on one letter.
@Suite struct NameMarksTests {
    @Test func zalgoTextKeepsFourMarksPerLetter() {
        let zalgo = "e" + String(repeating: "\u{301}", count: 40) + "x"
        let name = HighScore.cleanName(zalgo)
        #expect(name.count == 2)
        #expect(name.unicodeScalars.count == 6, "e, four marks, x: \(name.unicodeScalars.count)")
    }

    @Test func anyScriptAndEmojiStay() {
        #expect(HighScore.cleanName("한줄") == "한줄")
        #expect(HighScore.cleanName("Zoë") == "Zoë")
        #expect(HighScore.cleanName("⏱️ fast") == "⏱️ fast")
        #expect(HighScore.cleanName("a\u{200B}b\u{202E}c") == "abc")
    }
}
