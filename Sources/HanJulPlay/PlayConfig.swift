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
    /// Whether the ghost (where the piece would land) is drawn.
    public var showsGhost = true
    /// The most next pieces shown (the rules' preview may be shorter).
    public var previewLimit = Scene.maxPreview
    /// What `q` does in the game's hints: `quit`, or `menu` under the start screen.
    public var quitWord = "quit"
    /// The name high-score entries are saved with.
    public var playerName: String?

    public init(seed: UInt64? = nil, bindings: KeyBindings = .defaults, handling: HandlingSettings = .defaults,
                style: RenderStyle = .color, colorMode: ColorMode = .trueColor) {
        self.seed = seed
        self.bindings = bindings
        self.handling = handling
        self.style = style
        self.colorMode = colorMode
    }

    /// These settings with the player's choices in `settings`.
    public func with(_ settings: PlayerSettings) -> PlayConfig {
        var config = self
        config.handling = settings.handling
        config.showsGhost = settings.ghost
        config.previewLimit = settings.preview
        if let name = settings.name { config.playerName = name }
        return config
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
    /// The name typed at the end of a top-10 game, for the next prompt (and kept in
    /// settings.conf by its `keep`).
    public var names = RememberedName()

    public init(store: any PlayStore, newSeed: @escaping () -> UInt64, date: @escaping () -> (file: String, shown: String)) {
        self.store = store
        self.newSeed = newSeed
        self.date = date
    }
}

/// The name the player last typed at the end of a top-10 game: the next prompt (this game,
/// the next, one started from the start screen) offers it, and `keep` writes it to
/// settings.conf (`name`) for the next run; a line for the player when it could not.
public final class RememberedName {
    public private(set) var name: String?
    let keep: (String) -> String?

    public init(_ name: String? = nil, keep: @escaping (String) -> String? = { _ in nil }) {
        self.name = name
        self.keep = keep
    }

    /// Remembers `name`; a line for the player when it could not be kept in the file.
    public func remember(_ name: String) -> String? {
        guard name != self.name else { return nil }
        self.name = name
        return keep(name)
    }
}
