/// The rules of one side of a versus match: the game's rules, what a lock sends and how
/// garbage arrives. Pure: the attack is a closure (a mod's Lua `attack` hook is adapted to
/// it outside HanJulCore).
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

/// What one side of a versus match did so far (the referee's counters).
public struct VersusCounters: Equatable, Sendable {
    /// Lines its locks sent by the rules' attack, before cancelling.
    public var attack = 0
    /// Of those, lines that cancelled garbage waiting for the side itself.
    public var cancelled = 0
    /// Garbage lines that entered its board.
    public var received = 0
    /// Locks of a T-shaped piece, and of those the spins (mini or full) that cleared rows.
    public var tPieces = 0
    public var spins = 0
    /// Of the spins, those that cleared one row; and locks that left the board empty.
    public var spinSingles = 0
    public var perfectClears = 0

    public init() {}

    /// Lines that left for the other side (attack not used to cancel).
    public var sent: Int { attack - cancelled }
}

/// How a versus match ended.
public enum VersusOutcome: Equatable, Sendable {
    /// `side` (0 or 1) won: the other topped out (or resigned).
    case won(side: Int)
    case draw
    /// A rule's or a driver's failure, as text.
    case error(String)

    /// The winner, if any.
    public var winner: Int? {
        if case .won(let side) = self { side } else { nil }
    }
}

/// One attack on its way to a board.
public struct VersusAttack: Equatable, Sendable {
    /// Lines still waiting.
    public var lines: Int
    /// The sender's index of this attack (0, 1, …: its attacks that left, in order).
    public var index: Int
    /// The sender's play time (nanoseconds) at the lock that sent it.
    public var sentAt: UInt64
    /// The receiver's pieces locked that must pass before it may enter (`GarbageRules.delay`).
    public var readyAfter: Int
    /// The hole column once its first line has entered.
    public var hole: Int?

    public init(lines: Int, index: Int, sentAt: UInt64, readyAfter: Int = 0, hole: Int? = nil) {
        self.lines = lines
        self.index = index
        self.sentAt = sentAt
        self.readyAfter = readyAfter
        self.hole = hole
    }
}

/// One action a referee applied to a side, with the side's play time (whole milliseconds):
/// the whole match, in the order played, is these (a match replay's body).
/// Under announced delivery (a network match) a move may instead be `side` taking the
/// oldest attack sent to it into its queue (`accepts`; `action` then means nothing).
public struct VersusMove: Equatable, Sendable {
    public var side: Int
    public var action: Action
    public var millisecond: UInt64
    public var accepts: Bool

    public init(side: Int, action: Action, millisecond: UInt64) {
        self.side = side
        self.action = action
        self.millisecond = millisecond
        accepts = false
    }

    /// `side` takes the oldest attack waiting for it, at its play time `millisecond`.
    public static func accept(side: Int, millisecond: UInt64) -> VersusMove {
        var move = VersusMove(side: side, action: .hardDrop, millisecond: millisecond)
        move.accepts = true
        return move
    }
}

/// How a match seed deals the two sides their pieces and garbage holes.
public enum VersusDealing: Equatable, Sendable {
    /// Both sides get the same piece sequence and the same hole sequence (as TETR.IO and
    /// Jstris deal): what players play, against the bot or over the network.
    case shared
    /// Each side its own (the simulator's, and match replays of format 1 and 2).
    case perSide
}
