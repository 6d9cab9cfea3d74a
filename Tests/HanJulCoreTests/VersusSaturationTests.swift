import HanJulCore
import Testing

/// #39 item 1: the referee's arithmetic on what a rules' attack returns saturates. A mod's
/// hook is refused past 1000 lines (`GarbageRules.attackRange`), but the referee takes any
/// closure, and `math.maxinteger` at every lock made `hanjul sim --versus` die by SIGILL.
@Suite struct VersusSaturationTests {
    static func referee(_ attack: Int, delivery: VersusReferee<StandardRules>.Delivery = .immediate) -> VersusReferee<StandardRules> {
        let side = VersusRules(rules: StandardRules(), garbage: GarbageRules(cancels: true)) { _ throws(RuleError) in attack }
        return VersusReferee(sides: [side, side], seed: 9, schedules: [.paced, .paced], delivery: delivery)
    }

    @Test(arguments: [Int.max, Int.max - 1, 1 << 62])
    func attacksAtTheTopOfIntSaturateTheCountersAndTheMeter(attack: Int) {
        var referee = Self.referee(attack)
        for _ in 0..<3 {
            referee.apply(.hardDrop, side: 0)
            referee.apply(.hardDrop, side: 1)
        }
        #expect(referee.counters[0].attack == Int.max, "three locks of \(attack) lines: held at Int.max")
        #expect(referee.counters[0].sent >= 0 && referee.counters[0].cancelled >= 0)
        #expect(referee.incoming(0) >= 0 && referee.incoming(1) >= 0)
        #expect(referee.counters.allSatisfy { $0.received <= 8 * 3 }, "at most cap lines a lock enter")
    }

    @Test func announcedAttacksOfIntMaxAreAcceptedAndCounted() {
        var referee = Self.referee(.max, delivery: .announced)
        referee.apply(.hardDrop, side: 0)
        referee.apply(.hardDrop, side: 0)
        #expect(referee.unaccepted[1].count == 2)
        referee.accept(side: 1, at: 0)
        referee.accept(side: 1, at: 0)
        #expect(referee.incoming(1) == Int.max, "two waiting attacks of Int.max lines: the meter saturates")
        referee.apply(.hardDrop, side: 1)
        #expect(referee.counters[1].cancelled == Int.max || referee.outcome != nil)
    }

    @Test func saturatingAddingHoldsAtTheEnds() {
        #expect(Int.max.saturatingAdding(1) == .max)
        #expect(Int.min.saturatingAdding(-1) == .min)
        #expect(40.saturatingAdding(2) == 42)
        #expect((Int.max - 5).saturatingAdding(Int.max) == .max)
    }
}
