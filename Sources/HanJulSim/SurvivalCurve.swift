/// How long games last: the Kaplan–Meier estimate of the fraction of games still playing
/// (not yet topped out) after each number of pieces placed.
///
/// A game that tops out is an event at its piece count. A game that stops for any other
/// reason (the piece cap, rules that finished it, a rule error) is censored there: it was
/// still alive when last seen, and leaves the games at risk after that count. So with a
/// cap of 10 000 pieces, the curve says nothing past 10 000, and a curve that stays at
/// 100% means no game topped out before the cap.
public struct SurvivalCurve: Equatable, Codable, Sendable {
    /// One piece count at which games ended.
    public struct Step: Equatable, Codable, Sendable {
        /// Pieces placed when these games ended.
        public var pieces: Int
        /// Games still playing just before: those that lasted at least `pieces`.
        public var atRisk: Int
        /// Games that topped out at `pieces`.
        public var events: Int
        /// Games that stopped at `pieces` still alive (the cap, a finish, a rule error).
        public var censored: Int
        /// The estimated fraction still playing after `pieces`: the product of
        /// `1 − events / atRisk` over this step and every earlier one.
        public var alive: Double
    }

    public var games: Int
    /// Games that topped out.
    public var events: Int
    /// Every piece count at which a game ended, in increasing order.
    public var steps: [Step]
    /// The fewest pieces after which at most half the games are still playing, or nil
    /// when more than half were (so the median lies past what was seen).
    public var medianPieces: Int?

    /// The curve of `records` (any order).
    public init(records: [GameRecord]) {
        self.init(endings: RunTally(records).endings)
    }

    /// The curve of games counted by the piece count they ended at.
    public init(endings: [Int: RunTally.Ending]) {
        let counts = endings.sorted { $0.key < $1.key }
        games = counts.reduce(0) { $0 + $1.value.events + $1.value.censored }
        events = counts.reduce(0) { $0 + $1.value.events }
        steps = []
        medianPieces = nil
        var alive = 1.0, atRisk = games
        for (pieces, ending) in counts {
            let died = ending.events, stopped = ending.censored
            alive *= 1 - Double(died) / Double(atRisk)
            steps.append(Step(pieces: pieces, atRisk: atRisk, events: died, censored: stopped, alive: alive))
            if medianPieces == nil && alive <= 0.5 { medianPieces = pieces }
            atRisk -= died + stopped
        }
    }

    /// The fraction still playing after `pieces` placed (1 before any game ended; the
    /// last value seen after the last game ended).
    public func alive(after pieces: Int) -> Double {
        var fraction = 1.0
        for step in steps {
            guard step.pieces <= pieces else { break }
            fraction = step.alive
        }
        return fraction
    }

    /// The most pieces any game reached (0 for none).
    public var longest: Int { steps.last?.pieces ?? 0 }

    /// The curve as one line of block characters, `width` columns from 0 to `range`
    /// pieces, each the fraction alive at the column's end: `█` for 100% down to `▁` for a few, and a
    /// space for none.
    public func sparkline(width: Int, range: Int) -> String {
        let blocks: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        var line = ""
        for column in 0..<width {
            // range × (column + 1) / width without overflow, whatever the range.
            let pieces = range / width * (column + 1) + range % width * (column + 1) / width
            let fraction = alive(after: pieces)
            let level = fraction <= 0 ? 0 : max(1, Int((fraction * 8).rounded(.toNearestOrAwayFromZero)))
            line.append(blocks[min(8, max(0, level))])
        }
        return line
    }

    /// `"median 412 pieces"` or `"median past 10000 pieces (61.0% still playing)"`.
    public var medianDescription: String {
        if let medianPieces { return "median \(medianPieces) pieces" }
        return "median past \(longest) pieces (\(Format.percent(steps.last?.alive ?? 1)) still playing)"
    }
}
