import HanJulCore
@testable import HanJulPlay
import HanJulTerminal
import Testing

/// The game's own handling, in-process with a manual clock: what a held key does, at what
/// time, read from the game's replay. Seed 1 deals I (room for 3 moves either way) then T
/// (x 3: 3 moves left, 4 right), then L. DAS 150, ARR 50, soft drop 20, DAS cut 17.
@Suite("handling: DAS, ARR, soft drop, DAS cut, release")
struct HandlingTests {
    /// Hard-drops the I so that the T (more room) is in play, at 100 ms.
    static func withT(handling: HandlingSettings = HandlingSettings(das: 150, arr: 50, softDrop: 20, dasCut: 17),
                      releases: Bool = true) -> ManualClock {
        var clock = ManualClock(handling: handling, releases: releases)
        clock.press(.space, at: 100)
        clock.release(.space, at: 110)
        return clock
    }

    @Test("→ held: a move at the press, the second after DAS, then one every ARR to the wall; none after the release")
    func dasThenArr() {
        var clock = Self.withT()
        clock.press(.right, at: 500)
        clock.run(to: 1_500)
        clock.release(.right, at: 1_500)
        clock.run(to: 3_000)
        #expect(clock.times(of: .right) == [500, 650, 700, 750])
        #expect(clock.game.game.state.piece.x == 7)
    }

    @Test("released before the wall: the moves stop at the release")
    func releaseStops() {
        var clock = Self.withT(handling: HandlingSettings(das: 150, arr: 100, softDrop: 20, dasCut: 17))
        clock.press(.right, at: 500)
        clock.run(to: 760)
        clock.release(.right, at: 760)
        clock.run(to: 2_000)
        #expect(clock.times(of: .right) == [500, 650, 750])
        #expect(clock.game.game.state.piece.x == 6)
    }

    @Test("ARR 0: after DAS, straight to the wall in the same millisecond")
    func arrZero() {
        var clock = Self.withT(handling: HandlingSettings(das: 150, arr: 0, softDrop: 20, dasCut: 17))
        clock.press(.right, at: 500)
        clock.run(to: 1_000)
        #expect(clock.times(of: .right) == [500, 650, 650, 650])
        #expect(clock.game.game.state.piece.x == 7)
    }

    @Test("DAS 0: the auto-shift starts with the press")
    func dasZero() {
        var clock = Self.withT(handling: HandlingSettings(das: 0, arr: 50, softDrop: 20, dasCut: 17))
        clock.press(.left, at: 500)
        clock.run(to: 1_000)
        #expect(clock.times(of: .left) == [500, 550, 600])
    }

    @Test("the direction pressed last moves; when it comes up, the other, held past DAS, moves again at once")
    func lastPressedWins() {
        var clock = Self.withT(handling: HandlingSettings(das: 150, arr: 200, softDrop: 20, dasCut: 17))
        clock.press(.left, at: 500)            // x 3 → 2
        clock.press(.right, at: 520)           // x 2 → 3
        clock.run(to: 600)
        clock.release(.right, at: 600)         // ← held 100 ms: charging, due at 650
        clock.run(to: 900)
        clock.release(.left, at: 900)
        #expect(clock.times(of: .right) == [520])
        #expect(clock.times(of: .left) == [500, 650, 850])
    }

    @Test("DAS cut: a charged auto-shift waits 17 ms before moving a new piece")
    func dasCut() {
        var clock = Self.withT(handling: HandlingSettings(das: 150, arr: 50, softDrop: 20, dasCut: 17))
        clock.press(.left, at: 500)
        clock.run(to: 1_000)                   // T at the wall: 500, 650, 700
        clock.press(.space, at: 1_000)         // the L enters at 1000
        clock.release(.space, at: 1_010)
        clock.run(to: 1_080)
        clock.release(.left, at: 1_080)
        #expect(clock.times(of: .left) == [500, 650, 700, 1_017, 1_067])
    }

    @Test("soft drop: a row at the press, then one every 20 ms; held through the lock, it waits for the release")
    func softDropNoCarry() {
        var clock = ManualClock()
        clock.press(.down, at: 100)
        clock.run(to: 2_000)
        let drops = clock.times(of: .softDrop)
        // The I falls 18 rows (100…440), the 19th step at 460 locks it; nothing then.
        #expect(drops == Array(stride(from: 100, through: 460, by: 20)))
        #expect(clock.game.game.state.piecesLocked == 1)
        clock.release(.down, at: 2_000)
        clock.press(.down, at: 2_100)
        #expect(clock.times(of: .softDrop).last == 2_100)
    }

