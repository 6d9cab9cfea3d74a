import HanJulRender

/// What every game of a session is played with: the player's choices and the terminal's
/// colours.
public struct PlayConfig: Sendable {
    /// The seed of every game; `nil` takes a new one for each game (`PlayEnvironment.newSeed`).
    public var seed: UInt64?
    public var bindings: KeyBindings
    public var handling: HandlingSettings
    public var style: RenderStyle
    public var colorMode: ColorMode

    public init(seed: UInt64? = nil, bindings: KeyBindings = .defaults, handling: HandlingSettings = .defaults,
                style: RenderStyle = .color, colorMode: ColorMode = .trueColor) {
        self.seed = seed
        self.bindings = bindings
        self.handling = handling
        self.style = style
        self.colorMode = colorMode
    }
}

/// The world outside the session that it may ask things of: where scores are kept, new
/// seeds, and the date. The driver passes the real ones; tests pass fixed ones.
public struct PlayEnvironment {
    public var store: any PlayStore
    /// A seed for a game started without `--seed`.
    public var newSeed: () -> UInt64
    /// The local date and time, as `(file: "20250301-142233", shown: "2025-03-01 14:22")`.
    public var date: () -> (file: String, shown: String)

    public init(store: any PlayStore, newSeed: @escaping () -> UInt64, date: @escaping () -> (file: String, shown: String)) {
        self.store = store
        self.newSeed = newSeed
        self.date = date
    }
}
