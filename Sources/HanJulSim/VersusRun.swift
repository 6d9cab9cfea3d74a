import HanJulBot
import HanJulCore

/// Something that plays whole matches from a seed: a `VersusMatch` with its rules type hidden.
public protocol MatchPlayer {
    mutating func play(seed: UInt64) -> MatchRecord
    /// Times each side's choices on `clock` from now on (`searchSpeed`).
    mutating func timeSearches(on clock: @escaping @Sendable () -> UInt64)
    /// Each side's placements looked at and CPU time choosing, over the matches played since
    /// `timeSearches`.
    var searchSpeed: [SearchSpeed] { get }
}

extension VersusMatch: MatchPlayer {
    public mutating func timeSearches(on clock: @escaping @Sendable () -> UInt64) { searchClock = clock }
}

/// A rule set versus matches can run: a name and a factory of each side's rules (called
/// twice per match, on the worker that plays it).
public struct VersusSpec: Sendable {
    public let name: String
    /// For mods, `id@version#sha256` of each, in order (a JSONL header records it).
    public var lockfile: [String] = []
    private let makePlayer: @Sendable (VersusConfig) throws -> any MatchPlayer

    /// `make` runs once up front, so rules that do not load fail before any match.
    public init<R: Rules & SendableMetatype>(name: String, make: @escaping @Sendable () throws -> VersusRules<R>) {
        self.name = name
        makePlayer = { config in
            _ = try make()
            return VersusMatch(config: config, make: make)
        }
    }

    /// A player for one worker.
    public func player(_ config: VersusConfig) throws -> any MatchPlayer { try makePlayer(config) }
}

/// The figures of a run of matches, counted as they come (sums only: the same whatever
/// order the matches are added in).
public struct VersusTally: Equatable, Sendable {
    public var matches = 0
    public var winsA = 0, winsB = 0, draws = 0, errors = 0
    public var pieces = [0, 0], attack = [0, 0], cancelled = [0, 0], received = [0, 0], tPieces = [0, 0], spins = [0, 0]
    public var spinSingles = [0, 0], perfectClears = [0, 0]
    public var length = 0
    /// The first error, for the report.
    public var firstError: String?

    public init() {}

    public mutating func add(_ record: MatchRecord) {
        matches += 1
        switch record.result {
        case .a: winsA += 1
        case .b: winsB += 1
        case .draw: draws += 1
        case .error:
            errors += 1
            if firstError == nil { firstError = "match \(record.seed): \(record.error ?? "error")" }
        }
        // Saturating: an attack rule may send Int.max a lock (R-1).
        for i in 0..<2 {
            pieces[i] = pieces[i].saturatingAdding(record.pieces[i])
            attack[i] = attack[i].saturatingAdding(record.attack[i])
            cancelled[i] = cancelled[i].saturatingAdding(record.cancelled[i])
            received[i] = received[i].saturatingAdding(record.received[i])
            tPieces[i] = tPieces[i].saturatingAdding(record.tPieces[i])
            spins[i] = spins[i].saturatingAdding(record.spins[i])
            spinSingles[i] = spinSingles[i].saturatingAdding(record.spinSingles[i])
            perfectClears[i] = perfectClears[i].saturatingAdding(record.perfectClears[i])
        }
        length = length.saturatingAdding(record.length)
    }
}

/// What `hanjul sim --versus` reports.
public struct VersusSummary: Encodable, Sendable {
    public struct Side: Encodable, Sendable {
        public var bot: String
        public var pps: Double
        public var wins: Int
        public var pieces: Int
        public var attack: Int
        public var attackPerPiece: Double
        public var cancelled: Int
        public var garbageReceived: Int
        public var garbageReceivedPerMatch: Double
        /// Locks of T-shaped pieces, and the spins among them that cleared rows.
        public var tPieces: Int
        public var spins: Int
        public var spinsPerTPiece: Double
        /// Spins that cleared one row, per T piece; perfect clears.
        public var spinSinglesPerTPiece: Double
        public var perfectClears: Int
    }
    public var rules: String
    public var seeds: String
    public var matches: Int
    public var cap: Int
    public var a: Side
    public var b: Side
    public var draws: Int
    public var errors: Int
    /// A's wins over the decided matches (draws and errors left out), with Wilson's 95% interval.
    public var winRateA: Double
    public var winRateALow: Double
    public var winRateAHigh: Double
    /// Pieces both sides placed, per match.
    public var meanLength: Double
    public var firstError: String?
    /// Each side's search speed over the matches played in this run (`--speed`), or nil.
    public var speed: Speed?

    public struct Speed: Encodable, Sendable {
        public struct Side: Encodable, Sendable {
            public var placements: Int
            public var cpuSeconds: Double
            public var placementsPerSecond: Double
        }
        public var matches: Int
        public var a: Side
        public var b: Side

