import Testing
@testable import HanJulTerminal

/// Decodes `bytes` fed in one chunk, then flushes as a poll timeout would.
private func decodeAll(_ bytes: [UInt8]) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.feed(bytes) + decoder.flushPendingEscape()
}

private let ESC: UInt8 = 0x1B

@Suite("KeyDecoder")
struct KeyDecoderTests {
    static let arrows: [(final: UInt8, key: Key)] = [
        (UInt8(ascii: "A"), .up), (UInt8(ascii: "B"), .down),
        (UInt8(ascii: "C"), .right), (UInt8(ascii: "D"), .left),
    ]

    @Test("every arrow in CSI form (ESC [ A) and SS3 form (ESC O A)")
    func arrowsInBothForms() {
        for (final, key) in Self.arrows {
            var decoder = KeyDecoder()
            #expect(decoder.feed([ESC, UInt8(ascii: "["), final]) == [key])
            #expect(decoder.feed([ESC, UInt8(ascii: "O"), final]) == [key])
            #expect(!decoder.hasPendingInput)
        }
    }

    @Test("xterm modifiers: ESC [ 1 ; 5 A is Ctrl-Up, ESC [ 1 ; 2 D is Shift-Left")
    func modifiedArrows() {
        #expect(decodeAll(Array("\u{1B}[1;5A".utf8)) == [.arrow(.up, .control)])
        #expect(decodeAll(Array("\u{1B}[1;2D".utf8)) == [.arrow(.left, .shift)])
        #expect(decodeAll(Array("\u{1B}[1;4C".utf8)) == [.arrow(.right, [.shift, .alt])])
        #expect(decodeAll(Array("\u{1B}O5B".utf8)) == [.arrow(.down, .control)])
    }

    @Test("navigation and function keys")
    func navigationAndFunctionKeys() {
        #expect(decodeAll(Array("\u{1B}[H".utf8)) == [.navigation(.home, [])])
        #expect(decodeAll(Array("\u{1B}[F".utf8)) == [.navigation(.end, [])])
        #expect(decodeAll(Array("\u{1B}[1~".utf8)) == [.navigation(.home, [])])
        #expect(decodeAll(Array("\u{1B}[2~".utf8)) == [.navigation(.insert, [])])
        #expect(decodeAll(Array("\u{1B}[3~".utf8)) == [.navigation(.delete, [])])
        #expect(decodeAll(Array("\u{1B}[3;5~".utf8)) == [.navigation(.delete, .control)])
        #expect(decodeAll(Array("\u{1B}[5~".utf8)) == [.navigation(.pageUp, [])])
        #expect(decodeAll(Array("\u{1B}[6~".utf8)) == [.navigation(.pageDown, [])])
        #expect(decodeAll(Array("\u{1B}OP".utf8)) == [.function(1, [])])
        #expect(decodeAll(Array("\u{1B}OS".utf8)) == [.function(4, [])])
        #expect(decodeAll(Array("\u{1B}[15~".utf8)) == [.function(5, [])])
        #expect(decodeAll(Array("\u{1B}[17~".utf8)) == [.function(6, [])])
        #expect(decodeAll(Array("\u{1B}[21~".utf8)) == [.function(10, [])])
        #expect(decodeAll(Array("\u{1B}[24~".utf8)) == [.function(12, [])])
        #expect(decodeAll(Array("\u{1B}[[A".utf8)) == [.function(1, [])])
        #expect(decodeAll(Array("\u{1B}[Z".utf8)) == [.backTab])
    }

    @Test("single bytes: Ctrl-C is 0x03, Ctrl-Z is 0x1A, and the other C0 keys")
    func singleBytes() {
        #expect(decodeAll([0x03]) == [.control("c")])
        #expect(decodeAll([0x1A]) == [.control("z")])
        #expect(decodeAll([0x01]) == [.control("a")])
        #expect(decodeAll([0x0D]) == [.enter])
        #expect(decodeAll([0x0A]) == [.enter])
        #expect(decodeAll([0x09]) == [.tab])
        #expect(decodeAll([0x7F]) == [.backspace])
        #expect(decodeAll([0x08]) == [.backspace])
        #expect(decodeAll([0x20]) == [.space])
        #expect(decodeAll([0x00]) == [.control("@")])
        #expect(decodeAll([0x1C]) == [.control("\\")])
        #expect(decodeAll(Array("q~".utf8)) == [.character("q"), .character("~")])
    }

