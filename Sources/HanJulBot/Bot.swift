import HanJulCore

/// Which player a simulation uses.
public enum BotKind: String, CaseIterable, Codable, Sendable {
    /// Greedy search scored with the El-Tetris weights (the default).
    case eltetris
    /// Greedy search scored with Dellacherie's original weights.
    case dellacherie
    /// Greedy search scored with Yiyuan Lee's four weights.
    case lee
    /// A uniformly random reachable placement.
    case random
    /// Plays for attack (versus): a search of the queue and the hold that values each lock by
    /// what the rules' own attack says it sends (`AttackSearch`).
    case attack
    /// The attack bot before it searched (`AttackScorer`): one piece, the Guideline's table.
    case attackClassic = "attack-classic"
    /// A bot outside HanJul, spoken to over the Tetris Bot Protocol (`tbp:COMMAND`,
    /// `BotConfig.command`; docs/TBP.md).
    case tbp

    /// The heuristic's weights; `nil` for `random`.
    public var weights: Weights? {
        switch self {
        case .eltetris, .attack, .attackClassic: .elTetris
        case .dellacherie: .dellacherie
        case .lee: .lee
        case .random, .tbp: nil
        }
    }

    /// What the bot plays like, in a line (`hanjul sim --bot list`).
    public var summary: String {
        switch self {
        case .eltetris:
            "El-Tetris weights on Dellacherie's six features (the default): keeps the stack flat and low, "
                + "clears mostly singles and doubles, and survives essentially forever under a 7-bag"
        case .dellacherie:
            "Dellacherie's hand-tuned weights (eroded cells count): a strong player too, a little less tidy than eltetris"
        case .lee:
            "Yiyuan Lee's weights on aggregate height, lines, holes and bumpiness: a plainer player that tops out "
                + "far sooner; the judge Mods/evil uses"
        case .attack:
            "plays for attack in versus: searches the queue and the hold (soft drops, tucks and kicks for the piece in play), "
                + "valuing each lock by the rules' own attack (a mod's attack hook), T-spin slots, perfect clears, combos "
                + "and back-to-back"
        case .attackClassic:
            "the attack bot before its search: T-spin double set-ups (turns where the piece lands, as the rules' kicks allow), "
                + "four-row clears, back-to-back and combos, on El-Tetris's board figures; no lookahead"
        case .random:
            "a uniformly random reachable placement: tops out within a few dozen pieces; the floor to compare against"
        case .tbp:
            "any Tetris Bot Protocol bot, as tbp:'COMMAND' (run by the shell, spoken to on its standard input and output; TBP.md in the documentation)"
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
    /// How many pieces of the visible queue the bot plays out before choosing (0: only the
    /// piece in play). Each looked-ahead piece multiplies the work by about the number of
    /// placements (≈ 20–30 on the standard board).
    public var lookahead: Int
    /// Whether the bot keeps to the standard actions (`L R C D H`): no hold, no
    /// counter-clockwise or 180° turn, whatever the rules allow. How HanJul's bot played
    /// before release 0.1.1; for comparing a full player against that one.
    public var plain: Bool
    /// The strength level (`BotLevel`): the attack bot's search depth and width; its
    /// mistakes are `noise`. nil: the bot as it plays by default.
    public var level: BotLevel?
    /// A `tbp` bot's command line.
    public var command: String?

    public init(kind: BotKind = .eltetris, noise: Double = 0, search: PlacementSearch.Mode = .fast, lookahead: Int = 0,
                plain: Bool = false, level: BotLevel? = nil, command: String? = nil) {
        self.kind = kind
        self.noise = noise
        self.search = search
        self.lookahead = lookahead
        self.plain = plain
        self.level = level
        self.command = command
    }

    private enum CodingKeys: String, CodingKey { case kind, noise, search, lookahead, plain, level, command }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(BotKind.self, forKey: .kind)
        noise = try container.decode(Double.self, forKey: .noise)
        search = try container.decode(PlacementSearch.Mode.self, forKey: .search)
        lookahead = try container.decodeIfPresent(Int.self, forKey: .lookahead) ?? 0
        plain = try container.decodeIfPresent(Bool.self, forKey: .plain) ?? false
        level = try container.decodeIfPresent(BotLevel.self, forKey: .level)
        command = try container.decodeIfPresent(String.self, forKey: .command)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(noise, forKey: .noise)
        try container.encode(search, forKey: .search)
        if lookahead != 0 { try container.encode(lookahead, forKey: .lookahead) }
        if plain { try container.encode(plain, forKey: .plain) }
        try container.encodeIfPresent(level, forKey: .level)
        try container.encodeIfPresent(command, forKey: .command)
    }
}

extension PlacementSearch.Mode: Codable {}

/// A player that places one piece at a time through the real rules: it lists the placements
/// reachable from where the piece is (`PlacementSearch`: every turn the rules allow, slides,
/// and with `--search full` soft drops, tucks and spins), and, when the rules have a hold
/// slot, those of the piece a hold would bring in; scores the board each leaves (optionally
/// playing the visible queue out first); and plays the best one's actions through
/// `Game.apply`.
///
/// Its own random generator (for `random` and `noise`) is seeded from the game's seed but is
/// a separate stream, so the game deals the same pieces whatever the bot does.
/// Buffers are kept between pieces and games: after warm-up a move allocates nothing
/// (lookahead aside, which copies the board once per placement it plays out).
public struct Bot {
    public let config: BotConfig
    /// The placements found for the latest piece (read a chosen one's path here).
    public private(set) var search = PlacementSearch()
    /// Placements scored so far (for benchmarks).
    public private(set) var placementsEvaluated = 0
    /// Pieces the bot held so far.
    public private(set) var piecesHeld = 0
    private var random: SplitMix64
    private var evaluator: BoardEvaluator?
    private var look: Lookahead?
    private var attackScorer: AttackScorer?
    private var attackSearch: AttackSearch?
    private var external: (any ExternalPlayer)?

