import HanJulCore
import HanJulRender

/// The result of a headless game, as JSON for programs or text for people.
enum GameReport {
    /// One JSON object: board (top row first), score, lines, level, over, piece, dealt,
    /// mods, then result (`{"name", "value", "lower_is_better"}` or null), reason
    /// (`"playing"` or `GameOverReason.word`), error (the rule error's message or null),
    /// gravity_ms (the gravity interval at the level now), callouts (what the rules
    /// announced, oldest first), time_ms (the game clock: the sum of `W` actions),
    /// result_format (how the rules' result reads: `{"name", "unit", "lower_is_better"}` or
    /// null), goal (`{"lines", "lines_left"}` or null), rule_error (the error that ended the
    /// game as `{"mod", "hook", "location", "message"}`, or null) and warnings (hook failures
    /// the game went on from with a default, `Rules.warnings`, in the same form). The result
    /// object's `unit` follows its first three fields.
    /// With `finesse`, the object ends with finesse (the faults: presses beyond the fewest
    /// that reach each placement, `FinesseTracker`); with `statistics`, then statistics
    /// (`statisticsJSON`).
    static func json(_ state: GameState, rules: RulesIdentity, gravityMilliseconds: Int,
                     resultFormat: ResultFormat? = nil, goal: GameGoal? = nil, warnings: [RuleError] = [],
                     finesse: FinesseTracker? = nil, statistics: PlayStatistics? = nil) -> String {
        let letters = state.pieces.kinds.map(\.letter)
        let board = state.board.lines(letters: state.pieces).map { "\"\($0)\"" }.joined(separator: ",")
        let piece = state.piece
        // No piece in play (after a lock the game ended at, or before the first): null.
        let pieceJSON = state.hasPiece ? "{\"kind\":\"\(letters[piece.kind])\",\"rotation\":\(piece.rotation),\"x\":\(piece.x),\"y\":\(piece.y)}" : "null"
        let dealt = String(state.dealt.map { letters[Int($0)] })
        var result = "null", reason = "playing", error = "null", ruleError = "null"
        if case .over(let why) = state.phase {
            reason = why.word
            switch why {
            case .finished(let r):
                // A compound result's tie-break values follow as "then" (names in result_format).
                result = "{\"name\":\(jsonString(r.label)),\"value\":\(r.value),\"lower_is_better\":\(r.lowerIsBetter),"
                    + "\"unit\":\"\(r.unit.rawValue)\"" + (r.then.isEmpty ? "" : ",\"then\":[\(r.then.map(String.init).joined(separator: ","))]") + "}"
            case .ruleError(let e):
                error = jsonString(e.description)
                ruleError = errorJSON(e)
            case .blockedSpawn, .toppedOut, .outOfPieces: break
            }
        }
        let callouts = state.callouts.map(jsonString).joined(separator: ",")
        return "{\"board\":[\(board)],\"score\":\(state.score),\"lines\":\(state.lines),\"level\":\(state.level),"
            + "\"over\":\(state.isOver),\"piece\":\(pieceJSON),\"dealt\":\"\(dealt)\",\"mods\":[\(modsJSON(rules))],"
            + "\"result\":\(result),\"reason\":\"\(reason)\",\"error\":\(error),\"gravity_ms\":\(gravityMilliseconds),"
            + "\"callouts\":[\(callouts)],\"time_ms\":\(state.elapsedMilliseconds),"
            + "\"result_format\":\(resultFormat.map(formatJSON) ?? "null"),\"goal\":\(goal.map { goalJSON($0, state) } ?? "null"),"
            + "\"rule_error\":\(ruleError),\"warnings\":[\(warnings.map(errorJSON).joined(separator: ","))]"
            + (finesse.map { ",\"finesse\":\($0.faults)" } ?? "")
            + (statistics.map { ",\"statistics\":" + statisticsJSON($0, milliseconds: state.elapsedMilliseconds) } ?? "") + "}"
    }

