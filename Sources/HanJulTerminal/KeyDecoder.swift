/// Turns terminal input bytes into key events. A pure value type: no I/O, no clock.
///
/// Feed it whatever `read` returned; sequences split across reads are kept until they
/// complete. A lone Esc cannot be told from the start of a sequence by bytes alone, so
/// the caller asks `hasPendingInput` and, when no more bytes arrived within a short
/// timeout (~25 ms), calls `flushPendingEscape()`.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.feed([0x1B, 0x5B])        // []  (ESC [ … waits)
/// decoder.feed([0x41])              // [.up]
/// decoder.feed([0x1B])              // []
/// decoder.flushPendingEscape()      // [.escape]
/// decoder.feedEvents(Array("\u{1B}[1;1:3D".utf8))   // [.key(.release(.left))]
/// ```
///
/// Besides the legacy encodings (xterm, VT100, the Linux console) it reads the kitty
/// keyboard protocol: `CSI code[:shifted[:base]] ; modifiers[:event] [; text] u` and the
/// legacy finals with an event sub-field (`CSI 1;1:3D` is ← released), so press, repeat
/// and release come apart; and the answers to the protocol's query (`CSI ? flags u`) and
/// to the device-attributes query (`CSI ? … c`). Modifier keys alone (kitty's "report all
/// keys" reports Shift going down) come out as `.modifier` (a key that can be bound: Shift
/// as hold); AltGr and the other ISO level shifts produce no event.
///
/// Garbage never traps: unknown sequences and invalid UTF-8 come out as `.unknown`.
/// - Complexity: O(n) in the number of bytes fed; at most `maximumSequenceLength`
///   bytes are ever buffered.
public struct KeyDecoder: Hashable, Sendable {
    /// Longest escape sequence kept whole. A longer one (xterm's answer to `CSI c` is 35
    /// bytes) is not cut into keys: the rest of it is dropped up to its end (T-21).
    public static let maximumSequenceLength = 256

    private var pending: [UInt8] = []

    /// What is being dropped: the rest of a control sequence too long to keep, up to its
    /// final byte, or of a string (OSC, DCS, APC…) up to its terminator.
    private enum Discard: Hashable, Sendable {
        case controlSequence
        case string
        /// In a string, after an Esc that may start its terminator (`ESC \`).
        case stringEscape
    }
    private var discarding: Discard?
    /// Bytes dropped so far: past ``maximumDiscard`` a string that never ends is given up,
    /// so keys come through again.
    private var discarded = 0
    public static let maximumDiscard = 4096

    public init() {}

    /// Whether bytes of an incomplete sequence (escape or UTF-8) are buffered.
    public var hasPendingInput: Bool { !pending.isEmpty }

    /// Whether the buffered bytes start with Esc (a lone Esc or an unfinished sequence).
    public var hasPendingEscape: Bool { pending.first == 0x1B }

    /// Decodes as many keys as the bytes complete: presses and repeats, in order (releases
    /// and query answers are left out; `feedEvents` has them).
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [Key] where Bytes.Element == UInt8 {
        Self.pressedKeys(feedEvents(bytes))
    }

    /// Decodes as many events as the bytes complete, in order.
    public mutating func feedEvents<Bytes: Sequence>(_ bytes: Bytes) -> [InputEvent] where Bytes.Element == UInt8 {
        var events: [InputEvent] = []
        for byte in bytes {
            process(byte, into: &events)
        }
        return events
    }

    /// Gives up waiting for the rest of a sequence: a lone Esc becomes `.escape`;
    /// `ESC [` and `ESC O` become Esc followed by that character; anything longer, or an
    /// unfinished UTF-8 character, becomes `.unknown`. Call it when the input has been
    /// quiet for the escape timeout.
    public mutating func flushPendingEscape() -> [Key] {
        Self.pressedKeys(flushPendingEvents())
    }

    /// `flushPendingEscape()` as events (always presses).
    public mutating func flushPendingEvents() -> [InputEvent] {
        defer { pending.removeAll(keepingCapacity: true) }
        switch pending.count {
        case 0:
            return []
        case 1 where pending[0] == 0x1B:
            return [.press(.escape)]
        case 2 where pending[0] == 0x1B && (pending[1] == 0x5B || pending[1] == 0x4F):
            return [.press(.escape), .press(.character(Character(Unicode.Scalar(pending[1]))))]
        case 2... where pending[0] == 0x1B && Self.isStringStart(pending[1]):
            // A string answer cut by a pause: the rest of it is dropped as it comes (T-21).
            discarding = pending.count > 2 && pending.last == 0x1B ? .stringEscape : .string
            discarded = 0
            return [.reply]
        case 3... where pending[0] == 0x1B && pending[1] == 0x5B:
            // A control sequence cut after its parameters began: its rest is no key either.
            discarding = .controlSequence
            discarded = 0
            return [.press(.unknown(pending))]
        default:
            return [.press(.unknown(pending))]
        }
    }

