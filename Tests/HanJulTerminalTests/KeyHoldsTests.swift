import HanJulTerminal
import Testing

/// Release inference for terminals without key events (`KeyHolds`): every event is a press
/// until the terminal's own repeat cadence proves a hold.
@Suite("KeyHolds")
struct KeyHoldsTests {
    static func ms(_ milliseconds: UInt64) -> UInt64 { milliseconds * 1_000_000 }
    static let left = Key.arrow(.left, [])

    /// The kinds of what `times` (ms) of one key's bytes mean, from a fresh stream or `holds`.
    static func kinds(_ times: [UInt64], key: Key = left, holds: inout KeyHolds) -> [String] {
        times.map { time in
            _ = holds.releases(upTo: ms(time))
            guard let arrival = holds.receive(.press(key), at: ms(time)) else { return "none" }
            switch arrival.kind {
            case .press: return "P"
            case .repeat: return arrival.heldSince.map { "R\($0 / 1_000_000)" } ?? "R"
            case .release: return "U"
            }
        }
    }

    @Test("bytes, a repeat one delay later, two agreeing steps: presses until the cadence proves a hold since the first; released a gap after the last")
    func inferredHold() throws {
        var holds = KeyHolds(reportsReleases: false)
        #expect(Self.kinds([0, 500, 540, 580, 620], holds: &holds) == ["P", "P", "P", "R0", "R"])
        #expect(holds.repeatDelay == Self.ms(500) && holds.repeatInterval == Self.ms(40))
        #expect(holds.confirmsHeld(Self.left, at: Self.ms(640)))
        let release = try #require(holds.nextRelease())
        #expect(release == Self.ms(620) + holds.gap)
        #expect(holds.releases(upTo: release) == [.released(Self.left, at: release)])
        #expect(!holds.isDown(Self.left))
        // Learned: one step at the interval after bytes one delay on proves the next hold.
        #expect(Self.kinds([2_000, 2_500, 2_540], holds: &holds) == ["P", "P", "R2000"])
    }

    @Test("taps 20–200 ms apart, with or without pauses, are every one a press", arguments: [20, 30, 40, 45, 50, 60, 70, 90, 120, 150, 175, 200] as [UInt64])
    func tapsArePresses(apart: UInt64) {
        var fresh = KeyHolds(reportsReleases: false)
        let taps = (0..<8).map { UInt64($0) * apart }
        #expect(Self.kinds(taps, holds: &fresh).allSatisfy { $0 == "P" })
        // Pairs after pauses of 300 ms (a pause like a repeat delay, then a quick second tap).
        var paired = KeyHolds(reportsReleases: false)
        let pairs = (0..<6).flatMap { [UInt64($0) * 300, UInt64($0) * 300 + apart] }
        #expect(Self.kinds(pairs, holds: &paired).allSatisfy { $0 == "P" })
        // And after the terminal's delay and rate were learned from a real hold.
        var learned = KeyHolds(reportsReleases: false)
        _ = Self.kinds([0, 500, 540, 580], holds: &learned)
        let later = (0..<8).map { 5_000 + UInt64($0) * apart }
        #expect(Self.kinds(later, holds: &learned).allSatisfy { $0 == "P" }, "\(apart) ms")
    }

    @Test("a key's hold: its press, its last sign, and until when it is surely held")
    func holdOfAKey() {
        let left = Self.left
        var bytes = KeyHolds(reportsReleases: false)
        _ = bytes.receive(.press(left), at: Self.ms(0))
        #expect(bytes.hold(left) == KeyHolds.Hold(since: 0, lastSign: 0, surelyUntil: nil, press: 1))
        _ = bytes.receive(.press(left), at: Self.ms(500))
        // Taken as a press: the hold counts from it until the cadence says otherwise.
        #expect(bytes.hold(left) == KeyHolds.Hold(since: Self.ms(500), lastSign: Self.ms(500), surelyUntil: nil, press: 2))
        _ = bytes.receive(.press(left), at: Self.ms(540))
        _ = bytes.receive(.press(left), at: Self.ms(580))
        let until = Self.ms(580) + bytes.interval + Self.ms(15)
        #expect(bytes.hold(left) == KeyHolds.Hold(since: 0, lastSign: Self.ms(580), surelyUntil: until, press: 3))
        #expect(bytes.confirmsHeld(left, at: until) && !bytes.confirmsHeld(left, at: until + 1))
        #expect(bytes.hold(.space) == nil)
        var kitty = KeyHolds(reportsReleases: true)
        _ = kitty.receive(.press(left), at: Self.ms(7))
        #expect(kitty.hold(left) == KeyHolds.Hold(since: Self.ms(7), lastSign: Self.ms(7), surelyUntil: .max, press: 1))
        _ = kitty.receive(.release(left), at: Self.ms(9))
        #expect(kitty.hold(left) == nil)
    }

