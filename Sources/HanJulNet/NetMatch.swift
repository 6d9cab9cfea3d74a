import HanJulCore

/// Game times as players read them.
public enum VersusTime {
    /// `12345` → "12.345 s".
    public static func seconds(_ milliseconds: UInt64) -> String {
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) s"
    }
}

/// What a networked game needs of the referee (HanJulCore's `VersusReferee` in the
/// `.announced` delivery): both games and the garbage between them, each side driven at
/// its own times. Times are nanoseconds of that side's game.
public protocol VersusBoards {
    mutating func input(_ action: Action, side: Int, at time: UInt64)
    mutating func advance(side: Int, to time: UInt64)
    /// Side `side` takes the oldest attack sent to it and not yet taken into its queue.
    mutating func accept(side: Int, at time: UInt64)
    /// The sender times (the sender's game time) of the attacks sent to `side` and not yet
    /// taken, oldest first.
    func unaccepted(side: Int) -> [UInt64]
    func isOver(side: Int) -> Bool
    /// The side's game time (where it ended, once over).
    func clock(side: Int) -> UInt64
}

/// How a game ended, for this side.
public enum VersusGameResult: Equatable, Sendable {
    case won, lost, draw
}

/// A peer's input that its game cannot have made: ends the match.
public struct ImpossibleInput: Error, Equatable, Sendable, CustomStringConvertible {
    /// The peer's game time of the input, in milliseconds.
    public let milliseconds: UInt64
    public let what: String
    public init(milliseconds: UInt64, _ what: String) {
        self.milliseconds = milliseconds
        self.what = what
    }
    public var description: String { "the peer sent an impossible input at \(VersusTime.seconds(milliseconds)): \(what)" }
}

/// One game of a networked match, as one process sees it: its own side played from local
/// input, the peer's re-simulated from the peer's messages, every message checked
/// (docs/VERSUS-PROTOCOL.md). Pure: times come in, messages to send come out.
public struct NetMatch<Boards: VersusBoards> {
    public private(set) var boards: Boards
    /// This process's side (the host 0, the joiner 1) and the peer's.
    public let me: Int
    public var peer: Int { 1 - me }
    /// Messages to send, in order (the driver takes them).
    public var outbox: [VersusMessage] = []
    /// The peer's game time reached by its messages, in milliseconds.
    public private(set) var peerMilliseconds: UInt64 = 0
    /// Attacks from the peer this side has taken; of this side's, those the peer has taken.
    public private(set) var accepted = 0, peerAccepted = 0
    /// Whether this side's end was announced (`OVER`), and the peer's end was claimed.
    private var overSent = false
    public private(set) var peerClaimedOver: UInt64?

    /// How far ahead of this side's clock the peer's time may run (network delay, start skew).
    public static var aheadMilliseconds: UInt64 { 2_000 }
    /// How long after an attack's sender time the receiver may go without taking it.
    public static var garbageMilliseconds: UInt64 { 5_000 }

    public init(boards: Boards, me: Int) {
        self.boards = boards
        self.me = me
    }

    static func seconds(_ milliseconds: UInt64) -> String { VersusTime.seconds(milliseconds) }

    // MARK: - This side

    /// A local action at this side's game time (whole milliseconds, so both processes play it
    /// at the same instant).
    public mutating func local(_ action: Action, at milliseconds: UInt64) {
        guard !boards.isOver(side: me) else { return }
        boards.input(action, side: me, at: milliseconds * 1_000_000)
        outbox.append(.input(milliseconds: milliseconds, action: action))
        settle(at: milliseconds)
    }

    /// This side's clock reached `milliseconds`: what is due, garbage taken, the end announced.
    public mutating func tick(at milliseconds: UInt64) {
        if !boards.isOver(side: me) { boards.advance(side: me, to: milliseconds * 1_000_000) }
        settle(at: milliseconds)
    }

    /// Takes every attack the peer has sent (this side has simulated the lock that sent it)
    /// into this side's queue now, and announces the end of this side's game.
    private mutating func settle(at milliseconds: UInt64) {
        while !boards.isOver(side: me), !boards.unaccepted(side: me).isEmpty {
            boards.accept(side: me, at: milliseconds * 1_000_000)
            outbox.append(.accept(milliseconds: milliseconds, attack: accepted))
            accepted += 1
        }
        if boards.isOver(side: me), !overSent {
            overSent = true
            outbox.append(.over(milliseconds: boards.clock(side: me) / 1_000_000))
        }
    }

    /// A heartbeat for the peer: this side's time.
    public mutating func heartbeat(at milliseconds: UInt64) {
        outbox.append(.time(milliseconds: boards.isOver(side: me) ? max(milliseconds, boards.clock(side: me) / 1_000_000) : milliseconds))
    }