    @Test("soft drop 0: to the floor at once, without locking; gravity locks it")
    func softDropZero() {
        var clock = ManualClock(handling: HandlingSettings(das: 150, arr: 50, softDrop: 0, dasCut: 17))
        clock.press(.down, at: 100)
        #expect(clock.times(of: .softDrop) == Array(repeating: 100, count: 18))
        #expect(clock.game.game.state.piecesLocked == 0)
        clock.run(to: 750)                     // the gravity step at 700 locks it
        #expect(clock.game.game.state.piecesLocked == 1)
        #expect(clock.times(of: .softDrop).count == 18, "the held ↓ leaves the T alone")
    }

    @Test("hard drop: one press, one piece, however long the terminal repeats it")
    func hardDropOnePiece() {
        var clock = ManualClock()
        clock.press(.space, at: 100)
        for ms in stride(from: 600, through: 1_600, by: 33) { clock.at(ms, .key(.repeat(.space))) }
        clock.release(.space, at: 1_650)
        #expect(clock.game.game.state.piecesLocked == 1)
        #expect(clock.times(of: .hardDrop) == [100])
    }

    @Test("a repeat of a key the game thought up (held across a pause) counts as a press")
    func repeatAfterPause() {
        var clock = Self.withT()
        clock.at(500, .key(.repeat(.right)))
        clock.run(to: 700)
        #expect(clock.times(of: .right) == [500, 650, 700])
    }
}

/// A terminal without key events: its auto-repeat stands for "still held".
@Suite("handling without key release (the terminal's repeats)")
struct LegacyHandlingTests {
    /// The terminal's bytes of a key held from `start` to `end`: one at the press, then after
    /// its repeat delay one every `interval`.
    static func hold(_ key: Key, from start: Int, through end: Int, delay: Int = 500, interval: Int = 40,
                     into clock: inout ManualClock) {
        clock.bytes(key, at: start)
        var ms = start + delay
        while ms <= end {
            clock.run(to: ms)
            clock.bytes(key, at: ms)
            ms += interval
        }
    }

    @Test("↓ held for three seconds locks exactly one piece")
    func softDropThreeSeconds() {
        var clock = ManualClock(releases: false)
        Self.hold(.down, from: 100, through: 3_100, into: &clock)
        clock.run(to: 4_000)
        #expect(clock.game.game.state.piecesLocked == 1)
    }

    @Test("→ held: a move at the press, the next at the first repeat, then ARR; none once the repeats stop")
    func heldRightFirstTime() {
        var clock = HandlingTests.withT(handling: HandlingSettings(das: 150, arr: 200, softDrop: 20, dasCut: 17), releases: false)
        Self.hold(.right, from: 500, through: 1_200, into: &clock)
        clock.run(to: 2_500)
        // 1000 and 1040: the first repeats (presses until two agreeing steps showed the
        // terminal's cadence at 1080); then ARR from 1040: 1240; 1440 is due after the last
        // bytes (1200) plus one repeat interval: not made.
        #expect(clock.times(of: .right) == [500, 1_000, 1_040, 1_240])
        #expect(clock.game.game.state.piece.x == 7)
    }

    @Test("once the repeat delay is known, a press starts the game's own DAS, confirmed by the first repeat")
    func heldRightSecondTime() {
        var clock = HandlingTests.withT(handling: HandlingSettings(das: 150, arr: 100, softDrop: 20, dasCut: 17), releases: false)
        Self.hold(.left, from: 300, through: 900, delay: 300, into: &clock)   // learns: 300 ms, 40 ms
        clock.run(to: 1_500)
        let lefts = clock.times(of: .left).count
        Self.hold(.right, from: 2_000, through: 2_700, delay: 300, into: &clock)
        clock.run(to: 3_500)
        // DAS (150) falls before the first repeat (300): the move waits for it, then ARR
        // until the last bytes (2700); 2800 would be after them: not made.
        #expect(clock.times(of: .right) == [2_000, 2_300, 2_400, 2_500, 2_600, 2_700])
        #expect(lefts == 3)
    }

    @Test("Space held: each byte before the terminal's cadence shows is a drop (it may be a tap); none after; once the rate is learned, the press and its first repeat")
    func hardDropHeld() {
        var clock = ManualClock(releases: false)
        Self.hold(.space, from: 100, through: 1_500, into: &clock)
        clock.run(to: 2_000)
        // 100, the first repeat at 600 and the step after it (640) may each be a tap.
        #expect(clock.times(of: .hardDrop) == [100, 600, 640])
        Self.hold(.space, from: 3_000, through: 4_000, into: &clock)
        clock.run(to: 4_500)
        #expect(clock.times(of: .hardDrop) == [100, 600, 640, 3_000, 3_500])
    }

    @Test("two taps of Space 400 ms apart drop two pieces, each at once")
    func hardDropTwice() {
        var clock = ManualClock(releases: false)
        clock.bytes(.space, at: 100)
        clock.bytes(.space, at: 500)
        clock.run(to: 1_000)
        #expect(clock.game.game.state.piecesLocked == 2)
        #expect(clock.times(of: .hardDrop) == [100, 500])
    }

