import HanJulTerminal

/// Settings → Keys: every command with its keys. ↑↓ choose a command, ←→ one of its keys
/// (or `+`, a key more), Enter waits for the new key, `x` or Delete removes the key chosen;
/// the last row resets every key to the defaults. A key another command has is not taken
/// before the player says so (Enter swaps, Esc cancels). Each change is saved to keys.conf
/// at once (KeysFile: the player's lines and comments stay).
struct KeysPage: Equatable {
    enum Mode: Equatable {
        case browse
        /// Waiting for the new key. `modifier`: a modifier key went down; it is the key if it
        /// comes up before any other key is pressed (else that key, with it, is).
        case capture(modifier: ModifierKey?)
        /// The key asked for is another command's: swap (Enter) or cancel.
        case conflict(KeyConflict)
        /// Reset everything? Enter, or cancel.
        case confirmReset
    }

    var mode = Mode.browse
    /// The command row (`Control.allCases` order), then the reset row.
    var row = 0
    /// Which key of the command: an index in its keys, or their count for a key more.
    var slot = 0

    var command: Control? { Control.allCases.indices.contains(row) ? Control.allCases[row] : nil }
}

extension MenuScreen {
    mutating func openKeys() {
        keysPage = KeysPage()
        status = nil
        page = .keys
    }

    /// Shift, Ctrl… alone: while a key to bind is awaited.
    var wantsModifierKeys: Bool {
        if page == .keys, case .capture = keysPage.mode { return true }
        return false
    }

    /// The keys of the command on `keysPage.row`.
    var keysOfRow: [Key] { keysPage.command.flatMap { config.bindings.keys[$0] } ?? [] }

    mutating func keysEvent(_ event: KeyEvent) -> [ScreenEffect] {
        let key = event.key
        if event.kind == .press && key == .control("c") { return quit() }
        switch keysPage.mode {
        case .capture(let modifier):
            switch event.kind {
            case .release:
                if case .modifier(let up) = key, up == modifier { captured(key) }
            case .repeat:
                break
            case .press:
                if case .modifier(let down) = key {
                    keysPage.mode = .capture(modifier: down)
                } else if key == .escape {
                    keysPage.mode = .browse
                    status = "not changed"
                } else {
                    captured(key)
                }
            }
            return []
        case .conflict(let conflict):
            guard event.kind == .press else { return [] }
            keysPage.mode = .browse
            if key == .enter || key == .character("y") || key == .character("s") {
                guard let command = keysPage.command else { return [] }
                apply(conflict.key, to: command, replacing: conflict.giveBack)
            } else {
                status = "not changed"
            }
            return []
        case .confirmReset:
            guard event.kind == .press else { return [] }
            keysPage.mode = .browse
            if key == .enter || key == .character("y") {
                config.bindings = .defaults
                status = "every key is back to its default (saved in keys.conf)"
                saveKeys()
            } else {
                status = "not changed"
            }
            return []
        case .browse:
            break
        }
        guard event.kind != .release else { return [] }
        switch key {
        case .control("z"): return [.suspend]
        case .control("l"): return [.redrawAll]
        case .escape, .backspace:
            back()
            return []
        case .character("q"):
            status = nil
            page = .main
            return []
        default: break
        }
        let rows = Control.allCases.count + 1
        switch key {
        case .arrow(.up, []), .character("k"):
            keysPage.row = Self.moved(keysPage.row, by: -1, count: rows)
            keysPage.slot = min(keysPage.slot, keysOfRow.count)
        case .arrow(.down, []), .character("j"):
            keysPage.row = Self.moved(keysPage.row, by: 1, count: rows)
            keysPage.slot = min(keysPage.slot, keysOfRow.count)
        case .arrow(.left, []), .character("h"):
            keysPage.slot = max(keysPage.slot - 1, 0)
        case .arrow(.right, []), .character("l"):
            keysPage.slot = min(keysPage.slot + 1, keysOfRow.count)
        case .enter, .space:
            if let command = keysPage.command {
                keysPage.mode = .capture(modifier: nil)
                let what = keysPage.slot < keysOfRow.count ? "in place of \(KeyBindings.name(of: keysOfRow[keysPage.slot]))" : "as one more key"
                status = "press the new key for \(command.rawValue), \(what)"
            } else {
                keysPage.mode = .confirmReset
                status = "reset every key to the defaults?"
            }
        case .character("x"), .navigation(.delete, []):
            guard let command = keysPage.command, keysPage.slot < keysOfRow.count else { return [] }
            let removed = keysOfRow[keysPage.slot]
            config.bindings.unbind(removed, from: command)
            keysPage.slot = min(keysPage.slot, keysOfRow.count)
            status = keysOfRow.isEmpty ? "\(command.rawValue) has no key now; saved in keys.conf"
                : "\(KeyBindings.name(of: removed)) no longer \(command.summary)s; saved in keys.conf"
            saveKeys()
        default:
            break
        }
        return []
    }

