/// A game with a play clock: the one place where time becomes actions. It turns the time
/// that passes into gravity rows (`G`, one per interval of the level, none under instant
/// gravity) and lock-delay waits (`W<ms>`, when a resting piece's time runs out, and before
/// any other action while it rests), tells timed rules (`Rules.isTimed`) all the time played,
/// and records every action with the whole milliseconds since the one before.
///
/// A pure value: the clock is whatever the driver says (nanoseconds of play, starting at 0),
/// so two games on one clock (versus) are two values advanced to the same times.
///
/// ```
/// var timed = TimedGame(game: Game(rules: StandardRules(), source: .seeded(7)),
///                       recorder: ReplayRecorder(rules: .standard, source: .seeded(7)))
/// timed.input(.left, at: 120_000_000)       // the gravity rows due by 120 ms, then L
/// timed.advance(to: 2_000_000_000)          // rows due by 2 s
/// timed.nextDeadline                        // when to wake it next
/// ```
///
/// A driver that must interleave its own timers with the game's (the play screen's
/// auto-shift) takes one step at a time: `nextDue`, then `wind(to:)` its time, `takeDue()`
/// and `apply(_:)` what it returns; before an action of its own, `owedWait()`.
///
/// The simulator's bot keeps another schedule (`.paced`): no rows and no lock timer, its
/// placements take no time, and the time each piece took is told before its moves.
public struct TimedGame<R: Rules> {
    /// How time becomes actions.
    public enum Schedule: Equatable, Sendable {
        /// Real time (play, versus): gravity rows, lock-delay waits, timed rules told all the
        /// time, every action recorded with its time.
        case realTime
        /// A bot's pace (`hanjul sim --pps`): the time the clock moved is told as `W` before
        /// the next piece's moves (in waits of at most `Action.maxWait`), held back while
        /// that piece rests on the stack under a lock delay (it would lock there, under the
        /// bot's moves) and carried to the next; no gravity rows, no lock timer, no times
        /// recorded.
        case paced
    }

    /// What falls due.
    public enum Due: Equatable, Sendable {
        /// The resting piece's lock delay runs out: the wait that locks it.
        case lock
        /// A gravity row.
        case gravity
        /// The entry delay runs out: the wait that brings the next piece in (a front end
        /// gives the turn or hold held at that moment first: IRS, IHS).
        case entry
    }

    public let schedule: Schedule
    public private(set) var game: Game<R>
    /// What was played, each action with its time (nil: not recorded).
    public private(set) var recorder: ReplayRecorder?
    /// Nanoseconds of play.
    public private(set) var clock: UInt64 = 0
    /// When the next gravity row is due; `.max` under instant gravity (no row ever due).
    public private(set) var nextGravity: UInt64 = 0
    /// Under a lock delay, while the piece rests on the stack: the play time up to which the
    /// engine has been told (`W`) how long it has waited. Nil while the piece can fall.
    public private(set) var lockClock: UInt64?
    /// Under an entry delay, while no piece is in play: the play time up to which the
    /// engine has been told (`W`) how long it has waited. Nil otherwise.
    public private(set) var entryClock: UInt64?
    /// Under timed rules: the play time up to which the engine has been told (`W`) how much
    /// time passed. All play time reaches it, so a race's time is in the replay and verifies.
    public private(set) var toldClock: UInt64 = 0
    /// The whole millisecond of the last recorded action, so recorded times never drift.
    private var lastActionMillisecond: UInt64 = 0
    /// Whether `owedWait()` handed out a timed rules' `W` not yet applied, and whether the
    /// last action applied was one (its lock timer then counts from `toldClock`).
    private var toldWaitPending = false
    private var lastWasToldWait = false

    /// The longest `W` told at once (an hour); more time than that is not told.
    public static var longestWait: Int { 3_600_000 }

    /// `game` at play time 0 (a first piece that spawns at rest starts its lock timer now).
    public init(game: Game<R>, recorder: ReplayRecorder? = nil, schedule: Schedule = .realTime) {
        self.game = game
        self.recorder = recorder
        self.schedule = schedule
        nextGravity = nextGravity(after: 0)
        lockClock = hasLockTimer && isResting ? 0 : nil
    }

    /// Whether resting pieces are timed here (a lock delay, in real time).
    private var hasLockTimer: Bool { schedule == .realTime && rules.lockDelay != nil }

    public var rules: R { game.rules }
    public var state: GameState { game.state }

    /// Whether the piece in play rests on the stack (cannot move one row down).
    private var isResting: Bool {
        let state = game.state
        return !state.isOver && state.hasPiece && !state.fits(state.piece.offset(0, 1))
    }

    // MARK: - Deadlines

    /// The gravity interval of `rules` at `level`, in nanoseconds (1 ms to an hour); nil
    /// under instant gravity (0 ms, "20G"): the engine keeps the piece at rest itself, and no
    /// `G` is sent (a lock delay's timer, or a drop, locks the piece).
    public static func gravityInterval(_ rules: R, level: Int) -> UInt64? {
        let milliseconds = rules.gravityInterval(level: level)
        guard milliseconds != 0 else { return nil }
        return UInt64(max(min(milliseconds, 3_600_000), 1)) * 1_000_000
    }

