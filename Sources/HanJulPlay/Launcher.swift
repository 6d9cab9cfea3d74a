import HanJulFiles
import HanJulRender

/// One mod the start screen's Mods page lists: what `hanjul mods` says of it.
public struct ModChoice: Equatable, Sendable {
    public var id: String
    public var name: String
    public var version: String
    public var description: String
    /// Why it cannot be played (it fails to load, or is quarantined); nil when it loads.
    public var problem: String?
    /// The mods it requires (its manifest's `requires`), which the Mods page adds before it.
    public var requires: [String]

    public init(id: String, name: String, version: String, description: String, problem: String? = nil, requires: [String] = []) {
        self.id = id
        self.name = name
        self.version = version
        self.description = description
        self.problem = problem
        self.requires = requires
    }
}

/// A replay the Replays page lists.
public struct ReplayListing: Equatable, Sendable {
    /// Where the file is: the bytes its folder listed, so watching, verifying and deleting
    /// act on this file and no other (H-5).
    public var path: PathBytes
    /// The file's name without the folder, as the Replays page shows it: distinct for
    /// distinct names (`a\xFF.hjr` beside `a�.hjr`).
    public var name: String { path.name.shown }
    /// The rules it was recorded under, in words (`standard`, `sprint 1.0.0`).
    public var rules: String
    /// The table key of those rules (to tell a game that made the high scores).
    public var tableKey: String
    /// Actions recorded.
    public var actions: Int
    /// Why it could not be read; nil when it could.
    public var problem: String?
    /// When it was played (`2026-12-01 22:14`, from a saved game's file name), when known.
    public var date: String?
    /// How it ended: the result in its unit, or the score and lines (`1:21.234`,
    /// `score 1200, 12 lines`), when known.
    public var outcome: String?

    public init(path: PathBytes, rules: String, tableKey: String = "", actions: Int = 0, problem: String? = nil) {
        self.path = path
        self.rules = rules
        self.tableKey = tableKey
        self.actions = actions
        self.problem = problem
    }
}

/// What the session does for the start screen's asks (`listMods`, `startGame`,
/// `openReplay`, `verifyReplay`, `saveSettings`, `saveKeys`): the mods there are, a game
/// under some of them, a replay to watch or verify, the settings to keep. Only the session
/// holds it. The command line passes the real ones (mods from the catalog, Lua rules under
/// the watchdog); tests pass their own.
public struct Launcher {
    /// Every mod found, as `hanjul mods` lists them.
    public var mods: () -> [ModChoice]
    /// A session playing games under the mods `ids` (in order; empty: the standard game),
    /// and the folders to watch for hot reload; or why the mods do not load.
    public var game: (_ ids: [String], _ config: PlayConfig, _ size: Size, _ now: UInt64, _ environment: PlayEnvironment)
        -> Result<(session: PlaySession, watched: [String]), RulesFailure>
    /// A session watching the replay at `path` (these bytes, H-5), or why it cannot be watched.
    public var replay: (_ path: PathBytes, _ config: PlayConfig, _ size: Size, _ now: UInt64, _ environment: PlayEnvironment)
        -> Result<PlaySession, RulesFailure>
    /// The replay at `path` verified, in one line (`match: …` or why not).
    public var verify: (_ path: PathBytes) -> String
    /// Keeps `settings` for the next run; a line for the player when it could not.
    public var saveSettings: (_ settings: PlayerSettings) -> String?
    /// Keeps `bindings` in keys.conf (the Keys page); a line for the player when it could not.
    public var saveKeys: (_ bindings: KeyBindings) -> String? = { _ in "no keys file: the keys apply until you quit" }
    /// A versus match against the bot `bot` at `pps` under the mods `ids` (the Modes page's Versus row).
    public var versus: (_ ids: [String], _ bot: String, _ pps: Double, _ config: PlayConfig, _ size: Size, _ now: UInt64,
                        _ environment: PlayEnvironment) -> Result<PlaySession, RulesFailure> = { _, _, _, _, _, _, _ in
        .failure(RulesFailure("versus is not available here"))
    }

    public init(mods: @escaping () -> [ModChoice],
                game: @escaping ([String], PlayConfig, Size, UInt64, PlayEnvironment) -> Result<(session: PlaySession, watched: [String]), RulesFailure>,
                replay: @escaping (PathBytes, PlayConfig, Size, UInt64, PlayEnvironment) -> Result<PlaySession, RulesFailure>,
                verify: @escaping (PathBytes) -> String, saveSettings: @escaping (PlayerSettings) -> String?) {
        self.mods = mods
        self.game = game
        self.replay = replay
        self.verify = verify
        self.saveSettings = saveSettings
    }
}
