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

    /// `event` as the screen should see it, or nil when it is a modifier key alone and
    /// `passingModifierKeys` is false.
    mutating func matched(_ event: KeyEvent, passingModifierKeys: Bool) -> KeyEvent? {
        if case .modifier = event.key, !passingModifierKeys {
            down.removeAll { $0 == event.key }
            return nil
        }
        let key = event.key
        switch event.kind {
        case .press:
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