    public init(_ config: BotConfig, seed: UInt64) {
        self.config = config
        random = SplitMix64(seed: Self.botSeed(seed))
    }

    /// Starts the bot's random stream over for a game of `seed`, keeping its buffers.
    public mutating func reset(seed: UInt64) {
        random = SplitMix64(seed: Self.botSeed(seed))
        external?.newGame()
    }

    private static func botSeed(_ seed: UInt64) -> UInt64 { seed ^ 0xB07_5EED_0F_4A_4A11 }

    /// The kind a hold would bring in now, and where it would enter; `nil` when the rules
    /// have no hold, it was used for this piece, or the kind is not known yet (an empty
    /// slot and no preview).
    @_specialize(where R == StandardRules)
    public static func holdAlternative<R: Rules>(_ game: Game<R>) -> Piece? {
        // The rules first: without a hold the state is not read at all (every piece asks).
        guard game.rules.holdEnabled, !game.state.holdUsed, let kind = game.state.held ?? game.state.queue.first,
              kind != game.state.piece.kind else { return nil }
        let piece = game.rules.lookahead.spawnPiece(kind: kind, state: game.state)
        // Under instant gravity it enters and falls to rest at once.
        guard game.state.instantGravity, game.state.fits(piece) else { return piece }
        return piece.offset(0, game.state.board.dropDistance(of: piece, in: game.state.pieces))
    }