    // MARK: - The peer

    /// A message from the peer during the game; `wallMilliseconds` is this side's game time
    /// now (the peer's times may not run ahead of it by more than `aheadMilliseconds`).
    /// Throws when the peer's game cannot have made it.
    public mutating func receive(_ message: VersusMessage, wallMilliseconds: UInt64) throws(ImpossibleInput) {
        switch message {
        case .input(let milliseconds, let action):
            try advancePeer(to: milliseconds, wall: wallMilliseconds)
            guard !boards.isOver(side: peer) else {
                throw ImpossibleInput(milliseconds: milliseconds, "\(action.kind.letter) after its game ended at \(Self.seconds(boards.clock(side: peer) / 1_000_000))")
            }
            guard peerClaimedOver == nil else { throw ImpossibleInput(milliseconds: milliseconds, "\(action.kind.letter) after it said its game ended") }
            boards.input(action, side: peer, at: milliseconds * 1_000_000)
        case .accept(let milliseconds, let attack):
            try advancePeer(to: milliseconds, wall: wallMilliseconds)
            let sent = peerAccepted + boards.unaccepted(side: peer).count
            guard attack < sent else {
                throw ImpossibleInput(milliseconds: milliseconds, "it took attack \(attack), but only \(sent) \(sent == 1 ? "was" : "were") sent")
            }
            guard attack == peerAccepted else {
                throw ImpossibleInput(milliseconds: milliseconds, "it took attack \(attack) out of order (attack \(peerAccepted) is next)")
            }
            guard !boards.isOver(side: peer) else { throw ImpossibleInput(milliseconds: milliseconds, "it took attack \(attack) after its game ended") }
            boards.accept(side: peer, at: milliseconds * 1_000_000)
            peerAccepted += 1
        case .time(let milliseconds):
            try advancePeer(to: milliseconds, wall: wallMilliseconds)
        case .over(let milliseconds):
            try advancePeer(to: milliseconds, wall: wallMilliseconds)
            guard boards.isOver(side: peer) else {
                throw ImpossibleInput(milliseconds: milliseconds, "it says its game ended, but replayed from its inputs the game goes on")
            }
            peerClaimedOver = milliseconds
        case .hello, .ready, .rematch, .bye:
            throw ImpossibleInput(milliseconds: peerMilliseconds, "an out-of-place \(String(decoding: message.payload.prefix(5), as: UTF8.self).split(separator: " ")[0]) in the middle of a game")
        }
    }

    private mutating func advancePeer(to milliseconds: UInt64, wall: UInt64) throws(ImpossibleInput) {
        guard milliseconds >= peerMilliseconds else {
            throw ImpossibleInput(milliseconds: milliseconds, "its time went back from \(Self.seconds(peerMilliseconds))")
        }
        guard milliseconds <= wall + Self.aheadMilliseconds else {
            throw ImpossibleInput(milliseconds: milliseconds, "its time is ahead of the clock (here it is \(Self.seconds(wall)))")
        }
        peerMilliseconds = milliseconds
        if !boards.isOver(side: peer) { boards.advance(side: peer, to: milliseconds * 1_000_000) }
    }

    /// An attack of this side the peer has left untaken too long (its time is past the
    /// attack's sender time by `garbageMilliseconds`): the index and its sender time.
    public var ignoredGarbage: (attack: Int, sent: UInt64)? {
        guard !boards.isOver(side: peer), let sent = boards.unaccepted(side: peer).first else { return nil }
        let sentMilliseconds = sent / 1_000_000
        return peerMilliseconds > sentMilliseconds + Self.garbageMilliseconds ? (peerAccepted, sentMilliseconds) : nil
    }

    // MARK: - The result

    /// The result once both processes must agree on it: a side whose game is over loses
    /// when the other's is known past that time and going on (both over: the earlier loses;
    /// at the same millisecond, a draw). Nil while undecided.
    public var result: VersusGameResult? {
        let mine = boards.isOver(side: me) ? boards.clock(side: me) / 1_000_000 : nil
        let theirs = boards.isOver(side: peer) ? boards.clock(side: peer) / 1_000_000 : nil
        switch (mine, theirs) {
        case (let mine?, let theirs?): return mine < theirs ? .lost : mine > theirs ? .won : .draw
        case (let mine?, nil): return peerMilliseconds > mine ? .lost : nil
        case (nil, let theirs?): return boards.clock(side: me) / 1_000_000 > theirs ? .won : nil
        case (nil, nil): return nil
        }
    }
}
