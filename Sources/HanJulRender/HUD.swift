import HanJulCore

/// The figures of the side panel, as the app knows them.
public struct HUD: Hashable, Sendable {
    /// Points so far.
    public var score: Int
    /// Lines cleared so far.
    public var lines: Int
    /// The current level.
    public var level: Int
    /// The gravity interval: milliseconds per row (`Rules.gravityInterval(level:)`); 0 is
    /// instant gravity, shown as "20G".
    public var millisecondsPerRow: Int
    /// The names of the mods in play, in load order; empty for the standard game.
    /// Shown sanitised (`DisplayText`), at most `HUD.maxModLines` of them.
    public var mods: [String]
    /// The best score recorded for these rules, if any.
    public var best: Int?
    /// Seconds played (the app's clock, pauses left out).
    public var elapsedSeconds: Int
    /// Milliseconds played, when the app counts them (pieces per second, a race's time).
    public var elapsedMilliseconds: Int?
    /// What BEST shows instead of `best`: a race's best result in its unit (`1:02.345`).
    public var bestText: String?
    /// What TIME shows instead of `elapsedSeconds` as `m:ss`: a race's clock as `m:ss.mmm`.
    public var timeText: String?
    /// A race's pace against the best game of its table: the PACE row (nil: no best, no row).
    public var pace: Pace?
    /// Lines shown under the figures (a replay's speed and position, say), each cut to the
    /// panel's width.
    public var status: [String] = []

    /// The race against the best game: where this game stands at the latest split.
    public struct Pace: Hashable, Sendable {
        /// This game's time at the latest split minus the best game's there, in
        /// milliseconds (negative: ahead); nil before the first split.
        public var difference: Int?

        public init(difference: Int? = nil) { self.difference = difference }

        /// `-1.234` ahead, `+0.512` behind, `-` before the first split.
        public var text: String {
            guard let difference else { return "-" }
            return HUD.formatDifference(difference)
        }
    }

    /// A difference of times as seconds with milliseconds and its sign: `-1.234`, `+0.050`,
    /// `+1:02.000` from a minute on.
    public static func formatDifference(_ milliseconds: Int) -> String {
        let sign = milliseconds < 0 ? "-" : "+"
        let size = milliseconds.magnitude > UInt(Int.max) ? Int.max : Int(milliseconds.magnitude)
        if size >= 60_000 { return sign + formatMilliseconds(size) }
        let rest = size % 1000
        return sign + "\(size / 1000)." + (rest < 10 ? "00" : rest < 100 ? "0" : "") + "\(rest)"
    }

    /// The most mod names the panel lists; the rest are counted (`+2 more`).
    public static let maxModLines = 4

    /// A HUD from its figures.
    public init(score: Int = 0, lines: Int = 0, level: Int = 1, millisecondsPerRow: Int = 0,
                mods: [String] = [], best: Int? = nil, elapsedSeconds: Int = 0) {
        self.score = score
        self.lines = lines
        self.level = level
        self.millisecondsPerRow = millisecondsPerRow
        self.mods = mods
        self.best = best
        self.elapsedSeconds = elapsedSeconds
    }

    /// A HUD with score, lines and level taken from `state`.
    ///
    /// ```
    /// HUD(state: game.state, millisecondsPerRow: rules.gravityInterval(level: game.state.level),
    ///     mods: ["garbage"], best: 12_000, elapsedSeconds: 83)
    /// ```
    public init(state: GameState, millisecondsPerRow: Int, mods: [String] = [], best: Int? = nil, elapsedSeconds: Int = 0) {
        self.init(score: state.score, lines: state.lines, level: state.level, millisecondsPerRow: millisecondsPerRow,
                  mods: mods, best: best, elapsedSeconds: elapsedSeconds)
    }

    /// `seconds` as `m:ss`, or `h:mm:ss` from an hour on; negative counts as zero.
    ///
    /// ```
    /// HUD.formatTime(83) == "1:23"
    /// ```
    /// `milliseconds` as `m:ss.mmm` (a race's time), or `h:mm:ss.mmm` from an hour on.
    ///
    /// ```
    /// HUD.formatMilliseconds(83_456) == "1:23.456"
    /// ```
    public static func formatMilliseconds(_ milliseconds: Int) -> String {
        let ms = max(milliseconds, 0)
        let rest = ms % 1000
        return formatTime(ms / 1000) + "." + (rest < 10 ? "00" : rest < 100 ? "0" : "") + "\(rest)"
    }

    public static func formatTime(_ seconds: Int) -> String {
        let s = max(seconds, 0)
        let hours = s / 3600, minutes = s / 60 % 60, rest = s % 60
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
    }
}
