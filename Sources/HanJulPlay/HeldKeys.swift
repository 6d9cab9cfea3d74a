import HanJulTerminal

/// The keys down (kitty reports releases), so a key's repeats and release reach the screen
/// as the key that was pressed. Kitty reports them with the modifiers down at that moment:
/// ← pressed, then Shift (bound to hold, say), then ← released arrives as Shift-← released,
/// and `h` released with Shift down as `H` released. Without this the screen would think ←
/// still held, and the piece would keep sliding.
struct HeldKeys: Sendable {
    /// Keys pressed and not released yet, oldest first (a terminal without releases fills
    /// it with presses only: it is kept short).
    private(set) var down: [Key] = []
    static let limit = 16
    /// A modifier pressed alone, held back: it reaches the screen (pressed and released)
    /// only if it comes up with no other key pressed meanwhile, so Shift bound to hold does
    /// not hold when Shift-/ types `?` (D9).
    private(set) var pendingModifier: Key?

    /// `event` as the screen should see it: none for a modifier key alone while it may
    /// still be part of a chord, or when `passingModifierKeys` is false; a lone modifier's
    /// press and release together when it comes up.
    mutating func matched(_ event: KeyEvent, passingModifierKeys: Bool) -> [KeyEvent] {
        if case .modifier = event.key {
            guard passingModifierKeys else {
                down.removeAll { $0 == event.key }
                pendingModifier = nil
                return []
            }
            switch event.kind {
            case .press:
                pendingModifier = event.key
                return []
            case .repeat:
                return []
            case .release:
                guard pendingModifier == event.key else { return [] }
                pendingModifier = nil
                return [.press(event.key), .release(event.key)]
            }
        }
        return matchedKey(event).map { [$0] } ?? []
    }

    private mutating func matchedKey(_ event: KeyEvent) -> KeyEvent? {
        let key = event.key
        switch event.kind {
        case .press:
            // A chord: the modifier held back was not pressed alone.
            pendingModifier = nil
            if !down.contains(key) { down.append(key) }
            if down.count > Self.limit { down.removeFirst() }
            return event
        case .repeat:
            if down.contains(key) { return event }
            if let pressed = down.last(where: { $0.physical == key.physical }) { return .repeat(pressed) }
            return event
        case .release:
            if let index = down.firstIndex(of: key) {
                down.remove(at: index)
                return event
            }
            if let index = down.lastIndex(where: { $0.physical == key.physical }) {
                return .release(down.remove(at: index))
            }
            return event
        }
    }
}
