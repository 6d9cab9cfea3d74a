/// The seam between the engine and every rule variant.
///
/// The engine asks its rules for the game's shape (board, pieces, preview) and calls their
/// hooks at fixed points of the game's flow. Every hook has a default that plays the
/// standard rules of RULES.md, so a variant implements only what it changes. Hooks that can
/// fail (a mod's Lua code, say) throw `RuleError`; the engine then ends the game with
/// `.ruleError` and leaves the state as it was when the hook failed.
///
/// A game starts with `didStart`, then the preview is drawn (`nextKind`) and the first
/// piece spawns. The order for one lock: `didLock` → full rows removed → (when rows were
/// removed: `lineClearPoints` → lines and `level(forLines:)` → `didClear`) →
/// `didFinishLock` → next kind (`nextKind`, unless the piece source is a fixed sequence) →
/// spawn (`spawnPiece`; `toppedOut` when it does not fit; the game ends `.outOfPieces` when
/// the rules ended the queue and none is left) → `didSpawn`. When the game ends,
/// for any reason, `didEnd` runs once.
/// Stands for a kick table in `Rules.fixedKicksToken` (compared by identity).
public final class FixedKicksToken: Sendable {
    public init() {}
}

public protocol Rules {
    /// The rules a bot's lookahead explores with (`lookahead`).
    associatedtype Lookahead: Rules = Self
    /// A short name for the rule set, e.g. `"standard"`.
    var name: String { get }
    /// The rules precisely enough to refuse a replay under others. Default: the name alone
    /// (built-in rule sets); mods add each mod's id, version and hash.
    var identity: RulesIdentity { get }
    var boardWidth: Int { get }
    var boardHeight: Int { get }
    var pieces: PieceSet { get }
    /// How many coming kinds are shown (and drawn ahead).
    var previewCount: Int { get }
    /// Whether hooks may change the state in ways the engine must re-check (mods: yes).
    var checksInvariants: Bool { get }
    /// The same rules, for exploring moves that will not be played (a bot's placement
    /// search): query hooks such as `spawnPiece` and `rotated` run there any number of
    /// times, so rules whose hooks keep state (mods) answer from a separate copy, and the
    /// game's own rules see only the calls the game makes. Default: `self`.
    var lookahead: Lookahead { get }
    /// How the rules' result reads (name, unit, direction), for screens and high-score
    /// tables; `nil` when the rules report no result of their own. Default: `nil`.
    var resultFormat: ResultFormat? { get }
    /// What the player must reach (lines to clear), for a screen's countdown. Default: `nil`.
    var goal: GameGoal? { get }

