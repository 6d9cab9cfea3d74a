/// How a rule set's result reads (`Rules.resultFormat`): what it is called, what unit its
/// integer counts, and which way is better. The play screen shows a finished game's result
/// in its unit and high-score tables rank by it; files keep the exact integer.
public struct ResultFormat: Equatable, Sendable {
    /// What a result's integer counts.
    public enum Unit: String, CaseIterable, Sendable {
        /// Milliseconds of game time (`GameState.elapsedMilliseconds`: the sum of `W`
        /// actions). Rules with this unit are timed (`Rules.isTimed`).
        case milliseconds = "ms"
        /// Pieces locked.
        case pieces
        /// Lines cleared.
        case lines
        /// Points.
        case points
        /// A plain count.
        case count
    }

    /// What the result is called, e.g. `"time"` (1 to 32 characters).
    public var name: String
    public var unit: Unit
    /// Whether a lower value is better (a race's time) rather than a higher one.
    public var lowerIsBetter: Bool
    /// Whether the rules read the game clock although the result is not a time (a blitz's
    /// score after two minutes): front ends then tell the engine all the time that passes,
    /// as for a result in milliseconds (`Rules.isTimed`).
    public var clock: Bool
    /// What breaks a tie between equal results, in order (TGM: the level reached, then the
    /// time): each a name, a unit and a direction. Empty for a plain result.
    public var then: [TieBreak]

    /// One tie-break of a compound result.
    public struct TieBreak: Equatable, Sendable {
        public var name: String
        public var unit: Unit
        public var lowerIsBetter: Bool

        public init(name: String, unit: Unit, lowerIsBetter: Bool) {
            self.name = name
            self.unit = unit
            self.lowerIsBetter = lowerIsBetter
        }
    }

    /// The most tie-breaks a result may have.
    public static let maxTieBreaks = 3

    public init(name: String, unit: Unit, lowerIsBetter: Bool, clock: Bool = false, then: [TieBreak] = []) {
        self.name = name
        self.unit = unit
        self.lowerIsBetter = lowerIsBetter
        self.clock = clock
        self.then = then
    }

    /// Whether rules with this result read the game clock: a time (the result or a
    /// tie-break), or `clock`.
    public var isTimed: Bool { unit == .milliseconds || clock || then.contains { $0.unit == .milliseconds } }

    /// Whether the result `a` (its value, then its tie-breaks) ranks above `b`: the first
    /// that differ decides, each in its own direction. Missing tie-breaks rank below given ones.
    public func ranks(_ a: (value: Int, then: [Int]), above b: (value: Int, then: [Int])) -> Bool {
        if a.value != b.value { return lowerIsBetter ? a.value < b.value : a.value > b.value }
        for (index, tie) in then.enumerated() {
            switch (index < a.then.count ? a.then[index] : nil, index < b.then.count ? b.then[index] : nil) {
            case (let x?, let y?) where x != y: return tie.lowerIsBetter ? x < y : x > y
            case (_?, nil): return true
            case (nil, _?): return false
            default: continue
            }
        }
        return false
    }

    /// `value` as a player reads it: `"1:23.456"` for milliseconds (hours when there are
    /// any: `"1:02:03.004"`), `"103 pieces"`, `"40 lines"`, `"8044 points"`, `"5"`.
    public static func text(_ value: Int, unit: Unit) -> String {
        switch unit {
        case .milliseconds:
            let sign = value < 0 ? "-" : ""
            let ms = value.magnitude
            let seconds = ms / 1000, minutes = seconds / 60, hours = minutes / 60
            func two(_ n: UInt) -> String { n < 10 ? "0\(n)" : "\(n)" }
            let fraction = ms % 1000
            let milli = fraction < 10 ? "00\(fraction)" : fraction < 100 ? "0\(fraction)" : "\(fraction)"
            let tail = "\(two(seconds % 60)).\(milli)"
            return hours > 0 ? "\(sign)\(hours):\(two(minutes % 60)):\(tail)" : "\(sign)\(minutes):\(tail)"
        case .pieces: return value == 1 ? "1 piece" : "\(value) pieces"
        case .lines: return value == 1 ? "1 line" : "\(value) lines"
        case .points: return value == 1 ? "1 point" : "\(value) points"
        case .count: return "\(value)"
        }
    }

    /// `value` in this format's unit (see `text(_:unit:)`).
    public func text(_ value: Int) -> String { Self.text(value, unit: unit) }

    /// A compound result as a player reads it: `"5, time 1:23.456"` (the result in its
    /// unit, then each tie-break named, in its unit).
    public func text(_ value: Int, then values: [Int]) -> String {
        zip(then, values).reduce(text(value)) { text, pair in text + ", \(pair.0.name) " + Self.text(pair.1, unit: pair.0.unit) }
    }
}

/// What a rule set asks the player to reach (`Rules.goal`), so a screen can count down to it.
public struct GameGoal: Equatable, Sendable {
    /// Lines to clear, when the goal is a number of lines (a sprint's 40).
    public var lines: Int?
    /// Milliseconds of game time to play, when the goal is a time (a blitz's two minutes).
    public var milliseconds: Int?

    public init(lines: Int? = nil, milliseconds: Int? = nil) {
        self.lines = lines
        self.milliseconds = milliseconds
    }

    /// Lines still to clear in `state` (never below 0), or `nil` without a line goal.
    public func linesLeft(in state: GameState) -> Int? {
        lines.map { max(0, $0 - state.lines) }
    }

    /// Game time left after `elapsed` milliseconds (never below 0), or `nil` without a time goal.
    public func timeLeft(after elapsed: Int) -> Int? {
        milliseconds.map { max(0, $0 - elapsed) }
    }
}
