import HanJulCore
import HanJulFiles
import HanJulRender

/// What a screen asks of the files, the settings and the mods: the session
/// (`PlaySession`), which alone holds the store, the launcher and each game's or replay's
/// rules provider, does it at once and hands the answer (`PlayAnswer`) back to the screen that
/// asked, before anything is drawn. A screen itself reads and writes nothing.
public enum PlayRequest: Equatable, Sendable {
    /// Fresh rules from the asking game's provider (a mod's Lua state lives for one game).
    case makeRules(RulesPurpose)
    /// The high-score table `key`, best first.
    case highScores(key: String)
    /// Adds a finished game to table `key`; the entry is saved with the remembered name,
    /// else `fallbackName` (the player's login).
    case saveHighScore(HighScore, key: String, lowerIsBetter: Bool?, fallbackName: String?)
    /// Names an entry of table `key` (typed at the end of a top-10 game).
    case renameHighScore(HighScore, to: String?, key: String)
    /// Remembers the name typed for the next prompt (and settings.conf).
    case rememberName(String)
    /// The saved replay `name` (a table entry's `replay`).
    case savedReplay(named: String)
    /// Every mod found (for the Mods page, or the Modes page when `forModes`).
    case listMods(forModes: Bool)
    /// The high-score tables' keys, the replays kept, and the name remembered.
    case listScoresAndReplays
    /// Deletes the replay the Replays page listed at `path`.
    case deleteReplay(PathBytes)
    /// Verifies the replay at `path`, in one line.
    case verifyReplay(PathBytes)
    /// A game under the mods `ids` pushed above the asking screen (empty: the standard game).
    case startGame(ids: [String], config: PlayConfig, size: Size, remember: Bool)
    /// A versus match against the bot `bot` at `pps` pieces a second under the mods `ids`,
    /// pushed above the asking screen (the Modes page's Versus row).
    case startVersus(ids: [String], bot: String, pps: Double, config: PlayConfig, size: Size)
    /// Both sides' rules for the asking versus match's next game.
    case makeVersusSides
    /// Saves a versus match's replay (`replay`, the .hjvs text) as `name`, and a decided
    /// match's result in the versus table.
    case saveVersusMatch(replay: String, name: String, result: VersusResult.Record?)
    /// The replay at `path` watched above the asking screen.
    case openReplay(PathBytes, config: PlayConfig, size: Size)
    /// Keeps the player's settings (settings.conf).
    case saveSettings(PlayerSettings)
    /// Keeps the key bindings (keys.conf).
    case saveKeys(KeyBindings)
}

/// Why a game asks for fresh rules.
public enum RulesPurpose: Equatable, Sendable {
    /// A new game (`r`).
    case newGame
    /// The mods' files changed (hot reload).
    case reload
    /// To play the table's best game (`replay`) again for a race's pace.
    case pace(Replay)
    /// A replay being watched keeps a fresh game for going back to its start (a seek
    /// backwards under rules that cannot be continued from a copied state: a mod's).
    case rewind
}

/// The answer to a `PlayRequest`, handed to the screen that asked as `PlayInput.answer`.
public enum PlayAnswer: Equatable, Sendable {
    case rulesMade(RulesPurpose, Result<MadeRules, RulesFailure>)
    case highScores(key: String, [HighScore])
    /// The entry as saved (its name filled in), the table after it and the entry's place.
    case highScoreSaved(HighScore, HighScoreTable.Outcome)
    case highScoreRenamed(HighScoreTable.Outcome)
    /// A line for the player when the name could not be kept in settings.conf.
    case nameRemembered(problem: String?)
    case savedReplay(named: String, Replay?)
    case modsListed([ModChoice], forModes: Bool)
    case scoresAndReplaysListed(tables: [String], replays: [ReplayListing], rememberedName: String?)
    case replayDeleted(problem: String?)
    case replayVerified(String)
    /// The game under `ids` is on top now (the mods' folders to watch), or why not.
    case gameStarted(ids: [String], remember: Bool, Result<[String], RulesFailure>)
    /// The versus match is on top now (nil), or why it cannot be played.
    case versusStarted(RulesFailure?)
    case versusSidesMade(Result<MadeVersusSides, RulesFailure>)
    /// What saving a versus match did, as lines for the end box.
    case versusMatchSaved([String])
    /// The replay is on top now (nil), or why it cannot be watched.
    case replayOpened(RulesFailure?)
    case settingsSaved(problem: String?)
    case keysSaved(problem: String?)
}

/// Rules a provider built, with what a game shows of them, for the game that asked (which
/// knows their type). Passed only between the session and its screens, on one thread.
public struct MadeRules: Equatable, @unchecked Sendable {
    final class Box {
        let rules: Any
        init(_ rules: Any) { self.rules = rules }
    }
    let box: Box
    public let identity: RulesIdentity
    /// The mods' names for the side panel.
    public let modNames: [String]

    init<R: Rules>(_ rules: R, provider: RulesProvider<R>) {
        box = Box(rules)
        identity = provider.identity(rules)
        modNames = provider.modNames(rules)
    }

    /// The rules, as the game's type.
    func rules<R: Rules>(as type: R.Type) -> R? { box.rules as? R }

    public static func == (lhs: MadeRules, rhs: MadeRules) -> Bool { lhs.box === rhs.box }
}

/// What a screen may read of the world without asking: new seeds and the date.
public struct ScreenEnvironment {
    /// A seed for a game started without `--seed`.
    public var newSeed: () -> UInt64
    /// The local date and time, as `(file: "20250301-142233", shown: "2025-03-01 14:22")`.
    public var date: () -> (file: String, shown: String)
}