    @Test("a sequence split at every byte boundary decodes the same", arguments: [
        "\u{1B}[A", "\u{1B}OB", "\u{1B}[1;5C", "\u{1B}[24~", "\u{1B}[3;2~", "\u{1B}[[B",
        "x\u{1B}[Dy", "한", "🀄", "é\u{1B}OP",
    ])
    func splitAtEveryBoundary(text: String) {
        let bytes = Array(text.utf8)
        let whole = decodeAll(bytes)
        #expect(!whole.contains { if case .unknown = $0 { return true } else { return false } })
        for cut in 1..<bytes.count {
            var decoder = KeyDecoder()
            var keys = decoder.feed(bytes[..<cut])
            keys += decoder.feed(bytes[cut...])
            keys += decoder.flushPendingEscape()
            #expect(keys == whole, "cut at \(cut)")
        }
        // And one byte at a time.
        var decoder = KeyDecoder()
        var keys: [Key] = []
        for byte in bytes { keys += decoder.feed([byte]) }
        #expect(keys + decoder.flushPendingEscape() == whole)
    }

    @Test("a lone Esc waits for the timeout; Esc then [A within it is Up")
    func loneEscapeVersusSequence() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([ESC]) == [])
        #expect(decoder.hasPendingEscape)
        #expect(decoder.flushPendingEscape() == [.escape])
        #expect(!decoder.hasPendingInput)

        #expect(decoder.feed([ESC]) == [])
        #expect(decoder.feed(Array("[A".utf8)) == [.up])

        // Timeout in the middle of "ESC [": Esc, then the bracket as typed.
        #expect(decoder.feed([ESC, UInt8(ascii: "[")]) == [])
        #expect(decoder.flushPendingEscape() == [.escape, .character("[")])
        #expect(decoder.flushPendingEscape() == [])
    }

    @Test("Esc followed by an ordinary key is Esc and then that key (no lost keys)")
    func escapeThenKey() {
        #expect(decodeAll([ESC, UInt8(ascii: "q")]) == [.escape, .character("q")])
        #expect(decodeAll([ESC, ESC]) == [.escape, .escape])
        #expect(decodeAll([ESC, ESC, UInt8(ascii: "["), UInt8(ascii: "A")]) == [.escape, .up])
        #expect(decodeAll([ESC, UInt8(ascii: "O"), 0x03]) == [.escape, .character("O"), .control("c")])
    }

    @Test("UTF-8 characters, split across reads")
    func utf8Split() {
        let bytes = Array("한줄".utf8) // 6 bytes
        var decoder = KeyDecoder()
        #expect(decoder.feed(bytes[0..<2]) == [])
        #expect(decoder.hasPendingInput)
        #expect(decoder.feed(bytes[2..<4]) == [.character("한")])
        #expect(decoder.feed(bytes[4..<6]) == [.character("줄")])
        #expect(!decoder.hasPendingInput)
    }

    @Test("invalid input becomes .unknown, and the decoder recovers")
    func invalidInput() {
        #expect(decodeAll([0xFF, UInt8(ascii: "a")]) == [.unknown([0xFF]), .character("a")])
        #expect(decodeAll([0xC3, UInt8(ascii: "a")]) == [.unknown([0xC3]), .character("a")])
        #expect(decodeAll([0xC0, 0x80]) == [.unknown([0xC0]), .unknown([0x80])])
        #expect(decodeAll([0xED, 0xA0, 0x80]) == [.unknown([0xED, 0xA0, 0x80])]) // surrogate
        #expect(decodeAll([0xC2, 0x9B]) == [.unknown([0xC2, 0x9B])]) // C1 CSI as UTF-8
        #expect(decodeAll(Array("\u{1B}[<0;1;2M".utf8)) == [.unknown(Array("\u{1B}[<0;1;2M".utf8))])
        #expect(decodeAll(Array("\u{1B}[99~".utf8)) == [.unknown(Array("\u{1B}[99~".utf8))])
        #expect(decodeAll([ESC, UInt8(ascii: "["), UInt8(ascii: "1"), 0x03])
                == [.unknown([ESC, UInt8(ascii: "["), UInt8(ascii: "1")]), .control("c")])
        // A huge parameter saturates instead of overflowing.
        let huge = Array("\u{1B}[99999999999999999999999;5A".utf8)
        #expect(decodeAll(huge) == [.arrow(.up, .control)])
    }

    @Test("an endless parameter run is dropped to its end, never buffered past the maximum, never read as keys")
    func endlessSequenceIsBounded() {
        var decoder = KeyDecoder()
        var keys = decoder.feed([ESC, UInt8(ascii: "[")])
        keys += decoder.feed([UInt8](repeating: UInt8(ascii: "1"), count: 1_000))
        #expect(!decoder.hasPendingInput)
        keys += decoder.feed([UInt8(ascii: "c")])
        #expect(keys.isEmpty, "\(keys)")
        #expect(decoder.feed(Array("\u{1B}[Ba".utf8)) == [.down, .character("a")])
    }

    /// Every answer HanJul's queries can provoke, as real terminals send them (xterm's
    /// primary attributes are 35 bytes: the cause of D1, where its final `c` was read as
    /// the hold key).
    static let replies: [String] = [
        "\u{1B}[?64;1;2;6;9;15;16;17;18;21;22;28c",   // DA1, xterm
        "\u{1B}[?62;22c", "\u{1B}[?1;2c", "\u{1B}[?6c",  // DA1, others
        "\u{1B}[>41;390;0c", "\u{1B}[>1;4000;29c",      // DA2
        "\u{1B}[?31u", "\u{1B}[?0u",                     // kitty keyboard flags
        "\u{1B}]11;rgb:ffff/ffff/dddd\u{1B}\\", "\u{1B}]11;rgb:0000/0000/0000\u{07}", "\u{1B}]11;rgb:ff/ff/ff\u{1B}\\",  // OSC 11
        "\u{1B}[24;80R", "\u{1B}[1;1R", "\u{1B}[12;133R",  // cursor position
        "\u{1B}[?2026;2$y",                               // DECRPM
        "\u{1B}P>|xterm(388)\u{1B}\\", "\u{1B}P!|00000000\u{1B}\\",  // XTVERSION, DA3
        "\u{1B}_Gi=1;OK\u{1B}\\",                          // kitty graphics
    ]

    @Test("no terminal answer is ever a key, whole or split at any byte", arguments: replies)
    func repliesAreNeverKeys(reply: String) {
        let bytes = Array(reply.utf8)
        for cut in 0...bytes.count {
            var decoder = KeyDecoder()
            var events = decoder.feedEvents(bytes[..<cut])
            events += decoder.feedEvents(bytes[cut...])
            #expect(!events.contains { if case .key = $0 { true } else { false } }, "cut at \(cut): \(events)")
            #expect(!decoder.hasPendingInput, "cut at \(cut)")
            // And the keys after it still come through.
            #expect(decoder.feed(Array("c ".utf8)) == [.character("c"), .space])
        }
    }

    @Test("an answer cut by a pause (the escape timeout) loses no key after it and makes none of its rest")
    func repliesCutByAPause() {
        for reply in Self.replies {
            let bytes = Array(reply.utf8)
            for cut in 3..<bytes.count {
                var decoder = KeyDecoder()
                var keys = decoder.feed(bytes[..<cut])
                keys += decoder.flushPendingEscape()
                keys += decoder.feed(bytes[cut...])
                let printable = keys.filter { if case .character = $0 { true } else { false } }
                #expect(printable.isEmpty, "\(reply.debugDescription) cut at \(cut): \(keys)")
            }
        }
    }

    @Test("OSC 11 gives the background colour, in any digit count")
    func backgroundColour() {
        var decoder = KeyDecoder()
        #expect(decoder.feedEvents(Array("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\".utf8)) == [.background(red: 255, green: 255, blue: 255)])
        #expect(decoder.feedEvents(Array("\u{1B}]11;rgb:00/80/ff\u{07}".utf8)) == [.background(red: 0, green: 128, blue: 255)])
        #expect(decoder.feedEvents(Array("\u{1B}]11;rgb:2/2/2\u{07}".utf8)) == [.background(red: 34, green: 34, blue: 34)])
    }

    @Test("10,000 random chunks never trap, and a clean sequence decodes afterwards")
    func randomFuzz() {
        var generator = SplitMix64(seed: 0x48616E4A756C)
        var decoder = KeyDecoder()
        var total = 0
        for _ in 0..<10_000 {
            let length = Int(generator.next() % 12)
            let alphabet: [UInt8] = [ESC, 0x5B, 0x4F, 0x3B, 0x31, 0x35, 0x7E, 0x41, 0xC3, 0xA9, 0xE2, 0x80, 0xF0, 0x9F, 0x03, 0x1A]
            let chunk = (0..<length).map { _ -> UInt8 in
                let roll = generator.next()
                return roll % 3 == 0 ? alphabet[Int(roll >> 8) % alphabet.count] : UInt8(truncatingIfNeeded: roll >> 16)
            }
            total += decoder.feed(chunk).count
            if generator.next() % 5 == 0 { total += decoder.flushPendingEscape().count }
        }
        _ = decoder.flushPendingEscape()
        #expect(total > 0)
        #expect(decoder.feed(Array("\u{1B}[B".utf8)) == [.down])
    }
}