    /// The gravity interval at the current level (see `gravityInterval(_:level:)`).
    public var gravityInterval: UInt64? { Self.gravityInterval(rules, level: game.state.level) }

    /// One gravity interval after `time` (`.max` under instant gravity, or paced).
    private func nextGravity(after time: UInt64) -> UInt64 {
        guard schedule == .realTime else { return .max }
        return gravityInterval.map { time &+ $0 } ?? .max
    }

    /// Under a lock delay, when the resting piece's time runs out (nil otherwise).
    public var lockDeadline: UInt64? {
        guard hasLockTimer, let delay = rules.lockDelay, let lockClock, !game.state.isOver else { return nil }
        let left = max(delay.milliseconds(atLevel: game.state.level) - game.state.lockElapsed, 0)
        return lockClock &+ UInt64(left) * 1_000_000
    }

    /// Under an entry delay, when the next piece enters (nil while a piece is in play).
    public var entryDeadline: UInt64? {
        guard schedule == .realTime, game.state.isEntering else { return nil }
        let since = rules.isTimed ? toldClock : entryClock ?? clock
        return since &+ UInt64(game.state.entryDelayLeft) * 1_000_000
    }

    /// What falls due next and when (the lock before a gravity row due at the same time);
    /// nil when nothing will (instant gravity, the piece not resting, or the game over).
    /// During an entry delay only the entry is due: no gravity falls on an empty field.
    public var nextDue: (time: UInt64, due: Due)? {
        if let entry = entryDeadline { return (entry, .entry) }
        let gravity = game.state.isOver || nextGravity == .max ? nil : nextGravity
        if let lock = lockDeadline, gravity.map({ lock <= $0 }) ?? true { return (lock, .lock) }
        return gravity.map { ($0, Due.gravity) }
    }

    /// When the game must be woken next (nil: not until an input).
    public var nextDeadline: UInt64? { nextDue?.time }

    // MARK: - Driving

    /// Plays everything due up to `time`, each at its own time, then stands at `time`. At
    /// most `maxSteps` steps (a clock that jumps by hours); the rest of the time then passes
    /// at once and gravity starts over from `time`. `onStep` sees each action played, once
    /// played, with what fell due (a row's owed wait, told before it, as the row's).
    public mutating func advance(to time: UInt64, maxSteps: Int = 10_000, onStep: (Action, Due) -> Void = { _, _ in }) {
        TimeLoop.run(&self, to: time, maxSteps: maxSteps, next: { $0.game.state.isOver ? nil : $0.nextDue }) { timed, next in
            guard let action = timed.take(next) else { return }
            timed.play(action) { onStep($0, next.due) }
        }
        stand(at: time)
    }

    /// The game's step in a driver's loop (`TimeLoop`): winds the clock to `due`'s time and
    /// answers the action due then (nil: none after all), its time accounted for; the
    /// driver plays it, after the wait owed (`owedWait()`).
    public mutating func take(_ due: (time: UInt64, due: Due)) -> Action? {
        wind(to: due.time)
        return takeDue()
    }

    /// Applies `action`, after the wait owed to a resting piece or a clock (see `owedWait()`);
    /// `played` sees each.
    @discardableResult
    private mutating func play(_ action: Action, played: (Action) -> Void = { _ in }) -> Bool {
        if action.kind != .wait, let wait = owedWait() {
            apply(wait)
            played(wait)
        }
        let entered = apply(action)
        played(action)
        return entered
    }

    /// Plays `action` at `time` (not before the clock): what is due by then first, then the
    /// wait owed to a resting piece, then the action. True when a new piece entered.
    @discardableResult
    public mutating func input(_ action: Action, at time: UInt64) -> Bool {
        advance(to: time)
        return play(action)
    }

    /// Moves the clock to `time` (never back) without playing anything: the caller has
    /// made sure nothing is due before it (`nextDue`).
    public mutating func wind(to time: UInt64) {
        clock = max(clock, time)
    }

    /// The end of an advance to `time`: the clock stands there, and gravity that fell behind
    /// (a clock jump beyond the steps allowed) starts over from it.
    public mutating func stand(at time: UInt64) {
        guard !game.state.isOver else { return }
        clock = max(clock, time)
        if nextGravity < clock { nextGravity = nextGravity(after: clock) }
    }

    /// The action due at the clock, its time accounted for (the caller applies it with
    /// `apply(_:)`): the lock's wait (nil when under a whole millisecond is owed), or a
    /// gravity row.
    public mutating func takeDue() -> Action? {
        if let entry = entryDeadline { return entry <= clock ? owedWait() : nil }
        if let lock = lockDeadline, lock <= clock { return owedWait() }
        guard nextGravity <= clock, nextGravity != .max else { return nil }
        // Under instant gravity (0 ms) no row is due: `nextGravity` is then `.max`.
        nextGravity = gravityInterval.map { nextGravity &+ $0 } ?? .max
        return .gravity
    }

