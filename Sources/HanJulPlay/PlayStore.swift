/// Where the session keeps what outlives a game: the high-score tables (and, for the
/// screens around the game, the replays and the settings). `FileStore` is the data folder;
/// tests use a store in memory.
public protocol PlayStore: AnyObject {
    /// Table `key`, best first.
    func highScores(key: String) -> [HighScore]
    /// Adds a finished game to table `key`; the table after it and the game's place.
    func saveHighScore(_ entry: HighScore, key: String, lowerIsBetter: Bool?) -> HighScoreTable.Outcome
}

/// The data folder (`$XDG_DATA_HOME/hanjul`): `scores.hjr` and `replays/`; or nothing at
/// all when there is no data folder (high scores then live for the session only).
public final class FileStore: PlayStore {
    public let dataDirectory: String?
    private var memory: [String: [HighScore]] = [:]

    public init(dataDirectory: String?) {
        self.dataDirectory = dataDirectory
    }

    var scoresPath: String? { dataDirectory.map { $0 + "/" + HighScoreTable.fileName } }

    public func highScores(key: String) -> [HighScore] {
        guard let path = scoresPath else { return memory[key] ?? [] }
        return HighScoreTable.load(path: path, key: key)
    }

    public func saveHighScore(_ entry: HighScore, key: String, lowerIsBetter: Bool?) -> HighScoreTable.Outcome {
        guard let path = scoresPath else {
            let table = HighScoreTable.ranked((memory[key] ?? []) + [entry], lowerIsBetter: lowerIsBetter ?? false)
            memory[key] = table
            return HighScoreTable.Outcome(table: table, rank: table.firstIndex(of: entry), message: nil)
        }
        return HighScoreTable.save(entry, key: key, lowerIsBetter: lowerIsBetter, path: path)
    }
}
