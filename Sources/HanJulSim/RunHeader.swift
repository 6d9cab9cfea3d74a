import HanJulBot
import HanJulCore

/// What a run of games was: enough to tell whether two JSONL files can be merged, and to
/// resume a run that was stopped. The first line of `hanjul sim --jsonl` is `{"header":{…}}`.
public struct RunHeader: Equatable, Codable, Sendable {
    /// The JSONL format version.
    public var format: Int
    /// The release of HanJul that played the games (`HanJulVersion.release`); absent in
    /// format 1 files.
    public var hanjul: String?
    /// The engine's version (`HanJulVersion.engine`); absent in format 1 files.
    public var engine: Int?
    /// For mods, the Lua release they ran on (`Lua 5.4.6`), filled in by the program that
    /// loads them; absent for built-in rules.
    public var lua: String?
    public var rules: String
    /// For mods, the lockfile: `id@version#sha256` of each, in order (absent for built-in
    /// rules), so runs of two versions of a mod are never merged.
    public var mods: [String]?
    public var bot: BotKind
    /// The bot's strength level (`--bot attack,hard`, `--bot-level`), which sets its search
    /// besides its noise; absent without one.
    public var level: BotLevel?
    /// A Tetris Bot Protocol bot's command (`--bot tbp:COMMAND`); absent for the built-in bots.
    public var command: String?
    public var noise: Double
    public var search: PlacementSearch.Mode
    /// Pieces of the queue the bot played out before each choice (`--lookahead`); absent
    /// for none.
    public var lookahead: Int?
    /// Whether the bot kept to `L R C D H` (`--bot NAME,plain`); absent when it did not.
    public var plain: Bool?
    public var cap: Int
    /// The bot's pace in pieces per second (`--pps`, or the default under timed rules):
    /// the time each piece took reached the engine as `W<ms>`; absent when the moves took
    /// no time.
    public var pps: Double?
    /// For rules that finish a game with a result (`game:finish`): what it is called, its
    /// unit and which way is better, so summaries name it; absent for other rules.
    public var result: ResultDescription?
    /// The seeds this file holds, first and last (inclusive).
    public var firstSeed: UInt64
    public var lastSeed: UInt64
    /// For one shard of a split sweep (`--shard I/N`): which, and the whole sweep's seeds.
    public var shard: Shard?

    public static let currentFormat = 2

    /// A rule set's `ResultFormat`, as a header records it: `{"name":"time","unit":"ms","lowerIsBetter":true}`.
    public struct ResultDescription: Equatable, Codable, Sendable {
        public var name: String
        /// `ms`, `pieces`, `lines`, `points` or `count` (`ResultFormat.Unit`).
        public var unit: String
        public var lowerIsBetter: Bool
        /// A compound result's tie-breaks, in order (absent for a plain result).
        public var then: [TieBreak]?

        /// One tie-break: `{"name":"time","unit":"ms","lowerIsBetter":true}`.
        public struct TieBreak: Equatable, Codable, Sendable {
            public var name: String
            public var unit: String
            public var lowerIsBetter: Bool
        }

        public init(_ format: ResultFormat) {
            name = format.name
            unit = format.unit.rawValue
            lowerIsBetter = format.lowerIsBetter
            then = format.then.isEmpty ? nil : format.then.map {
                TieBreak(name: $0.name, unit: $0.unit.rawValue, lowerIsBetter: $0.lowerIsBetter)
            }
        }
    }

    public init(rules: String, config: SimulationConfig, firstSeed: UInt64, lastSeed: UInt64) {
        format = Self.currentFormat
        hanjul = HanJulVersion.release
        engine = HanJulVersion.engine
        self.rules = rules
        bot = config.bot.kind
        level = config.bot.level
        command = config.bot.command
        noise = config.bot.noise
        search = config.bot.search
        lookahead = config.bot.lookahead > 0 ? config.bot.lookahead : nil
        plain = config.bot.plain ? true : nil
        cap = config.cap
        pps = config.piecesPerSecond
        self.firstSeed = firstSeed
        self.lastSeed = lastSeed
    }

    /// The seeds the file should hold.
    public var seeds: ClosedRange<UInt64> { firstSeed...max(firstSeed, lastSeed) }

    /// Whether games under `other` were played the same way (seeds aside).
    public func isCompatible(with other: RunHeader) -> Bool { difference(from: other) == nil }

