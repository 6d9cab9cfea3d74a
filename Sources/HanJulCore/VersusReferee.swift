/// Two games on one clock and the garbage between them: the whole of a versus match's rules,
/// as a pure value. Drivers (the headless `VersusMatch`, the play screen against the bot, a
/// match replay's verifier, a network match) only say which action each side plays and when.
///
/// At every lock of side `s` the referee asks the rules' attack how many lines it sends; those
/// first cancel garbage waiting for `s` (when its rules cancel), the rest goes to the other
/// side (at once, or when accepted: `Delivery`). Garbage waiting for a side enters its board
/// at a lock of its that clears nothing, once it has locked `delay` pieces since the garbage
/// arrived, at most `cap` lines a lock, each attack's hole drawn from the side's hole
/// generator (seeded by the match: `seeds(of:)`), moving by `messiness`. A side whose game
/// ends (a top-out, by its own stack or by rising garbage) loses; a rule's error ends the
/// match as `.error`.
///
/// ```
/// var referee = VersusReferee(sides: [make(), make()], seed: 7)
/// referee.input(.hardDrop, side: 0, at: 500_000_000)   // side 0's rows due by 0.5 s, then a drop
/// referee.advance(to: 1_000_000_000)                     // both sides' gravity and lock delay
/// referee.incoming(1)                                    // lines waiting for side 1 (its meter)
/// referee.outcome                                        // nil while playing
/// ```
///
/// Times are nanoseconds of play (as `TimedGame`), each side's own: each side may be
/// advanced on its own (a network peer's game runs behind).
public struct VersusReferee<R: Rules> {
    /// How an attack reaches the other side.
    public enum Delivery: Equatable, Sendable {
        /// Into the receiver's queue at once (one process plays both sides).
        case immediate
        /// Recorded as sent (`unaccepted`) with the sender's time and index; it joins the
        /// receiver's queue only when `accept(side:at:)` is called for it, in order (a
        /// network match, where the receiver learns of it later).
        case announced
    }

    public let sides: [VersusRules<R>]
    public let delivery: Delivery
    public let dealing: VersusDealing
    /// Each side's game on its clock.
    public private(set) var games: [TimedGame<R>]
    /// Garbage waiting to enter each side's board, oldest first.
    public private(set) var queues: [[VersusAttack]] = [[], []]
    /// Announced delivery: attacks sent to each side and not yet accepted, oldest first.
    public private(set) var unaccepted: [[VersusAttack]] = [[], []]
    public private(set) var counters = [VersusCounters(), VersusCounters()]
    /// Nil while the match is on.
    public private(set) var outcome: VersusOutcome?
    /// Every action applied to either side, in order (nil: not kept).
    public private(set) var moves: [VersusMove]?
    /// Each side's attacks that left it so far (the next one's index).
    private var attacksSent = [0, 0]
    private var holes: [SplitMix64]

    /// The seeds of a match's two games and of their garbage holes (side 0's, side 1's);
    /// `.shared`: side 0's for both.
    public static func seeds(of seed: UInt64, dealing: VersusDealing = .perSide) -> (a: UInt64, b: UInt64, holesA: UInt64, holesB: UInt64) {
        var mix = SplitMix64(seed: seed)
        let derived = (a: mix.next(), b: mix.next(), holesA: mix.next(), holesB: mix.next())
        return dealing == .shared ? (derived.a, derived.a, derived.holesA, derived.holesA) : derived
    }

    /// A match from `seed`: side 0 plays `sides[0]` on the game seeded `seeds(of:).a`, side 1
    /// `sides[1]` on `.b` (the same seed under `.shared` dealing), each on its `schedules`
    /// entry (`.paced`: a bot or a replay's actions, taking no time of their own).
    /// `keepsMoves`: keep `moves` (for a replay).
    public init(sides: [VersusRules<R>], seed: UInt64, schedules: [TimedGame<R>.Schedule] = [.realTime, .realTime],
                delivery: Delivery = .immediate, dealing: VersusDealing = .perSide, keepsMoves: Bool = false) {
        precondition(sides.count == 2 && schedules.count == 2, "a versus match has two sides")
        self.sides = sides
        self.delivery = delivery
        self.dealing = dealing
        let derived = Self.seeds(of: seed, dealing: dealing)
        games = [TimedGame(game: Game(rules: sides[0].rules, source: .seeded(derived.a)), schedule: schedules[0]),
                 TimedGame(game: Game(rules: sides[1].rules, source: .seeded(derived.b)), schedule: schedules[1])]
        holes = [SplitMix64(seed: derived.holesA), SplitMix64(seed: derived.holesB)]
        moves = keepsMoves ? [] : nil
    }

