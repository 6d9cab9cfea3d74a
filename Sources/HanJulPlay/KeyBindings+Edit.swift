import HanJulTerminal

extension Key {
    /// An arrow, editing or function key without its modifiers; any other key as it is.
    var withoutModifiers: Key {
        switch self {
        case .arrow(let direction, _): .arrow(direction, [])
        case .navigation(let key, _): .navigation(key, [])
        case .function(let number, _): .function(number, [])
        default: self
        }
    }

    /// The key on the keyboard, whatever modifiers were down: `H` and Ctrl-H are `h`,
    /// Shift-← is ←, Shift-Tab is Tab. A key pressed and then released with Shift down
    /// (kitty reports the release as Shift-…) is the same key.
    var physical: Key {
        switch self {
        case .character(let c) where c.isASCII && c.isLetter: .character(Character(c.lowercased()))
        case .control(let c) where c.isASCII && c.isLetter: .character(c)
        case .backTab: .tab
        default: withoutModifiers
        }
    }
}

/// A key about to be bound that another command has: which, and what it gets instead.
public struct KeyConflict: Equatable, Sendable {
    /// The key asked for.
    public var key: Key
    /// The command that has it now.
    public var owner: Control
    /// The key `owner` gets in its place (the one being replaced), or nil: it just loses it.
    public var giveBack: Key?
}

extension KeyBindings {
    /// The keys that do one thing whatever the bindings say, and what.
    static let fixedKeys: [Key: String] = [
        .control("c"): "Ctrl-C always quits",
        .control("z"): "Ctrl-Z always suspends",
        .control("l"): "Ctrl-L always redraws",
    ]

    /// Why `key` cannot be bound (from the Keys page), or nil when it can: Ctrl-C, Ctrl-Z and
    /// Ctrl-L are fixed, and a key must be one keys.conf can name.
    public static func refusal(for key: Key) -> String? {
        if let fixed = fixedKeys[key] { return fixed }
        if case .unknown = key {
            return "the terminal sent a key HanJul cannot tell apart (Alt with a letter is one): choose another"
        }
        guard Self.key(named: Substring(name(of: key))) == key else {
            return "'\(name(of: key))' cannot be written in keys.conf: choose another"
        }
        return nil
    }

    /// The command that has `key`, if any.
    public func owner(of key: Key) -> Control? {
        Control.allCases.first { keys[$0]?.contains(key) == true }
    }

    /// What binding `key` to `command` (in place of `old`; nil: as one more key) would take
    /// from another command, or nil when no other command has it.
    public func conflict(binding key: Key, to command: Control, replacing old: Key?) -> KeyConflict? {
        guard let other = owner(of: key), other != command else { return nil }
        return KeyConflict(key: key, owner: other, giveBack: old)
    }

    /// Binds `key` to `command`, in place of `old` (nil: after its keys). A command that had
    /// `key` gives it up and gets `old` in its place (a swap), or, with nothing replaced, just
    /// loses it. No key is ever bound twice.
    public mutating func bind(_ key: Key, to command: Control, replacing old: Key?) {
        if let other = owner(of: key), other != command, var list = keys[other], let index = list.firstIndex(of: key) {
            if let old, !list.contains(old) {
                list[index] = old
            } else {
                list.remove(at: index)
            }
            keys[other] = list
        }
        var list = keys[command] ?? []
        if let old, let index = list.firstIndex(of: old) {
            if list.contains(key) { list.remove(at: index) } else { list[index] = key }
        } else if !list.contains(key) {
            list.append(key)
        }
        keys[command] = list
    }

    /// Takes `key` from `command`.
    public mutating func unbind(_ key: Key, from command: Control) {
        keys[command]?.removeAll { $0 == key }
    }

    /// Whether a modifier key alone (Shift, Ctrl…) is bound: only then are they passed on.
    public var bindsModifierKeys: Bool {
        keys.values.contains { list in
            list.contains { if case .modifier = $0 { true } else { false } }
        }
    }
}
