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

/// The rules of one side's game: the rules, what a lock sends and how garbage arrives.
public struct VersusRules<R: Rules> {
    public var rules: R
    /// Lines the latest lock of a state sends (0 under rules without attack).
    public var attack: (GameState) throws(RuleError) -> Int
    public var garbage: GarbageRules

    public init(rules: R, garbage: GarbageRules = GarbageRules(), attack: @escaping (GameState) throws(RuleError) -> Int = { _ in 0 }) {
        self.rules = rules
        self.garbage = garbage
        self.attack = attack
    }
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

/// A bot-against-bot match: two games with seeds derived from the match seed, stepped on
/// one clock in piece time. Each side places a piece every `1 / pps` s (at equal times A
/// goes first); a lock's attack first cancels garbage waiting for its own side (when the
/// rules cancel), the rest is queued for the other side and enters its board at a lock of
/// its that clears nothing, once it has locked `delay` pieces since the garbage arrived, at
/// most `cap` lines per lock, the hole columns drawn from a generator seeded by the match.
/// First to top out loses (a rising stack pushing a cell off the top or into the piece in
/// play tops out); both sides at the cap: a draw.
public struct VersusMatch<R: Rules> {
    public let make: () throws -> VersusRules<R>
    public let config: VersusConfig
    private var bots: [Bot]

    /// `make` is called twice per match: each side's game gets rules of its own (a mod's
    /// Lua state is one game's).
    public init(config: VersusConfig, make: @escaping () throws -> VersusRules<R>) {
        self.config = config
        self.make = make
        bots = [Bot(config.a.bot, seed: 0), Bot(config.b.bot, seed: 0)]
    }

    /// One waiting attack: its lines, the receiver's piece count it waits past, and the
    /// hole column once its first line has entered.
    struct Incoming {
        var lines: Int
        var readyAfter: Int
        var hole: Int?
    }

    /// The seeds of a match's two games and of its garbage holes.
    public static func seeds(of seed: UInt64) -> (a: UInt64, b: UInt64, holesA: UInt64, holesB: UInt64) {
        var mix = SplitMix64(seed: seed)
        return (mix.next(), mix.next(), mix.next(), mix.next())
    }

    public mutating func play(seed: UInt64) -> MatchRecord {
        var record = MatchRecord(seed: seed, result: .draw)
        let sides: [VersusRules<R>]
        do { sides = [try make(), try make()] } catch {
            record.result = .error
            record.error = "\(error)"
            return record
        }
        let derived = Self.seeds(of: seed)
        var games = [Game(rules: sides[0].rules, source: .seeded(derived.a)), Game(rules: sides[1].rules, source: .seeded(derived.b))]
        var holes = [SplitMix64(seed: derived.holesA), SplitMix64(seed: derived.holesB)]
        bots[0].reset(seed: derived.a)
        bots[1].reset(seed: derived.b)
        let paces = [config.a, config.b].map { SimulationConfig(bot: $0.bot, cap: config.cap, piecesPerSecond: $0.piecesPerSecond) }
        var owed = [0, 0]
        var queues: [[Incoming]] = [[], []]
        var noRecorder: ReplayRecorder? = nil

        func finish(_ result: MatchRecord.Result, _ error: String? = nil) -> MatchRecord {
            record.result = result
            record.error = error
            record.pieces = games.map(\.state.piecesLocked)
            return record
        }

        while true {
            let pieces = games.map(\.state.piecesLocked)
            if pieces[0] >= config.cap && pieces[1] >= config.cap { return finish(.draw) }
            // The side whose next piece comes first on the match clock (A on a tie).
            let times = (0..<2).map { pieces[$0] >= config.cap ? Int.max : paces[$0].milliseconds(afterPieces: pieces[$0] + 1) }
            let s = times[1] < times[0] ? 1 : 0, other = 1 - s
            let loser: MatchRecord.Result = s == 0 ? .b : .a  // the result when side s loses
            let placement: Placement?
            do { placement = try bots[s].choose(games[s]) } catch { return finish(.error, error.description) }
            guard let placement else { return finish(loser) }
            owed[s] += paces[s].milliseconds(afterPieces: pieces[s] + 1) - paces[s].milliseconds(afterPieces: pieces[s])
            let grounded = sides[s].rules.lockDelay != nil && !games[s].state.fits(games[s].state.piece.offset(0, 1))
            while owed[s] > 0 && !grounded {
                games[s].apply(.wait(milliseconds: min(owed[s], Action.maxWait)))
                owed[s] -= min(owed[s], Action.maxWait)
            }
            switch bots[s].commit(placement, to: &games[s], recording: &noRecorder) {
            case .locked: break
            case .ended: break
            case .failed(let why): return finish(.error, why)
            }
            if case .over(let reason) = games[s].state.phase {
                if case .ruleError(let error) = reason { return finish(.error, error.description) }
                return finish(loser)
            }
            guard games[s].state.piecesLocked > pieces[s] else { continue }
            if let facts = games[s].state.lastLock, games[s].state.pieces.isTShaped(facts.piece.kind) {
                record.tPieces[s] += 1
                if facts.spin != .none && facts.lines > 0 { record.spins[s] += 1 }
            }
            var sent: Int
            do { sent = try sides[s].attack(games[s].state) } catch { return finish(.error, error.description) }
            record.attack[s] += sent
            let garbage = sides[s].garbage
            if garbage.cancels {
                while sent > 0, !queues[s].isEmpty {
                    let used = min(sent, queues[s][0].lines)
                    sent -= used
                    record.cancelled[s] += used
                    queues[s][0].lines -= used
                    if queues[s][0].lines == 0 { queues[s].removeFirst() }
                }
            }
            if sent > 0 {
                queues[other].append(Incoming(lines: sent, readyAfter: games[other].state.piecesLocked + sides[other].garbage.delay))
            }
            guard games[s].state.lastLock?.lines == 0 else { continue }
            if Self.receive(&queues[s], into: &games[s], rules: garbage, holes: &holes[s], received: &record.received[s]) {
                return finish(loser)
            }
        }
    }

    /// Puts the garbage that is due into `game`'s board; whether it topped the game out.
    static func receive(_ queue: inout [Incoming], into game: inout Game<R>, rules: GarbageRules,
                        holes: inout SplitMix64, received: inout Int) -> Bool {
        let locked = game.state.piecesLocked
        var room = rules.cap
        var toppedOut = false
        let kind = game.state.pieces.kinds.lastIndex { !$0.inBag } ?? 0
        game.withState { state in
            let width = state.board.width
            while room > 0, !toppedOut, !queue.isEmpty, locked > queue[0].readyAfter {
                var hole: Int
                if let previous = queue[0].hole {
                    hole = previous
                    if rules.messiness > 0, Double(holes.next() >> 11) / Double(1 << 53) < rules.messiness {
                        hole = (previous + 1 + holes.below(width - 1)) % width
                    }
                } else {
                    hole = holes.below(width)
                }
                queue[0].hole = hole
                state.editBoard { toppedOut = $0.pushRowFromBottom(mask: $0.fullRow & ~(1 << UInt64(hole)), kind: kind) }
                received += 1
                room -= 1
                queue[0].lines -= 1
                if queue[0].lines == 0 { queue.removeFirst() }
            }
            if !toppedOut && !state.isOver && !state.fits(state.piece) { toppedOut = true }
            if toppedOut { state.end(.toppedOut) }
        }
        return toppedOut
    }
}
