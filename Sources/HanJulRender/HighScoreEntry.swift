/// One row of the high-score table shown at game over.
public struct HighScoreEntry: Hashable, Sendable {
    /// Points.
    public var score: Int
    /// Lines cleared.
    public var lines: Int
    /// Level reached.
    public var level: Int
    /// A short label (a date, say); shown sanitised.
    public var label: String
    /// Whether this row is the game that just ended (it is marked).
    public var isLatest: Bool
    /// A race's result in its unit (`1:02.345`, `87 pieces`): tables with results rank by
    /// them and show them first.
    public var result: String?
    /// Who played it (`HighScore.name`), when known.
    public var name: String?

    /// A table row.
    public init(score: Int, lines: Int, level: Int, label: String = "", isLatest: Bool = false) {
        self.score = score
        self.lines = lines
        self.level = level
        self.label = label
        self.isLatest = isLatest
    }
}
