/// One row of the versus table: matches won and lost against one bot at one pace (under
/// one set of mods).
public struct VersusResult: Equatable, Sendable {
    /// `eltetris 1pps` or `attack 2pps versus`.
    public var key: String
    public var wins: Int
    public var losses: Int

    public init(key: String, wins: Int, losses: Int) {
        self.key = key
        self.wins = wins
        self.losses = losses
    }

    public static func key(bot: String, piecesPerSecond: Double, mods: [String]) -> String {
        let pace = piecesPerSecond == piecesPerSecond.rounded() ? "\(Int(piecesPerSecond))" : "\(piecesPerSecond)"
        return ([bot, pace + "pps"] + mods).joined(separator: " ")
    }
}

extension PlayStore {
    public func saveVersusReplay(_ text: String, name: String) -> String? { nil }
    public func recordVersus(key: String, won: Bool) -> String? { nil }
    public func versusResults() -> [VersusResult] { [] }
}

extension VersusResult {
    /// A finished match's result to keep: the table's row key and whether the player won.
    public struct Record: Equatable, Sendable {
        public var key: String
        public var won: Bool
        public init(key: String, won: Bool) {
            self.key = key
            self.won = won
        }
    }

    /// The versus table as the end box shows it (the first `limit` rows, `current` marked).
    static func tableLines(_ results: [VersusResult], current: String, limit: Int = 6) -> [String] {
        ["VERSUS RESULTS   W   L"] + results.prefix(limit).map { result in
            let marker = result.key == current ? "\u{25B6}" : " "
            return "\(marker)\(padded(result.key, 14)) \(padLeft(String(result.wins), 3)) \(padLeft(String(result.losses), 3))"
        }
    }

    private static func padded(_ text: String, _ width: Int) -> String {
        text.count >= width ? String(text.prefix(width)) : text + String(repeating: " ", count: width - text.count)
    }

    private static func padLeft(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}
