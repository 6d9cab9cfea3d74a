import HanJulCore
import HanJulTerminal

/// What a key does in the terminal game: the one type between a key stroke and the
/// engine's `Action`. `left`, `right` and `softDrop` are held (`Handling` turns them and the
/// time into actions), the other game controls are one action each, and `pause`,
/// `restart`, `quit` and `help` are the screen's.
public enum Control: String, CaseIterable, Hashable, Sendable {
    case left, right, rotate
    case rotateCounterclockwise = "rotate_ccw"
    case rotateHalfTurn = "rotate_180"
    case softDrop = "soft_drop"
    case hardDrop = "hard_drop"
    case hold, pause, restart, quit, help

    /// Whether the control is held (auto-shift, soft drop) rather than done once.
    public var isHeld: Bool { self == .left || self == .right || self == .softDrop }

    /// The engine action the control stands for, if it is one.
    public var action: Action? {
        switch self {
        case .left: .left
        case .right: .right
        case .rotate: .rotate
        case .rotateCounterclockwise: .rotateCounterclockwise
        case .rotateHalfTurn: .rotateHalfTurn
        case .softDrop: .softDrop
        case .hardDrop: .hardDrop
        case .hold: .hold
        case .pause, .restart, .quit, .help: nil
        }
    }

    /// Words for the help overlay (at most 10 characters, so the list fits the board).
    public var summary: String {
        switch self {
        case .left: "left"
        case .right: "right"
        case .rotate: "rotate"
        case .rotateCounterclockwise: "rotate ccw"
        case .rotateHalfTurn: "rotate 180"
        case .softDrop: "soft drop"
        case .hardDrop: "hard drop"
        case .hold: "hold"
        case .pause: "pause"
        case .restart: "new game"
        case .quit: "quit"
        case .help: "keys"
        }
    }
}

/// Which keys do what: the defaults, changed by `keys.conf` in the config folder.
///
/// ```text
/// # $XDG_CONFIG_HOME/hanjul/keys.conf
/// left = h, Left, a
/// hard_drop = Space, Enter
/// ```
///
/// A line binds one command to a comma-separated list of keys and replaces that command's
/// defaults; commands not named keep theirs. A key bound in the file is taken away from
/// any default it had. Ctrl-C always quits, whatever the file says.
public struct KeyBindings: Equatable, Sendable {
    /// Keys per command, in the order they are listed (the first is shown first).
    public internal(set) var keys: [Control: [Key]]

    /// The defaults: arrows, vim keys and WASD; Space hard drop; `z` rotate back, `f` rotate
    /// 180, `c` hold
    /// (for rules that have them); `p` pause, `r` new game, `q` / Esc quit, `?` keys.
    public static let defaults = KeyBindings(keys: [
        .left: [.left, .character("h"), .character("a")],
        .right: [.right, .character("l"), .character("d")],
        .rotate: [.up, .character("k"), .character("w")],
        .softDrop: [.down, .character("j"), .character("s")],
        .hardDrop: [.space],
        .rotateCounterclockwise: [.character("z")],
        .rotateHalfTurn: [.character("f")],
        .hold: [.character("c")],
        .pause: [.character("p")],
        .restart: [.character("r")],
        .quit: [.character("q"), .escape, .control("c")],
        .help: [.character("?")],
    ])

    public init(keys: [Control: [Key]]) { self.keys = keys }

    /// The control `key` stands for. Ctrl-C always quits.
    /// A modified arrow, editing or function key bound to nothing acts as the key alone, so
    /// a ← pressed while Shift (bound to hold, say) is down still moves.
    public func control(for key: Key) -> Control? {
        if key == .control("c") { return .quit }
        for command in Control.allCases where keys[command]?.contains(key) == true { return command }
        let plain = key.withoutModifiers
        if plain != key {
            for command in Control.allCases where keys[command]?.contains(plain) == true { return command }
        }
        return nil
    }

    /// The key list for the help overlay, `width` columns wide: the command, then its keys
    /// (arrows as ←→↑↓), continuing on the next line under the keys when they do not fit;
    /// then Ctrl-Z and Ctrl-L. Commands the rules do not have (`rotate_ccw`, `rotate_180`, `hold`) are
    /// left out.
    ///
    /// ```
    /// left       ← h a
    /// …
    /// quit       q Esc
    ///            Ctrl-C
    /// ```
    public func helpLines(rules actions: Set<Action.Kind>, width: Int = 18) -> [String] {
        var rows: [(String, [String])] = Control.allCases.compactMap { command in
            if let action = command.action, !actions.contains(action.kind) { return nil }
            let names = (keys[command] ?? []).map(KeyBindings.shortName(of:))
            return (command.summary, names.isEmpty ? ["(none)"] : names)
        }
        rows += [("suspend", ["Ctrl-Z"]), ("redraw", ["Ctrl-L"])]
        let column = (rows.map(\.0.count).max() ?? 0) + 1
        var lines: [String] = []
        for (summary, names) in rows {
            var line = summary + String(repeating: " ", count: column - summary.count)
            var used = 0
            for name in names {
                if used > 0 && column + used + 1 + name.count > width {
                    lines.append(line)
                    line = String(repeating: " ", count: column)
                    used = 0
                }
                line += (used > 0 ? " " : "") + name
                used += (used > 0 ? 1 : 0) + name.count
            }
            lines.append(line)
        }
        return lines
    }