    /// The `W` owed before the next action, its time accounted for (the caller applies it
    /// with `apply(_:)`): under timed rules the whole milliseconds played since the engine
    /// was last told; under a lock delay, those the resting piece has waited (the rest is
    /// told next time). Nil when nothing is owed.
    public mutating func owedWait() -> Action? {
        guard schedule == .realTime else { return nil }
        if rules.isTimed {
            guard clock > toldClock else { return nil }
            let milliseconds = (clock - toldClock) / 1_000_000
            guard milliseconds > 0 else { return nil }
            toldClock &+= milliseconds * 1_000_000
            toldWaitPending = true
            return .wait(milliseconds: Int(min(milliseconds, UInt64(Self.longestWait))))
        }
        if game.state.isEntering, let since = entryClock, clock > since {
            let milliseconds = min((clock - since) / 1_000_000, UInt64(game.state.entryDelayLeft))
            guard milliseconds > 0 else { return nil }
            entryClock = since &+ milliseconds * 1_000_000
            return .wait(milliseconds: Int(milliseconds))
        }
        guard hasLockTimer, let since = lockClock, clock > since else { return nil }
        let milliseconds = (clock - since) / 1_000_000
        guard milliseconds > 0 else { return nil }
        lockClock = since &+ milliseconds * 1_000_000
        return .wait(milliseconds: Int(min(milliseconds, UInt64(Self.longestWait))))
    }

    /// Paced: the waits that tell the time the clock moved since last told, in waits of at
    /// most `Action.maxWait`, none while the piece rests under a lock delay (carried over);
    /// their time accounted for (the caller applies them with `apply(_:)`).
    public mutating func pacedWaits() -> [Action] {
        guard schedule == .paced, clock > toldClock else { return [] }
        if rules.lockDelay != nil && !game.state.fits(game.state.piece.offset(0, 1)) { return [] }
        var owed = (clock - toldClock) / 1_000_000
        toldClock &+= owed * 1_000_000
        var waits: [Action] = []
        while owed > 0 {
            let wait = min(owed, UInt64(Action.maxWait))
            waits.append(.wait(milliseconds: Int(wait)))
            owed -= wait
        }
        return waits
    }

    /// Paced: plays moves that take no time (a bot's placement). `body` applies them to the
    /// game and gives each to the recorder itself.
    public mutating func untimed<T>(_ body: (inout Game<R>, inout ReplayRecorder?) -> T) -> T {
        precondition(schedule == .paced, "only a paced game takes moves without time")
        return body(&game, &recorder)
    }

    /// Applies `action` at the clock and records it; follows what it did: a resting piece's
    /// lock timer (a step down, a move or a new piece starts it over), and a new piece's
    /// whole gravity interval before its first row. True when a new piece entered.
    @discardableResult
    public mutating func apply(_ action: Action) -> Bool {
        lastWasToldWait = toldWaitPending && action.kind == .wait
        toldWaitPending = false
        guard schedule == .realTime else {
            game.apply(action)
            recorder?.record(action, state: game.state)
            return false
        }
        guard !game.state.isOver else { return false }
        game.apply(action)
        let millisecond = clock / 1_000_000
        let milliseconds = Int(millisecond > lastActionMillisecond ? millisecond - lastActionMillisecond : 0)
        lastActionMillisecond = max(lastActionMillisecond, millisecond)
        recorder?.record(action, after: milliseconds, state: game.state)
        if hasLockTimer {
            if !isResting {
                lockClock = nil
            } else if lockClock == nil || action.kind != .wait {
                lockClock = clock
            }
        }
        // An entry delay starts with the lock that began it; the wait that ends it is told in full.
        entryClock = game.state.isEntering ? entryClock ?? clock : nil
        let entered = game.state.events.contains { if case .spawned = $0 { true } else { false } }
        if entered { nextGravity = nextGravity(after: clock) }
        if lastWasToldWait, lockClock != nil { lockClock = toldClock }
        return entered
    }

    /// Changes the state outside any action (a versus referee's garbage rising under the new
    /// piece; the caller then calls `pieceEntered()`, so a piece left resting is timed).
    public mutating func edit<T>(_ body: (inout GameState) -> T) -> T {
        game.withState(body)
    }

    /// Continues under `game` (a hot reload: the same state under rebuilt rules), as its
    /// new piece enters: the reload is noted in the recording, a piece now at rest starts its
    /// lock timer, and gravity starts over at the new rules' interval.
    public mutating func reload(_ game: Game<R>) {
        replaceGame(game)
        pieceEntered()
    }

    /// Continues under `game` with the timers as they are (a reload while the clock stands).
    public mutating func replaceGame(_ game: Game<R>) {
        self.game = game
        recorder?.noteReload()
    }

    /// A new piece's timers: its lock timer when it rests, a whole gravity interval.
    public mutating func pieceEntered() {
        if hasLockTimer, lockClock == nil, isResting { lockClock = clock }
        nextGravity = nextGravity(after: clock)
        if lastWasToldWait, lockClock != nil { lockClock = toldClock }
    }
}
