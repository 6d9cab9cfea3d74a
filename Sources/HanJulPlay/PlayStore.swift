import HanJulCore
import HanJulFiles

/// Where the session keeps what outlives a game: the high-score tables, the replays (and
/// the start screen lists both). `FileStore` (HanJulPlayerFiles) is the data folder; tests use a store in memory.
public protocol PlayStore: AnyObject {
    /// Table `key`, best first.
    func highScores(key: String) -> [HighScore]
    /// Adds a finished game to table `key`; the table after it and the game's place.
    func saveHighScore(_ entry: HighScore, key: String, lowerIsBetter: Bool?) -> HighScoreTable.Outcome
    /// Gives `entry` of table `key` the name `name` (typed at the end of a top-10 game); the
    /// table after it and the entry's place.
    func renameHighScore(_ entry: HighScore, to name: String?, key: String) -> HighScoreTable.Outcome
    /// The keys of every table kept, in the order they were first made.
    func tableKeys() -> [String]
    /// Whether table `key` ranks a lower result first (a race's time); nil: a score table.
    func lowerIsBetter(key: String) -> Bool?
    /// The replays kept, newest first.
    func replays() -> [ReplayListing]
    /// Removes the replay at `path` (the very file ``replays()`` listed); a line for the
    /// player when it could not.
    func deleteReplay(path: PathBytes) -> String?
    /// The saved replay `name` (a table entry's `replay`), or nil when it is gone or unreadable.
    func replay(named name: String) -> Replay?
    /// Versus against the bot (VersusResult.swift): a match replay saved, the results table.
    func saveVersusReplay(_ text: String, name: String) -> String?
    func recordVersus(key: String, won: Bool) -> String?
    func versusResults() -> [VersusResult]
}

extension PlayStore {
    public func replay(named name: String) -> Replay? { nil }
}
