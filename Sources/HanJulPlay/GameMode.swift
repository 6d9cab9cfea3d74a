/// A mode of the start screen's Modes page: a name players know for a rule set made of
/// shipped mods, applied in order (none: the standard rules). Its high-score table is the
/// table of those mods (`HighScoreTable.key`), shown under the mode's name.
public struct GameMode: Equatable, Sendable {
    /// The name players know: `"Sprint 40L"`.
    public var name: String
    /// The mods that make it, in the order they apply (`--mod` after `--mod`).
    public var mods: [String]
    /// One line: what the player does.
    public var summary: String
    /// What its table ranks by.
    public var ranksBy: String

    public init(name: String, mods: [String], summary: String, ranksBy: String) {
        self.name = name
        self.mods = mods
        self.summary = summary
        self.ranksBy = ranksBy
    }

    /// The Modes page, in order.
    public static let all: [GameMode] = [
        GameMode(name: "Marathon", mods: ["guideline", "marathon"],
                 summary: "Modern rules: clear 150 lines, 15 levels, as the speed rises.", ranksBy: "score"),
        GameMode(name: "Sprint 40L", mods: ["guideline", "sprint"],
                 summary: "Modern rules: clear 40 lines as fast as you can.", ranksBy: "time, lower is better"),
        GameMode(name: "Blitz", mods: ["guideline", "blitz"],
                 summary: "Modern rules: two minutes to score all you can.", ranksBy: "score"),
        GameMode(name: "Master", mods: ["guideline", "master"],
                 summary: "TGM-like: 20G from the first piece, IRS in the entry delay, levels that count pieces and lines, to 999.",
                 ranksBy: "level, then time"),
        GameMode(name: "Cheese race 10L", mods: ["guideline", "cheese"],
                 summary: "Dig through 10 garbage rows as fast as you can.", ranksBy: "time, lower is better"),
        GameMode(name: "Cheese race 100L", mods: ["guideline", "cheese", "cheese100"],
                 summary: "Dig through 100 garbage rows, 10 on the board at a time.", ranksBy: "time, lower is better"),
        GameMode(name: "Survival", mods: ["guideline", "survival"],
                 summary: "Garbage rises on a timer, faster and faster: last as long as you can.",
                 ranksBy: "pieces locked"),
        GameMode(name: "Combo", mods: ["guideline", "combo"],
                 summary: "A 4-wide well between walls: clear a row with every piece.", ranksBy: "longest combo"),
        GameMode(name: "Zen", mods: ["zen"],
                 summary: "No top-out: a full well is wiped (for half the score). Slow, steady gravity.", ranksBy: "score"),
        GameMode(name: "Classic", mods: [],
                 summary: "The standard rules of the design card: 10x20, 7-bag, 100/300/500/800 x level.", ranksBy: "score"),
    ]

    /// What the Play row plays: Classic (the standard rules, the default) or Modern (the
    /// guideline rules), chosen with left and right.
    public static let play: [GameMode] = [
        GameMode(name: "Classic", mods: [],
                 summary: "The standard rules: one preview, no hold, no lock delay.", ranksBy: "score"),
        GameMode(name: "Modern", mods: ["guideline"],
                 summary: "The guideline rules: SRS, 180° turns, hold, 5 previews, 500 ms lock delay, T-spins.",
                 ranksBy: "score"),
    ]

    /// The name of the mode (or Play choice) whose table `key` is (`standard`,
    /// `guideline@1.0.0+sprint@1.1.0`: the same mods in the same order, at any version),
    /// or nil.
    public static func name(ofTable key: String) -> String? {
        let ids = key == "standard" ? [] : key.split(separator: "+").map { String($0.prefix { $0 != "@" }) }
        return (all + play).first { $0.mods == ids }?.name
    }
}
