import HanJulCore

/// What the game-over overlay shows besides the HUD's final figures.
public struct GameOverSummary: Hashable, Sendable {
    /// The heading: `GAME OVER`, or `FINISHED` for a race that reached its goal.
    public var title: String
    /// Why the game ended, in words (`describe(_:)` makes one from the engine's reason).
    public var reason: String?
    /// The high-score table for these rules, best first (the top 10, say).
    public var table: [HighScoreEntry]
    /// A line of keys, e.g. `"r restart · q quit"`.
    public var hint: String
    /// A race's finish against the best game before it (`-1.234`), shown as Pace.
    public var pace: String?

    /// A summary.
    public init(title: String = "GAME OVER", reason: String? = nil, table: [HighScoreEntry] = [], hint: String = "") {
        self.title = title
        self.reason = reason
        self.table = table
        self.hint = hint
    }

    /// The engine's reason in words for the overlay.
    ///
    /// ```
    /// GameOverSummary.describe(.blockedSpawn) == "no room for the next piece"
    /// ```
    public static func describe(_ reason: GameOverReason) -> String {
        switch reason {
        case .blockedSpawn: "no room for the next piece"
        case .toppedOut: "the stack reached the top"
        case .outOfPieces: "no piece left to come"
        case .finished(let result): "\(result.label): \(result.value)"
        case .ruleError(let error): error.description
        }
    }
}
