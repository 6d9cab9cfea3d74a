import HanJulCore
import HanJulRender

/// A replay as a timeline that can be sought: to an action, to a piece, by a share of the
/// game, one action back. A value: the screen keeps one and asks it for the state to draw.
///
/// Seeking re-simulates from the nearest saved point at or before the target (the engine is
/// pure, so the same rules and actions give the same state). Under rules whose whole game is
/// the `GameState` (value rules such as `StandardRules`) the timeline saves a copy of the
/// state every `snapshotInterval` actions the first time it passes them, so a seek replays
/// at most that many actions. Rules that keep state of their own outside it (a Lua mod's
/// locals: `Mods/standard` keeps its bag there) cannot be continued from a copied state, so
/// a seek backwards starts a fresh game and replays from the first action. The timeline
/// makes no rules: its owner hands it that fresh game beforehand (`provide(freshGame:)`,
/// whenever `wantsFreshGame`), and without one a seek backwards stays where it is.
///
/// ```
/// var timeline = ReplayTimeline(replay: replay, game: Game(rules: StandardRules(), source: replay.source))
/// timeline.seek(toPiece: 40)      // the moment piece 40 enters
/// timeline.seek(byPercent: -10)   // back a tenth of the actions
/// timeline.stepBack()
/// draw(timeline.state)
/// ```
///
/// What the timeline finds wrong with the replay (other rules than recorded, a state that
/// is not the one recorded, a mid-game reload) is in `problems`; it still plays on as the
/// loaded rules play the actions, as `hanjul replay --force` does.
public struct ReplayTimeline<R: Rules> {
    /// Something that makes this replay a different game from the one recorded.
    public enum Problem: Equatable, Sendable {
        /// The rules loaded are not the ones recorded (another mod version, changed files,
        /// other mods): the game may play out differently.
        case rulesDiffer(recorded: RulesIdentity, loaded: RulesIdentity)
        /// The mods were reloaded during the game before action `beforeAction` (0-based
        /// count of actions applied): from there on the recorded game ran under rules the
        /// replay does not name.
        case reloaded(beforeAction: Int)
        /// At a checkpoint the replay holds, the game is not the one recorded: `expected`
        /// is the file's, `actual` what these rules made. Only the first is reported.
        case diverged(expected: Checkpoint, actual: Checkpoint)
    }

    /// Actions between saved states (value rules only).
    public static var defaultSnapshotInterval: Int { 1_000 }

    public let replay: Replay
    /// Whether a saved copy of the state continues the game exactly (see the type's note).
    public let restoresStates: Bool
    public let snapshotInterval: Int
    /// A fresh game of the replay's rules and source, kept for the next seek backwards
    /// (rules that cannot be continued from a copy).
    private var freshGame: Game<R>?

    /// The game at `position`.
    public private(set) var game: Game<R>
    /// Actions applied so far: 0 is the start, `actionCount` the end.
    public private(set) var position = 0
    /// What is wrong with the replay, found so far (rules and reloads at once; a divergence
    /// once the timeline has passed the checkpoint).
    public private(set) var problems: [Problem] = []

    /// The furthest position simulated so far: pieces, snapshots and checkpoints are known
    /// up to here.
    public private(set) var frontier = 0
    /// `pieceStarts[k]`: the position at which piece `k + 1` entered (piece 1 at 0), known
    /// up to `frontier`.
    public private(set) var pieceStarts: [Int] = [0]
    /// Saved states by position, ascending (value rules; position 0 always).
    private var snapshots: [(position: Int, game: Game<R>)] = []
    /// The next recorded checkpoint to compare, while no divergence has been found.
    private var nextCheckpoint = 0
    /// Milliseconds of play before each action, summed: `elapsed[i]` is the time at
    /// position `i` (empty for replays without timings).
    private let elapsed: [Int]
    /// `statistics[i]`: what the game did in its first `i` actions, known up to `frontier`
    /// (finesse read from the actions, as `hanjul run` reads a script).
    public private(set) var statistics: [PlayStatistics]
    private var finesse: FinesseTracker