    /// The kind to append to the queue, or `nil` to end the queue: no piece comes after
    /// those already in it, and the rules are not asked again (`GameState.queueEnded`).
    /// Default: the 7-bag (a bag of every kind).
    func nextKind(_ state: inout GameState) throws(RuleError) -> Int?
    /// Where a new piece of `kind` enters. Default: rotation 0, `x = (width − 4) / 2`, `y = 0`.
    func spawnPiece(kind: Int, state: GameState) -> Piece
    /// The piece after a clockwise rotation, or `nil` when it cannot rotate.
    /// Default: the next rotation state, trying `kicks(kind:from:to:)` in order.
    func rotated(_ piece: Piece, state: GameState) throws(RuleError) -> (piece: Piece, kick: Int)?
    /// The piece after a counter-clockwise rotation, or `nil`. Default: the previous rotation
    /// state, trying `kicks(kind:from:to:)` in order. Only called when `allowsCounterclockwise`.
    func rotatedCounterclockwise(_ piece: Piece, state: GameState) throws(RuleError) -> (piece: Piece, kick: Int)?
    /// Whether the `A` action (counter-clockwise rotation) is part of the game. Default: no.
    var allowsCounterclockwise: Bool { get }
    /// Whether the `X` action (hold) is part of the game. Default: no.
    var holdEnabled: Bool { get }
    /// The piece after a 180° turn, or `nil`. Default: two rotation states on, trying
    /// `kicks(kind:from:to:)` in order. Only called when `allowsHalfTurn`.
    func rotatedHalfTurn(_ piece: Piece, state: GameState) throws(RuleError) -> (piece: Piece, kick: Int)?
    /// Whether the `F` action (a 180° turn) is part of the game. Default: no.
    var allowsHalfTurn: Bool { get }
    /// Whether a new piece may enter with cells above the top row (a spawn place of the
    /// rules' own): screens then draw rows above the field, so it never enters hidden.
    /// Default: no (the standard spawn is inside the field).
    var spawnsAboveField: Bool { get }
    /// How long a piece resting on the stack waits before it locks, or `nil` to lock the
    /// moment it cannot fall (the standard rules). Default: `nil`. See `LockDelay`.
    var lockDelay: LockDelay? { get }
    /// The time between a lock and the next piece's entry, when turns and a hold given
    /// during it act on the entering piece (IRS, IHS), or `nil` for the next piece to enter
    /// at once (the standard rules). Default: `nil`. See `EntryDelay`.
    var entryDelay: EntryDelay? { get }
    /// The offsets tried, in order, when rotating. Default: `(0,0) (−1,0) (+1,0) (−2,0) (+2,0) (0,−1)`.
    var kicks: [Cell] { get }
    /// When every turn is the first offset that fits from a fixed kick table and nothing
    /// else (the default turns over `kicks(kind:from:to:)`), an object standing for that
    /// table: rules that give the same object turn alike on every board, and a turn changes
    /// only when a cell in the way is filled, so a placement search may reuse the turns it
    /// worked out on an empty board. `nil` (the default) when turns may depend on anything
    /// else (a `rotate` hook).
    var fixedKicksToken: FixedKicksToken? { get }
    /// The offsets tried, in order, when `kind` turns from rotation state `from` to `to`:
    /// the rotation system as data (see `KickTable`). Default: `kicks` for every turn.
    func kicks(kind: Int, from: Int, to: Int) -> [Cell]
    /// Points for clearing `lines` lines at once at `level` (the level before they count).
    /// Default: `[0, 100, 300, 500, 800][lines] × level`.
    func lineClearPoints(lines: Int, level: Int, state: GameState) throws(RuleError) -> Int
    /// Points for a hard drop of `rows` rows. Default: 2 per row.
    func hardDropPoints(rows: Int) -> Int
    /// Points for a soft drop (`D`) of `rows` rows (the engine asks for each row it moves).
    /// Default: 0.
    func softDropPoints(rows: Int) -> Int
    /// The level after `lines` lines. Default: `1 + lines / 10`.
    func level(forLines lines: Int) throws(RuleError) -> Int
    /// Milliseconds between gravity ticks at `level`. Default: `max(120, 700 − (level − 1) × 45)`.
    /// The engine asks once when a game starts and whenever the level changes, so rules
    /// that compute it with a hook (mods) can answer every later question from that.
    func gravityInterval(level: Int) -> Int
    /// What failed in the rules while the game went on with a default: a mod's `gravity`,
    /// `hard_drop_points`, `soft_drop_points` or `spawn` hook that raised or returned a bad
    /// value, where the engine cannot stop (the clock needs an interval, a piece a place).
    /// Each failure once per mod and hook, oldest first; front ends report them (`run
    /// --json`'s `warnings`, `check`, `sim`, `play`). Default: none.
    var warnings: [RuleError] { get }

    /// Once per game (and after each `Game.restart()`), before the preview is drawn and the
    /// first piece spawns: no piece is in play yet (`state.dealt` is empty).
    func didStart(_ state: inout GameState) throws(RuleError)
    /// After a new piece entered the board.
    func didSpawn(_ state: inout GameState) throws(RuleError)
    /// After the piece was written into the board, before full rows are removed.
    func didLock(_ piece: Piece, _ state: inout GameState) throws(RuleError)
    /// After `count` full rows (`rows`, as a mask) were removed and scored.
    func didClear(count: Int, rows: UInt64, _ state: inout GameState) throws(RuleError)
    /// After every lock, once its clear was scored (`cleared` full rows, 0 included), before
    /// the next piece is drawn and spawned.
    func didFinishLock(cleared: Int, _ state: inout GameState) throws(RuleError)
    /// After a gravity tick was applied (and the game is still on).
    func didTick(_ state: inout GameState) throws(RuleError)
    /// Whether the rules want `didMove` (a mod's `after_move`). Default: no, and the engine
    /// then calls nothing after a move: the hot path stays as it was.
    var observesMoves: Bool { get }
    /// After each successful slide (`.left`, `.right`), turn (`.rotate`,
    /// `.rotateCounterclockwise`, `.rotateHalfTurn`) or one-row fall (`.softDrop`, for `D`
    /// and for a gravity tick's fall): the rules may move the piece in play
    /// (`GameState.placePiece`). Only called when `observesMoves`.
    func didMove(_ move: Action, _ state: inout GameState) throws(RuleError)
    /// Whether a bot's fast search should also turn pieces where they land (so kicks off the
    /// stack and the walls count), not only where they enter. Default: no (how the bot has
    /// always searched, so its games under the built-in rules stay the same); rules with a
    /// rotation system of their own (mods' `kicks`, `rotations`, `rotate`) say yes.
    var searchesTurnsAtLanding: Bool { get }
    /// Once, right after the game ended (`reason` is why). The game stays over; a failure
    /// here replaces the reason with the rule error.
    func didEnd(_ reason: GameOverReason, _ state: inout GameState) throws(RuleError)
    /// When a new piece does not fit. Return `true` after making room to let the game go
    /// on (the spawn is tried once more); `false` ends the game. Default: `false`.
    func toppedOut(_ state: inout GameState) throws(RuleError) -> Bool
}