    public func game(_ side: Int) -> Game<R> { games[side].game }
    public func state(_ side: Int) -> GameState { games[side].state }
    /// Lines waiting for `side` (accepted, not yet in its board): its meter.
    public func incoming(_ side: Int) -> Int { queues[side].reduce(0) { $0.saturatingAdding($1.lines) } }
    public var isOver: Bool { outcome != nil }

    // MARK: - Driving

    /// Plays `action` on `side` at `time` (its rows and lock waits due by then first, each
    /// at its own time, and the wait owed to a resting piece). Nothing once the match is over.
    public mutating func input(_ action: Action, side: Int, at time: UInt64) {
        advance(side: side, to: time)
        guard outcome == nil else { return }
        play(action, side: side)
    }

    /// Applies `action` to `side` after the wait owed to a resting piece or a clock.
    private mutating func play(_ action: Action, side: Int) {
        if action.kind != .wait, let wait = games[side].owedWait() { apply(wait, side: side) }
        apply(action, side: side)
    }

    /// Plays what falls due on `side` up to `time` (gravity rows, the lock delay's waits),
    /// each at its own time and followed by the referee (a lock there sends and receives).
    public mutating func advance(side: Int, to time: UInt64, maxSteps: Int = 10_000) {
        TimeLoop.run(&self, to: time, maxSteps: maxSteps, next: { $0.outcome == nil ? $0.games[side].nextDue : nil }) { referee, next in
            if let action = referee.games[side].take(next) { referee.play(action, side: side) }
        }
        games[side].stand(at: time)
    }

    /// Both sides up to `time`, the one whose next due comes first first (side 0 on a tie).
    public mutating func advance(to time: UInt64) {
        TimeLoop.run(&self, to: time, maxSteps: 20_000, next: { (referee: inout Self) -> (time: UInt64, due: Int)? in
            guard referee.outcome == nil else { return nil }
            let sides: [(time: UInt64?, due: Int)] = [(referee.games[0].nextDeadline, 0), (referee.games[1].nextDeadline, 1)]
            return TimeLoop.soonest(sides)
        }) { referee, next in
            referee.advance(side: next.due, to: next.time)
        }
        advance(side: 0, to: time)
        advance(side: 1, to: time)
    }

    /// When either side must be woken next (nil: not until an input).
    public var nextDeadline: UInt64? {
        guard outcome == nil else { return nil }
        return games.compactMap(\.nextDeadline).min()
    }

    /// Applies `action` to `side` at its clock as it is (no time passes: a replay's
    /// actions, whose rows and waits are among them), then referees what it did.
    public mutating func apply(_ action: Action, side: Int) {
        guard outcome == nil, !games[side].state.isOver else { return }
        let locked = games[side].state.piecesLocked
        games[side].apply(action)
        moves?.append(VersusMove(side: side, action: action, millisecond: games[side].clock / 1_000_000))
        settle(side: side, lockedBefore: locked)
    }

    /// A paced side (a bot): tells its game the time its clock moved (`TimedGame.pacedWaits`).
    public mutating func tellPacedTime(side: Int) {
        for wait in games[side].pacedWaits() { apply(wait, side: side) }
    }

    /// A paced side plays moves that take no time and are not kept in `moves` (the headless
    /// match's bot: `body` applies them to the game itself); refereed once after.
    public mutating func untimed<T>(side: Int, _ body: (inout Game<R>, inout ReplayRecorder?) -> T) -> T {
        let locked = games[side].state.piecesLocked
        let result = games[side].untimed(body)
        if outcome == nil { settle(side: side, lockedBefore: locked) }
        return result
    }

