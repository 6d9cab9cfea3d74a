import HanJulBot
import HanJulCore

/// What a run of versus matches was: the first line of `hanjul sim --versus A:B --jsonl`
/// (`{"versus":{…}}`), enough to resume a stopped run and to refuse to mix two runs.
public struct VersusHeader: Equatable, Codable, Sendable {
    public struct Side: Equatable, Codable, Sendable {
        /// The bot as given (`eltetris`, `attack,plain`).
        public var name: String
        public var bot: BotConfig
        public var pps: Double

        public init(name: String, bot: BotConfig, pps: Double) {
            self.name = name
            self.bot = bot
            self.pps = pps
        }
    }

    public var format: Int
    public var hanjul: String
    public var engine: Int
    /// The rules' name (`mod:versus`); `mods`: their lockfile, as a sim header has it.
    public var rules: String
    public var mods: [String]?
    public var a: Side
    public var b: Side
    public var cap: Int
    /// The seeds this file holds, first and last (inclusive).
    public var firstSeed: UInt64
    public var lastSeed: UInt64
    /// For one shard of a split sweep (`--shard I/N`).
    public var shard: Shard?

    public static let currentFormat = 1

    public init(rules: String, mods: [String]?, names: (String, String), config: VersusConfig, seeds: ClosedRange<UInt64>,
                shard: Shard?) {
        format = Self.currentFormat
        hanjul = HanJulVersion.release
        engine = HanJulVersion.engine
        self.rules = rules
        self.mods = mods
        a = Side(name: names.0, bot: config.a.bot, pps: config.a.piecesPerSecond)
        b = Side(name: names.1, bot: config.b.bot, pps: config.b.piecesPerSecond)
        cap = config.cap
        firstSeed = seeds.lowerBound
        lastSeed = seeds.upperBound
        self.shard = shard
    }

    /// The matches' settings.
    public var config: VersusConfig {
        VersusConfig(a: VersusSide(bot: a.bot, piecesPerSecond: a.pps), b: VersusSide(bot: b.bot, piecesPerSecond: b.pps), cap: cap)
    }

    public var seeds: ClosedRange<UInt64> { firstSeed...max(firstSeed, lastSeed) }
}

extension MatchRecord.Result: Codable {}

extension MatchRecord: Codable {
    private enum CodingKeys: String, CodingKey { case seed, result, pieces, attack, cancelled, received, tPieces, spins, spinSingles, perfectClears, error }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func pair(_ key: CodingKeys) throws -> [Int] {
            let values = try c.decode([Int].self, forKey: key)
            guard values.count == 2, values.allSatisfy({ $0 >= 0 }) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "two counts, 0 or more")
            }
            return values
        }
        self.init(seed: try c.decode(UInt64.self, forKey: .seed), result: try c.decode(Result.self, forKey: .result),
                  pieces: try pair(.pieces), attack: try pair(.attack), cancelled: try pair(.cancelled), received: try pair(.received),
                  tPieces: try pair(.tPieces), spins: try pair(.spins), error: try c.decodeIfPresent(String.self, forKey: .error))
        // Files from before these were counted have neither.
        if c.contains(.spinSingles) { spinSingles = try pair(.spinSingles) }
        if c.contains(.perfectClears) { perfectClears = try pair(.perfectClears) }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(seed, forKey: .seed)
        try c.encode(result, forKey: .result)
        try c.encode(pieces, forKey: .pieces)
        try c.encode(attack, forKey: .attack)
        try c.encode(cancelled, forKey: .cancelled)
        try c.encode(received, forKey: .received)
        try c.encode(tPieces, forKey: .tPieces)
        try c.encode(spins, forKey: .spins)
        if spinSingles != [0, 0] { try c.encode(spinSingles, forKey: .spinSingles) }
        if perfectClears != [0, 0] { try c.encode(perfectClears, forKey: .perfectClears) }
        try c.encodeIfPresent(error, forKey: .error)
    }
}
