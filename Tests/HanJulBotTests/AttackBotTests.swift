@testable import HanJulBot
@testable import HanJulCore
import Testing

@Suite struct AttackBotTests {
    /// A T-spin double slot at column 2 with its roof on the left: a T that drops pointing
    /// right and turns clockwise where it lands fills it (built-in rules: clockwise only).
    static let slot = """
        ZZ........
        Z...ZZZZZZ
        ZZ.ZZZZZZZ
        """

    func play<R: Rules>(_ kind: BotKind, _ game: Game<R>) throws -> Game<R> {
        var game = game
        var bot = Bot(BotConfig(kind: kind), seed: 1)
        let placed = bot.play(&game)
        #expect(placed)
        return game
    }

    @Test func theAttackBotSpinsATIntoADoubleSlot() throws {
        for rules in [false, true] {
            let facts: LockFacts?
            if rules {
                facts = try play(.attack, makeGame(rules: ModernRules(), Self.slot, piece: .standard("T", x: 3, y: 0), next: "IOSZJL")).state.lastLock
            } else {
                facts = try play(.attack, makeGame(Self.slot, piece: .standard("T", x: 3, y: 0), next: "IOSZJL")).state.lastLock
            }
            #expect(facts?.lines == 2, "modern: \(rules)")
            #expect(facts?.spin == .full, "modern: \(rules)")
        }
    }

    @Test func attackLinesFollowTheGuidelineTable() {
        #expect(AttackWeights.lines(cleared: 1, spin: .none, combo: 1, backToBack: false, perfectClear: false) == 0)
        #expect(AttackWeights.lines(cleared: 4, spin: .none, combo: 1, backToBack: true, perfectClear: false) == 5)
        #expect(AttackWeights.lines(cleared: 2, spin: .full, combo: 1, backToBack: false, perfectClear: false) == 4)
        #expect(AttackWeights.lines(cleared: 2, spin: .mini, combo: 1, backToBack: false, perfectClear: false) == 1)
        #expect(AttackWeights.lines(cleared: 1, spin: .none, combo: 4, backToBack: false, perfectClear: false) == 2)
        #expect(AttackWeights.lines(cleared: 2, spin: .none, combo: 1, backToBack: false, perfectClear: true) == 11)
        #expect(AttackWeights.lines(cleared: 0, spin: .full, combo: 0, backToBack: false, perfectClear: false) == 0)
    }

    @Test func theTShapeIsFoundInTheStandardSet() {
        let set = PieceSet.standard
        #expect((0..<set.count).filter { set.isTShaped($0) } == [set.kind(forLetter: "T")!])
    }
}
