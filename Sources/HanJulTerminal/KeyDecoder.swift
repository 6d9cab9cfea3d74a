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

    /// The parameters of a CSI sequence: an optional private marker (`<`, `=`, `>`, `?`)
    /// and `;`-separated fields of `:`-separated decimal sub-fields (an empty sub-field is
    /// nil). Nil for anything else (a marker after the first byte, intermediates).
    struct CSIParameters {
        var marker: UInt8?
        var fields: [[Int?]]

        /// Sub-field `sub` of field `field`, or nil when absent or empty.
        subscript(field: Int, sub: Int) -> Int? {
            guard field < fields.count, sub < fields[field].count else { return nil }
            return fields[field][sub]
        }
    }

    static func parameters(_ bytes: ArraySlice<UInt8>) -> CSIParameters? {
        var body = bytes
        var marker: UInt8?
        if let first = body.first, (0x3C...0x3F).contains(first) {
            marker = first
            body = body.dropFirst()
        }
        var fields: [[Int?]] = [[]]
        var current: Int?
        for byte in body {
            switch byte {
            case 0x30...0x39:
                // Saturate: a hostile "99999999999999999999" must not trap.
                current = min((current ?? 0) &* 10 &+ Int(byte - 0x30), 1_114_111)
            case 0x3A: // ':'
                fields[fields.count - 1].append(current)
                current = nil
            case 0x3B: // ';'
                fields[fields.count - 1].append(current)
                current = nil
                fields.append([])
            default:
                return nil
            }
        }
        fields[fields.count - 1].append(current)
        return CSIParameters(marker: marker, fields: fields)
    }

    /// The event type sub-field of the modifiers field (kitty): 1 press, 2 repeat, 3 release.
    private static func eventKind(_ params: CSIParameters) -> KeyEvent.Kind {
        switch params[1, 1] {
        case 2: .repeat
        case 3: .release
        default: .press
        }
    }

    private static func decodeCSI(_ bytes: [UInt8]) -> [InputEvent] {
        let final = bytes[bytes.count - 1]
        // An answer with a private marker and intermediates (`CSI ? 2026 ; 2 $ y`): no key.
        if [0x3F, 0x3E, 0x3D].contains(bytes[2]) && !(final == 0x75 || final == 0x63) { return [.reply] }
        guard let params = parameters(bytes[2..<(bytes.count - 1)]) else {
            return [0x3F, 0x3E, 0x3D].contains(bytes[2]) ? [.reply] : [.press(.unknown(bytes))]
        }
        switch params.marker {
        case nil: break
        case 0x3F where final == 0x75: // CSI ? flags u
            return [.keyboardFlags(params[0, 0] ?? 0)]
        case 0x3F where final == 0x63: // CSI ? … c
            return [.deviceAttributes]
        case 0x3F, 0x3E, 0x3D:
            // Other answers (`CSI > … c` secondary attributes, `CSI ? … $ y` modes): no key
            // starts with these markers.
            return [.reply]
        default:
            return [.press(.unknown(bytes))]
        }
        // The cursor position report `CSI row ; column R` (F3 with modifiers is `CSI 1 ; m R`,
        // m from 2 to 16).
        if final == 0x52, let row = params[0, 0], let column = params[1, 0], row != 1 || !(2...16).contains(column) {
            return [.reply]
        }
        let kind = eventKind(params)
        let modifiers = KeyModifiers(xtermParameter: params[1, 0] ?? 1)
        let key: Key
        switch final {
        case 0x75: // u: kitty's key code form
            guard let decoded = kittyKey(params, modifiers: modifiers) else { return [] }
            key = decoded ?? .unknown(bytes)
        case 0x41: key = .arrow(.up, modifiers)       // A
        case 0x42: key = .arrow(.down, modifiers)     // B
        case 0x43: key = .arrow(.right, modifiers)    // C
        case 0x44: key = .arrow(.left, modifiers)     // D
        case 0x45: key = .unknown(bytes)              // E: keypad 5 (KP_BEGIN)
        case 0x48: key = .navigation(.home, modifiers) // H
        case 0x46: key = .navigation(.end, modifiers)  // F
        case 0x50...0x53: key = .function(Int(final - 0x50) + 1, modifiers) // P Q R S: F1–F4
        case 0x5A: key = .backTab                      // Z
        case 0x7E:                                     // ~
            switch params[0, 0] ?? 0 {
            case 1, 7: key = .navigation(.home, modifiers)
            case 2: key = .navigation(.insert, modifiers)
            case 3: key = .navigation(.delete, modifiers)
            case 4, 8: key = .navigation(.end, modifiers)
            case 5: key = .navigation(.pageUp, modifiers)
            case 6: key = .navigation(.pageDown, modifiers)
            case let n where (11...15).contains(n): key = .function(n - 10, modifiers)
            case let n where (17...21).contains(n): key = .function(n - 11, modifiers)
            case let n where n == 23 || n == 24: key = .function(n - 12, modifiers)
            default: key = .unknown(bytes)
            }
        default:
            key = .unknown(bytes)
        }
        return [.key(KeyEvent(key, kind))]
    }

    /// The key of kitty's `CSI code[:shifted[:base]] ; modifiers[:event] u`: `.some(nil)`
    /// for a code it does not map (reported as `.unknown`), `nil` for AltGr and the other
    /// ISO level shifts alone (no event at all; Shift, Ctrl, Alt… alone are `.modifier`).
    ///
    /// Text keys give their character (the shifted one when Shift is down and the terminal
    /// sent it, else the upper case of a letter); Ctrl with a letter gives `.control`; Esc,
    /// Enter, Tab, Backspace and Space their keys; the keypad its plain equivalents.
    /// Alt, Super, Hyper and Meta combinations with text keys are `.unknown`: the game has
    /// no use for them, and they must not act as the plain key.
    private static func kittyKey(_ params: CSIParameters, modifiers: KeyModifiers) -> Key?? {
        let code = params[0, 0] ?? 0
        let bits = (params[1, 0] ?? 1) - 1
        let shift = bits & 1 != 0, alt = bits & 2 != 0, control = bits & 4 != 0, superKeys = bits & 0b111000 != 0
        switch code {
        case 57441...57452: // Shift, Ctrl, Alt, Super, Hyper, Meta alone, left then right
            let all: [ModifierKey] = [.shift, .control, .alt, .super, .hyper, .meta]
            return .some(.modifier(all[(code - 57441) % 6]))
        case 57453, 57454: return nil // ISO level 3 and 5 shifts (AltGr): part of typing a character
        case 27: return .some(.escape)
        case 13, 57414: return .some(.enter)
        case 9: return .some(shift ? .backTab : .tab)
        case 127, 8: return .some(.backspace)
        case 57399...57408: // KP_0 … KP_9
            return .some(.character(Character(Unicode.Scalar(UInt8(48 + code - 57399)))))
        case 57409: return .some(.character("."))
        case 57410: return .some(.character("/"))
        case 57411: return .some(.character("*"))
        case 57412: return .some(.character("-"))
        case 57413: return .some(.character("+"))
        case 57415: return .some(.character("="))
        case 57416: return .some(.character(","))
        case 57417: return .some(.arrow(.left, modifiers))
        case 57418: return .some(.arrow(.right, modifiers))
        case 57419: return .some(.arrow(.up, modifiers))
        case 57420: return .some(.arrow(.down, modifiers))
        case 57421: return .some(.navigation(.pageUp, modifiers))
        case 57422: return .some(.navigation(.pageDown, modifiers))
        case 57423: return .some(.navigation(.home, modifiers))
        case 57424: return .some(.navigation(.end, modifiers))
        case 57425: return .some(.navigation(.insert, modifiers))
        case 57426: return .some(.navigation(.delete, modifiers))
        case 57376...57398: return .some(.function(code - 57376 + 13, modifiers)) // F13 … F35
        case 57344...63743: return .some(nil) // other private-use keys: media, locks, …
        default: break
        }
        if alt || superKeys { return .some(nil) }
        if control {
            if code == 32 { return .some(.control("@")) }
            guard let scalar = Unicode.Scalar(code), scalar.isASCII, Character(scalar).isLetter else { return .some(nil) }
            return .some(.control(Character(String(scalar).lowercased())))
        }
        if code == 32 { return .some(.space) }
        let shifted = shift ? params[0, 1] : nil
        guard let scalar = Unicode.Scalar(shifted ?? code), scalar.value >= 0x21, scalar.value != 0x7F,
              !(0x80...0x9F).contains(scalar.value) else { return .some(nil) }
        var character = Character(scalar)
        if shift && shifted == nil, scalar.isASCII, character.isLetter {
            character = Character(String(character).uppercased())
        }
        return .some(.character(character))
    }

    private static func decodeSS3(_ bytes: [UInt8]) -> Key {
        let final = bytes[bytes.count - 1]
        guard let params = parameters(bytes[2..<(bytes.count - 1)]), params.marker == nil else { return .unknown(bytes) }
        // Some terminals send ESC O 5 A for Ctrl-Up; the last parameter is the modifier.
        let modifiers = KeyModifiers(xtermParameter: params.fields.last?.first.flatMap { $0 } ?? 1)
        switch final {
        case 0x41: return .arrow(.up, modifiers)
        case 0x42: return .arrow(.down, modifiers)
        case 0x43: return .arrow(.right, modifiers)
        case 0x44: return .arrow(.left, modifiers)
        case 0x48: return .navigation(.home, modifiers)
        case 0x46: return .navigation(.end, modifiers)
        case 0x50...0x53: return .function(Int(final - 0x50) + 1, modifiers)
        case 0x4D: return .enter // keypad Enter in application mode
        default: return .unknown(bytes)
        }
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