    /// Announced delivery: the oldest attack sent to `side` and not yet accepted joins its
    /// queue, after `side` is advanced to `time`; it waits `delay` pieces from then. Returns
    /// it (nil: none waiting).
    @discardableResult
    public mutating func accept(side: Int, at time: UInt64) -> VersusAttack? {
        advance(side: side, to: time)
        guard !unaccepted[side].isEmpty else { return nil }
        var attack = unaccepted[side].removeFirst()
        attack.readyAfter = games[side].state.piecesLocked + sides[side].garbage.delay
        queues[side].append(attack)
        moves?.append(.accept(side: side, millisecond: games[side].clock / 1_000_000))
        return attack
    }

    /// `side` gives up (a bot with nowhere to go, a player who quits): the other side wins.
    public mutating func resign(side: Int) {
        if outcome == nil { outcome = .won(side: 1 - side) }
    }

    /// Ends the match with `outcome` (a draw at a piece cap, a driver's error).
    public mutating func end(_ outcome: VersusOutcome) {
        if self.outcome == nil { self.outcome = outcome }
    }

    // MARK: - Refereeing

    /// After `side` played: its game's end decides the match; a lock sends its attack and
    /// lets due garbage in.
    private mutating func settle(side s: Int, lockedBefore: Int) {
        if case .over(let reason) = games[s].state.phase {
            if case .ruleError(let error) = reason { outcome = .error(error.description) } else { outcome = .won(side: 1 - s) }
            return
        }
        guard games[s].state.piecesLocked > lockedBefore else { return }
        let state = games[s].state
        if let facts = state.lastLock, state.pieces.isTShaped(facts.piece.kind) {
            counters[s].tPieces += 1
            if facts.spin != .none && facts.lines > 0 { counters[s].spins += 1 }
            if facts.spin != .none && facts.lines == 1 { counters[s].spinSingles += 1 }
        }
        if let facts = state.lastLock, facts.lines > 0, state.board.filledCount == 0 { counters[s].perfectClears += 1 }
        var sent: Int
        do throws(RuleError) { sent = try sides[s].attack(state) } catch {
            outcome = .error(error.description)
            return
        }
        // A rules' attack may be anything from 0 to Int.max: the counters saturate.
        counters[s].attack = counters[s].attack.saturatingAdding(sent)
        if sides[s].garbage.cancels {
            while sent > 0, !queues[s].isEmpty {
                let used = min(sent, queues[s][0].lines)
                sent -= used
                counters[s].cancelled = counters[s].cancelled.saturatingAdding(used)
                queues[s][0].lines -= used
                if queues[s][0].lines == 0 { queues[s].removeFirst() }
            }
        }
        if sent > 0 {
            let other = 1 - s
            var attack = VersusAttack(lines: sent, index: attacksSent[s], sentAt: games[s].clock)
            attacksSent[s] += 1
            switch delivery {
            case .immediate:
                attack.readyAfter = games[other].state.piecesLocked + sides[other].garbage.delay
                queues[other].append(attack)
            case .announced:
                unaccepted[other].append(attack)
            }
        }
        guard state.lastLock?.lines == 0 else { return }
        if receive(side: s) { outcome = .won(side: 1 - s) }
    }

    /// Puts the garbage due for `s` into its board; whether it topped `s` out.
    private mutating func receive(side s: Int) -> Bool {
        let rules = sides[s].garbage
        var queue = queues[s], generator = holes[s], received = 0
        let locked = games[s].state.piecesLocked
        let kind = games[s].state.pieces.kinds.lastIndex { !$0.inBag } ?? 0
        let toppedOut = games[s].edit { state in
            var toppedOut = false, room = rules.cap
            let width = state.board.width
            while room > 0, !toppedOut, !queue.isEmpty, locked > queue[0].readyAfter {
                var hole: Int
                if let previous = queue[0].hole {
                    hole = previous
                    if rules.messiness > 0, Double(generator.next() >> 11) / Double(1 << 53) < rules.messiness {
                        hole = (previous + 1 + generator.below(width - 1)) % width
                    }
                } else {
                    hole = generator.below(width)
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
            return toppedOut
        }
        queues[s] = queue
        holes[s] = generator
        counters[s].received += received
        if received > 0 && !toppedOut { games[s].pieceEntered() }
        return toppedOut
    }
}
