import HanJulBot
import HanJulTerminal
import HanJulText

/// The Modes page and the Play row's choice of rules.
///
/// Modes lists `GameMode.all` by the names players know; Enter plays the one under the
/// cursor (its mods in order) without changing what Play plays. The Play row's ←/→ choose
/// Classic (the standard rules) or Modern (`guideline`), kept as settings.conf's `mods`.
extension MenuScreen {
    /// One mode as the page shows it: its table key (from the versions of its mods found),
    /// or why it cannot be played; its best result.
    struct ModeRow: Equatable {
        var mode: GameMode
        var key: String?
        var problem: String?
        var best: String?
    }

    /// The rules the Play row plays: Classic, Modern, or the mods last played from the Mods
    /// page (until ←/→ choose again).
    var playChoices: [[String]] {
        let fixed = GameMode.play.map(\.mods)
        return fixed.contains(settings.mods) ? fixed : fixed + [settings.mods]
    }

    /// ←/→ on the Play row: the next of Classic and Modern, saved at once.
    mutating func choosePlay(by step: Int) {
        let choices = playChoices
        let index = choices.firstIndex(of: settings.mods) ?? 0
        // A rule set from the Mods page is one of the choices only while it is chosen.
        settings.mods = choices[(index + step + choices.count) % choices.count]
        settingsChanged = true
        saveSettingsIfChanged()
    }

    /// Opens the Modes page with the mods found: which modes have their mods, their
    /// tables' keys (their bests are asked for).
    mutating func showModes() {
        modeRows = GameMode.all.map { mode in
            var row = ModeRow(mode: mode)
            var parts: [String] = []
            for id in mode.mods {
                guard let mod = mods.first(where: { $0.id == id }) else {
                    row.problem = "needs the mod \(id), which is not installed"
                    return row
                }
                if let problem = mod.problem {
                    row.problem = "\(id) cannot be played: \(problem)"
                    return row
                }
                parts.append("\(id)@\(mod.version)")
            }
            let key = parts.isEmpty ? "standard" : parts.joined(separator: "+")
            row.key = key
            return row
        }
        modesCursor = min(modesCursor, max(modeRows.count - 1, 0))
        page = .modes
    }

    /// The Versus row's choices (←/→): the bot (`NAME` or `attack,LEVEL`), its pace in pieces
    /// per second, and for a level what it measured (`BotLevel.measured`).
    static let versusChoices: [(bot: String, pps: Double, level: BotLevel?)] =
        [("eltetris", 1, nil), ("eltetris", 2, nil)] + BotLevel.allCases.map { level -> (bot: String, pps: Double, level: BotLevel?) in ("attack,\(level.rawValue)", level.piecesPerSecond, level) } + [("random", 1, nil)]

    /// The Versus row's text for a choice: `against eltetris at 2 pps`, or for a level
    /// `attack (hard), 1.5 pps · wins 99.5% · 0.50 atk/piece` (the level's matches won against
    /// El-Tetris and its attack per piece, `BotLevel.measured`). Short enough to be whole on
    /// the page at its widest (72 columns).
    static func versusText(_ choice: (bot: String, pps: Double, level: BotLevel?), dot: String) -> String {
        let pace = choice.pps.rounded() == choice.pps ? String(Int(choice.pps)) : String(choice.pps)
        guard let level = choice.level else { return "against \(choice.bot) at \(pace) pps" }
        let head = "attack (\(level.rawValue)), \(pace) pps"
        guard let figures = level.measured else { return head + " \(dot) not measured yet" }
        return head + " \(dot) wins \(percent(figures.winRate)) \(dot) \(hundredths(figures.attackPerPiece)) atk/piece"
    }

    /// `100%`, `70%`, `99.5%`: a tenth only where it is not zero.
    static func percent(_ share: Double) -> String {
        let tenths = Int((share * 1000).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)%" : "\(tenths / 10).\(tenths % 10)%"
    }

    /// `0.50`: two decimals.
    static func hundredths(_ x: Double) -> String {
        let n = Int((x * 100).rounded())
        return "\(n / 100)." + (n % 100 < 10 ? "0" : "") + "\(n % 100)"
    }

    mutating func modesKey(_ key: Key, step: Int) -> [ScreenEffect] {
        // The rows: the modes, then Versus (against the bot, under guideline and versus when installed).
        if step != 0 { modesCursor = Self.moved(modesCursor, by: step, count: modeRows.count + 1) }
        if modesCursor == modeRows.count {
            let count = Self.versusChoices.count
            switch key {
            case .arrow(.left, _), .character("h"): versusChoice = (versusChoice + count - 1) % count
            case .arrow(.right, _), .character("l"): versusChoice = (versusChoice + 1) % count
            case .enter:
                let choice = Self.versusChoices[versusChoice]
                // The modern game (hold, five previews, 180°) with the Guideline attack
                // table and grey garbage, as `hanjul versus` without --mod.
                let usable = Set(mods.filter { $0.problem == nil }.map(\.id))
                let ids = usable.isSuperset(of: ["guideline", "versus"]) ? ["guideline", "versus"] : usable.contains("versus") ? ["versus"] : []
                return [.ask(.startVersus(ids: ids, bot: choice.bot, pps: choice.pps, config: config.with(settings), size: size))]
            default: break
            }
            return []
        }
        guard key == .enter, modeRows.indices.contains(modesCursor) else { return [] }
        let row = modeRows[modesCursor]
        if let problem = row.problem {
            status = "\(row.mode.name): \(problem)"
            return []
        }
        return start(row.mode.mods, remember: false)
    }

    func modesView(dot: String, updown: String) -> View {
        let width = (modeRows.map { displayWidth($0.mode.name) }.max() ?? 0) + 2
        let modeLines = modeRows.enumerated().map { index, row in
            Line(text: Self.padded(row.mode.name, width) + (row.problem == nil ? row.best.map { "best " + $0 } ?? "" : "unavailable"),
                 style: row.problem == nil ? .plain : .dim, isCurrent: index == modesCursor)
        }
        let choice = Self.versusChoices[versusChoice % Self.versusChoices.count]
        let versusLine = Self.padded("Versus", width) + Self.versusText(choice, dot: dot)
        let lines = modeLines + [Line(text: versusLine, style: .plain, isCurrent: modesCursor == modeRows.count)]
        var details: [String] = []
        if modesCursor == modeRows.count {
            details.append("You against the bot, two boards side by side, modern rules (Mods/guideline), garbage by Mods/versus. Left and right choose the bot and its pace; the attack bot's levels show what they measured against El-Tetris (README, \"Bot levels\").")
            details.append("Best of 3; the match replay is saved (hanjul replay FILE.hjvs).")
        }
        if modeRows.indices.contains(modesCursor) {
            let row = modeRows[modesCursor]
            details.append(row.mode.summary)
            details.append("Ranks by: \(row.mode.ranksBy). Rules: "
                           + (row.mode.mods.isEmpty ? "standard" : row.mode.mods.joined(separator: " + ")))
            if let problem = row.problem { details.append(problem) }
        }
        return View(heading: "Modes", lines: lines, details: details, hint: "\(updown) choose \(dot) Enter play \(dot) Esc back")
    }

    /// A table's title: the name of its mode (`Sprint 40L`) or the key itself.
    static func tableTitle(_ key: String) -> String {
        GameMode.name(ofTable: key) ?? key
    }
}
