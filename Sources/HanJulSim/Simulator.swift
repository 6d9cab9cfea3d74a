import HanJulBot
import HanJulCore

/// What every simulated game of a run shares: the bot and the piece cap.
public struct SimulationConfig: Equatable, Codable, Sendable {
    public var bot: BotConfig
    /// Pieces after which a game stops as `capped`.
    public var cap: Int
    /// Whether each game is recorded as a replay (`SeedPlayer.lastReplay`). Not part of
    /// what a run is (not encoded): recording does not change a game.
    public var recordsReplays = false

    private enum CodingKeys: String, CodingKey { case bot, cap }

    public init(bot: BotConfig = BotConfig(), cap: Int = 10_000) {
        self.bot = bot
        self.cap = cap
    }
}

/// Something that plays a whole game from a seed: a `Simulator` with its rules type hidden,
/// so rule sets of different types (built-in, Lua) run through one path.
public protocol SeedPlayer {
    /// Plays the game of `seed` to its end or the cap. The same seed gives the same record.
    mutating func play(seed: UInt64) -> GameRecord
    /// The replay of the latest game, when the configuration records replays.
    var lastReplay: Replay? { get }
}

/// Plays seeded games of one rule set with one bot. One per worker thread: it keeps the
/// bot's buffers between games, and its rules value is used by that worker alone.
///
/// Each game depends only on its seed, the rules and the configuration, never on which
/// worker plays it or what it played before.
public struct Simulator<R: Rules>: SeedPlayer {
    public let rules: R
    public let config: SimulationConfig
    private var bot: Bot

    public init(rules: R, config: SimulationConfig) {
        self.rules = rules
        self.config = config
        bot = Bot(config.bot, seed: 0)
    }

    public private(set) var lastReplay: Replay?

    public mutating func play(seed: UInt64) -> GameRecord {
        var game = Game(rules: rules, source: .seeded(seed))
        var recorder = config.recordsReplays ? ReplayRecorder(rules: rules.identity, source: .seeded(seed)) : nil
        defer { lastReplay = recorder?.finish(game.state) }
        bot.reset(seed: seed)
        let evaluatedBefore = bot.placementsEvaluated
        var clears = Array(repeating: 0, count: max(1, game.state.pieces.maxExtent))
        var heightSum = 0, maxHeight = 0
        var failure: String?
        playing: while !game.state.isOver && game.state.piecesLocked < config.cap {
            let placement: Placement?
            do {
                placement = try bot.choose(game)
            } catch {
                failure = error.description
                break
            }
            guard let placement else { break }
            switch bot.commit(placement, to: &game, recording: &recorder) {
            case .locked: break
            case .ended: break playing
            case .failed(let why):
                failure = why
                break playing
            }
            for event in game.state.events {
                if case .cleared(let count, _) = event, count > 0 {
                    if count > clears.count { clears += Array(repeating: 0, count: count - clears.count) }
                    clears[count - 1] += 1
                }
            }
            let height = game.state.board.height - game.state.board.rows.withUnsafeBufferPointer(BoardFeatures.top(of:))
            heightSum += height
            maxHeight = max(maxHeight, height)
        }
        let state = game.state
        let outcome: Outcome
        switch state.phase {
        case .playing: outcome = failure == nil ? .capped : .ruleError
        case .over(.blockedSpawn), .over(.toppedOut): outcome = .toppedOut
        case .over(.finished): outcome = .finished
        case .over(.ruleError(let error)):
            outcome = .ruleError
            failure = failure ?? error.description
        }
        return GameRecord(
            seed: seed, pieces: state.piecesLocked, lines: state.lines, score: state.score, level: state.level,
            outcome: outcome, clears: clears,
            meanHeight: state.piecesLocked > 0 ? Double(heightSum) / Double(state.piecesLocked) : 0,
            maxHeight: maxHeight, holes: Self.holes(state.board), evaluated: bot.placementsEvaluated - evaluatedBefore,
            error: failure, result: { if case .over(.finished(let result)) = state.phase { result.value } else { nil } }())
    }

    /// Empty cells with a filled cell above them.
    static func holes(_ board: Board) -> Int {
        var covered: UInt64 = 0, holes = 0
        for row in board.rows {
            holes += (~row & covered & board.fullRow).nonzeroBitCount
            covered |= row
        }
        return holes
    }
}
