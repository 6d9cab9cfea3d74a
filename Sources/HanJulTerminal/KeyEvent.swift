/// A key going down, auto-repeating or coming up.
///
/// Terminals without the kitty keyboard protocol report only presses (their auto-repeats
/// look like presses too); with it (`TerminalSession.requestKeyEvents()`), repeats and
/// releases are told apart.
public struct KeyEvent: Hashable, Sendable {
    /// What happened to the key.
    public enum Kind: Hashable, Sendable {
        /// The key went down (or, in a terminal without key events, any key byte arrived).
        case press
        /// The terminal's auto-repeat while the key is held.
        case `repeat`
        /// The key came up.
        case release
    }

    public var key: Key
    public var kind: Kind

    public init(_ key: Key, _ kind: Kind = .press) {
        self.key = key
        self.kind = kind
    }

    /// A press of `key`.
    public static func press(_ key: Key) -> KeyEvent { KeyEvent(key, .press) }
    /// An auto-repeat of `key`.
    public static func `repeat`(_ key: Key) -> KeyEvent { KeyEvent(key, .repeat) }
    /// A release of `key`.
    public static func release(_ key: Key) -> KeyEvent { KeyEvent(key, .release) }
}

extension KeyEvent: CustomStringConvertible {
    public var description: String {
        switch kind {
        case .press: "\(key)"
        case .repeat: "\(key) repeat"
        case .release: "\(key) release"
        }
    }
}