    /// The name of `key` in the help overlay: the arrows as ←→↑↓, the rest as the file
    /// spells them.
    static func shortName(of key: Key) -> String {
        switch key {
        case .arrow(.left, []): "←"
        case .arrow(.right, []): "→"
        case .arrow(.up, []): "↑"
        case .arrow(.down, []): "↓"
        default: name(of: key)
        }
    }

    // MARK: - The file

    /// A bad line of the bindings file: where, and what is wrong.
    public typealias ParseError = ConfigFileError

    /// The defaults changed by the text of a bindings file.
    ///
    /// Format: `command = key, key, …` per line (`command =` alone: no key); `#` starts a
    /// comment; blank lines are ignored; lines may end with CRLF, and a UTF-8 byte-order mark
    /// at the start is skipped. Commands: `left right rotate rotate_ccw rotate_180 soft_drop
    /// hard_drop hold pause restart quit help`. Keys: a single character (`h`, `?`, `1`), or
    /// `Left Right Up Down Space Enter Tab Esc Backspace Home End PageUp PageDown Insert
    /// Delete F1…F12`, or `Ctrl-x`, or `Shift Ctrl Alt Super Hyper Meta` alone (kitty), or a
    /// named key after modifiers (`Shift-Left`, `Ctrl-Alt-Up`). Names are case-sensitive for
    /// single characters, not for the named keys.
    /// - Throws: `ParseError` for the first bad line.
    public static func parse(_ text: String, path: String) throws(ParseError) -> KeyBindings {
        var bindings = KeyBindings.defaults
        var boundHere: [Key: (Control, Int)] = [:]
        var commandLines: [Control: Int] = [:]
        // CRLF or lone CR line ends and a UTF-8 byte-order mark are fine (ConfigText).
        for assignment in try ConfigText.assignments(text, path: path, expected: "'command = key, key', e.g. 'left = h, Left'") {
            let lineNumber = assignment.line
            func fail(_ message: String) -> ParseError { ParseError(path: path, line: lineNumber, message: message) }
            let name = assignment.name
            guard let command = Control(rawValue: String(name)) else {
                let known = Control.allCases.map(\.rawValue).joined(separator: ", ")
                throw fail("unknown command '\(Self.printable(name))' (known: \(known))")
            }
            let list = assignment.value
            var keys: [Key] = []
            // `hold =` with nothing after it: the command has no key.
            for item in list.trimmingSpaces().isEmpty ? [] : list.split(separator: ",", omittingEmptySubsequences: false) {
                let keyName = item.trimmingSpaces()
                guard !keyName.isEmpty else {
                    throw fail("an empty key name in the list for '\(command.rawValue)'")
                }
                guard let key = Self.key(named: keyName) else {
                    throw fail("unknown key '\(Self.printable(keyName))' (use a single character, Left, Right, Up, Down, Space, Enter, Tab, Esc, Backspace, F1…F12, Ctrl-x, Shift, or a named key after Shift-, Ctrl- or Alt-)")
                }
                if let (other, otherLine) = boundHere[key], other != command {
                    throw fail("'\(Self.printable(keyName))' is already bound to \(other.rawValue) on line \(otherLine)")
                }
                boundHere[key] = (command, lineNumber)
                if !keys.contains(key) { keys.append(key) }
            }
            if let previous = commandLines[command] {
                throw fail("'\(command.rawValue)' is bound twice (lines \(previous) and \(lineNumber))")
            }
            commandLines[command] = lineNumber
            bindings.keys[command] = keys
        }
        // Keys the file bound are taken from the defaults of commands it did not name.
        for (key, (command, _)) in boundHere {
            for other in Control.allCases where other != command {
                bindings.keys[other]?.removeAll { $0 == key }
            }
        }
        return bindings
    }

