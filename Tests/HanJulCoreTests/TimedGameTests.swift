import HanJulCore
import Testing

/// `TimedGame`: the one place time becomes `G` and `W` (#23 item 1). Every figure here is
/// worked out by hand from the rules: the standard gravity at level 1 is 700 ms, the
/// Guideline's lock delay 500 ms.
@Suite("TimedGame")
struct TimedGameTests {
    /// The standard rules with a gravity interval and a lock delay of the test's choosing,
    /// and a clock read by the rules (`isTimed`) when `timed`.
    struct Clocked: Rules {
        var gravity: Int
        var lockDelay: LockDelay?
        var timed = false
        var name: String { "clocked" }
        func gravityInterval(level: Int) -> Int { gravity }
        var resultFormat: ResultFormat? {
            timed ? ResultFormat(name: "time", unit: .milliseconds, lowerIsBetter: true) : nil
        }
    }

    static func ms(_ milliseconds: UInt64) -> UInt64 { milliseconds * 1_000_000 }

    static func timed<R: Rules>(_ rules: R, seed: UInt64) -> TimedGame<R> {
        TimedGame(game: Game(rules: rules, source: .seeded(seed)),
                  recorder: ReplayRecorder(rules: rules.identity, source: .seeded(seed)))
    }

    static func tokens<R: Rules>(_ timed: TimedGame<R>) -> [String] {
        timed.recorder!.replay.actions.map(\.token)
    }

    @Test("gravity: a row every 700 ms at level 1, each recorded at its own time")
    func gravityDeadlines() {
        var timed = Self.timed(StandardRules(), seed: 1)
        #expect(timed.nextDue?.time == Self.ms(700) && timed.nextDue?.due == .gravity)
        timed.advance(to: Self.ms(699))
        #expect(Self.tokens(timed).isEmpty)
        #expect(timed.clock == Self.ms(699))
        timed.advance(to: Self.ms(2_100))
        #expect(Self.tokens(timed) == ["G", "G", "G"])
        #expect(timed.recorder!.replay.times == [700, 700, 700])
        #expect(timed.nextDeadline == Self.ms(2_800))
        // An action between rows: recorded 50 ms after the last row; rows keep their cadence.
        timed.input(.left, at: Self.ms(2_150))
        #expect(Self.tokens(timed) == ["G", "G", "G", "L"])
        #expect(timed.recorder!.replay.times.last == 50)
        #expect(timed.nextDeadline == Self.ms(2_800))
        // Untimed rules without a lock delay are told no time.
        #expect(timed.state.elapsedMilliseconds == 0)
    }

    @Test("a new piece gets a whole interval before its first row")
    func newPieceRestartsGravity() {
        var timed = Self.timed(StandardRules(), seed: 1)
        timed.advance(to: Self.ms(1_000))
        timed.input(.hardDrop, at: Self.ms(1_300))
        #expect(timed.state.piecesLocked == 1)
        #expect(timed.nextDeadline == Self.ms(2_000))
    }

    @Test("instant gravity with a lock delay: no G ever; the lock's W at 500 ms locks each piece")
    func instantGravityLock() {
        var timed = Self.timed(Clocked(gravity: 0, lockDelay: .guideline), seed: 3)
        #expect(timed.nextGravity == .max)
        #expect(timed.lockClock == 0, "the first piece rests at once: its timer starts at 0")
        #expect(timed.nextDue?.time == Self.ms(500) && timed.nextDue?.due == .lock)
        timed.advance(to: Self.ms(499))
        #expect(Self.tokens(timed).isEmpty)
        timed.advance(to: Self.ms(500))
        #expect(Self.tokens(timed) == ["W500"])
        #expect(timed.state.piecesLocked == 1)
        #expect(timed.nextDeadline == Self.ms(1_000), "the next piece rests as it enters")
        timed.advance(to: Self.ms(2_000))
        #expect(Self.tokens(timed) == ["W500", "W500", "W500", "W500"])
        #expect(timed.recorder!.replay.times == [500, 500, 500, 500])
        #expect(timed.state.piecesLocked == 4)
    }

