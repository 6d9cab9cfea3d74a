/// Modifier keys reported with a key press (xterm's `1 + bits` encoding).
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = KeyModifiers(rawValue: 1 << 0)
    public static let alt = KeyModifiers(rawValue: 1 << 1)
    public static let control = KeyModifiers(rawValue: 1 << 2)
    public static let meta = KeyModifiers(rawValue: 1 << 3)

    /// Decodes xterm's modifier parameter: `ESC [ 1 ; 5 A` is Ctrl-Up (5 = 1 + control).
    /// Values below 2 (absent, 0 or 1) mean no modifiers.
    init(xtermParameter value: Int) {
        guard value >= 2 else { self = []; return }
        self.init(rawValue: UInt8(truncatingIfNeeded: (value - 1) & 0x0F))
    }
}

/// The four arrow keys.
public enum ArrowDirection: Hashable, Sendable {
    case up, down, left, right
}

/// The editing keypad above the arrows.
public enum NavigationKey: Hashable, Sendable {
    case home, end, insert, delete, pageUp, pageDown
}

/// A modifier key pressed on its own, either side (kitty's "report all keys" reports them;
/// other terminals never do).
public enum ModifierKey: String, CaseIterable, Hashable, Sendable {
    case shift, control, alt, `super`, hyper, meta
}

/// One key press, decoded from terminal input by `KeyDecoder`.
///
/// ```swift
/// switch key {
/// case .up, .character("w"): rotate()
/// case .control("c"), .character("q"): quit()
/// default: break
/// }
/// ```
public enum Key: Hashable, Sendable {
    /// A printable character other than space, including multi-byte UTF-8 ones.
    case character(Character)
    /// Ctrl plus a key: `.control("c")` is byte 0x03. Letters are lower case;
    /// bytes 0x00 and 0x1C–0x1F give `@`, `\`, `]`, `^`, `_`.
    case control(Character)
    case space
    /// Carriage return (0x0D) or line feed (0x0A).
    case enter
    case tab
    /// Shift-Tab (`ESC [ Z`).
    case backTab
    /// DEL (0x7F) or BS (0x08).
    case backspace
    /// A lone Esc, told apart from an escape sequence by a timeout.
    case escape
    case arrow(ArrowDirection, KeyModifiers)
    case navigation(NavigationKey, KeyModifiers)
    /// F1 … F12.
    case function(Int, KeyModifiers)
    /// Shift, Ctrl, Alt… alone (terminals with the kitty keyboard protocol only).
    case modifier(ModifierKey)
    /// Bytes that form no key this decoder knows: unknown escape sequences, invalid
    /// UTF-8. Safe to ignore.
    case unknown([UInt8])

    public static let up = Key.arrow(.up, [])
    public static let down = Key.arrow(.down, [])
    public static let left = Key.arrow(.left, [])
    public static let right = Key.arrow(.right, [])
}

extension Key: CustomStringConvertible {
    public var description: String {
        switch self {
        case .character(let c): return "character(\(c.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")))"
        case .control(let c): return "control(\(c))"
        case .space: return "space"
        case .enter: return "enter"
        case .tab: return "tab"
        case .backTab: return "backTab"
        case .backspace: return "backspace"
        case .escape: return "escape"
        case .arrow(let d, let m): return "arrow(\(d), modifiers: \(m.rawValue))"
        case .navigation(let k, let m): return "navigation(\(k), modifiers: \(m.rawValue))"
        case .function(let n, let m): return "function(F\(n), modifiers: \(m.rawValue))"
        case .modifier(let m): return "modifier(\(m.rawValue))"
        case .unknown(let bytes): return "unknown(\(bytes.map { String($0, radix: 16) }.joined(separator: " ")))"
        }
    }
}
