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
    /// lines kept at each depth. Master is the attack bot as it plays without a level; expert
    /// keeps 8 lines, not 16, so that it sends less than master (0.536 against 0.544 lines a
    /// piece; with 16 it sent 0.560 at its slower pace).
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
        case .hard, .expert: 8
        case .master: 16
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
    /// 1 piece a second, guideline + versus, 200 matches from seed 1, release build
    /// (`hanjul sim --versus eltetris:attack,LEVEL --mod guideline --mod versus --games 200
    /// --seed 1`): the share of matches it won and its attack per piece. Deterministic, so a
    /// change to the search or the levels shows here (MenuModesTests checks they still order).
    public var measured: (winRate: Double, attackPerPiece: Double)? {
        switch self {
        case .easy: (0.0, 0.230)
        case .medium: (0.70, 0.424)
        case .hard: (0.995, 0.502)
        case .expert: (1.0, 0.536)
        case .master: (1.0, 0.544)
        }
    }

    /// The level's settings on `config` (its pace is the caller's: versus sides have one).
    public func apply(to config: inout BotConfig) {
        config.level = self
        config.noise = mistakes
    }
}