    /// How `other` was played differently (`"hanjul 0.2.0, not 0.1.0"`), or nil when its
    /// games can be merged with these.
    public func difference(from other: RunHeader) -> String? {
        func text<T>(_ value: T?) -> String { value.map { "\($0)" } ?? "none (an older file)" }
        if hanjul != other.hanjul { return "played by hanjul \(text(other.hanjul)), not \(text(hanjul))" }
        if engine != other.engine { return "played by engine \(text(other.engine)), not \(text(engine))" }
        if lua != other.lua { return "run on \(text(other.lua)), not \(text(lua))" }
        if rules != other.rules || mods != other.mods {
            let mine = ([rules] + (mods ?? [])).joined(separator: " "), theirs = ([other.rules] + (other.mods ?? [])).joined(separator: " ")
            return "played under '\(theirs)', not '\(mine)'"
        }
        if bot != other.bot || level != other.level || command != other.command || noise != other.noise || search != other.search || (lookahead ?? 0) != (other.lookahead ?? 0)
            || (plain ?? false) != (other.plain ?? false) || cap != other.cap || pps != other.pps {
            return "played as '\(other.description)', not '\(description)'"
        }
        return nil
    }

    /// The player alone: `eltetris`, `eltetris (plain) with noise 0.1, full search, lookahead 1`.
    public var botDescription: String {
        var text = bot.rawValue + (level.map { "," + $0.rawValue } ?? "") + (plain == true ? " (plain)" : "")
        if noise > 0 { text += " with noise \(Format.number(noise, digits: 3))" }
        if search != .fast { text += ", \(search.rawValue) search" }
        if let lookahead, lookahead > 0 { text += ", lookahead \(lookahead)" }
        return text
    }

    /// Whether games under `other` had the same player (bot, noise, search, lookahead, plain).
    public func hasTheSameBot(as other: RunHeader) -> Bool {
        bot == other.bot && level == other.level && command == other.command && noise == other.noise && search == other.search && (lookahead ?? 0) == (other.lookahead ?? 0)
            && (plain ?? false) == (other.plain ?? false)
    }

    /// `standard rules, eltetris bot, fast search, cap 10000 pieces` (`…, fast search, 2 pieces/s, cap …` with a pace)
    public var description: String {
        var text = "\(rules) rules, \(bot.rawValue)\(level.map { "," + $0.rawValue } ?? "")\(plain == true ? " (plain)" : "") bot"
        if noise > 0 { text += " with noise \(Format.number(noise, digits: 3))" }
        text += ", \(search.rawValue) search"
        if let lookahead, lookahead > 0 { text += ", lookahead \(lookahead)" }
        if let pps { text += ", \(Format.number(pps, digits: 3)) pieces/s" }
        return text + ", cap \(cap) pieces"
    }

    /// `hanjul 0.1.0, engine 1` (or `an older hanjul` for format 1 files).
    public var versionDescription: String {
        guard let hanjul, let engine else { return "an older hanjul (format \(format))" }
        return "hanjul \(hanjul), engine \(engine)"
    }
}

/// One part of a sweep split across processes or machines (`--shard I/N`): shard `index`
/// of `count` plays a contiguous block of the sweep's seeds, `firstSeed…lastSeed`.
///
/// The blocks are `⌊i n / N⌋ ..< ⌊(i + 1) n / N⌋` of the sweep's `n` seeds: they depend on
/// nothing but `I`, `N` and the seeds, cover every seed once, and differ in size by at most one.
public struct Shard: Equatable, Codable, Sendable {
    /// Which shard, from 0 to `count − 1` (Slurm's `SLURM_ARRAY_TASK_ID` with `--array=0-(N-1)`).
    public var index: Int
    public var count: Int
    /// The whole sweep's seeds (inclusive).
    public var firstSeed: UInt64
    public var lastSeed: UInt64

    public init(index: Int, count: Int, firstSeed: UInt64, lastSeed: UInt64) {
        self.index = index
        self.count = count
        self.firstSeed = firstSeed
        self.lastSeed = lastSeed
    }

    /// The sweep's seeds.
    public var sweep: ClosedRange<UInt64> { firstSeed...lastSeed }

    /// This shard's seeds; nil when the sweep has fewer seeds than shards and this one is empty.
    /// Never traps, whatever a file claimed (full-width arithmetic).
    public var seeds: ClosedRange<UInt64>? {
        guard count >= 1, (0..<count).contains(index), firstSeed <= lastSeed, lastSeed - firstSeed < UInt64.max else { return nil }
        let games = lastSeed - firstSeed + 1
        func boundary(_ shard: Int) -> UInt64 {
            let product = games.multipliedFullWidth(by: UInt64(shard))
            return UInt64(count).dividingFullWidth(product).quotient
        }
        let start = boundary(index), end = boundary(index + 1)
        guard end > start else { return nil }
        return (firstSeed + start)...(firstSeed + end - 1)
    }

    /// `2/4`
    public var description: String { "\(index)/\(count)" }
}
