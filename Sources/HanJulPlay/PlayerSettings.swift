import HanJulRender

/// The player's settings (`settings.conf`: HanJulPlayerFiles' SettingsFile.swift reads and
/// writes them). Names not given keep their defaults.
public struct PlayerSettings: Equatable, Sendable {
    public var handling: HandlingSettings
    /// Whether the ghost piece is drawn.
    public var ghost = true
    /// The most next pieces shown, 0-6 (the rules may show fewer).
    public var preview = Scene.maxPreview
    /// The mods the start screen's Play plays, in order (empty: the standard game): the
    /// last rule set played from the start screen.
    public var mods: [String] = []
    /// The name high-score entries are saved with (nil: `$USER`).
    public var name: String?
    /// How many replays housekeeping keeps besides those of high-score games (`ReplayHousekeeping.defaultKept`).
    public var replaysKept = 100
    /// The colours drawn: the terminal's own (auto) or one the player chose.
    public var palette = Palette.auto
    /// Colours for a dark or light background: as the terminal says (auto), or fixed.
    public var theme = Theme.auto

    public init(handling: HandlingSettings = .defaults) {
        self.handling = handling
    }

    public static let defaults = PlayerSettings()

    /// A bad line: where, and what is wrong.
    public typealias ParseError = ConfigFileError
}