    /// The end-of-game statistics page's figures (`PlayStatistics.page`): pieces, pps
    /// (pieces per second of the game clock, null without one), keys_per_piece (null
    /// before a piece), finesse, singles, doubles, triples, quads, spins, max_combo,
    /// back_to_back and time_ms.
    static func statisticsJSON(_ statistics: PlayStatistics, milliseconds: Int) -> String {
        let pps = milliseconds > 0 ? statistics.piecesPerSecond(milliseconds: milliseconds) : "null"
        let keys = statistics.pieces > 0 ? statistics.keysPerPiece : "null"
        let fields: [(String, String)] = [
            ("pieces", "\(statistics.pieces)"), ("pps", pps), ("keys_per_piece", keys), ("finesse", "\(statistics.finesseFaults)"),
            ("singles", "\(statistics.singles)"), ("doubles", "\(statistics.doubles)"), ("triples", "\(statistics.triples)"),
            ("quads", "\(statistics.fours)"), ("spins", "\(statistics.spins)"), ("max_combo", "\(statistics.maxCombo)"),
            ("back_to_back", "\(statistics.backToBacks)"), ("time_ms", "\(milliseconds)"),
        ]
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    /// `{"mod":…,"hook":…,"location":…,"message":…}`: a rule error or warning, its parts
    /// apart (`mod` and `location` null when unknown).
    static func errorJSON(_ error: RuleError) -> String {
        "{\"mod\":\(error.mod.map(jsonString) ?? "null"),\"hook\":\(jsonString(error.hook)),"
            + "\"location\":\(error.location.map(jsonString) ?? "null"),\"message\":\(jsonString(error.message))}"
    }

    /// `{"name", "unit", "lower_is_better"}`, and `"then"` (the tie-breaks in the same
    /// form) for a compound result only.
    static func formatJSON(_ format: ResultFormat) -> String {
        let then = format.then.map { tie in
            "{\"name\":\(jsonString(tie.name)),\"unit\":\"\(tie.unit.rawValue)\",\"lower_is_better\":\(tie.lowerIsBetter)}"
        }
        return "{\"name\":\(jsonString(format.name)),\"unit\":\"\(format.unit.rawValue)\",\"lower_is_better\":\(format.lowerIsBetter)"
            + (then.isEmpty ? "" : ",\"then\":[\(then.joined(separator: ","))]") + "}"
    }

    static func goalJSON(_ goal: GameGoal, _ state: GameState) -> String {
        let lines = goal.lines.map(String.init) ?? "null"
        let left = goal.linesLeft(in: state).map(String.init) ?? "null"
        // The time fields only for a time goal: line goals read as they always did.
        let time = goal.milliseconds.map { ",\"time_ms\":\($0),\"time_left_ms\":\(goal.timeLeft(after: state.elapsedMilliseconds) ?? 0)" } ?? ""
        return "{\"lines\":\(lines),\"lines_left\":\(left)\(time)}"
    }

    /// `{"id":…,"version":…,"sha256":…}` for each mod, escaped.
    static func modsJSON(_ rules: RulesIdentity) -> String {
        rules.mods.map { mod in
            let fields = [("id", mod.id), ("version", mod.version), ("sha256", mod.sha256)]
            return "{" + fields.map { "\"\($0.0)\":\(jsonString($0.1))" }.joined(separator: ",") + "}"
        }.joined(separator: ",")
    }

    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// The board in a frame, with the piece in play drawn in lower case, and the figures.
    static func text(_ state: GameState, rules: RulesIdentity = .standard) -> String {
        var rows = state.board.lines(letters: state.pieces).map { Array($0) }
        if !state.isOver && state.hasPiece {
            let letter = Character(state.pieces.kinds[state.piece.kind].letter.lowercased())
            for cell in state.pieces.cells(of: state.piece) where state.board.contains(x: cell.x, y: cell.y) {
                rows[cell.y][cell.x] = letter
            }
        }
        let width = state.board.width
        var out = "+" + String(repeating: "-", count: width) + "+\n"
        for row in rows { out += "|" + String(row) + "|\n" }
        out += "+" + String(repeating: "-", count: width) + "+\n"
        let next = state.queue.map { String(state.pieces.kinds[$0].letter) }.joined()
        out += "score \(state.score)  lines \(state.lines)  level \(state.level)"
        out += next.isEmpty ? "\n" : "  next \(next)\n"
        out += state.isOver ? "game over (\(describe(state.phase)))" : "playing"
        if !rules.mods.isEmpty {
            out += "\nrules: " + rules.mods.map { "\($0.id) \($0.version)" }.joined(separator: " + ")
        }
        return out
    }

    static func describe(_ phase: Phase) -> String {
        switch phase {
        case .playing: "playing"
        case .over(.blockedSpawn): "no room for the next piece"
        case .over(.toppedOut): "the stack was pushed into the piece"
        case .over(.outOfPieces): "no piece left to come"
        case .over(.finished(let result)):
            result.unit == .milliseconds ? "finished: \(result.label) \(result.text) (\(result.value) ms)" : "finished: \(result.label) \(result.value)"
        case .over(.ruleError(let error)): "a rule failed: \(error)"
        }
    }
}
