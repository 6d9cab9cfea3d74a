/// A whole versus match as one text file (`.hjvs`, docs/REPLAY.md "Versus match replays"):
/// the rules, the bot, each game's seed and every action either side played with its play
/// time, in the order played. Garbage is not in it: the referee (`VersusReferee`) implies
/// it, so `verify` plays the moves again through a referee and compares each game's end
/// (winner, both sides' checksums).
///
/// Its text format (`text`, `init(parsing:)`) is HanJulReplay's (VersusReplayFile.swift), beside
/// the `.hjr` format.
///
/// ```
/// hanjul-versus 3
/// mods versus
/// mod versus 3f2a… 1.0.0
/// bot eltetris
/// pps 1
/// best-of 3
/// seed 42
/// game 1 seed 1234 winner 1 checksums 9f0c…,77aa…
/// 0 120 L
/// 1 1000 RRD
/// …
/// ```
public struct VersusReplay: Equatable, Sendable {
    public struct Game: Equatable, Sendable {
        public var seed: UInt64
        /// The side that won (0: the player, 1: the bot); nil: no winner (left unfinished).
        public var winner: Int?
        /// Each side's `GameState.checksum` at the end.
        public var checksums: [UInt64]
        public var moves: [VersusMove]

        public init(seed: UInt64, winner: Int?, checksums: [UInt64], moves: [VersusMove]) {
            self.seed = seed
            self.winner = winner
            self.checksums = checksums
            self.moves = moves
        }
    }

    /// The mods both sides played under, in order (empty: the standard rules).
    public var mods: [String]
    /// Each of `mods`' version and SHA-256 as the first game loaded them (`RulesIdentity`),
    /// so a changed mod is refused as for an .hjr; empty in files written before they were
    /// recorded (format 1).
    public var modLocks: [RulesIdentity.Mod] = []
    /// The bot's name (`--bot`) and pace.
    public var bot: String
    public var piecesPerSecond: Double
    public var bestOf: Int
    /// The match seed (each game's seed is in its own line).
    public var seed: UInt64
    /// How each game's seed dealt the sides their pieces and holes: `.shared` from format 3
    /// on, `.perSide` in files of format 1 and 2.
    public var dealing: VersusDealing = .shared
    /// A network match (`hanjul versus`): garbage was taken when the receiver said so
    /// (announced delivery, `SIDE MS +` lines among the moves); format 3 only, after `seed`
    /// as `delivery announced`.
    public var announced = false
    /// The side of the player who saved the match: 0, or 1 in the joiner's file of a network
    /// match (side 0 is the host's); written as `you 1` after `delivery announced`.
    public var you = 0
    public var games: [Game]

    public init(mods: [String], bot: String, piecesPerSecond: Double, bestOf: Int, seed: UInt64, games: [Game] = []) {
        self.mods = mods
        self.bot = bot
        self.piecesPerSecond = piecesPerSecond
        self.bestOf = bestOf
        self.seed = seed
        self.games = games
    }

    /// Game `index`'s seed in a match from `seed`.
    public static func gameSeed(match seed: UInt64, index: Int) -> UInt64 {
        var mix = SplitMix64(seed: seed ^ 0x5E55_0000)
        var value = mix.next()
        for _ in 0..<max(index, 0) { value = mix.next() }
        return value
    }

    /// Games each side won.
    public var score: [Int] {
        [games.filter { $0.winner == 0 }.count, games.filter { $0.winner == 1 }.count]
    }

    /// Games won by the player who saved the match (`you`), then by the other side.
    public var yourScore: [Int] { you == 0 ? score : [score[1], score[0]] }

    /// What the other side is called: `PEER` in a network match, else `BOT`.
    public var opponentTitle: String { announced ? "PEER" : "BOT" }

    /// Whether the recorded mods are `installed` (the rules' identity now); true when the
    /// file predates recorded versions (it then verifies as it did).
    public func recordedMods(match installed: [RulesIdentity.Mod]) -> Bool {
        modLocks.isEmpty || modLocks == installed
    }

    // MARK: - Verifying

    /// Plays game `index` again through a referee (`make` gives each side's rules) and says
    /// what differs from the recording; nil when it matches.
    /// Not optimised: the optimiser's copy propagation crashes on this function (Swift 6 on
    /// Linux, "Found ownership error?!" in a release build); verifying is not a hot path.
    @_optimize(none)
    public func verify<R: Rules>(game index: Int, make: () throws -> VersusRules<R>) -> String? {
        let game = games[index]
        let sides: [VersusRules<R>]
        do { sides = [try make(), try make()] } catch {
            return "game \(index + 1): the rules do not load: \(error)"
        }
        var referee = VersusReferee(sides: sides, seed: game.seed, schedules: [.paced, .paced], delivery: announced ? .announced : .immediate,
                                    dealing: dealing)
        for (number, move) in game.moves.enumerated() {
            if referee.isOver { return "game \(index + 1): the match ended before move \(number + 1) of \(game.moves.count)" }
            if move.accepts {
                guard referee.accept(side: move.side, at: referee.games[move.side].clock) != nil else {
                    return "game \(index + 1): move \(number + 1) takes garbage for side \(move.side), but none was sent"
                }
            } else {
                referee.apply(move.action, side: move.side)
            }
        }
        let sums = [referee.state(0).checksum, referee.state(1).checksum]
        if sums != game.checksums {
            return "game \(index + 1): checksums \(sums.map { String($0, radix: 16) }.joined(separator: ",")), "
                + "recorded \(game.checksums.map { String($0, radix: 16) }.joined(separator: ","))"
        }
        if referee.outcome?.winner != game.winner {
            return "game \(index + 1): winner \(referee.outcome?.winner.map(String.init) ?? "none"), recorded \(game.winner.map(String.init) ?? "none")"
        }
        return nil
    }
}