    static func pressedKeys(_ events: [InputEvent]) -> [Key] {
        events.compactMap { event in
            if case .key(let key) = event, key.kind != .release { return key.key }
            return nil
        }
    }

    // MARK: - State machine

    private enum Step {
        /// The bytes so far may still become a key.
        case incomplete
        /// The buffered bytes form these events.
        case complete([InputEvent])
        /// The bytes before the last one form these events; the last byte starts afresh.
        case rejectLast([InputEvent])
    }

    private mutating func process(_ byte: UInt8, into events: inout [InputEvent]) {
        if discarding != nil {
            discarded += 1
            if discarded > Self.maximumDiscard { discarding = nil }
        }
        if let mode = discarding {
            switch mode {
            case .controlSequence:
                if Self.isParameter(byte) || Self.isIntermediate(byte) { return }
                discarding = nil
                if Self.isFinal(byte) { events.append(.reply); return }
            case .string:
                if byte == 0x07 { discarding = nil; events.append(.reply) } else if byte == 0x1B { discarding = .stringEscape }
                return
            case .stringEscape:
                discarding = nil
                events.append(.reply)
                if byte == 0x5C { return }
            }
        }
        pending.append(byte)
        if pending.count > Self.maximumSequenceLength, pending.first == 0x1B, pending.count >= 2 {
            // Too long to keep: drop it to its end instead of reading its tail as keys.
            discarding = Self.isStringStart(pending[1]) ? .string : .controlSequence
            if pending.last == 0x1B && discarding == .string { discarding = .stringEscape }
            discarded = 0
            pending.removeAll(keepingCapacity: true)
            return
        }
        while true {
            switch Self.step(pending) {
            case .incomplete:
                return
            case .complete(let decoded):
                events.append(contentsOf: decoded)
                pending.removeAll(keepingCapacity: true)
                return
            case .rejectLast(let decoded):
                // `step` never rejects a single byte, so this always shrinks `pending`.
                events.append(contentsOf: decoded)
                let last = pending.removeLast()
                pending.removeAll(keepingCapacity: true)
                pending.append(last)
            }
        }
    }

    private static func step(_ bytes: [UInt8]) -> Step {
        let first = bytes[0]
        if first == 0x1B { return escapeStep(bytes) }
        if first < 0x80 { return .complete([.press(singleByteKey(first))]) }
        return utf8Step(bytes)
    }

    private static func singleByteKey(_ byte: UInt8) -> Key {
        switch byte {
        case 0x00: return .control("@")
        case 0x08, 0x7F: return .backspace
        case 0x09: return .tab
        case 0x0A, 0x0D: return .enter
        case 0x01...0x1A: return .control(Character(Unicode.Scalar(byte + 0x60)))
        case 0x1B: return .escape
        case 0x1C...0x1F: return .control(Character(Unicode.Scalar(byte + 0x40)))
        case 0x20: return .space
        default: return .character(Character(Unicode.Scalar(byte)))
        }
    }

    // MARK: Escape sequences

    private static func escapeStep(_ bytes: [UInt8]) -> Step {
        guard bytes.count >= 2 else { return .incomplete }
        switch bytes[1] {
        case 0x5B: return csiStep(bytes)   // ESC [
        case 0x4F: return ss3Step(bytes)   // ESC O
        case let byte where isStringStart(byte): return stringStep(bytes)
        default:
            // Esc followed by anything else (another Esc, a letter): the Esc stands
            // alone and the next byte is decoded on its own. No Alt-letter guessing, so a
            // quick Esc-then-key never loses the key.
            return .rejectLast([.press(.escape)])
        }
    }

    /// `ESC ]` (OSC), `ESC P` (DCS), `ESC X` (SOS), `ESC ^` (PM), `ESC _` (APC): a string
    /// a terminal answers with (`OSC 11 ; rgb:… ST`, `DCS > | xterm(…) ST`), ended by BEL or
    /// `ESC \`. Read whole as an answer, never as keys.
    private static func isStringStart(_ byte: UInt8) -> Bool { [0x5D, 0x50, 0x58, 0x5E, 0x5F].contains(byte) }