        public init(matches: Int, sides: [SearchSpeed]) {
            func side(_ s: SearchSpeed) -> Side {
                Side(placements: s.placements, cpuSeconds: Double(s.nanoseconds) / 1e9, placementsPerSecond: s.placementsPerSecond)
            }
            self.matches = matches
            a = side(sides[0])
            b = side(sides[1])
        }
    }

    public init(rules: String, seeds: ClosedRange<UInt64>, config: VersusConfig, names: (String, String), tally: VersusTally) {
        func side(_ i: Int, _ name: String, _ config: VersusSide, wins: Int) -> Side {
            Side(bot: name, pps: config.piecesPerSecond, wins: wins, pieces: tally.pieces[i], attack: tally.attack[i],
                 attackPerPiece: tally.pieces[i] > 0 ? Double(tally.attack[i]) / Double(tally.pieces[i]) : 0,
                 cancelled: tally.cancelled[i], garbageReceived: tally.received[i],
                 garbageReceivedPerMatch: tally.matches > 0 ? Double(tally.received[i]) / Double(tally.matches) : 0,
                 tPieces: tally.tPieces[i], spins: tally.spins[i],
                 spinsPerTPiece: tally.tPieces[i] > 0 ? Double(tally.spins[i]) / Double(tally.tPieces[i]) : 0,
                 spinSinglesPerTPiece: tally.tPieces[i] > 0 ? Double(tally.spinSingles[i]) / Double(tally.tPieces[i]) : 0,
                 perfectClears: tally.perfectClears[i])
        }
        self.rules = rules
        self.seeds = "\(seeds.lowerBound)..\(seeds.upperBound)"
        matches = tally.matches
        cap = config.cap
        a = side(0, names.0, config.a, wins: tally.winsA)
        b = side(1, names.1, config.b, wins: tally.winsB)
        draws = tally.draws
        errors = tally.errors
        let decided = tally.winsA + tally.winsB
        winRateA = decided > 0 ? Double(tally.winsA) / Double(decided) : 0
        (winRateALow, winRateAHigh) = Statistics.wilson95(successes: Double(tally.winsA), count: decided)
        meanLength = tally.matches > 0 ? Double(tally.length) / Double(tally.matches) : 0
        firstError = tally.firstError
    }

    /// The report for people.
    public var text: String {
        var lines = ["versus \(a.bot) (A) against \(b.bot) (B) under \(rules): \(matches) matches (seeds \(seeds)), cap \(cap) pieces a side"]
        let decided = a.wins + b.wins
        lines.append("A wins \(a.wins), B wins \(b.wins), draws \(draws)" + (errors > 0 ? ", errors \(errors)" : ""))
        lines.append(decided > 0
            ? "win rate of A \(Format.percent(winRateA)) (95% Wilson \(Format.percent(winRateALow)) to \(Format.percent(winRateAHigh)), of \(decided) decided)"
            : "win rate of A: no match was decided")
        lines.append(String(Format.table([
            ["", "bot", "pps", "pieces", "attack", "attack/piece", "cancelled", "garbage received", "received/match", "spins/T", "1-row spins/T", "perfect clears"],
            ["A", a.bot, Format.number(a.pps, digits: 3), "\(a.pieces)", "\(a.attack)", Format.fixed(a.attackPerPiece, 3), "\(a.cancelled)",
             "\(a.garbageReceived)", Format.fixed(a.garbageReceivedPerMatch, 1), Format.fixed(a.spinsPerTPiece, 3),
             Format.fixed(a.spinSinglesPerTPiece, 3), "\(a.perfectClears)"],
            ["B", b.bot, Format.number(b.pps, digits: 3), "\(b.pieces)", "\(b.attack)", Format.fixed(b.attackPerPiece, 3), "\(b.cancelled)",
             "\(b.garbageReceived)", Format.fixed(b.garbageReceivedPerMatch, 1), Format.fixed(b.spinsPerTPiece, 3),
             Format.fixed(b.spinSinglesPerTPiece, 3), "\(b.perfectClears)"],
        ]).dropLast()))
        lines.append("match length: \(Format.fixed(meanLength, 1)) pieces (both sides) on average")
        if let firstError { lines.append("first error: \(firstError)") }
        if let speed {
            func side(_ label: String, _ name: String, _ s: Speed.Side) -> String {
                "\(label) \(name): \(Format.grouped(s.placementsPerSecond)) placements/s (\(Format.grouped(Double(s.placements))) in \(Format.fixed(s.cpuSeconds, 2)) s)"
            }
            lines.append("search speed over the \(speed.matches) matches played now (placements looked at per second of CPU time choosing):")
            lines.append(side("A", a.bot, speed.a) + "; " + side("B", b.bot, speed.b))
        }
        return lines.joined(separator: "\n")
    }
}
