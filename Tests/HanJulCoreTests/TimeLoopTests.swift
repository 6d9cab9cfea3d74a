import HanJulCore
import Testing

/// `TimeLoop`, the one loop that drives time (#41 item 2), and `TimedGame.advance(to:onStep:)`
/// built on it: what an observer sees is what the game played, in order.
@Suite("TimeLoop")
struct TimeLoopTests {
    static func ms(_ milliseconds: UInt64) -> UInt64 { milliseconds * 1_000_000 }

    @Test("advance(to:onStep:) shows each action played with what fell due, and plays the same game as without an observer")
    func observedAdvance() {
        let rules = TimedGameTests.Clocked(gravity: 300, lockDelay: .guideline)
        var seen = TimedGameTests.timed(rules, seed: 5)
        var plain = TimedGameTests.timed(rules, seed: 5)
        var steps: [(String, TimedGame<TimedGameTests.Clocked>.Due)] = []
        seen.advance(to: Self.ms(20_000)) { action, due in steps.append((action.token, due)) }
        plain.advance(to: Self.ms(20_000))
        #expect(TimedGameTests.tokens(seen) == TimedGameTests.tokens(plain))
        #expect(seen.state == plain.state && seen.clock == plain.clock)
        #expect(steps.map(\.0) == TimedGameTests.tokens(seen))
        // Rows fall (G, due as gravity) until the piece rests; its lock delay's wait locks it.
        #expect(steps.first.map { $0.0 == "G" && $0.1 == .gravity } == true)
        #expect(steps.contains { $0.0.hasPrefix("W") && $0.1 == .lock })
        #expect(seen.state.piecesLocked > 0)
    }

    @Test("at most maxSteps steps: a clock that jumps by hours plays no more, and gravity starts over from the time reached")
    func boundedSteps() {
        var timed = TimedGameTests.timed(StandardRules(), seed: 1)
        var count = 0
        timed.advance(to: Self.ms(3_600_000), maxSteps: 5) { _, _ in count += 1 }
        #expect(count == 5 && TimedGameTests.tokens(timed) == ["G", "G", "G", "G", "G"])
        #expect(timed.clock == Self.ms(3_600_000))
        #expect(timed.nextDeadline == Self.ms(3_600_700))
    }

    @Test("soonest: the earliest timer, and of timers due at one time the first listed")
    func soonestOrder() {
        let timers: [(time: UInt64?, due: String)] = [(nil, "a"), (7, "b"), (3, "c")]
        let earliest = TimeLoop.soonest(timers)
        #expect(earliest?.time == 3 && earliest?.due == "c")
        let tied: [(time: UInt64?, due: String)] = [(3, "lock"), (3, "release")]
        #expect(TimeLoop.soonest(tied)?.due == "lock")
        let none: [(time: UInt64?, due: String)] = [(nil, "a")]
        #expect(TimeLoop.soonest(none) == nil)
    }

    @Test("run: steps while the next due is by the time asked, then stops; a host that stops (nil) ends it at once")
    func runStops() {
        var dues: [UInt64] = [10, 20, 30, 40]
        var played: [UInt64] = []
        let steps = TimeLoop.run(&dues, to: 30, maxSteps: 100, next: { (dues: inout [UInt64]) -> (time: UInt64, due: Int)? in
            dues.first.map { (time: $0, due: 0) }
        }) { dues, next in
            played.append(next.time)
            dues.removeFirst()
        }
        #expect(steps == 3 && played == [10, 20, 30] && dues == [40])
    }
}
