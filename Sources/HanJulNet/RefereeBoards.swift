import HanJulCore

/// The referee (`VersusReferee`, announced delivery) as a network game's boards. The
/// referee ends the match at the first top-out it plays; over the network the two games run
/// on two clocks, and each process learns of the peer's top-out late, so the end must be
/// decided by game time the same way in both: when one side's game ends at time t while the
/// other is known only up to before t, the other plays on in a copy of the referee taken
/// just before that end, until it passes t (the ended side lost) or ends first.
public struct RefereeBoards<R: Rules>: VersusBoards {
    /// The match as played, and (while an end waits to be decided) the copy the other side
    /// plays on in, with the side that ended and when.
    public private(set) var live: VersusReferee<R>
    private var pending: (referee: VersusReferee<R>, ended: Int, prefix: Int)?
    /// Where each side's game ended (nanoseconds of its play).
    private var endedAt: [UInt64?] = [nil, nil]
    /// A rule's failure, which ends the match.
    public private(set) var failure: String?

    public init(sides: [VersusRules<R>], seed: UInt64) {
        live = VersusReferee(sides: sides, seed: seed, delivery: .announced, dealing: .shared, keepsMoves: true)
    }

    /// The referee in which `side` plays now.
    private func referee(_ side: Int) -> VersusReferee<R> {
        if let pending, pending.ended != side { return pending.referee }
        return live
    }

    /// Runs `body` on the referee in which `side` plays, then looks at what it ended.
    private mutating func play(_ side: Int, _ body: (inout VersusReferee<R>) -> Void) {
        guard endedAt[side] == nil, failure == nil else { return }
        if var copy = pending?.referee {
            body(&copy)
            pending?.referee = copy
            if let outcome = copy.outcome { ended(outcome, in: copy, side: side) }
            return
        }
        let before = live
        body(&live)
        guard let outcome = live.outcome else { return }
        ended(outcome, in: live, side: side)
        let other = 1 - side
        // The other side is known past the end: nothing left to decide.
        if endedAt[side] != nil, live.games[other].clock <= endedAt[side]! { pending = (before, side, before.moves?.count ?? 0) }
    }

    private mutating func ended(_ outcome: VersusOutcome, in referee: VersusReferee<R>, side: Int) {
        if case .error(let text) = outcome {
            failure = text
            return
        }
        endedAt[side] = referee.games[side].clock
    }

    public mutating func input(_ action: Action, side: Int, at time: UInt64) {
        play(side) { $0.input(action, side: side, at: time) }
    }

    public mutating func advance(side: Int, to time: UInt64) {
        play(side) { $0.advance(side: side, to: time) }
    }

    public mutating func accept(side: Int, at time: UInt64) {
        play(side) { $0.accept(side: side, at: time) }
    }

    /// When `side` must be woken next (its gravity row or lock delay), nil: not until an input.
    public func nextDeadline(side: Int) -> UInt64? {
        guard endedAt[side] == nil, failure == nil else { return nil }
        return referee(side).games[side].nextDeadline
    }

    /// The game as a match replay records it (`VersusReplay.Game`): the moves in an order
    /// a referee of announced delivery plays to the same end, both sides' checksums there,
    /// and the winner it reaches. When one side ended while the other played on in the
    /// copy from before that end, the other's moves come first, then the ended side's last.
    public func recorded(seed: UInt64) -> VersusReplay.Game {
        guard let pending else {
            return VersusReplay.Game(seed: seed, winner: live.outcome?.winner, checksums: [live.state(0).checksum, live.state(1).checksum],
                                     moves: live.moves ?? [])
        }
        let copy = pending.referee
        if copy.outcome != nil {
            return VersusReplay.Game(seed: seed, winner: copy.outcome?.winner, checksums: [copy.state(0).checksum, copy.state(1).checksum],
                                     moves: copy.moves ?? [])
        }
        let last = (live.moves ?? []).dropFirst(pending.prefix)
        let sums = (0..<2).map { $0 == pending.ended ? live.state($0).checksum : copy.state($0).checksum }
        return VersusReplay.Game(seed: seed, winner: live.outcome?.winner, checksums: sums, moves: (copy.moves ?? []) + last)
    }

    public func unaccepted(side: Int) -> [UInt64] { referee(side).unaccepted[side].map(\.sentAt) }
    public func isOver(side: Int) -> Bool { endedAt[side] != nil }
    public func clock(side: Int) -> UInt64 { endedAt[side] ?? referee(side).games[side].clock }

    /// What to draw of `side`: its game as played (over, once it ended) and its meter.
    public func state(_ side: Int) -> GameState { endedAt[side] != nil ? live.state(side) : referee(side).state(side) }
    public func incoming(_ side: Int) -> Int { referee(side).incoming(side) }
    public func counters(_ side: Int) -> VersusCounters { referee(side).counters[side] }
}
