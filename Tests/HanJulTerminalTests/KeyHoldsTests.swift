import HanJulTerminal
import Testing

/// Release inference for terminals without key events (`KeyHolds`, in the terminal layer
/// since #23): presses, repeats and releases worked out from the bytes' times.
@Suite("KeyHolds")
struct KeyHoldsTests {
    static func ms(_ milliseconds: UInt64) -> UInt64 { milliseconds * 1_000_000 }

    @Test("bytes, a repeat one delay later, repeats, then silence: press, repeats, one release a gap after the last")
    func inferredHold() throws {
        var holds = KeyHolds(reportsReleases: false)
        let left = Key.arrow(.left, [])
        #expect(holds.receive(.press(left), at: Self.ms(0))?.kind == .press)
        // 500 ms later (the delay not known yet): a tentative press, then a repeat 40 ms on
        // shows it was the first repeat of a hold since 0.
        let second = holds.receive(.press(left), at: Self.ms(500))
        #expect(second?.kind == .press && second?.isTentative == true)
        let third = holds.receive(.press(left), at: Self.ms(540))
        #expect(third?.kind == .repeat && third?.heldSince == Self.ms(0))
        #expect(holds.confirmsHeld(left, at: Self.ms(560)))
        let release = try #require(holds.nextRelease())
        #expect(release == Self.ms(540) + holds.gap)
        #expect(holds.releases(upTo: release) == [.released(left, at: release)])
        #expect(!holds.isDown(left))
    }

    @Test("a key's hold: its press, its last sign, and until when it is surely held")
    func holdOfAKey() {
        let left = Key.arrow(.left, [])
        var bytes = KeyHolds(reportsReleases: false)
        _ = bytes.receive(.press(left), at: Self.ms(0))
        #expect(bytes.hold(left) == KeyHolds.Hold(since: 0, lastSign: 0, surelyUntil: nil))
        _ = bytes.receive(.press(left), at: Self.ms(500))
        _ = bytes.receive(.press(left), at: Self.ms(540))
        let until = Self.ms(540) + bytes.interval + Self.ms(15)
        #expect(bytes.hold(left) == KeyHolds.Hold(since: 0, lastSign: Self.ms(540), surelyUntil: until))
        #expect(bytes.confirmsHeld(left, at: until) && !bytes.confirmsHeld(left, at: until + 1))
        #expect(bytes.hold(.space) == nil)
        var kitty = KeyHolds(reportsReleases: true)
        _ = kitty.receive(.press(left), at: Self.ms(7))
        #expect(kitty.hold(left) == KeyHolds.Hold(since: Self.ms(7), lastSign: Self.ms(7), surelyUntil: .max))
        _ = kitty.receive(.release(left), at: Self.ms(9))
        #expect(kitty.hold(left) == nil)
    }

    @Test("releases due at the same time come in one order in every run: confirmations first, then by key")
    func tiesInAFixedOrder() {
        var holds = KeyHolds(reportsReleases: false)
        let keys: [Key] = [.character("z"), .arrow(.left, []), .space, .character("c"), .arrow(.right, [])]
        for key in keys { _ = holds.receive(.press(key), at: Self.ms(0)) }
        let lapses = holds.releases(upTo: Self.ms(5_000))
        #expect(lapses.count == keys.count)
        #expect(Set(lapses.map { if case .released(let key, _) = $0 { key } else { Key.escape } }) == Set(keys))
        let names = lapses.map { if case .released(let key, _) = $0 { "\(key)" } else { "" } }
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

    @Test("no releases: bytes, a tentative press, a repeat showing the hold, then the release inferred a gap after the last bytes")
    func inferredRelease() throws {
        var holds = KeyHolds(reportsReleases: false)
        #expect(holds.stream(.press(Self.left), at: 0) == [KeyStroke(Self.left, .press, at: 0)])
        #expect(holds.stream(.press(Self.left), at: Self.ms(500))
                == [KeyStroke(Self.left, .press, at: Self.ms(500), isTentative: true)])
        #expect(holds.stream(.press(Self.left), at: Self.ms(540))
                == [KeyStroke(Self.left, .repeat, at: Self.ms(540), heldSince: 0)])
        let release = Self.ms(540) + holds.gap
        #expect(holds.stream(upTo: release - 1).isEmpty)
        #expect(holds.stream(upTo: release) == [KeyStroke(Self.left, .release, at: release)])
        #expect(holds.stream(upTo: Self.ms(10_000)).isEmpty)
    }

    @Test("no releases: a tentative press with no repeat within the gap is confirmed, then released at its own time")
    func confirmedThenReleased() {
        var holds = KeyHolds(reportsReleases: false)
        _ = holds.stream(.press(.space), at: 0)
        #expect(holds.stream(.press(.space), at: Self.ms(500)).first?.isTentative == true)
        let confirmed = Self.ms(500) + holds.gap
        #expect(holds.stream(upTo: Self.ms(2_000)) == [KeyStroke(.space, .confirmed, at: confirmed),
                                                       KeyStroke(.space, .release, at: Self.ms(1_500))])
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
