import HanJulText
import Testing

@Suite struct SuggestionsTests {
    @Test(arguments: [
        ("simm", ["sim", "stats", "run", "replay"], ["sim"]),
        ("--workres", ["--workers", "--seed", "--games"], ["--workers"]),
        ("garbag", ["garbage", "giant", "zen", "standard"], ["garbage"]),
        ("--game", ["--games", "--seed", "--seeds"], ["--games"]),
        ("--work", ["--workers", "--seed"], ["--workers"]),
        ("rnu", ["run", "replay"], ["run"]),
        ("xyzzy", ["run", "sim", "play"], []),
        ("--s", ["--seed", "--search"], []),
    ])
    func closestNames(typed: String, known: [String], expected: [String]) {
        #expect(Suggestions.closest(to: typed, among: known) == expected)
    }

    @Test func closestFirstThenAlphabetical() {
        #expect(Suggestions.closest(to: "--seeds", among: ["--sends", "--seed", "--seeds", "--speed"]) == ["--seed", "--sends"])
    }

    @Test func sentence() {
        #expect(Suggestions.didYouMean([]) == "")
        #expect(Suggestions.didYouMean(["sim"]) == " (did you mean 'sim'?)")
        #expect(Suggestions.didYouMean(["a", "b", "c"]) == " (did you mean 'a', 'b' or 'c'?)")
        #expect(Suggestions.didYouMean(["--workers"], quote: { $0 }) == " (did you mean --workers?)")
    }
}
