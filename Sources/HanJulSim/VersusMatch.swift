import HanJulBot
import HanJulCore

/// One side of a versus match: its bot and its pace.
public struct VersusSide: Equatable, Sendable {
    public var bot: BotConfig
    /// Pieces per second: the side places its `k`th piece at `k / pps` seconds of match time.
    public var piecesPerSecond: Double

    public init(bot: BotConfig = BotConfig(), piecesPerSecond: Double = VersusConfig.defaultPiecesPerSecond) {
        self.bot = bot
        self.piecesPerSecond = piecesPerSecond
    }
}

/// What every match of a run shares.
public struct VersusConfig: Equatable, Sendable {
    public var a: VersusSide
    public var b: VersusSide
    /// Pieces per side after which a match stops as a draw.
    public var cap: Int

    public init(a: VersusSide = VersusSide(), b: VersusSide = VersusSide(), cap: Int = 10_000) {
        self.a = a
        self.b = b
        self.cap = cap
    }

    /// The pace of each side when none is given: one piece a second.
    public static let defaultPiecesPerSecond = 1.0
}

/// How one match ended, and what each side did (index 0: A, 1: B).
public struct MatchRecord: Equatable, Sendable {
    public enum Result: String, Sendable { case a, b, draw, error }
    public var seed: UInt64
    public var result: Result
    /// Pieces each side locked.
    public var pieces: [Int]
    /// Lines each side's locks sent by the rules' attack, before cancelling.
    public var attack: [Int]
    /// Of those, lines that cancelled garbage waiting for the side itself.
    public var cancelled: [Int]
    /// Garbage lines that entered each side's board.
    public var received: [Int]
    /// Locks of a T-shaped piece each side made, and of those the spins (mini or full) that
    /// cleared rows.
    public var tPieces: [Int]
    public var spins: [Int]
    /// Spins that cleared one row, and perfect clears (locks that left the board empty).
    public var spinSingles: [Int] = [0, 0]
    public var perfectClears: [Int] = [0, 0]
    /// Why the match stopped on an error (a hook's failure, the bot's).
    public var error: String?

    public init(seed: UInt64, result: Result, pieces: [Int] = [0, 0], attack: [Int] = [0, 0], cancelled: [Int] = [0, 0],
                received: [Int] = [0, 0], tPieces: [Int] = [0, 0], spins: [Int] = [0, 0], error: String? = nil) {
        self.seed = seed
        self.result = result
        self.pieces = pieces
        self.attack = attack
        self.cancelled = cancelled
        self.received = received
        self.tPieces = tPieces
        self.spins = spins
        self.error = error
    }

    /// Pieces both sides placed.
    public var length: Int { pieces[0] + pieces[1] }
}

/// The placements a side's bot looked at and the CPU time it took to choose
/// (`sim --versus --speed`): never part of a match's record, which must not depend on the machine.
public struct SearchSpeed: Equatable, Sendable {
    public var placements = 0
    public var nanoseconds: UInt64 = 0

    public init(placements: Int = 0, nanoseconds: UInt64 = 0) {
        self.placements = placements
        self.nanoseconds = nanoseconds
    }

    public mutating func add(_ other: SearchSpeed) {
        placements += other.placements
        nanoseconds += other.nanoseconds
    }

    /// Placements looked at per second of the thread's CPU time spent choosing (0 before any).
    public var placementsPerSecond: Double { nanoseconds > 0 ? Double(placements) * 1e9 / Double(nanoseconds) : 0 }
}

/// A bot-against-bot match: two games with seeds derived from the match seed, stepped on
/// one clock in piece time through a `VersusReferee` (attack, cancelling, garbage, top-out).
/// Each side places a piece every `1 / pps` s (at equal times A goes first); both sides at
/// the cap: a draw.
public struct VersusMatch<R: Rules> {
    public let make: () throws -> VersusRules<R>
    public let config: VersusConfig
    private var bots: [Bot]
    /// When set, each side's choices are timed on this clock (a thread's CPU time in
    /// nanoseconds) into `searchSpeed`.
    public var searchClock: (@Sendable () -> UInt64)?
    public private(set) var searchSpeed = [SearchSpeed(), SearchSpeed()]