/// A 15-line seeded generator (as in swift-argument-parser's `roll` example).
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// What kitty sends under the game's flags (0b1111: report all keys, event types, alternate
/// keys) for Shift and the keys pressed with it, as the Keys page binds them.
@Suite("kitty: Shift and other modifier keys")
struct KittyModifierKeyTests {
    static func events(_ text: String) -> [InputEvent] {
        var decoder = KeyDecoder()
        return decoder.feedEvents(Array(text.utf8))
    }

    @Test("Shift, Ctrl, Alt, Super alone (left or right) are keys, pressed and released; AltGr alone is none")
    func modifiersAlone() {
        #expect(Self.events("\u{1B}[57441;2u") == [.key(.press(.modifier(.shift)))])
        #expect(Self.events("\u{1B}[57441;1:3u") == [.key(.release(.modifier(.shift)))])
        #expect(Self.events("\u{1B}[57447;2u\u{1B}[57447;1:3u") == [.key(.press(.modifier(.shift))), .key(.release(.modifier(.shift)))])
        #expect(Self.events("\u{1B}[57442;5u") == [.key(.press(.modifier(.control)))])
        #expect(Self.events("\u{1B}[57449;3:2u") == [.key(.repeat(.modifier(.alt)))])
        #expect(Self.events("\u{1B}[57444;9u") == [.key(.press(.modifier(.super)))])
        #expect(Self.events("\u{1B}[57452;33u") == [.key(.press(.modifier(.meta)))])
        #expect(Self.events("\u{1B}[57453u").isEmpty, "ISO level 3 shift (AltGr) alone")
        // `feed` (presses only) has them too.
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[57441;2u\u{1B}[57441;1:3u".utf8)) == [.modifier(.shift)])
    }

    @Test("with Shift down: v is V (the shifted key kitty sends), ← is Shift-←, Tab is Shift-Tab; released the same way")
    func keysWithShift() {
        #expect(Self.events("\u{1B}[118:86;2u") == [.key(.press(.character("V")))])
        #expect(Self.events("\u{1B}[118:86;2:3u") == [.key(.release(.character("V")))])
        #expect(Self.events("\u{1B}[118;2u") == [.key(.press(.character("V")))], "no shifted key sent: the upper case")
        #expect(Self.events("\u{1B}[1;2D") == [.key(.press(.arrow(.left, .shift)))])
        #expect(Self.events("\u{1B}[1;2:3D") == [.key(.release(.arrow(.left, .shift)))])
        #expect(Self.events("\u{1B}[9;2u") == [.key(.press(.backTab))])
        #expect(Self.events("\u{1B}[1;6A") == [.key(.press(.arrow(.up, [.shift, .control])))])
    }
}