    private static func stringStep(_ bytes: [UInt8]) -> Step {
        let last = bytes[bytes.count - 1]
        if bytes.count > 2 && last == 0x07 { return .complete([decodeString(bytes.dropLast())]) }
        if bytes.count > 3 && bytes[bytes.count - 2] == 0x1B {
            // ESC \ ends it; an Esc followed by anything else ends it too, and that byte
            // starts afresh.
            return last == 0x5C ? .complete([decodeString(bytes.dropLast(2))]) : .rejectLast([decodeString(bytes.dropLast(2))])
        }
        return .incomplete
    }

    /// A terminal's string answer: `OSC 11 ; rgb:RRRR/GGGG/BBBB` is the background colour;
    /// any other is just an answer.
    private static func decodeString(_ body: ArraySlice<UInt8>) -> InputEvent {
        let text = body.dropFirst(2)
        let prefix = Array("11;rgb:".utf8)
        guard body[body.startIndex + 1] == 0x5D, text.starts(with: prefix) else { return .reply }
        let parts = text.dropFirst(prefix.count).split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard parts.count == 3 else { return .reply }
        var channels: [UInt8] = []
        for part in parts {
            guard (1...4).contains(part.count), let value = Int(String(decoding: part, as: UTF8.self), radix: 16) else { return .reply }
            // 1 to 4 hex digits, each a fraction of its own maximum (XParseColor).
            let maximum = (1 << (4 * part.count)) - 1
            channels.append(UInt8((value * 255 + maximum / 2) / maximum))
        }
        return .background(red: channels[0], green: channels[1], blue: channels[2])
    }

    private static func isParameter(_ byte: UInt8) -> Bool { (0x30...0x3F).contains(byte) }
    private static func isIntermediate(_ byte: UInt8) -> Bool { (0x20...0x2F).contains(byte) }
    private static func isFinal(_ byte: UInt8) -> Bool { (0x40...0x7E).contains(byte) }

    private static func csiStep(_ bytes: [UInt8]) -> Step {
        guard bytes.count >= 3 else { return .incomplete }
        let last = bytes[bytes.count - 1]
        // Linux console F1–F5: ESC [ [ A … ESC [ [ E.
        if bytes[2] == 0x5B {
            if bytes.count == 3 { return .incomplete }
            if bytes.count == 4, (0x41...0x45).contains(last) {
                return .complete([.press(.function(Int(last - 0x40), []))])
            }
            return .complete([.press(.unknown(bytes))])
        }
        if isFinal(last) { return .complete(decodeCSI(bytes)) }
        if isParameter(last) || isIntermediate(last) { return .incomplete }
        // A control byte, Esc or a high byte inside a sequence: the sequence is broken.
        return .rejectLast([.press(.unknown(Array(bytes.dropLast())))])
    }

    private static func ss3Step(_ bytes: [UInt8]) -> Step {
        guard bytes.count >= 3 else { return .incomplete }
        let last = bytes[bytes.count - 1]
        if isFinal(last) { return .complete([.press(decodeSS3(bytes))]) }
        if isParameter(last) {
            if bytes.count >= maximumSequenceLength { return .complete([.press(.unknown(bytes))]) }
            return .incomplete
        }
        if bytes.count == 3 {
            // ESC O then something unrelated: Esc, then Shift-O, then that byte.
            return .rejectLast([.press(.escape), .press(.character("O"))])
        }
        return .rejectLast([.press(.unknown(Array(bytes.dropLast())))])
    }

    // MARK: UTF-8

    private static func expectedUTF8Length(_ lead: UInt8) -> Int? {
        switch lead {
        case 0xC2...0xDF: return 2
        case 0xE0...0xEF: return 3
        case 0xF0...0xF4: return 4
        default: return nil // continuation byte, C0/C1 overlong lead, or > U+10FFFF
        }
    }

    private static func utf8Step(_ bytes: [UInt8]) -> Step {
        guard let length = expectedUTF8Length(bytes[0]) else { return .complete([.press(.unknown(bytes))]) }
        if bytes.count > 1 {
            let last = bytes[bytes.count - 1]
            guard (0x80...0xBF).contains(last) else {
                return .rejectLast([.press(.unknown(Array(bytes.dropLast())))])
            }
        }
        guard bytes.count == length else { return .incomplete }
        // Overlong forms and surrogates pass the checks above; let the standard library
        // judge the complete sequence.
        guard let text = String(validating: bytes, as: UTF8.self), let character = text.first else {
            return .complete([.press(.unknown(bytes))])
        }
        // C1 controls written as UTF-8 (U+0080–U+009F) are not keys.
        if let scalar = character.unicodeScalars.first, (0x80...0x9F).contains(scalar.value) {
            return .complete([.press(.unknown(bytes))])
        }
        return .complete([.press(.character(character))])
    }
}

extension InputEvent {
    /// A press of `key`.
    static func press(_ key: Key) -> InputEvent { .key(.press(key)) }
}
