import HanJulText
import Testing

/// Text under a locale that is not UTF-8: every symbol HanJul writes has an ASCII spelling.
@Suite struct ASCIITextTests {
    @Test(arguments: [
        ("B − A ± 2 (seeds 1…10) → 50×", "B - A +/- 2 (seeds 1...10) -> 50x"),
        ("log-rank χ² = 3.1, 0 ≤ I < N ≥ 2", "log-rank chi2 = 3.1, 0 <= I < N >= 2"),
        ("▁▂▃▄▅▆▇█│ ·", ".:-=+*%#| ."),
        ("Zoë Ñandú é", "Zoe Nandu e"),
        ("한줄 🎮 👩‍👧", "?? ? ?"),
        ("e\u{301}", "e"),
        ("plain ASCII\n", "plain ASCII\n"),
    ])
    func folds(text: String, expected: String) {
        #expect(ASCIIText.folded(text) == expected)
    }

    /// Every non-ASCII character HanJul's own text uses has a spelling of its own (not `?`).
    @Test func everySymbolIsSpelled() {
        for symbol in "…−×→–²±█·≤—↓←°√Σ÷χ│φ≥μ░↑§▶≈′¹▁─⁴⁰³▓▒▇▆▅▄▃▂┘└┐┌∞∝ⁿ⁶•ᵏπεδˣ¼" {
            let folded = ASCIIText.folded(String(symbol))
            #expect(!folded.contains("?") && folded.utf8.allSatisfy { $0 < 0x80 }, "\(symbol) → \(folded)")
        }
    }
}