    @Test("without a lock delay and under instant gravity, time passing sends nothing")
    func instantGravityNoLockDelay() {
        var timed = Self.timed(Clocked(gravity: 0, lockDelay: nil), seed: 3)
        #expect(timed.nextDeadline == nil)
        timed.advance(to: Self.ms(60_000))
        #expect(Self.tokens(timed).isEmpty)
        #expect(timed.clock == Self.ms(60_000))
    }

    @Test("W telling: an action on a resting piece first tells the whole milliseconds it waited")
    func waitTelling() {
        var timed = Self.timed(Clocked(gravity: 0, lockDelay: .guideline), seed: 3)
        // 200.7 ms: W200 then the move (a reset: the timer starts again from the move).
        timed.input(.left, at: 200_700_000)
        #expect(Self.tokens(timed) == ["W200", "L"])
        #expect(timed.recorder!.replay.times == [200, 0])
        #expect(timed.state.lockElapsed == 0)
        #expect(timed.lockDeadline == 200_700_000 + Self.ms(500))
        // Under a millisecond owed: nothing told.
        timed.input(.right, at: 201_000_000)
        #expect(Self.tokens(timed) == ["W200", "L", "R"])
        #expect(timed.state.piecesLocked == 0)
    }

    @Test("a piece that falls to rest starts its timer there; gravity rows on it do not lock it, the lock's W does")
    func gravityThenLock() throws {
        var timed = Self.timed(Clocked(gravity: 100, lockDelay: .guideline), seed: 5)
        var time: UInt64 = 0
        while timed.lockClock == nil && time < Self.ms(10_000) {
            time += Self.ms(100)
            timed.advance(to: time)
        }
        let rested = try #require(timed.lockClock)
        #expect(timed.lockDeadline == rested + Self.ms(500))
        timed.advance(to: rested + Self.ms(499))
        #expect(timed.state.piecesLocked == 0)
        #expect(timed.lockDeadline == rested + Self.ms(500), "each row on it told its wait first: the deadline holds")
        timed.advance(to: rested + Self.ms(500))
        #expect(timed.state.piecesLocked == 1)
        #expect(Self.tokens(timed).last?.hasPrefix("W") == true, "the lock's wait came before the row due with it")
    }

    @Test("timed rules: all play time is told as W before each action, the remainder kept")
    func timedRules() {
        var timed = Self.timed(Clocked(gravity: 700, lockDelay: nil, timed: true), seed: 2)
        timed.advance(to: Self.ms(700))
        #expect(Self.tokens(timed) == ["W700", "G"])
        #expect(timed.state.elapsedMilliseconds == 700)
        timed.input(.left, at: 1_000_500_000)
        #expect(Self.tokens(timed) == ["W700", "G", "W300", "L"])
        #expect(timed.recorder!.replay.times == [700, 0, 300, 0])
        #expect(timed.toldClock == Self.ms(1_000))
        timed.input(.right, at: 1_001_000_000)
        #expect(Self.tokens(timed).suffix(2) == ["W1", "R"])
        #expect(timed.state.elapsedMilliseconds == 1_001)
    }

    @Test("a clock jump: at most maxSteps rows, then gravity starts over from the new time")
    func clockJump() {
        var timed = Self.timed(StandardRules(), seed: 1)
        timed.advance(to: Self.ms(100_000), maxSteps: 3)
        #expect(Self.tokens(timed) == ["G", "G", "G"])
        #expect(timed.clock == Self.ms(100_000))
        #expect(timed.nextDeadline == Self.ms(100_700))
        // Within the bound, every row comes at its own time.
        var whole = Self.timed(StandardRules(), seed: 1)
        whole.advance(to: Self.ms(7_000))
        #expect(whole.recorder!.replay.times.allSatisfy { $0 == 700 || $0 == 0 })
        #expect(whole.recorder!.replay.times.reduce(0, +) <= 7_000)
    }