    @Test("bytes of one key in one burst (tmux sends Right×4 in one write) are a press each, numbered")
    func burst() {
        var holds = KeyHolds(reportsReleases: false)
        #expect(Self.kinds([100, 100, 100, 100], holds: &holds) == ["P", "P", "P", "P"])
        #expect(holds.presses == 4 && holds.hold(Self.left)?.press == 4)
    }

    @Test("releases due at the same time come in one order in every run: by key")
    func tiesInAFixedOrder() {
        var holds = KeyHolds(reportsReleases: false)
        let keys: [Key] = [.character("z"), .arrow(.left, []), .space, .character("c"), .arrow(.right, [])]
        for key in keys { _ = holds.receive(.press(key), at: Self.ms(0)) }
        let lapses = holds.releases(upTo: Self.ms(5_000))
        #expect(lapses.count == keys.count)
        let names = lapses.map { if case .released(let key, _) = $0 { "\(key)" } else { "" } }
        #expect(Set(names) == Set(keys.map { "\($0)" }))
        #expect(names == names.sorted())
    }

    @Test("a terminal that reports releases: exactly what it says")
    func reported() {
        var holds = KeyHolds(reportsReleases: true)
        let down = Key.arrow(.down, [])
        #expect(holds.receive(.press(down), at: 0)?.kind == .press)
        #expect(holds.receive(.repeat(down), at: Self.ms(600))?.kind == .repeat)
        #expect(holds.nextRelease() == nil)
        #expect(holds.receive(.release(down), at: Self.ms(700))?.kind == .release)
        #expect(holds.receive(.release(down), at: Self.ms(800)) == nil)
    }
}

/// The key stream (`KeyHolds.stream`): the terminal's events in, `KeyStroke`s with their
/// times out, in time order.
@Suite("Key stream")
struct KeyStreamTests {
    static func ms(_ milliseconds: UInt64) -> UInt64 { milliseconds * 1_000_000 }
    static let left = Key.arrow(.left, [])

    @Test("kitty: a press, a repeat and a release come out as strokes at their times; a release of a key not down, none")
    func reported() {
        var holds = KeyHolds(reportsReleases: true)
        let down = Key.arrow(.down, [])
        #expect(holds.stream(.press(down), at: Self.ms(10)) == [KeyStroke(down, .press, at: Self.ms(10))])
        #expect(holds.stream(.repeat(down), at: Self.ms(600)) == [KeyStroke(down, .repeat, at: Self.ms(600))])
        #expect(holds.stream(upTo: Self.ms(5_000)).isEmpty, "the terminal says when it comes up")
        #expect(holds.stream(.release(down), at: Self.ms(700)) == [KeyStroke(down, .release, at: Self.ms(700))])
        #expect(holds.stream(.release(down), at: Self.ms(800)).isEmpty)
    }

    @Test("no releases: presses at once, a repeat showing the hold, then the release inferred a gap after the last bytes")
    func inferredRelease() throws {
        var holds = KeyHolds(reportsReleases: false)
        #expect(holds.stream(.press(Self.left), at: 0) == [KeyStroke(Self.left, .press, at: 0)])
        #expect(holds.stream(.press(Self.left), at: Self.ms(500)) == [KeyStroke(Self.left, .press, at: Self.ms(500))])
        #expect(holds.stream(.press(Self.left), at: Self.ms(540)) == [KeyStroke(Self.left, .press, at: Self.ms(540))])
        #expect(holds.stream(.press(Self.left), at: Self.ms(580))
                == [KeyStroke(Self.left, .repeat, at: Self.ms(580), heldSince: 0)])
        let release = Self.ms(580) + holds.gap
        #expect(holds.stream(upTo: release - 1).isEmpty)
        #expect(holds.stream(upTo: release) == [KeyStroke(Self.left, .release, at: release)])
        #expect(holds.stream(upTo: Self.ms(10_000)).isEmpty)
    }

    @Test("at equal times: a key's inferred release comes before its next press, and releases of several keys in one order")
    func equalTimes() {
        var holds = KeyHolds(reportsReleases: false)
        // A press alone (the repeat delay unknown) is up a second later.
        _ = holds.stream(.press(Self.left), at: 0)
        _ = holds.stream(.press(.space), at: 0)
        _ = holds.stream(.press(.character("z")), at: 0)
        let second = Self.ms(1_000)
        // Releases by the key's name (arrow, character, space), then the new press.
        #expect(holds.stream(.press(Self.left), at: second) == [
            KeyStroke(Self.left, .release, at: second), KeyStroke(.character("z"), .release, at: second),
            KeyStroke(.space, .release, at: second), KeyStroke(Self.left, .press, at: second),
        ])
        // The same events again give the same strokes in the same order.
        var again = KeyHolds(reportsReleases: false)
        for key in [Self.left, .space, .character("z")] { _ = again.stream(.press(key), at: 0) }
        var first = KeyHolds(reportsReleases: false)
        for key in [.character("z"), .space, Self.left] { _ = first.stream(.press(key), at: 0) }
        #expect(again.stream(.press(Self.left), at: second) == first.stream(.press(Self.left), at: second))
    }
}
