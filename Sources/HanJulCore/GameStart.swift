/// Where a game starts, when not on an empty board at level 1 with no lines: a board
/// drawn beforehand, a line count, a level (`hanjul run --board/--lines/--level`, a mod
/// test's `t.game{ board =, lines =, level = }`).
///
/// The game starts as usual (`Rules.didStart`, the preview, the first piece) on that
/// board with those lines; the level is the rules' level for the lines, but never below
/// `level`: a start level holds until the lines carry the game past it (the Guideline's
/// "start level"). The standard start is `GameStart()`.
///
/// ```
/// let start = GameStart(board: try Board("....IIII..", pieces: .standard), lines: 90)
/// var game = Game(rules: StandardRules(), source: .seeded(1), start: start)  // level 10
/// ```
public struct GameStart: Equatable, Sendable {
    /// The board the game starts on; `nil`: an empty one.
    public var board: Board?
    /// Lines counted before the first piece (0…`maxLines`).
    public var lines: Int
    /// The lowest level of the game (1…`maxLevel`).
    public var level: Int

    /// The most lines and the highest level a start may give.
    public static let maxLines = 1_000_000, maxLevel = 10_000

    public init(board: Board? = nil, lines: Int = 0, level: Int = 1) {
        self.board = board
        self.lines = lines
        self.level = level
    }

    /// Whether this is the standard start (an empty board, level 1, no lines).
    public var isStandard: Bool { board == nil && lines == 0 && level == 1 }
}