extension Rules where Lookahead == Self {
    public var lookahead: Self { self }
}

extension Rules {
    public var fixedKicksToken: FixedKicksToken? { nil }
    public var resultFormat: ResultFormat? { nil }
    public var goal: GameGoal? { nil }
    /// Whether the rules read the game clock (their result is a time, or declares `clock`): front ends then tell
    /// the engine all the time that passes, as `W<ms>` before each action, so the clock
    /// (`GameState.elapsedMilliseconds`) and the replay hold it exactly.
    public var isTimed: Bool { resultFormat?.isTimed ?? false }
    public var identity: RulesIdentity { RulesIdentity(name: name) }
    public var boardWidth: Int { 10 }
    public var boardHeight: Int { 20 }
    public var pieces: PieceSet { .standard }
    public var previewCount: Int { 1 }
    public var checksInvariants: Bool { false }
    public var kicks: [Cell] { StandardRules.kickOffsets }
    public var allowsCounterclockwise: Bool { false }
    public var holdEnabled: Bool { false }
    public var allowsHalfTurn: Bool { false }
    public var spawnsAboveField: Bool { false }
    public var lockDelay: LockDelay? { nil }
    public var entryDelay: EntryDelay? { nil }
    public var warnings: [RuleError] { [] }

    /// The actions a script may use under these rules.
    public var actions: Set<Action.Kind> {
        var set = Action.standard
        if allowsCounterclockwise { set.insert(.rotateCounterclockwise) }
        if holdEnabled { set.insert(.hold) }
        if allowsHalfTurn { set.insert(.rotateHalfTurn) }
        return set
    }

    @inline(__always)  // into the engine's turn: the state is then read in place, not copied
    public func rotatedHalfTurn(_ piece: Piece, state: GameState) throws(RuleError) -> (piece: Piece, kick: Int)? {
        state.turned(piece, by: 2, rules: self)
    }

    public func kicks(kind: Int, from: Int, to: Int) -> [Cell] { kicks }

    @inline(__always)  // into the engine's turn: the state is then read in place, not copied
    public func rotatedCounterclockwise(_ piece: Piece, state: GameState) throws(RuleError) -> (piece: Piece, kick: Int)? {
        state.turned(piece, by: -1, rules: self)
    }

    public func nextKind(_ state: inout GameState) throws(RuleError) -> Int? { state.drawFromBag() }

    public func spawnPiece(kind: Int, state: GameState) -> Piece {
        StandardRules.spawnPiece(kind: kind, boardWidth: state.board.width)
    }

    @inline(__always)  // into the engine's turn: the state is then read in place, not copied
    public func rotated(_ piece: Piece, state: GameState) throws(RuleError) -> (piece: Piece, kick: Int)? {
        state.turned(piece, by: 1, rules: self)
    }

    public func lineClearPoints(lines: Int, level: Int, state: GameState) throws(RuleError) -> Int {
        StandardRules.linePoints(lines: lines, level: level)
    }

    public func hardDropPoints(rows: Int) -> Int { StandardRules.hardDropPoints(rows: rows) }
    public func softDropPoints(rows: Int) -> Int { StandardRules.softDropPoints(rows: rows) }
    public func level(forLines lines: Int) throws(RuleError) -> Int { StandardRules.level(lines: lines) }
    public func gravityInterval(level: Int) -> Int { StandardRules.gravityInterval(level: level) }

    public func didStart(_ state: inout GameState) throws(RuleError) {}
    public func didSpawn(_ state: inout GameState) throws(RuleError) {}
    public func didFinishLock(cleared: Int, _ state: inout GameState) throws(RuleError) {}
    public func didEnd(_ reason: GameOverReason, _ state: inout GameState) throws(RuleError) {}
    public func didLock(_ piece: Piece, _ state: inout GameState) throws(RuleError) {}
    public func didClear(count: Int, rows: UInt64, _ state: inout GameState) throws(RuleError) {}
    public func didTick(_ state: inout GameState) throws(RuleError) {}
    public var observesMoves: Bool { false }
    public func didMove(_ move: Action, _ state: inout GameState) throws(RuleError) {}
    public var searchesTurnsAtLanding: Bool { false }
    public func toppedOut(_ state: inout GameState) throws(RuleError) -> Bool { false }
}