    /// A timeline at the start of `replay`, played by `game`: a fresh game of the replay's
    /// rules and source (for Lua rules, fresh states). `restoresStates` defaults to true for
    /// rules that are values (structs, whose whole game is the state) and false for rules
    /// that are objects (`LuaRules`).
    public init(replay: Replay, game: Game<R>, restoresStates: Bool? = nil,
                snapshotInterval: Int = Self.defaultSnapshotInterval) {
        self.replay = replay
        self.restoresStates = restoresStates ?? !(R.self is AnyObject.Type)
        self.snapshotInterval = max(1, snapshotInterval)
        self.game = game
        statistics = [PlayStatistics()]
        statistics.reserveCapacity(replay.actions.count + 1)
        finesse = FinesseTracker(game.state, countsActions: true)
        var sums: [Int] = []
        if !replay.times.isEmpty {
            sums.reserveCapacity(replay.times.count + 1)
            var total = 0
            sums.append(0)
            for milliseconds in replay.times {
                let (sum, overflow) = total.addingReportingOverflow(max(0, milliseconds))
                total = overflow ? Int.max : sum
                sums.append(total)
            }
        }
        elapsed = sums
        let loaded = game.rules.identity
        if loaded != replay.rules { problems.append(.rulesDiffer(recorded: replay.rules, loaded: loaded)) }
        if let reload = replay.reloads.first { problems.append(.reloaded(beforeAction: reload)) }
        snapshots = [(0, game)]
        compareCheckpoints()
    }

    // MARK: - Where it is

    /// The state to draw.
    public var state: GameState { game.state }
    /// The replay's number of actions.
    public var actionCount: Int { replay.actions.count }
    /// Whether every action has been applied.
    public var isAtEnd: Bool { position >= actionCount }
    /// The piece in play (1-based): pieces locked so far, plus one.
    public var piece: Int { game.state.piecesLocked + 1 }
    /// The pieces the whole game locks, from the replay's final checkpoint (nil when the
    /// file has none at its end); once the timeline has reached the end, what it counted.
    public var pieceCount: Int? {
        if frontier >= actionCount { return pieceStarts.count - 1 }
        guard let last = replay.checkpoints.last, last.action == actionCount else { return nil }
        return last.piecesLocked
    }
    /// Milliseconds of play at `position` (nil for replays without timings).
    public var elapsedMilliseconds: Int? { elapsedMilliseconds(at: position) }

    /// Milliseconds of play before action `index` (nil for replays without timings).
    public func elapsedMilliseconds(at index: Int) -> Int? {
        guard !elapsed.isEmpty else { return nil }
        return elapsed[min(max(0, index), elapsed.count - 1)]
    }

    /// The share of the actions applied, 0 to 1 (1 for an empty replay).
    public var fraction: Double { actionCount == 0 ? 1 : Double(position) / Double(actionCount) }

    /// Where the last seek could not go back to for want of a fresh game (it stayed); nil
    /// when it went where asked, or as near as the replay allows.
    public private(set) var blockedTarget: Int?

    /// Whether a seek backwards needs a fresh game it does not have (`provide(freshGame:)`).
    public var wantsFreshGame: Bool { !restoresStates && freshGame == nil }

    /// Keeps `fresh`, a new game of the replay's rules and source that no one else plays,
    /// for the next seek backwards.
    public mutating func provide(freshGame fresh: Game<R>) {
        if !restoresStates { freshGame = fresh }
    }

    // MARK: - Moving

    /// Applies the next action; false at the end.
    @discardableResult
    public mutating func step() -> Bool {
        guard position < actionCount else { return false }
        let action = replay.actions[position]
        game.apply(action)
        position += 1
        if position > frontier { learn(action) }
        return true
    }

