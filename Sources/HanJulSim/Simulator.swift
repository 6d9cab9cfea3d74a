import HanJulBot
import HanJulCore

/// What every simulated game of a run shares: the bot, the piece cap and the bot's pace.
public struct SimulationConfig: Equatable, Codable, Sendable {
    public var bot: BotConfig
    /// Pieces after which a game stops as `capped`.
    public var cap: Int
    /// How fast the bot is taken to play, in pieces per second (`--pps`): before each
    /// piece's moves the simulator tells the engine the time that piece took, as `W<ms>`,
    /// so rules timed by the clock (a sprint's result in ms) see a real time, and replays
    /// hold it. `nil`: the moves take no time and no `W` is sent (the games of untimed rules
    /// are then exactly as before the pace existed).
    public var piecesPerSecond: Double?
    /// Whether each game is recorded as a replay (`SeedPlayer.lastReplay`). Not part of
    /// what a run is (not encoded): recording does not change a game.
    public var recordsReplays = false

    private enum CodingKeys: String, CodingKey { case bot, cap, piecesPerSecond }

    public init(bot: BotConfig = BotConfig(), cap: Int = 10_000, piecesPerSecond: Double? = nil) {
        self.bot = bot
        self.cap = cap
        self.piecesPerSecond = piecesPerSecond
    }

    /// The paces `--pps` takes: from one piece in 100 s to one a millisecond.
    public static let paceRange = 0.01...1000.0
    /// The pace under timed rules when none is given: 2 pieces a second, a steady human
    /// pace (fast players sprint at 3 to 4). An assumption, not a measurement: the bot
    /// itself chooses in microseconds.
    public static let defaultPiecesPerSecond = 2.0

    /// Game time, in whole milliseconds, when the `count`th piece's moves begin, at
    /// `piecesPerSecond` (rounded once per total, so `count` pieces take `count / pps`
    /// seconds to the millisecond, however many there are); 0 without a pace.
    public func milliseconds(afterPieces count: Int) -> Int {
        guard let pps = piecesPerSecond, count > 0 else { return 0 }
        return Int((Double(count) * 1000 / pps).rounded())
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

    @_specialize(where R == StandardRules)
    public mutating func play(seed: UInt64) -> GameRecord {
        let warnedBefore = rules.warnings.count
        bot.reset(seed: seed)
        var tally = PieceTally(evaluatedBefore: bot.placementsEvaluated, heldBefore: bot.piecesHeld)
        let recorder = config.recordsReplays ? ReplayRecorder(rules: rules.identity, source: .seeded(seed)) : nil
        let state: GameState
        if config.piecesPerSecond == nil {
            // No pace: the moves take no time, and the game is played here directly (through
            // `TimedGame` each access to the game would be a copy made by unspecialised code:
            // 11% of the built-in bot's time).
            var game = Game(rules: rules, source: .seeded(seed))
            var recorder = recorder
            defer { lastReplay = recorder?.finish(game.state) }
            playing: while !game.state.isOver && game.state.piecesLocked < config.cap {
                guard let placement = tally.choose(with: &bot, game) else { break }
                guard tally.commit(bot.commit(placement, to: &game, recording: &recorder)) else { break playing }
                tally.add(game.state)
                // Under an entry delay the next piece comes in at once: the bot's moves take no time.
                if let wait = game.enterNext() { recorder?.record(wait, state: game.state) }
            }
            state = game.state
        } else {
            // The bot's pace: each piece's time is told before its moves (see `TimedGame.Schedule.paced`).
            var timed = TimedGame(game: Game(rules: rules, source: .seeded(seed)), recorder: recorder, schedule: .paced)
            defer { lastReplay = timed.recorder?.finish(timed.state) }
            playing: while !timed.state.isOver && timed.state.piecesLocked < config.cap {
                guard let placement = tally.choose(with: &bot, timed.game) else { break }
                // The clock when this piece's moves end.
                timed.wind(to: UInt64(config.milliseconds(afterPieces: timed.state.piecesLocked + 1)) * 1_000_000)
                for wait in timed.pacedWaits() { timed.apply(wait) }
                let commit = timed.untimed { game, recorder in bot.commit(placement, to: &game, recording: &recorder) }
                guard tally.commit(commit) else { break playing }
                tally.add(timed.state)
                timed.untimed { game, recorder in
                    if let wait = game.enterNext() { recorder?.record(wait, state: game.state) }
                }
            }
            state = timed.state
        }
        return tally.record(seed: seed, state: state, bot: bot, holds: rules.holdEnabled,
                            warnings: rules.warnings.dropFirst(warnedBefore).map(\.description), format: rules.resultFormat)
    }
}

/// What a game's record counts as it goes, piece by piece (`Simulator.play`).
struct PieceTally {
    let evaluatedBefore: Int, heldBefore: Int
    var clears: [Int] = []
    var heightSum = 0, maxHeight = 0
    var failure: String?

