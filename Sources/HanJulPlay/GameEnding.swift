import HanJulCore
import HanJulRender
import HanJulTerminal

/// A game's end: its summary, its place in its table and, for a top-10 game, the name
/// being typed. The game asks for the entry to be saved (`.saveHighScore`) and hands the
/// answers here; this type decides what the end screen says and which keys type the name.
struct GameEnding {
    var title: String
    var reason: String
    /// The table's key.
    var key: String
    var table: [HighScore] = []
    var rank: Int?
    var entry: HighScore
    /// Whether the game reached its goal (a result in the table's unit): ranked first, it
    /// is "a new best".
    var finished: Bool
    /// The name being typed at the end of a game that made its table's top 10 (nil: no
    /// prompt up).
    var namePrompt: String?
    /// Whether the name is being edited: only a deliberate Backspace starts it, so keys
    /// still pressed from the game never type into the name.
    var editing = false
    /// Whether the end screen shows the statistics page (Tab) instead of the results.
    var showsStatistics = false
    /// When the game ended: the name prompt takes no game keys in the first moments.
    var since: UInt64

    /// How long the name prompt ignores game keys after the game ends (nanoseconds).
    static var namePromptGrace: UInt64 { 500_000_000 }
    /// Presses of one key closer than this are a key repeating (nanoseconds).
    static var repeatGap: UInt64 { 100_000_000 }

    /// The entry was saved (`entry`, the name it got filled in): its place, and the name
    /// prompt for a top-10 game (the saved entry has the remembered name meanwhile, so a
    /// quit or a signal now keeps that one).
    mutating func saved(_ entry: HighScore, _ outcome: HighScoreTable.Outcome) {
        self.entry = entry
        table = outcome.table
        rank = outcome.rank
        if finished && outcome.rank == 0 && outcome.table.count > 1 { reason += " (a new best)" }
        if let message = outcome.message { reason += ". " + message }
        if let rank = outcome.rank, rank < HighScoreTable.limit, outcome.table.indices.contains(rank) {
            namePrompt = entry.name ?? ""
        }
    }

    /// The entry was renamed: its place in the table after it.
    mutating func renamed(_ outcome: HighScoreTable.Outcome) {
        if let rank = outcome.rank {
            table = outcome.table
            self.rank = rank
            entry = outcome.table[rank]
        }
        if let message = outcome.message { reason += ". " + message }
    }

    /// A line for the player added to the reason (a file not written).
    mutating func note(_ problem: String?) {
        if let problem { reason += ". " + problem }
    }

    /// Whether a press of `key` (a game key when `isGameKey`) is the game's, not the
    /// name's: a game key in the first moments, or the last game key still repeating
    /// (presses closer than a person types). A hard drop pressed as the stack topped out
    /// typed spaces into the name.
    static func isGameKeyStill(_ key: Key, isGameKey: Bool, at now: UInt64, since: UInt64, last: inout (key: Key, at: UInt64)?) -> Bool {
        if [.control("c"), .enter, .escape, .backspace].contains(key) { return false }
        if now &- since < namePromptGrace, isGameKey { return true }
        if let previous = last, previous.key == key, now &- previous.at < repeatGap {
            last = (key, now)
            return true
        }
        last = nil
        return false
    }

    /// What a key does to the name prompt.
    enum Typed: Equatable {
        /// The name changed (or not): draw it.
        case editing
        /// Enter: save this name.
        case save(String)
        /// Esc: keep the name the entry was saved with.
        case keep
        /// Ctrl-C: quit, that name kept.
        case quit
        /// Not a key of the prompt.
        case ignored
    }

    /// A key while the name prompt is up: Enter saves, Esc keeps, Ctrl-C quits; Backspace
    /// deletes, and starts the editing in which printable characters (as
    /// `HighScore.cleanName` keeps them, at most `HighScore.nameLimit`) and space type.
    /// Before that, other keys do nothing.
    mutating func type(_ key: Key) -> Typed {
        guard var typed = namePrompt else { return .ignored }
        if !editing, ![.enter, .escape, .control("c"), .backspace].contains(key) { return .ignored }
        if key == .backspace { editing = true }
        switch key {
        case .character(let character):
            let text = String(character)
            if HighScore.cleanName(text) == text, typed.count < HighScore.nameLimit { typed.append(character) }
        case .space:
            if !typed.isEmpty, typed.last != " ", typed.count < HighScore.nameLimit - 1 { typed.append(" ") }
        case .backspace:
            if !typed.isEmpty { typed.removeLast() }
        case .enter:
            namePrompt = nil
            return .save(typed)
        case .escape:
            namePrompt = nil
            return .keep
        case .control("c"):
            namePrompt = nil
            return .quit
        default:
            return .ignored
        }
        namePrompt = typed
        return .editing
    }

    /// What to ask for the name typed (`typed`, cleaned): the entry renamed when the name
    /// differs, and the name remembered.
    func asks(saving typed: String) -> [ScreenEffect] {
        let cleaned = HighScore.cleanName(typed)
        let name = cleaned.isEmpty ? nil : cleaned
        var asks: [ScreenEffect] = []
        if name != entry.name { asks.append(.ask(.renameHighScore(entry, to: name, key: key))) }
        if let name { asks.append(.ask(.rememberName(name))) }
        return asks
    }

    /// The table's rows (the new entry's name as typed while the prompt is up).
    var rows: [HighScoreEntry] {
        table.enumerated().map { index, score in
            var row = HighScoreEntry(score: score.score, lines: score.lines, level: score.level,
                                     label: String(score.date.dropFirst(5).prefix(5)), isLatest: index == rank)
            row.result = score.resultText
            row.name = score.name
            if index == rank, let typed = namePrompt { row.name = typed + (editing ? "_" : "") }
            return row
        }
    }
}