    /// Goes back one action; false at the start (or without the fresh game it needs).
    @discardableResult
    public mutating func stepBack() -> Bool {
        guard position > 0 else { return false }
        return seek(toAction: position - 1)
    }

    /// Goes to the state after `index` actions. A target past the end stops at the end,
    /// before the start at the start; the result says whether the timeline is now at
    /// `index` (false too when going back needed a fresh game it did not have: it stays).
    @discardableResult
    public mutating func seek(toAction index: Int) -> Bool {
        let target = min(max(index, 0), actionCount)
        if target < position || target - position > snapshotInterval {
            restore(atOrBefore: target)
        }
        blockedTarget = position > target ? target : nil
        if blockedTarget != nil { return false }
        while position < target { step() }
        return target == index
    }

    /// Goes to the moment piece `number` (1-based) entered. A piece the game never
    /// reaches stops at the last piece's entry (false); below 1 at the start (false).
    @discardableResult
    public mutating func seek(toPiece number: Int) -> Bool {
        guard number >= 1 else {
            seek(toAction: 0)
            return false
        }
        if number > pieceStarts.count {
            // Not reached yet: simulate on from the furthest point known until it enters.
            seek(toAction: frontier)
            while pieceStarts.count < number && step() {}
        }
        guard number <= pieceStarts.count else {
            seek(toAction: pieceStarts[pieceStarts.count - 1])
            return false
        }
        seek(toAction: pieceStarts[number - 1])
        return true
    }

    /// Moves by `percent` of the actions (−10 and 10 for the ±10% keys), stopping at either
    /// end; false when it had to stop there.
    @discardableResult
    public mutating func seek(byPercent percent: Int) -> Bool {
        let (delta, overflow) = actionCount.multipliedReportingOverflow(by: percent)
        // position ≤ actionCount and |delta / 100| < Int.max / 100: the sum cannot overflow.
        let target = overflow ? (percent < 0 ? Int.min : Int.max) : position + delta / 100
        return seek(toAction: target)
    }

    // MARK: - Inside

    /// Starts again from the saved state nearest before `target` (a fresh game when the
    /// rules cannot be continued from a copy, or when it is nearer than the current one).
    private mutating func restore(atOrBefore target: Int) {
        guard restoresStates else {
            if target < position, let fresh = freshGame {
                game = fresh
                freshGame = nil
                position = 0
            }
            return
        }
        var low = 0, high = snapshots.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if snapshots[middle].position <= target { low = middle } else { high = middle - 1 }
        }
        let nearest = snapshots[low]
        if target < position || nearest.position > position {
            game = nearest.game
            position = nearest.position
        }
    }

    /// Notes what the first visit to `position` (just after `action`) shows: a new piece,
    /// the statistics, a snapshot, a checkpoint.
    private mutating func learn(_ action: Action) {
        frontier = position
        finesse.note(action, game: game)
        var tally = statistics[statistics.count - 1]
        tally.count(game.state.events)
        tally.finesseFaults = finesse.faults
        tally.presses = finesse.presses
        statistics.append(tally)
        let locked = game.state.piecesLocked
        while pieceStarts.count <= locked { pieceStarts.append(position) }
        if restoresStates && position % snapshotInterval == 0 { snapshots.append((position, game)) }
        compareCheckpoints()
    }

    /// Compares the recorded checkpoints at `frontier` with the game, until one differs.
    private mutating func compareCheckpoints() {
        let checkpoints = replay.checkpoints
        while nextCheckpoint < checkpoints.count {
            let expected = checkpoints[nextCheckpoint]
            if expected.action > frontier { return }
            nextCheckpoint += 1
            guard expected.action == frontier else { continue }  // out of order in the file: skipped
            let actual = Checkpoint(game.state, action: frontier)
            if actual != expected {
                problems.append(.diverged(expected: expected, actual: actual))
                nextCheckpoint = checkpoints.count
            }
        }
    }
}
