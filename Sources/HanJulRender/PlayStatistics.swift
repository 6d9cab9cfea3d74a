import HanJulCore

/// What a game did so far, for the panel and the end screen: pieces locked, clears by
/// size, spins, the longest combo and back-to-back clears, counted from the engine's
/// `LockFacts` (the same facts under every rule set).
///
/// ```
/// var statistics = PlayStatistics()
/// statistics.count(facts)                      // every `.lockFacts` event
/// statistics.piecesPerSecond(milliseconds: 60_000)   // "1.85"
/// ```
public struct PlayStatistics: Hashable, Sendable {
    /// Pieces locked.
    public var pieces = 0
    /// Clears of one, two, three and four or more rows.
    public var singles = 0, doubles = 0, triples = 0, fours = 0
    /// Locks the 3-corner T test calls a spin (full or mini), clearing or not.
    public var spins = 0
    /// The longest combo: clearing locks in a row after the first, as modern stackers and
    /// Mods/guideline count it (a single clear alone is no combo).
    public var maxCombo = 0
    /// Clears that were back-to-back difficult clears.
    public var backToBacks = 0
    /// Finesse faults: presses beyond the fewest that reach each placement
    /// (`FinesseTracker.faults`), as the front end counts them.
    public var finesseFaults = 0
    /// Key presses of moves, turns and soft drops for the pieces judged
    /// (`FinesseTracker.presses`).
    public var presses = 0

    public init() {}

    /// Counts one lock.
    public mutating func count(_ facts: LockFacts) {
        pieces += 1
        switch facts.lines {
        case 0: break
        case 1: singles += 1
        case 2: doubles += 1
        case 3: triples += 1
        default: fours += 1
        }
        if facts.spin != .none { spins += 1 }
        maxCombo = max(maxCombo, facts.combo - 1)
        if facts.backToBack { backToBacks += 1 }
    }

    /// Pieces per second of play, with two decimals (`"1.85"`; `"0.00"` before a second).
    public func piecesPerSecond(milliseconds: Int) -> String {
        guard milliseconds > 0 else { return "0.00" }
        let hundredths = Int((Double(pieces) * 100_000 / Double(milliseconds)).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// The callout for a lock: one to three short lines (`["T-SPIN DOUBLE", "COMBO ×3",
    /// "BACK-TO-BACK"]`), or none for an ordinary lock (a single, a double, a triple).
    public static func callout(for facts: LockFacts, ascii: Bool = false) -> [String] {
        var lines: [String] = []
        let clear = facts.lines == 0 ? "" : facts.lines == 1 ? "SINGLE" : facts.lines == 2 ? "DOUBLE"
            : facts.lines == 3 ? "TRIPLE" : facts.lines == 4 ? "QUAD" : "\(facts.lines) LINES"
        switch facts.spin {
        case .full: lines.append(clear.isEmpty ? "T-SPIN" : "T-SPIN " + clear)
        case .mini: lines.append(clear.isEmpty ? "MINI T-SPIN" : "MINI T-SPIN " + clear)
        case .none: if facts.lines >= 4 { lines.append(clear) }
        }
        if facts.combo >= 2 { lines.append("COMBO " + (ascii ? "x" : "\u{00D7}") + "\(facts.combo - 1)") }
        if facts.backToBack { lines.append("BACK-TO-BACK") }
        return lines
    }
}

extension PlayStatistics {
    /// Counts the locks among an action's `events`.
    public mutating func count(_ events: [Event]) {
        for case .lockFacts(let facts) in events { count(facts) }
    }

    /// Key presses per piece judged, with two decimals (`"3.12"`; `"-"` before a piece).
    public var keysPerPiece: String {
        guard pieces > 0 else { return "-" }
        let hundredths = Int((Double(presses) * 100 / Double(pieces)).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// The end-of-game statistics page: each figure's label and value, in order.
    ///
    /// ```
    /// Pieces          41
    /// PPS           1.85
    /// Keys/piece    3.12
    /// Finesse          2
    /// …
    /// Time      0:22.162
    /// ```
    public func page(milliseconds: Int) -> [(label: String, value: String)] {
        [("Pieces", "\(pieces)"), ("PPS", piecesPerSecond(milliseconds: milliseconds)), ("Keys/piece", keysPerPiece),
         ("Finesse", "\(finesseFaults)"), ("Singles", "\(singles)"), ("Doubles", "\(doubles)"), ("Triples", "\(triples)"),
         ("Quads", "\(fours)"), ("T-spins", "\(spins)"), ("Max combo", "\(maxCombo)"), ("B2B", "\(backToBacks)"),
         ("Time", HUD.formatMilliseconds(milliseconds))]
    }

    /// `page(milliseconds:)` as text lines, the values aligned right.
    public func pageText(milliseconds: Int) -> String {
        let rows = page(milliseconds: milliseconds)
        let width = max(rows.map { $0.label.count + 1 + $0.value.count }.max() ?? 0, 20)
        return rows.map { $0.label + String(repeating: " ", count: width - $0.label.count - $0.value.count) + $0.value }
            .joined(separator: "\n")
    }
}
