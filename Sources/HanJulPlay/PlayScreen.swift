import HanJulRender

/// One screen of the terminal front end, as a value: a game, a replay being watched (and
/// the menus around them). The session hands it every input with its time; it answers with
/// effects, a frame, and when it next needs the time. It reads and writes no file: what it
/// needs of the store, the settings or the mods it asks for (`ScreenEffect.ask`), and the
/// answer comes back as an input (`PlayInput.answer`).
protocol PlayScreen {
    /// Reacts to `input`, which happened at `now` (monotonic nanoseconds).
    mutating func handle(_ input: PlayInput, at now: UInt64, environment: ScreenEnvironment) -> [ScreenEffect]
    /// What the screen asks for before its first frame (a game: its table's best).
    mutating func begin(at now: UInt64, environment: ScreenEnvironment) -> [ScreenEffect]
    /// What the screen shows now.
    func frame() -> Frame
    /// When the screen next needs a `.tick` (monotonic nanoseconds), if ever.
    func deadline() -> UInt64?
    /// Whether Shift, Ctrl… pressed alone (`Key.modifier`) are passed on: only to a screen
    /// that binds them or is waiting for a key to bind; to others they would be keys
    /// pressed for nothing (closing the help, resuming a game).
    var wantsModifierKeys: Bool { get }
    /// The screen above this one was left (`q`): this one is on top again.
    mutating func closed(above now: UInt64, environment: ScreenEnvironment) -> [ScreenEffect]
}

extension PlayScreen {
    var wantsModifierKeys: Bool { false }
    mutating func begin(at now: UInt64, environment: ScreenEnvironment) -> [ScreenEffect] { [] }
    mutating func closed(above now: UInt64, environment: ScreenEnvironment) -> [ScreenEffect] { [] }
}
