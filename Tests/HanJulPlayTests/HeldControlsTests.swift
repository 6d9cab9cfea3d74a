import HanJulCore
@testable import HanJulPlay
import HanJulTerminal
import Testing

/// `HeldControls` made from the key stream and the bindings, and `Handling` fed with them:
/// the screens' path from a key to an action, without a screen.
@Suite("held controls from the key stream → handling")
struct HeldControlsTests {
    static func ms(_ milliseconds: UInt64) -> UInt64 { milliseconds * 1_000_000 }
    static let left = Key.arrow(.left, []), right = Key.arrow(.right, []), down = Key.arrow(.down, [])

    /// Plays key events through a key stream into a handling, the way the screens' clock
    /// does: inferred releases, then the handling's moves, each at its own time, then the
    /// next event. Answers each action with its time in milliseconds.
    static func play(_ events: [(UInt64, KeyEvent)], until end: UInt64, releases: Bool,
                     settings: HandlingSettings = HandlingSettings(das: 150, arr: 50, softDrop: 20, dasCut: 17)) -> [String] {
        var stream = KeyHolds(reportsReleases: releases)
        var handling = Handling(settings: settings)
        let bindings = KeyBindings.defaults
        var out: [String] = []
        func take(_ strokes: [KeyStroke]) {
            for stroke in strokes where bindings.control(for: stroke.key)?.isHeld == true {
                let actions = handling.update(HeldControls(stream, bindings: bindings), at: stroke.at)
                out += actions.map { "\(stroke.at / 1_000_000) \($0.kind.letter)" }
            }
        }
        var pending = events
        while true {
            let next = pending.first.map { Self.ms($0.0) } ?? Self.ms(end)
            let release = stream.nextRelease(), move = handling.nextDeadline()
            if let soonest = [release, move].compactMap({ $0 }).min(), soonest <= next {
                if let release, release <= soonest {
                    take(stream.stream(upTo: soonest))
                } else {
                    let actions = handling.update(HeldControls(stream, bindings: bindings), at: soonest)
                    out += actions.map { "\(soonest / 1_000_000) \($0.kind.letter)" }
                }
            } else if !pending.isEmpty {
                let (_, event) = pending.removeFirst()
                take(stream.stream(event, at: next))
            } else {
                return out
            }
        }
    }

    @Test("two keys bound to one control: it is held while either is down; a second key pressed is a press again")
    func twoKeysOneControl() {
        var stream = KeyHolds(reportsReleases: true)
        let h = Key.character("h")
        _ = stream.stream(.press(Self.left), at: Self.ms(0))
        _ = stream.stream(.press(.arrow(.up, [])), at: Self.ms(10))     // rotate: not a held control
        #expect(HeldControls(stream, bindings: .defaults) == HeldControls([.left: .init(since: 0, press: 1)]))
        _ = stream.stream(.press(h), at: Self.ms(100))
        #expect(HeldControls(stream, bindings: .defaults)[.left] == .init(since: Self.ms(100), keys: 2, press: 3))
        _ = stream.stream(.release(h), at: Self.ms(200))
        #expect(HeldControls(stream, bindings: .defaults)[.left] == .init(since: 0, press: 1))
        _ = stream.stream(.release(Self.left), at: Self.ms(300))
        #expect(HeldControls(stream, bindings: .defaults) == HeldControls())

        // In the handling: h at 100 moves again and charges anew; h up at 200 changes
        // nothing (← still down); ← up at 320 stops the moves.
        let moves = Self.play([(0, .press(Self.left)), (100, .press(h)), (200, .release(h)), (320, .release(Self.left))],
                              until: 1_000, releases: true)
        #expect(moves == ["0 L", "100 L", "250 L", "300 L"])
    }

    @Test("a terminal without releases: a press is not surely held until its first repeat, then one interval after each")
    func withoutReleases() throws {
        var stream = KeyHolds(reportsReleases: false)
        _ = stream.stream(.press(Self.down), at: Self.ms(0))
        var held = HeldControls(stream, bindings: .defaults)
        #expect(held[.softDrop] == .init(since: 0, surelyUntil: nil, press: 1))
        #expect(!held.isSurelyHeld(.softDrop, at: 0))
        // 500 ms on, and 40 ms after: presses for now (the repeat delay is not known yet).
        _ = stream.stream(.press(Self.down), at: Self.ms(500))
        #expect(HeldControls(stream, bindings: .defaults)[.softDrop] == .init(since: Self.ms(500), surelyUntil: nil, press: 2))
        _ = stream.stream(.press(Self.down), at: Self.ms(540))
        #expect(HeldControls(stream, bindings: .defaults)[.softDrop] == .init(since: Self.ms(540), surelyUntil: nil, press: 3))
        // A second step that agrees: the terminal's cadence, a hold since 0.
        _ = stream.stream(.press(Self.down), at: Self.ms(580))
        held = HeldControls(stream, bindings: .defaults)
        let hold = try #require(held[.softDrop])
        #expect(hold.since == 0 && hold.lastSign == Self.ms(580))
        let until = Self.ms(580) + stream.interval + Self.ms(15)
        #expect(hold.surelyUntil == until)
        #expect(held.isSurelyHeld(.softDrop, at: until) && !held.isSurelyHeld(.softDrop, at: until + 1))

        // In the handling, → held from 500 (repeat delay 500, interval 40) to 1200, DAS 150,
        // ARR 200: a move at the press; DAS falls before the first repeat, so the move
        // waits; the first repeats (1000, 1040, taken for presses) move, the next bytes show
        // the hold since 500: ARR from 1040; 1440 is after the last bytes: not made.
        var bytes: [(UInt64, KeyEvent)] = [(500, .press(Self.right))]
        for ms in stride(from: UInt64(1_000), through: 1_200, by: 40) { bytes.append((ms, .press(Self.right))) }
        let settings = HandlingSettings(das: 150, arr: 200, softDrop: 20, dasCut: 17)
        #expect(Self.play(bytes, until: 2_500, releases: false, settings: settings) == ["500 R", "1000 R", "1040 R", "1240 R"])
    }

    @Test("the same held sets at the same times give the same actions, every time")
    func sameInSameOut() {
        var bytes: [(UInt64, KeyEvent)] = [(0, .press(Self.left)), (700, .press(Self.down))]
        for ms in stride(from: UInt64(500), through: 900, by: 40) { bytes.append((ms, .press(Self.left))) }
        for ms in stride(from: UInt64(1_200), through: 1_400, by: 40) { bytes.append((ms, .press(Self.down))) }
        bytes.sort { $0.0 < $1.0 }
        let first = Self.play(bytes, until: 3_000, releases: false)
        #expect(first.first == "0 L" && first.contains("700 D"))
        #expect(Self.play(bytes, until: 3_000, releases: false) == first)

        // And a handling value given the same held set twice at one time answers nothing new.
        var handling = Handling(settings: .defaults)
        let held = HeldControls([.right: .init(since: 0)])
        #expect(handling.update(held, at: 0) == [.right])
        #expect(handling.update(held, at: 0).isEmpty)
    }
}
