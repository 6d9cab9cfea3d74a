/// A recorded game: everything needed to play it again and check it ends the same way.
///
/// The engine is a pure function of rules, piece source and actions, so a replay is
/// those three plus checkpoints: the state's checksum and figures every
/// `checkpointInterval` locked pieces, and at the end. The file format lives with the
/// command line (docs/REPLAY.md); this is the model.
public struct Replay: Equatable, Sendable {
    /// The rules that made the game: a name and, for mods, each mod's id, version and hash.
    public var rules: RulesIdentity
    public var source: PieceSource
    public var actions: [Action]
    /// Milliseconds since the previous action (the first: since the game started), one per
    /// action; empty for games that were not played against a clock (scripts, bots).
    public var times: [Int]
    public var checkpointInterval: Int
    public var checkpoints: [Checkpoint]
    /// Where the rules were reloaded during play (a mod's files changed and hot reload
    /// rebuilt them): the number of actions applied before each reload. `rules` names the
    /// rules the game started with, so a replay with reloads cannot be verified.
    public var reloads: [Int]

    public init(rules: RulesIdentity, source: PieceSource, actions: [Action] = [], times: [Int] = [],
                checkpointInterval: Int = Replay.defaultCheckpointInterval, checkpoints: [Checkpoint] = [],
                reloads: [Int] = []) {
        self.rules = rules
        self.source = source
        self.actions = actions
        self.times = times
        self.checkpointInterval = checkpointInterval
        self.checkpoints = checkpoints
        self.reloads = reloads
    }

    public static let defaultCheckpointInterval = 10
}

/// Which rules made a game, precisely enough to refuse a replay under other rules.
public struct RulesIdentity: Equatable, Sendable {
    public struct Mod: Equatable, Sendable {
        public var id: String
        public var version: String
        /// SHA-256 (hex) over the mod's files.
        public var sha256: String

        public init(id: String, version: String, sha256: String) {
            self.id = id
            self.version = version
            self.sha256 = sha256
        }
    }

    /// `"standard"` for the built-in rules, otherwise the mod ids joined by `+`.
    public var name: String
    public var mods: [Mod]

    public init(name: String, mods: [Mod] = []) {
        self.name = name
        self.mods = mods
    }

    public static let standard = RulesIdentity(name: "standard")
}

/// The state at one point of a recorded game.
public struct Checkpoint: Equatable, Sendable {
    /// How many actions had been applied.
    public var action: Int
    public var piecesLocked: Int
    public var score: Int
    public var lines: Int
    public var level: Int
    public var isOver: Bool
    public var checksum: UInt64

    public init(action: Int, piecesLocked: Int, score: Int, lines: Int, level: Int, isOver: Bool, checksum: UInt64) {
        self.action = action
        self.piecesLocked = piecesLocked
        self.score = score
        self.lines = lines
        self.level = level
        self.isOver = isOver
        self.checksum = checksum
    }

    /// The checkpoint for `state` after `action` actions.
    public init(_ state: GameState, action: Int) {
        self.init(action: action, piecesLocked: state.piecesLocked, score: state.score, lines: state.lines,
                  level: state.level, isOver: state.isOver, checksum: state.checksum)
    }
}

/// Records a game as it is played: feed it every action applied, then `finish`.
public struct ReplayRecorder: Sendable {
    public private(set) var replay: Replay
    private var lastCheckpointPieces = 0

    public init(rules: RulesIdentity, source: PieceSource, checkpointInterval: Int = Replay.defaultCheckpointInterval) {
        replay = Replay(rules: rules, source: source, checkpointInterval: max(1, checkpointInterval))
    }

    /// Notes an action just applied to `state`, and `milliseconds` since the one before
    /// (pass `nil` for games without a clock).
    public mutating func record(_ action: Action, after milliseconds: Int? = nil, state: GameState) {
        replay.actions.append(action)
        if let milliseconds { replay.times.append(max(0, milliseconds)) }
        let pieces = state.piecesLocked
        if pieces != lastCheckpointPieces && pieces % replay.checkpointInterval == 0 {
            lastCheckpointPieces = pieces
            replay.checkpoints.append(Checkpoint(state, action: replay.actions.count))
        }
    }

    /// Notes that the rules were rebuilt from changed mod files before the next action.
    public mutating func noteReload() {
        replay.reloads.append(replay.actions.count)
    }

    /// The replay with a final checkpoint for `state`.
    public func finish(_ state: GameState) -> Replay {
        var done = replay
        if done.checkpoints.last?.action != done.actions.count {
            done.checkpoints.append(Checkpoint(state, action: done.actions.count))
        }
        return done
    }
}

/// What replaying a recording found.
public enum ReplayVerdict: Equatable, Sendable {
    /// Every checkpoint matched.
    case match(checkpoints: Int, final: Checkpoint)
    /// The first checkpoint that did not: what the file says and what the engine did.
    case diverged(expected: Checkpoint, actual: Checkpoint)
}

extension Replay {
    /// Plays the replay through `game` (which must start from this replay's rules and
    /// source) and compares every checkpoint.
    public func verify<R: Rules>(with game: Game<R>) -> ReplayVerdict {
        var game = game
        var applied = 0
        for expected in checkpoints {
            guard expected.action >= applied, expected.action <= actions.count else {
                return .diverged(expected: expected, actual: Checkpoint(game.state, action: applied))
            }
            while applied < expected.action {
                game.apply(actions[applied])
                applied += 1
            }
            let actual = Checkpoint(game.state, action: applied)
            if actual != expected { return .diverged(expected: expected, actual: actual) }
        }
        while applied < actions.count {
            game.apply(actions[applied])
            applied += 1
        }
        let final = Checkpoint(game.state, action: applied)
        return .match(checkpoints: checkpoints.count, final: final)
    }
}
