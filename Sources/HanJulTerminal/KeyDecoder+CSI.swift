/// Control sequences: CSI (xterm's keys, the kitty keyboard protocol's key events, the
/// terminal's replies) and SS3, from their bytes to events.
extension KeyDecoder {
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
    static func eventKind(_ params: CSIParameters) -> KeyEvent.Kind {
        switch params[1, 1] {
        case 2: .repeat
        case 3: .release
        default: .press
        }
    }

    static func decodeCSI(_ bytes: [UInt8]) -> [InputEvent] {
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
    static func kittyKey(_ params: CSIParameters, modifiers: KeyModifiers) -> Key?? {
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

    static func decodeSS3(_ bytes: [UInt8]) -> Key {
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
}
