import HanJulRender

/// What every game of a session is played with: the player's choices and the terminal's
/// colours.
public struct PlayConfig: Equatable, Sendable {
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
    /// The colours and style the terminal supports (what `Palette.auto` draws with).
    public var terminalColorMode: ColorMode
    public var terminalStyle: RenderStyle
    /// Light or dark colours: as the terminal's background (auto), or the player's choice.
    public var theme = Theme.auto
    /// Whether the terminal said its background is light (OSC 11; false until it does).
    public var terminalIsLight = false

    /// Whether colours are chosen for a light background.
    public var isLight: Bool { theme == .light || (theme == .auto && terminalIsLight) }

    /// The terminal said its background is `light` (or dark): the style follows under auto.
    public mutating func noteBackground(light: Bool) {
        terminalIsLight = light
        style.lightBackground = isLight
    }

    public init(seed: UInt64? = nil, bindings: KeyBindings = .defaults, handling: HandlingSettings = .defaults,
                style: RenderStyle = .color, colorMode: ColorMode = .trueColor) {
        self.seed = seed
        self.bindings = bindings
        self.handling = handling
        self.style = style
        self.colorMode = colorMode
        terminalColorMode = colorMode
        terminalStyle = style
    }

    /// These settings with the player's choices in `settings`.
    public func with(_ settings: PlayerSettings) -> PlayConfig {
        var config = self
        config.handling = settings.handling
        config.showsGhost = settings.ghost
        config.previewLimit = settings.preview
        if let name = settings.name { config.playerName = name }
        config.colorMode = settings.palette.colorMode ?? terminalColorMode
        config.style = settings.palette == .auto ? terminalStyle
            : config.colorMode == .none ? (terminalStyle.isASCII ? .ascii : .monochrome)
            : (terminalStyle.isASCII ? .asciiColor : .color)
        config.theme = settings.theme
        config.style.lightBackground = config.isLight
        return config
    }
}

/// The world outside the screens that the session holds for them: where scores are kept
/// and the name remembered (done only by the session, for a screen's `.ask`), new seeds and
/// the date (which screens read, as `ScreenEnvironment`). The command passes the real
/// ones; tests pass fixed ones.
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

/// The colours the player chose on the Settings page (settings.conf `palette`).
public enum Palette: String, CaseIterable, Sendable {
    /// What the terminal says it supports (`COLORTERM`, `TERM`, `NO_COLOR`).
    case auto
    case trueColor = "24bit"
    case palette256 = "256"
    case palette16 = "16"
    case none
    /// The colour mode chosen; nil for `auto`.
    public var colorMode: ColorMode? {
        switch self {
        case .auto: nil
        case .trueColor: .trueColor
        case .palette256: .palette256
        case .palette16: .palette16
        case .none: ColorMode.none
        }
    }
    /// The palette `by` steps on (←/→ on the Settings page), stopping at the ends.
    func moved(by change: Int) -> Palette {
        let all = Palette.allCases
        let index = all.firstIndex(of: self)!
        return all[min(max(index + (change > 0 ? 1 : change < 0 ? -1 : 0), 0), all.count - 1)]
    }
}

/// Colours for a dark or a light terminal background (settings.conf `theme`).
public enum Theme: String, CaseIterable, Sendable {
    /// As the terminal says (OSC 11); dark when it says nothing.
    case auto
    case dark
    case light

    /// Whether a background of these channels is light: its lightness (Rec. 601 weights)
    /// past the middle.
    public static func isLight(red: UInt8, green: UInt8, blue: UInt8) -> Bool {
        (299 * Int(red) + 587 * Int(green) + 114 * Int(blue)) / 1000 > 127
    }
}
