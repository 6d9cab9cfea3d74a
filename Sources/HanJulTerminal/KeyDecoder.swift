/// Turns terminal input bytes into `Key`s. A pure value type: no I/O, no clock.
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
/// ```
///
/// Garbage never traps: unknown sequences and invalid UTF-8 come out as `.unknown`.
/// - Complexity: O(n) in the number of bytes fed; at most `maximumSequenceLength`
///   bytes are ever buffered.
public struct KeyDecoder: Hashable, Sendable {
    /// Longest escape sequence kept before it is given up as `.unknown`.
    public static let maximumSequenceLength = 32

    private var pending: [UInt8] = []

    public init() {}

    /// Whether bytes of an incomplete sequence (escape or UTF-8) are buffered.
    public var hasPendingInput: Bool { !pending.isEmpty }

    /// Whether the buffered bytes start with Esc (a lone Esc or an unfinished sequence).
    public var hasPendingEscape: Bool { pending.first == 0x1B }

    /// Decodes as many keys as the bytes complete.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [Key] where Bytes.Element == UInt8 {
        var keys: [Key] = []
        for byte in bytes {
            process(byte, into: &keys)
        }
        return keys
    }

    /// Gives up waiting for the rest of a sequence: a lone Esc becomes `.escape`;
    /// `ESC [` and `ESC O` become Esc followed by that character; anything longer, or an
    /// unfinished UTF-8 character, becomes `.unknown`. Call it when the input has been
    /// quiet for the escape timeout.
    public mutating func flushPendingEscape() -> [Key] {
        defer { pending.removeAll(keepingCapacity: true) }
        switch pending.count {
        case 0:
            return []
        case 1 where pending[0] == 0x1B:
            return [.escape]
        case 2 where pending[0] == 0x1B && (pending[1] == 0x5B || pending[1] == 0x4F):
            return [.escape, .character(Character(Unicode.Scalar(pending[1])))]
        default:
            return [.unknown(pending)]
        }
    }

    // MARK: - State machine

    private enum Step {
        /// The bytes so far may still become a key.
        case incomplete
        /// The buffered bytes form these keys.
        case complete([Key])
        /// The bytes before the last one form these keys; the last byte starts afresh.
        case rejectLast([Key])
    }

    private mutating func process(_ byte: UInt8, into keys: inout [Key]) {
        pending.append(byte)
        while true {
            switch Self.step(pending) {
            case .incomplete:
                return
            case .complete(let decoded):
                keys.append(contentsOf: decoded)
                pending.removeAll(keepingCapacity: true)
                return
            case .rejectLast(let decoded):
                // `step` never rejects a single byte, so this always shrinks `pending`.
                keys.append(contentsOf: decoded)
                let last = pending.removeLast()
                pending.removeAll(keepingCapacity: true)
                pending.append(last)
            }
        }
    }

    private static func step(_ bytes: [UInt8]) -> Step {
        let first = bytes[0]
        if first == 0x1B { return escapeStep(bytes) }
        if first < 0x80 { return .complete([singleByteKey(first)]) }
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
        default:
            // Esc followed by anything else (another Esc, a letter): the Esc stands
            // alone and the next byte is decoded on its own. No Alt-letter guessing, so a
            // quick Esc-then-key never loses the key.
            return .rejectLast([.escape])
        }
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
                return .complete([.function(Int(last - 0x40), [])])
            }
            return .complete([.unknown(bytes)])
        }
        if isFinal(last) { return .complete([decodeCSI(bytes)]) }
        if isParameter(last) || isIntermediate(last) {
            if bytes.count >= maximumSequenceLength { return .complete([.unknown(bytes)]) }
            return .incomplete
        }
        // A control byte, Esc or a high byte inside a sequence: the sequence is broken.
        return .rejectLast([.unknown(Array(bytes.dropLast()))])
    }

    private static func ss3Step(_ bytes: [UInt8]) -> Step {
        guard bytes.count >= 3 else { return .incomplete }
        let last = bytes[bytes.count - 1]
        if isFinal(last) { return .complete([decodeSS3(bytes)]) }
        if isParameter(last) {
            if bytes.count >= maximumSequenceLength { return .complete([.unknown(bytes)]) }
            return .incomplete
        }
        if bytes.count == 3 {
            // ESC O then something unrelated: Esc, then Shift-O, then that byte.
            return .rejectLast([.escape, .character("O")])
        }
        return .rejectLast([.unknown(Array(bytes.dropLast()))])
    }

    /// Parses `;`-separated decimal parameters. Returns nil for private or unusual
    /// parameter bytes (`<`, `=`, `>`, `?`, `:`), which this decoder does not interpret.
    private static func parameters(_ bytes: ArraySlice<UInt8>) -> [Int]? {
        var result: [Int] = []
        var current = 0
        var hasDigits = false
        for byte in bytes {
            switch byte {
            case 0x30...0x39:
                // Saturate: a hostile "99999999999999999999" must not trap.
                current = min(current &* 10 &+ Int(byte - 0x30), 65_535)
                hasDigits = true
            case 0x3B:
                result.append(hasDigits ? current : 0)
                current = 0
                hasDigits = false
            default:
                return nil
            }
        }
        result.append(hasDigits ? current : 0)
        return result
    }

    private static func decodeCSI(_ bytes: [UInt8]) -> Key {
        let final = bytes[bytes.count - 1]
        guard let params = parameters(bytes[2..<(bytes.count - 1)]) else { return .unknown(bytes) }
        let modifiers = KeyModifiers(xtermParameter: params.count >= 2 ? params[1] : 1)
        switch final {
        case 0x41: return .arrow(.up, modifiers)       // A
        case 0x42: return .arrow(.down, modifiers)     // B
        case 0x43: return .arrow(.right, modifiers)    // C
        case 0x44: return .arrow(.left, modifiers)     // D
        case 0x48: return .navigation(.home, modifiers) // H
        case 0x46: return .navigation(.end, modifiers)  // F
        case 0x50...0x53: return .function(Int(final - 0x50) + 1, modifiers) // P Q R S: F1–F4
        case 0x5A: return .backTab                      // Z
        case 0x7E:                                      // ~
            switch params[0] {
            case 1, 7: return .navigation(.home, modifiers)
            case 2: return .navigation(.insert, modifiers)
            case 3: return .navigation(.delete, modifiers)
            case 4, 8: return .navigation(.end, modifiers)
            case 5: return .navigation(.pageUp, modifiers)
            case 6: return .navigation(.pageDown, modifiers)
            case 11...15: return .function(params[0] - 10, modifiers)
            case 17...21: return .function(params[0] - 11, modifiers)
            case 23, 24: return .function(params[0] - 12, modifiers)
            default: return .unknown(bytes)
            }
        default:
            return .unknown(bytes)
        }
    }

    private static func decodeSS3(_ bytes: [UInt8]) -> Key {
        let final = bytes[bytes.count - 1]
        guard let params = parameters(bytes[2..<(bytes.count - 1)]) else { return .unknown(bytes) }
        // Some terminals send ESC O 5 A for Ctrl-Up; the last parameter is the modifier.
        let modifiers = KeyModifiers(xtermParameter: params.last ?? 1)
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
        guard let length = expectedUTF8Length(bytes[0]) else { return .complete([.unknown(bytes)]) }
        if bytes.count > 1 {
            let last = bytes[bytes.count - 1]
            guard (0x80...0xBF).contains(last) else {
                return .rejectLast([.unknown(Array(bytes.dropLast()))])
            }
        }
        guard bytes.count == length else { return .incomplete }
        // Overlong forms and surrogates pass the checks above; let the standard library
        // judge the complete sequence.
        guard let text = String(validating: bytes, as: UTF8.self), let character = text.first else {
            return .complete([.unknown(bytes)])
        }
        // C1 controls written as UTF-8 (U+0080–U+009F) are not keys.
        if let scalar = character.unicodeScalars.first, (0x80...0x9F).contains(scalar.value) {
            return .complete([.unknown(bytes)])
        }
        return .complete([.character(character)])
    }
}
