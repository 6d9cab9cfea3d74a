/// How strong a bot plays, for players (`--bot-level`, the Modes page's Versus row): its
/// pace, how far the attack bot searches, and how often it makes a mistake (a random
/// reachable placement, drawn from the bot's own stream seeded by the game's seed, so the
/// same seed makes the same mistakes). The figures each level reaches are measured in
/// `measured` (README, "Bot levels", says how).
public enum BotLevel: String, CaseIterable, Codable, Sendable {
    case easy, medium, hard, expert, master

    /// Pieces per second in versus.
    public var piecesPerSecond: Double {
        switch self {
        case .easy: 0.5
        case .medium: 1
        case .hard: 1.5
        case .expert: 2
        case .master: 3
        }
    }

    /// Pieces the attack bot's search places per line (the piece in play included), and
    /// lines kept at each depth. Master is the attack bot as it plays without a level.
    public var searchDepth: Int {
        switch self {
        case .easy: 1
        case .medium: 2
        case .hard: 3
        case .expert, .master: 4
        }
    }

    public var searchWidth: Int {
        switch self {
        case .easy: 1
        case .medium: 4
        case .hard: 8
        case .expert, .master: 16
        }
    }

    /// The chance, per piece, of a mistake.
    public var mistakes: Double {
        switch self {
        case .easy: 0.12
        case .medium: 0.05
        case .hard: 0.02
        case .expert: 0.005
        case .master: 0
        }
    }

    /// What the level measured: the attack bot at the level's pace against El-Tetris at
    /// 1 piece a second, guideline + versus, 40 matches from seed 1 (`hanjul sim --versus
    /// eltetris:attack,LEVEL --mod guideline --mod versus --games 40 --seed 1`).
    /// nil: not measured yet.
    public var measured: (winRate: Double, attackPerPiece: Double)? {
        switch self {
        case .easy: nil
        case .medium: nil
        case .hard: nil
        case .expert: nil
        case .master: nil
        }
    }

    /// The level's settings on `config` (its pace is the caller's: versus sides have one).
    public func apply(to config: inout BotConfig) {
        config.level = self
        config.noise = mistakes
    }
}