    init(evaluatedBefore: Int, heldBefore: Int) {
        self.evaluatedBefore = evaluatedBefore
        self.heldBefore = heldBefore
    }

    /// The bot's placement for `game`'s piece; nil (and the failure noted) when there is none.
    @inline(__always)
    mutating func choose<R: Rules>(with bot: inout Bot, _ game: Game<R>) -> Placement? {
        do {
            return try bot.choose(game)
        } catch {
            failure = error.description
            return nil
        }
    }

    /// Whether the game goes on after `commit` (the failure noted when it failed).
    @inline(__always)
    mutating func commit(_ commit: Bot.Commit) -> Bool {
        switch commit {
        case .locked: return true
        case .ended: return false
        case .failed(let why):
            failure = why
            return false
        }
    }

    /// The lines each clear of the latest lock made, and the stack's height after it.
    @inline(__always)
    mutating func add(_ state: GameState) {
        if clears.isEmpty { clears = Array(repeating: 0, count: max(1, state.pieces.maxExtent)) }
        for event in state.events {
            if case .cleared(let count, _) = event, count > 0 {
                if count > clears.count { clears += Array(repeating: 0, count: count - clears.count) }
                clears[count - 1] += 1
            }
        }
        let height = state.board.height - state.board.rows.withUnsafeBufferPointer(BoardFeatures.top(of:))
        heightSum += height
        maxHeight = max(maxHeight, height)
    }

    /// The record of the game that ended (or stopped) at `state`.
    func record(seed: UInt64, state: GameState, bot: Bot, holds: Bool, warnings: [String], format: ResultFormat?) -> GameRecord {
        var failure = failure
        let outcome: Outcome
        switch state.phase {
        case .playing: outcome = failure == nil ? .capped : .ruleError
        case .over(.blockedSpawn), .over(.toppedOut): outcome = .toppedOut
        // The rules' queue ran out and they gave no result: cut off, like a game at the cap.
        case .over(.outOfPieces): outcome = .capped
        case .over(.finished): outcome = .finished
        case .over(.ruleError(let error)):
            outcome = .ruleError
            failure = failure ?? error.description
        }
        var record = GameRecord(
            seed: seed, pieces: state.piecesLocked, lines: state.lines, score: state.score, level: state.level,
            outcome: outcome, clears: clears.isEmpty ? Array(repeating: 0, count: max(1, state.pieces.maxExtent)) : clears,
            meanHeight: state.piecesLocked > 0 ? Double(heightSum) / Double(state.piecesLocked) : 0,
            maxHeight: maxHeight, holes: BoardFeatures(board: state.board).holes, evaluated: bot.placementsEvaluated - evaluatedBefore,
            error: failure, result: { if case .over(.finished(let result)) = state.phase { result.value } else { nil } }(),
            held: holds ? bot.piecesHeld - heldBefore : nil,
            warnings: warnings)
        // The game's time whenever it has one (a pace, timed rules, an entry delay) or its
        // result has tie-breaks; the tie-break values of a finished game.
        if state.elapsedMilliseconds > 0 || format.map({ !$0.then.isEmpty }) == true {
            record.timeMs = state.elapsedMilliseconds
        }
        if let format, !format.then.isEmpty, case .over(.finished(let result)) = state.phase { record.then = result.then }
        return record
    }
}
