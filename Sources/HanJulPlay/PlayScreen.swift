import HanJulRender

/// One screen of the terminal front end, as a value: a game, a replay being watched (and
/// the menus around them). The session hands it every input with its time; it answers with
/// effects, a frame, and when it next needs the time.
protocol PlayScreen {
    /// Reacts to `input`, which happened at `now` (monotonic nanoseconds).
    mutating func handle(_ input: PlayInput, at now: UInt64, environment: PlayEnvironment) -> [PlayEffect]
    /// What the screen shows now.
    func frame() -> Frame
    /// When the screen next needs a `.tick` (monotonic nanoseconds), if ever.
    func deadline() -> UInt64?
    /// Whether Shift, Ctrl… pressed alone (`Key.modifier`) are passed on: only to a screen
    /// that binds them or is waiting for a key to bind; to others they would be keys
    /// pressed for nothing (closing the help, resuming a game).
    var wantsModifierKeys: Bool { get }
    /// A screen to put above this one (a game or replay started from the menu), taken once
    /// after `handle`; the session pushes it.
    mutating func takeOpened() -> (any PlayScreen)?
    /// The screen above this one was left (`q`): this one is on top again.
    mutating func closed(above now: UInt64, environment: PlayEnvironment) -> [PlayEffect]
}

extension PlayScreen {
    var wantsModifierKeys: Bool { false }
    mutating func takeOpened() -> (any PlayScreen)? { nil }
    mutating func closed(above now: UInt64, environment: PlayEnvironment) -> [PlayEffect] { [] }
}
