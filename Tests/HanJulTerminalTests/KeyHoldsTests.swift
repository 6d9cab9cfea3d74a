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