    @Test("the recording verifies: a replay of what a TimedGame played plays back to the same state")
    func recordingVerifies() {
        var timed = Self.timed(Clocked(gravity: 100, lockDelay: .guideline, timed: true), seed: 9)
        var time: UInt64 = 0
        for (index, action) in [Action.left, .rotate, .hardDrop, .right, .softDrop, .hardDrop].enumerated() {
            time += Self.ms(UInt64(137 * (index + 1)))
            timed.input(action, at: time)
        }
        timed.advance(to: time + Self.ms(3_000))
        let replay = timed.recorder!.finish(timed.state)
        let rules = Clocked(gravity: 100, lockDelay: .guideline, timed: true)
        guard case .match = replay.verify(with: Game(rules: rules, source: .seeded(9))) else {
            Issue.record("the replay diverged")
            return
        }
        #expect(replay.times.count == replay.actions.count)
    }

    /// One script of inputs for two games, each at its own times.
    static func play<A: Rules, B: Rules>(_ a: inout TimedGame<A>, _ b: inout TimedGame<B>, both: Bool,
                                         only: Int? = nil) {
        let script: [(UInt64, Action, Int)] = [
            (150, .left, 0), (160, .rotate, 1), (900, .hardDrop, 0), (1_250, .right, 1), (1_251, .left, 1),
            (2_000, .softDrop, 0), (2_600, .hardDrop, 1), (4_000, .hold, 0), (4_444, .hardDrop, 0), (6_000, .hardDrop, 1),
        ]
        for (milliseconds, action, player) in script {
            let time = ms(milliseconds)
            // One clock: both games are brought to every time, whichever the input is for.
            if both || only == 0 { a.advance(to: time) }
            if both || only == 1 { b.advance(to: time) }
            if player == 0 && (both || only == 0) { a.input(action, at: time) }
            if player == 1 && (both || only == 1) { b.input(action, at: time) }
        }
        if both || only == 0 { a.advance(to: ms(8_000)) }
        if both || only == 1 { b.advance(to: ms(8_000)) }
    }

    @Test("two TimedGames on one clock (different rules and seeds) stay independent and deterministic")
    func twoOnOneClock() {
        let sprint = Clocked(gravity: 250, lockDelay: .guideline, timed: true)
        var a = Self.timed(StandardRules(), seed: 11), b = Self.timed(sprint, seed: 12)
        Self.play(&a, &b, both: true)
        // Each alone, with the other never touched: the same games.
        var aloneA = Self.timed(StandardRules(), seed: 11), untouchedB = Self.timed(sprint, seed: 12)
        Self.play(&aloneA, &untouchedB, both: false, only: 0)
        var untouchedA = Self.timed(StandardRules(), seed: 11), aloneB = Self.timed(sprint, seed: 12)
        Self.play(&untouchedA, &aloneB, both: false, only: 1)
        #expect(a.recorder!.replay == aloneA.recorder!.replay)
        #expect(b.recorder!.replay == aloneB.recorder!.replay)
        #expect(a.state == aloneA.state && b.state == aloneB.state)
        #expect(a.clock == b.clock && a.clock == Self.ms(8_000))
        // Again from the start: the same.
        var againA = Self.timed(StandardRules(), seed: 11), againB = Self.timed(sprint, seed: 12)
        Self.play(&againA, &againB, both: true)
        #expect(againA.recorder!.replay == a.recorder!.replay && againB.recorder!.replay == b.recorder!.replay)
        // Different rules, different streams: B tells time (W), A never does.
        #expect(!Self.tokens(a).contains { $0.hasPrefix("W") })
        #expect(Self.tokens(b).contains { $0.hasPrefix("W") })
        #expect(b.state.elapsedMilliseconds >= 7_990)
    }
}