    /// The key pressed while waiting: refused, a conflict to settle, or bound.
    mutating func captured(_ key: Key) {
        keysPage.mode = .browse
        guard let command = keysPage.command else { return }
        if let refusal = KeyBindings.refusal(for: key) {
            status = refusal
            return
        }
        let keys = keysOfRow
        let old = keysPage.slot < keys.count ? keys[keysPage.slot] : nil
        if old == key || (old == nil && keys.contains(key)) {
            status = "\(KeyBindings.name(of: key)) is \(command.rawValue)'s already: not changed"
            return
        }
        if let conflict = config.bindings.conflict(binding: key, to: command, replacing: old) {
            keysPage.mode = .conflict(conflict)
            let name = KeyBindings.name(of: key), other = conflict.owner.rawValue
            let swap = conflict.giveBack.map { "Enter: swap (\(other) gets \(KeyBindings.name(of: $0)))" } ?? "Enter: take it from \(other)"
            status = "\(name) is bound to \(other). \(swap), Esc: cancel"
            return
        }
        apply(key, to: command, replacing: old)
    }

    mutating func apply(_ key: Key, to command: Control, replacing old: Key?) {
        config.bindings.bind(key, to: command, replacing: old)
        if let index = keysOfRow.firstIndex(of: key) { keysPage.slot = index }
        let list = keysOfRow.map(KeyBindings.name(of:)).joined(separator: ", ")
        status = "\(command.rawValue) = \(list) (saved in keys.conf)"
        saveKeys()
    }

    /// Asks for the bindings to be kept in keys.conf; the status line says so unless the
    /// answer says why not.
    mutating func saveKeys() {
        asks.append(.ask(.saveKeys(config.bindings)))
    }

    func keysView() -> View {
        let ascii = config.style.isASCII
        let dot = ascii ? "-" : "\u{00B7}"
        var lines: [Line] = []
        for (index, command) in Control.allCases.enumerated() {
            let keys = config.bindings.keys[command] ?? []
            let here = index == keysPage.row
            var names: [String] = keys.enumerated().map { slot, key in
                let name = KeyBindings.name(of: key)
                return here && slot == keysPage.slot ? "[\(name)]" : name
            }
            if here {
                if case .capture = keysPage.mode {
                    let waiting = "[press a key]"
                    if keysPage.slot < names.count { names[keysPage.slot] = waiting } else { names.append(waiting) }
                } else {
                    names.append(keysPage.slot == keys.count ? "[+]" : "+")
                }
            } else if keys.isEmpty {
                names = ["(none)"]
            }
            lines.append(Line(text: Self.padded(command.rawValue, 12) + names.joined(separator: " "), isCurrent: here))
        }
        lines.append(Line(text: ""))
        lines.append(Line(text: "Reset all keys to the defaults", isCurrent: keysPage.row == Control.allCases.count))
        var details: [String] = []
        if let command = keysPage.command {
            details.append("Enter: a new key for \(command.rawValue) in place of the one in [ ] (on +: one more key). "
                + "Any key the terminal reports; in kitty Shift, Ctrl or Alt alone too." + (command == .quit ? " Ctrl-C always quits." : ""))
        } else {
            details.append("Enter: every command back to its default keys.")
        }
        let hint: String
        switch keysPage.mode {
        case .browse:
            hint = "\(ascii ? "up/down" : "\u{2191}\u{2193}") command \(dot) \(ascii ? "left/right" : "\u{2190}\u{2192}") key \(dot) Enter set \(dot) x remove \(dot) Esc back"
        case .capture:
            hint = "press the new key (Shift too, in kitty) \(dot) Esc cancels"
        case .conflict:
            hint = "Enter swap \(dot) Esc cancel"
        case .confirmReset:
            hint = "Enter reset \(dot) Esc cancel"
        }
        return View(heading: "Settings: Keys", lines: lines, details: details, hint: hint)
    }
}