    /// The placement the bot would play on `game`'s current piece (a path that starts with
    /// a hold when holding is better), or `nil` when the game is over or no piece has
    /// anywhere to go.
    /// - Throws: a rule's error met while searching (the game would end with it).
    @_specialize(exported: true, where R == StandardRules)
    public mutating func choose<R: Rules>(_ game: Game<R>) throws(RuleError) -> Placement? {
        guard !game.state.isOver else { return nil }
        // The lookahead rules: the search's many spawn and rotate questions must not reach
        // the hooks of the game's own rules (#15 item 7: replays of the game must verify).
        let rules = game.rules.lookahead
        let turns = config.plain ? Turn.clockwiseOnly : nil
        // A bot that scores placements loads the board first: the search then takes the
        // column tops the evaluator found instead of scanning for them.
        let weights = config.kind.weights
        var columnTops: UnsafePointer<Int>? = nil
        if weights != nil {
            if (evaluator?.capacity ?? 0) < game.state.board.height { evaluator = BoardEvaluator(height: game.state.board.height) }
            evaluator!.load(game.state.board)
            columnTops = evaluator!.columnTops
        }
        // The attack bots turn where pieces land under any rules: that is where spins are
        // (the searching one soft-drops, tucks and kicks too).
        let mode: PlacementSearch.Mode = switch config.kind {
        case .attack where config.search == .fast, .tbp: .full
        case .attackClassic where config.search == .fast: .landing
        default: config.search
        }
        try search.run(mode, in: game.state, rules: rules, from: nil, turns: turns, columnTops: columnTops)
        if !config.plain, let alternative = Self.holdAlternative(game) {
            try search.append(mode, in: game.state, rules: rules, from: alternative, holds: true, turns: nil,
                              columnTops: columnTops)
        }
        let placements = search.placements
        let count = placements.count
        guard count > 0 else { return nil }
        if config.kind == .tbp {
            if external == nil {
                guard let made = ExternalPlayers.make(config.command ?? "") else {
                    throw RuleError(hook: "tbp", message: "no TBP host is connected in this program")
                }
                external = made
            }
            return try Self.externalChoice(external!, from: placements, in: game)
        }
        if config.noise > 0 && Double(random.next() >> 11) * 0x1p-53 < config.noise {
            return placements[random.below(count)]
        }
        guard let weights, let evaluator else { return placements[random.below(count)] }
        placementsEvaluated += count
        if config.kind == .attack {
            if attackSearch == nil {
                attackSearch = config.level.map { AttackSearch(depth: $0.searchDepth, width: $0.searchWidth) } ?? AttackSearch()
            }
            let index = try attackSearch!.best(of: placements, search: search, in: game,
                                               attack: game.rules.lookahead as? any AttackRules)
            placementsEvaluated += attackSearch!.evaluated - count
            return placements[index]
        }
        if config.kind == .attackClassic {
            if (attackScorer?.capacity ?? 0) < game.state.board.height { attackScorer = AttackScorer(height: game.state.board.height) }
            return placements[attackScorer!.best(of: placements, search: search, state: game.state, evaluator: evaluator,
                                                 board: weights, attack: .standard)]
        }
        guard config.lookahead > 0 else {
            return placements[evaluator.best(of: placements, weights: weights, pieces: game.state.pieces)]
        }
        if look == nil { look = Lookahead() }
        let (index, evaluated) = try look!.best(of: placements, in: game, depth: config.lookahead, mode: config.search,
                                                 turns: turns, weights: weights, evaluator: evaluator)
        placementsEvaluated += evaluated
        return placements[index]
    }

    /// Chooses a placement and plays its actions. Returns whether a piece was placed.
    @discardableResult
    public mutating func play<R: Rules>(_ game: inout Game<R>) -> Bool {
        // Under an entry delay the next piece comes in at once: a placement takes no time.
        game.enterNext()
        let placement: Placement?
        do {
            placement = try choose(game)
        } catch {
            game.withState { $0.end(.ruleError(error)) }
            return false
        }
        guard let placement else { return false }
        var recorder: ReplayRecorder? = nil
        return commit(placement, to: &game, recording: &recorder) == .locked
    }

    /// What playing a placement did.
    public enum Commit: Equatable, Sendable {
        /// The piece locked once, where the bot meant it to.
        case locked
        /// The game ended before the piece locked (a hold brought in a piece that does not fit,
        /// say).
        case ended
        /// The path went astray: why, as text.
        case failed(String)
    }

    /// Plays `placement` (from this bot's latest `choose`) on `game`, each action also
    /// given to `recorder`.
    @_specialize(exported: true, where R == StandardRules)
    public mutating func commit<R: Rules>(_ placement: Placement, to game: inout Game<R>,
                                          recording recorder: inout ReplayRecorder?) -> Commit {
        let locked = game.state.piecesLocked
        var path = search.actions(of: placement)
        if placement.holds {
            // The hold first; then the path found for the piece it was expected to bring
            // in, or (when the rules spawned it elsewhere) the best placement of the piece
            // that did come in.
            let expected = Self.holdAlternative(game)
            game.apply(.hold)
            recorder?.record(.hold, state: game.state)
            piecesHeld += 1
            if game.state.isOver { return .ended }
            guard game.state.holdUsed, game.state.hasPiece else { return .failed("bot: the hold did not bring a piece in") }
            if game.state.piece != expected {
                let again: Placement?
                do {
                    again = try choose(game)
                } catch {
                    return .failed(error.description)
                }
                guard let again else { return .failed("bot: no placement for the piece the hold brought in") }
                return commit(again, to: &game, recording: &recorder)
            }
            path = path.droppingHold
        }
        for action in path {
            game.apply(action)
            recorder?.record(action, state: game.state)
            // A rule the search does not foresee (a mod's after_move, say) may lock the piece
            // before its path ends: the rest of the path is not for the next piece.
            if game.state.piecesLocked != locked { break }
        }
        guard game.state.piecesLocked == locked + 1 else {
            if game.state.isOver { return .ended }
            return .failed("bot: the path \(ActionScript.text(of: search.actions(of: placement))) did not lock the piece once")
        }
        return .locked
    }
}
