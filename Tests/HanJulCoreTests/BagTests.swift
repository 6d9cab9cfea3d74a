import Testing
@testable import HanJulCore

@Suite struct BagTests {
    /// The first `count` kinds the seeded bag deals.
    static func deal(seed: UInt64, count: Int) -> [Int] {
        var state = GameState(board: Board(), pieces: .standard, source: .seeded(seed))
        return (0..<count).map { _ in state.drawFromBag() }
    }

    @Test func gameDealsFromTheBagInOrder() {
        var game = Game(rules: StandardRules(), source: .seeded(8))
        game.play(String(repeating: "LLLLH RRRRH H", count: 4))
        #expect(game.state.dealt.map(Int.init) == Array(Self.deal(seed: 8, count: game.state.dealt.count)))
        #expect(game.state.queue == [Self.deal(seed: 8, count: game.state.dealt.count + 1).last!], "the preview is the next kind")
    }

    @Test(arguments: [0, 1, 42, 2026, UInt64.max])
    func everyBagHoldsEachKindOnce(seed: UInt64) {
        let kinds = Self.deal(seed: seed, count: 10_003)
        for start in stride(from: 0, to: 10_003 - 7, by: 7) {
            #expect(Set(kinds[start..<start + 7]).count == 7, "bag at \(start) for seed \(seed)")
        }
        // Every kind appears; no gap between two of one kind exceeds 12 (end of one bag to
        // the start of the one after next).
        var last = [Int](repeating: -1, count: 7)
        var worst = 0
        for (index, kind) in kinds.enumerated() {
            if last[kind] >= 0 { worst = max(worst, index - last[kind]) }
            last[kind] = index
        }
        #expect(worst <= 13)
    }

    @Test func bagsDifferBetweenSeedsAndRepeatForOne() {
        #expect(Self.deal(seed: 1, count: 70) == Self.deal(seed: 1, count: 70))
        #expect(Self.deal(seed: 1, count: 70) != Self.deal(seed: 2, count: 70))
    }

    @Test func shuffleIsUniformEnough() {
        // 70,000 bags: each kind lands first in a bag about 1/7 of the time.
        var firsts = [Int](repeating: 0, count: 7)
        let kinds = Self.deal(seed: 99, count: 490_000)
        for start in stride(from: 0, to: kinds.count, by: 7) { firsts[kinds[start]] += 1 }
        for count in firsts { #expect(abs(count - 10_000) < 600, "\(firsts)") }
    }

    @Test func generatorIsPinned() {
        // SplitMix64's published first outputs for seed 1234567; a change here changes
        // every seeded game ever recorded.
        var rng = SplitMix64(seed: 1234567)
        #expect([rng.next(), rng.next(), rng.next()] == [6457827717110365317, 3203168211198807973, 9817491932198370423])
        var bounded = SplitMix64(seed: 5)
        let draws = (0..<2000).map { _ in bounded.below(7) }
        #expect(draws.allSatisfy { (0..<7).contains($0) })
        #expect(Set(draws).count == 7)
    }

    @Test func seededGameDealsTheSameKinds() {
        var a = Game(rules: StandardRules(), source: .seeded(31))
        var b = Game(rules: StandardRules(), source: .seeded(31))
        a.play(String(repeating: "H", count: 30))
        b.play(String(repeating: "H", count: 30))
        #expect(a.state.dealt == b.state.dealt)
        #expect(a.state == b.state)
    }
}