    /// The key a name in the bindings file stands for.
    ///
    /// Besides single characters and the named keys: `Shift`, `Ctrl`, `Alt`, `Super`,
    /// `Hyper`, `Meta` alone (kitty reports them), and named keys after modifiers
    /// (`Shift-Left`, `Ctrl-Alt-Up`, `Shift-Tab`, `Ctrl-F5`).
    public static func key(named name: Substring) -> Key? {
        let text = String(name)
        if text.count == 1, let character = text.first {
            if character == " " { return .space }
            guard let scalar = character.unicodeScalars.first, scalar.value >= 0x21, scalar.value != 0x7F else { return nil }
            return .character(character)
        }
        var lower = Substring(text.lowercased())
        if let modifier = ModifierKey.allCases.first(where: { modifierName(of: $0).lowercased() == lower }) { return .modifier(modifier) }
        if lower == "control" { return .modifier(.control) }
        var modifiers: KeyModifiers = []
        var found = true
        while found && lower.count > 1 {
            found = false
            for (prefix, modifier) in modifierPrefixes where lower.hasPrefix(prefix) && lower.count > prefix.count {
                guard !modifiers.contains(modifier) else { return nil }
                modifiers.insert(modifier)
                lower = lower.dropFirst(prefix.count)
                found = true
                break
            }
        }
        if !modifiers.isEmpty && lower.count == 1 {
            guard modifiers == .control, let letter = lower.first, letter.isASCII, letter.isLetter else { return nil }
            return .control(letter)
        }
        if lower == "tab" && modifiers == .shift { return .backTab }
        switch lower {
        case "left": return .arrow(.left, modifiers)
        case "right": return .arrow(.right, modifiers)
        case "up": return .arrow(.up, modifiers)
        case "down": return .arrow(.down, modifiers)
        case "home": return .navigation(.home, modifiers)
        case "end": return .navigation(.end, modifiers)
        case "pageup": return .navigation(.pageUp, modifiers)
        case "pagedown": return .navigation(.pageDown, modifiers)
        case "insert": return .navigation(.insert, modifiers)
        case "delete": return .navigation(.delete, modifiers)
        default: break
        }
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number) {
            return .function(number, modifiers)
        }
        guard modifiers.isEmpty else { return nil }
        switch lower {
        case "space": return .space
        case "enter", "return": return .enter
        case "tab": return .tab
        case "esc", "escape": return .escape
        case "backspace": return .backspace
        case "comma": return .character(",")
        case "hash": return .character("#")
        default: return nil
        }
    }

    /// The modifier prefixes of key names, as `key(named:)` reads them (lower case).
    static let modifierPrefixes: [(String, KeyModifiers)] = [
        ("ctrl-", .control), ("ctrl+", .control), ("c-", .control), ("alt-", .alt), ("alt+", .alt),
        ("shift-", .shift), ("shift+", .shift), ("meta-", .meta), ("meta+", .meta),
    ]

    /// `Ctrl-Alt-Shift-Meta-` as far as `modifiers` has them.
    static func prefix(_ modifiers: KeyModifiers) -> String {
        var text = ""
        if modifiers.contains(.control) { text += "Ctrl-" }
        if modifiers.contains(.alt) { text += "Alt-" }
        if modifiers.contains(.shift) { text += "Shift-" }
        if modifiers.contains(.meta) { text += "Meta-" }
        return text
    }

    /// `Shift`, `Ctrl`, `Alt`, `Super`, `Hyper`, `Meta`.
    static func modifierName(of key: ModifierKey) -> String {
        switch key {
        case .shift: "Shift"
        case .control: "Ctrl"
        case .alt: "Alt"
        case .super: "Super"
        case .hyper: "Hyper"
        case .meta: "Meta"
        }
    }

    /// The name of `key` as the bindings file and the help overlay spell it.
    public static func name(of key: Key) -> String {
        switch key {
        case .character(","): return "comma"
        case .character("#"): return "hash"
        case .character(let c): return String(c)
        case .control(let c): return "Ctrl-\(c.uppercased())"
        case .space: return "Space"
        case .enter: return "Enter"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .backspace: return "Backspace"
        case .escape: return "Esc"
        case .arrow(let direction, let modifiers):
            switch direction {
            case .up: return prefix(modifiers) + "Up"
            case .down: return prefix(modifiers) + "Down"
            case .left: return prefix(modifiers) + "Left"
            case .right: return prefix(modifiers) + "Right"
            }
        case .navigation(let key, let modifiers):
            switch key {
            case .home: return prefix(modifiers) + "Home"
            case .end: return prefix(modifiers) + "End"
            case .insert: return prefix(modifiers) + "Insert"
            case .delete: return prefix(modifiers) + "Delete"
            case .pageUp: return prefix(modifiers) + "PageUp"
            case .pageDown: return prefix(modifiers) + "PageDown"
            }
        case .function(let n, let modifiers): return prefix(modifiers) + "F\(n)"
        case .modifier(let modifier): return modifierName(of: modifier)
        case .unknown: return "?"
        }
    }

    /// A name from the file, safe to show (no control characters, at most 20 characters).
    package static func printable(_ text: Substring) -> String {
        let cleaned = String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
        return cleaned.count > 20 ? String(cleaned.prefix(20)) + "…" : cleaned
    }
}

extension Substring {
    package func trimmingSpaces() -> Substring {
        var s = self
        while let first = s.first, first == " " || first == "\t" { s = s.dropFirst() }
        while let last = s.last, last == " " || last == "\t" { s = s.dropLast() }
        return s
    }
}