    @Test("quick taps are presses each")
    func quickTaps() {
        var clock = HandlingTests.withT(releases: false)
        for ms in [500, 600, 700] { clock.bytes(.right, at: ms) }
        clock.run(to: 1_500)
        #expect(clock.times(of: .right) == [500, 600, 700])
    }
}

/// `Handling` on its own, as a pure value: held controls and times in, `Action`s out.
@Suite("handling as a value: held controls and times → actions")
struct HandlingValueTests {
    static func ms(_ milliseconds: UInt64) -> UInt64 { milliseconds * 1_000_000 }

    /// One change of the held set, at a time in milliseconds.
    enum Input { case press(Control), release(Control) }

    /// Plays `inputs` (each a held set told to the handling) and every deadline up to `end`
    /// (controls always surely held), and returns each action with its time in milliseconds.
    static func play(_ inputs: [(UInt64, Input)], until end: UInt64,
                     settings: HandlingSettings = HandlingSettings(das: 150, arr: 50, softDrop: 20, dasCut: 17)) -> [String] {
        var handling = Handling(settings: settings)
        var held = HeldControls()
        var out: [String] = []
        func note(_ actions: [Action], _ time: UInt64) { out += actions.map { "\(time / 1_000_000) \($0.kind.letter)" } }
        var pending = inputs.sorted { $0.0 < $1.0 }
        while true {
            let next = pending.first.map { Self.ms($0.0) }
            let due = handling.nextDeadline()
            if let due, due <= Self.ms(end), next.map({ due < $0 }) ?? true {
                note(handling.update(held, at: due), due)
            } else if let next, next <= Self.ms(end) {
                let (_, input) = pending.removeFirst()
                switch input {
                case .press(let control): held[control] = HeldControls.Hold(since: next)
                case .release(let control): held[control] = nil
                }
                note(handling.update(held, at: next), next)
            } else {
                return out
            }
        }
    }

    @Test("the same held controls at the same times give the same actions, at DAS then every ARR, none after the release")
    func sameInSameOut() {
        let inputs: [(UInt64, Input)] = [(0, .press(.right)), (260, .release(.right)), (300, .press(.softDrop)), (345, .release(.softDrop))]
        let first = Self.play(inputs, until: 1_000)
        #expect(first == ["0 R", "150 R", "200 R", "250 R", "300 D", "320 D", "340 D"])
        #expect(Self.play(inputs, until: 1_000) == first)
        // Controls that are not held (a turn, pause) are not the handling's.
        var handling = Handling(settings: .defaults)
        let turns = HeldControls([.rotate: HeldControls.Hold(since: 0), .pause: HeldControls.Hold(since: 0)])
        #expect(turns == HeldControls())
        #expect(handling.update(turns, at: 0).isEmpty)
        #expect(handling.nextDeadline() == nil)
    }

    @Test("DAS charge across a release: the other direction, held longer than DAS, moves at once; held less, after its own DAS")
    func chargeAcrossRelease() {
        // ← held since 0; → pressed at 100 takes over; → up at 200: ← was charged (200 ≥ 150).
        #expect(Self.play([(0, .press(.left)), (100, .press(.right)), (200, .release(.right))], until: 260)
                == ["0 L", "100 R", "200 L", "250 L"])
        // → held since 0 when ← comes up at 120: → charges on to its DAS at 150, then every ARR.
        #expect(Self.play([(0, .press(.right)), (100, .press(.left)), (120, .release(.left))], until: 200)
                == ["0 R", "100 L", "150 R", "200 R"])
    }

    @Test("ARR 0 and soft drop 0 answer one action that goes all the way; otherwise one step")
    func allTheWay() {
        var handling = Handling(settings: HandlingSettings(das: 150, arr: 0, softDrop: 0, dasCut: 17))
        var held = HeldControls()
        held[.left] = HeldControls.Hold(since: 0)
        #expect(handling.update(held, at: 0) == [.left])
        #expect(!handling.goesAllTheWay(.left), "the press before DAS is one step")
        #expect(handling.nextDeadline() == Self.ms(150))
        #expect(handling.update(held, at: Self.ms(150)) == [.left])
        #expect(handling.goesAllTheWay(.left), "the auto-shift under ARR 0 goes to the wall")
        held[.softDrop] = HeldControls.Hold(since: Self.ms(200))
        #expect(handling.update(held, at: Self.ms(200)) == [.softDrop] && handling.goesAllTheWay(.softDrop))
        #expect(handling.continuousMoves(at: Self.ms(210)) == [.left, .softDrop])
        var stepping = Handling(settings: .defaults)
        #expect(stepping.update(HeldControls([.softDrop: HeldControls.Hold(since: 0)]), at: 0) == [.softDrop] && !stepping.goesAllTheWay(.softDrop))
    }
}