    /// `make` is called twice per match: each side's game gets rules of its own (a mod's
    /// Lua state is one game's).
    public init(config: VersusConfig, make: @escaping () throws -> VersusRules<R>) {
        self.config = config
        self.make = make
        bots = [Bot(config.a.bot, seed: 0), Bot(config.b.bot, seed: 0)]
    }

    /// The seeds of a match's two games and of its garbage holes.
    public static func seeds(of seed: UInt64) -> (a: UInt64, b: UInt64, holesA: UInt64, holesB: UInt64) {
        VersusReferee<R>.seeds(of: seed)
    }

    public mutating func play(seed: UInt64) -> MatchRecord {
        var record = MatchRecord(seed: seed, result: .draw)
        let sides: [VersusRules<R>]
        do { sides = [try make(), try make()] } catch {
            record.result = .error
            record.error = "\(error)"
            return record
        }
        var referee = VersusReferee(sides: sides, seed: seed, schedules: [.paced, .paced])
        let derived = Self.seeds(of: seed)
        bots[0].reset(seed: derived.a)
        bots[1].reset(seed: derived.b)
        let paces = [config.a, config.b].map { SimulationConfig(bot: $0.bot, cap: config.cap, piecesPerSecond: $0.piecesPerSecond) }

        func finish(_ result: MatchRecord.Result, _ error: String? = nil) -> MatchRecord {
            record.result = result
            record.error = error
            record.pieces = (0..<2).map { referee.state($0).piecesLocked }
            let counters = referee.counters
            record.attack = counters.map(\.attack)
            record.cancelled = counters.map(\.cancelled)
            record.received = counters.map(\.received)
            record.tPieces = counters.map(\.tPieces)
            record.spins = counters.map(\.spins)
            record.spinSingles = counters.map(\.spinSingles)
            record.perfectClears = counters.map(\.perfectClears)
            return record
        }
        func decided(_ outcome: VersusOutcome) -> MatchRecord {
            switch outcome {
            case .won(let side): finish(side == 0 ? .a : .b)
            case .draw: finish(MatchRecord.Result.draw)
            case .error(let message): finish(.error, message)
            }
        }

        while true {
            let pieces = (0..<2).map { referee.state($0).piecesLocked }
            if pieces[0] >= config.cap && pieces[1] >= config.cap { return finish(.draw) }
            // The side whose next piece comes first on the match clock (A on a tie).
            let times = (0..<2).map { pieces[$0] >= config.cap ? Int.max : paces[$0].milliseconds(afterPieces: pieces[$0] + 1) }
            let s = times[1] < times[0] ? 1 : 0
            let loser: MatchRecord.Result = s == 0 ? .b : .a  // the result when side s loses
            let placement: Placement?
            let started = searchClock?(), evaluated = bots[s].placementsEvaluated
            do { placement = try bots[s].choose(referee.game(s)) } catch { return finish(.error, error.description) }
            if let started, let searchClock {
                searchSpeed[s].add(SearchSpeed(placements: bots[s].placementsEvaluated - evaluated, nanoseconds: searchClock() &- started))
            }
            guard let placement else { return finish(loser) }
            referee.advance(side: s, to: UInt64(times[s]) * 1_000_000)
            referee.tellPacedTime(side: s)
            if let outcome = referee.outcome { return decided(outcome) }
            let commit = referee.untimed(side: s) { game, recorder in bots[s].commit(placement, to: &game, recording: &recorder) }
            if case .failed(let why) = commit { return finish(.error, why) }
            if let outcome = referee.outcome { return decided(outcome) }
        }
    }
}
