import HanJulCore

/// How a simulated game ended.
public enum Outcome: String, Codable, Sendable, CaseIterable {
    /// It reached the piece cap still playing.
    case capped
    /// A new piece had no room, or the rules pushed the stack into it.
    case toppedOut = "topped-out"
    /// The rules ended it on their own terms (a sprint reaching its goal, say).
    case finished
    /// A rule failed (a mod's hook raised an error); `GameRecord.error` says which.
    case ruleError = "rule-error"
}

/// What one simulated game did: one line of `hanjul sim --jsonl`.
public struct GameRecord: Equatable, Codable, Sendable {
    public var seed: UInt64
    /// Pieces locked.
    public var pieces: Int
    public var lines: Int
    public var score: Int
    /// The level when the game ended.
    public var level: Int
    public var outcome: Outcome
    /// `clears[k − 1]`: how many times `k` rows were removed at once. As long as the piece
    /// set's tallest piece, or longer if a rule removed more.
    public var clears: [Int]
    /// Score divided by pieces locked (0 with no pieces).
    public var scorePerPiece: Double
    /// The stack's height (rows from its top to the floor) after each lock, averaged.
    public var meanHeight: Double
    public var maxHeight: Int
    /// Holes (empty cells under a filled one) when the game ended.
    public var holes: Int
    /// Placements the bot scored in this game.
    public var evaluated: Int
    /// The rule error that ended the game, as the mod author would read it.
    public var error: String?
    /// The value of the result the rules finished the game with (`game:finish`), if they did;
    /// left out of the JSON otherwise.
    public var result: Int?
    /// Pieces the bot put on hold in this game, under rules with a hold slot (0 when it
    /// never held, or plays `plain`); left out of the JSON under rules without one, so
    /// their lines stay as before.
    public var held: Int?
    /// The hook failures this game went on from with a default (`Rules.warnings`: a mod's
    /// `gravity` that raised, a `spawn` that returned nothing, …), each once per mod and
    /// hook, as the mod author would read them; left out of the JSON when there were none,
    /// so the lines of games without them stay as before.
    public var warnings: [String]?
    /// The values of a compound result's tie-breaks (`ResultFormat.then`), when the game
    /// finished with one; left out otherwise.
    public var then: [Int]?
    /// The game's time (`GameState.elapsedMilliseconds`, finished or not) when the game
    /// told time (a pace, timed rules, an entry delay) or its rules' result has tie-breaks
    /// (one may be the time); left out for games played without a clock.
    public var timeMs: Int?

    public init(seed: UInt64, pieces: Int, lines: Int, score: Int, level: Int, outcome: Outcome,
                clears: [Int], meanHeight: Double, maxHeight: Int, holes: Int, evaluated: Int, error: String? = nil,
                result: Int? = nil, held: Int? = nil, warnings: [String]? = nil) {
        self.seed = seed
        self.pieces = pieces
        self.lines = lines
        self.score = score
        self.level = level
        self.outcome = outcome
        self.clears = clears
        self.scorePerPiece = pieces > 0 ? Double(score) / Double(pieces) : 0
        self.meanHeight = meanHeight
        self.maxHeight = maxHeight
        self.holes = holes
        self.evaluated = evaluated
        self.error = error
        self.result = result
        self.held = held
        self.warnings = warnings.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether the game ended because the stack reached the top.
    public var toppedOut: Bool { outcome == .toppedOut }
}
