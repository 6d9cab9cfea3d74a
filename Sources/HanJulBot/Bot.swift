import HanJulCore

/// Which player a simulation uses.
public enum BotKind: String, CaseIterable, Codable, Sendable {
    /// One-piece greedy search scored with the El-Tetris weights (the default).
    case eltetris
    /// One-piece greedy search scored with Dellacherie's original weights.
    case dellacherie
    /// A uniformly random reachable placement.
    case random

    /// The heuristic's weights; `nil` for `random`.
    public var weights: Weights? {
        switch self {
        case .eltetris: .elTetris
        case .dellacherie: .dellacherie
        case .random: nil
        }
    }
}

/// A bot's settings.
public struct BotConfig: Equatable, Codable, Sendable {
    public var kind: BotKind
    /// The chance, per piece, of playing a uniformly random reachable placement instead.
    public var noise: Double
    /// How far the placement search looks (`fast`: rotate, slide, drop).
    public var search: PlacementSearch.Mode

    public init(kind: BotKind = .eltetris, noise: Double = 0, search: PlacementSearch.Mode = .fast) {
        self.kind = kind
        self.noise = noise
        self.search = search
    }
}

extension PlacementSearch.Mode: Codable {}

/// A player that places one piece at a time through the real rules: it lists the placements
/// reachable from where the piece is (`PlacementSearch`), scores the board each leaves, and
/// plays the best one's actions through `Game.apply`.
///
/// Its own random generator (for `random` and `noise`) is seeded from the game's seed but is
/// a separate stream, so the game deals the same pieces whatever the bot does.
/// Buffers are kept between pieces and games: after warm-up a move allocates nothing.
public struct Bot {
    public let config: BotConfig
    /// The placements found for the latest piece (read a chosen one's path here).
    public private(set) var search = PlacementSearch()
    /// Placements scored so far (for benchmarks).
    public private(set) var placementsEvaluated = 0
    private var random: SplitMix64
    private var evaluator: BoardEvaluator?

    public init(_ config: BotConfig, seed: UInt64) {
        self.config = config
        random = SplitMix64(seed: Self.botSeed(seed))
    }

    /// Starts the bot's random stream over for a game of `seed`, keeping its buffers.
    public mutating func reset(seed: UInt64) {
        random = SplitMix64(seed: Self.botSeed(seed))
    }

    private static func botSeed(_ seed: UInt64) -> UInt64 { seed ^ 0xB07_5EED_0F_4A_4A11 }

    /// The placement the bot would play on `game`'s current piece, or `nil` when the game is
    /// over or the piece has nowhere to go.
    /// - Throws: a rule's error met while searching (the game would end with it).
    public mutating func choose<R: Rules>(_ game: Game<R>) throws(RuleError) -> Placement? {
        guard !game.state.isOver else { return nil }
        try search.run(config.search, in: game.state, rules: game.rules)
        let count = search.placements.count
        guard count > 0 else { return nil }
        if config.noise > 0 && Double(random.next() >> 11) * 0x1p-53 < config.noise {
            return search.placements[random.below(count)]
        }
        guard let weights = config.kind.weights else { return search.placements[random.below(count)] }
        placementsEvaluated += count
        let state = game.state
        if (evaluator?.capacity ?? 0) < state.board.height { evaluator = BoardEvaluator(height: state.board.height) }
        let evaluator = evaluator!
        evaluator.load(state.board)
        return search.placements[evaluator.best(of: search.placements, weights: weights, pieces: state.pieces)]
    }

    /// Chooses a placement and plays its actions. Returns whether a piece was placed.
    @discardableResult
    public mutating func play<R: Rules>(_ game: inout Game<R>) -> Bool {
        let placement: Placement?
        do {
            placement = try choose(game)
        } catch {
            game.withState { $0.end(.ruleError(error)) }
            return false
        }
        guard let placement else { return false }
        for action in search.actions(of: placement) { game.apply(action) }
        return true
    }
}
