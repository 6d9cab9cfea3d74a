/// How a game ended.
public enum GameOverReason: Equatable, Sendable {
    /// A new piece did not fit where it spawns.
    case blockedSpawn
    /// A rule pushed the stack into the piece or off the top (garbage rising, say).
    case toppedOut
    /// No piece could come: the rules ended the queue (`GameState.queueEnded`) and every
    /// piece in it was played.
    case outOfPieces
    /// The rules declared the game finished, with a result (a sprint's time, say).
    case finished(GameResult)
    /// A rule failed (a mod's hook raised an error); the game stopped where it was.
    case ruleError(RuleError)

    /// The reason as one word for scripts and JSON: `"blocked_spawn"`, `"topped_out"`,
    /// `"out_of_pieces"`, `"finished"` or `"rule_error"`.
    public var word: String {
        switch self {
        case .blockedSpawn: "blocked_spawn"
        case .toppedOut: "topped_out"
        case .outOfPieces: "out_of_pieces"
        case .finished: "finished"
        case .ruleError: "rule_error"
        }
    }
}

/// The result a rule set reports when it ends a game on its own terms.
public struct GameResult: Equatable, Sendable {
    /// What the value measures, e.g. `"time"`.
    public var label: String
    public var value: Int
    /// Whether a lower value is better (a time) rather than a higher one (a score).
    public var lowerIsBetter: Bool
    /// What the value counts (the rules' `resultFormat`, `.count` when they declare none).
    public var unit: ResultFormat.Unit
    /// The values of the tie-breaks the rules declared (`ResultFormat.then`), in order;
    /// empty for a plain result.
    public var then: [Int]

    public init(label: String, value: Int, lowerIsBetter: Bool, unit: ResultFormat.Unit = .count, then: [Int] = []) {
        self.label = label
        self.value = value
        self.lowerIsBetter = lowerIsBetter
        self.unit = unit
        self.then = then
    }

    /// The value as a player reads it, in its unit (`ResultFormat.text(_:unit:)`).
    public var text: String { ResultFormat.text(value, unit: unit) }
}

/// A rule that failed: which hook, and why, in words a mod author can act on.
public struct RuleError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The mod at fault, when a mod is.
    public var mod: String?
    /// The hook that failed (`"on_lock"`), or another stage (`"load"`).
    public var hook: String
    /// Where, as `file:line`, when known.
    public var location: String?
    /// What went wrong.
    public var message: String
    /// The Lua traceback, for the curious.
    public var traceback: String?

    public init(mod: String? = nil, hook: String, location: String? = nil, message: String, traceback: String? = nil) {
        self.mod = mod
        self.hook = hook
        self.location = location
        self.message = message
        self.traceback = traceback
    }

    /// `Mods/garbage/mod.lua:12: on_lock: attempt to index a nil value 'row'`
    public var description: String {
        let prefix = location.map { "\($0): " } ?? mod.map { "mod '\($0)': " } ?? ""
        return "\(prefix)\(hook): \(message)"
    }
}
