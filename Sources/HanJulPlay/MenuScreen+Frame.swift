import HanJulCore
import HanJulFiles
import HanJulRender
import HanJulText

extension MenuScreen {
    /// One line of a page.
    struct Line {
        var text: String
        var style: TextStyle = .plain
        /// Whether the cursor is on it (drawn with the marker, in reverse).
        var isCurrent = false
    }

    /// What a page shows: a heading, its lines (scrolled so the cursor shows), lines under
    /// them (the mod under the cursor, the order), and a line of keys.
    struct View {
        var heading: String
        var lines: [Line]
        var details: [String] = []
        var hint: String
        /// The widest the page is drawn (a high-score table's columns need more room).
        var maxWidth = 72
    }

    func frame() -> Frame {
        return Self.draw(view(), status: status, size: size, style: config.style)
    }

    /// The narrowest and shortest terminal a page is drawn whole in.
    static let minimumSize = Size(width: 30, height: 10)

    static func draw(_ view: View, status: String?, size: Size, style: RenderStyle) -> Frame {
        var frame = Frame(size: size)
        guard size.contains(minimumSize) else {
            return Layout.tooSmallFrame(need: minimumSize, have: size, style: style)
        }
        let ascii = style.isASCII
        let width = min(size.width - 2, view.maxWidth)
        let left = (size.width - width) / 2
        func put(_ text: String, _ y: Int, _ style: TextStyle = .plain, centered: Bool = false) {
            let clean = DisplayText.sanitized(text, asciiOnly: ascii)
            let shown = truncatedText(clean, to: width, ascii: ascii)
            let x = centered ? left + max((width - displayWidth(shown)) / 2, 0) : left
            frame.write(shown, x: x, y: y, style: style, asciiOnly: ascii)
        }
        put("H A N J U L", 0, .bold, centered: true)
        put(view.heading, 1, .dim, centered: true)
        // Rows: heading 2, a blank, the lines, a blank, the details, status and hint at the bottom.
        let bottom = size.height - 1
        let details = view.details.flatMap { TextWrap.wrap(DisplayText.sanitized($0, asciiOnly: ascii), width: width) }
        let detailRows = min(details.count, max((size.height - 8) / 3, 0))
        let listTop = 3
        let listRows = max(bottom - 2 - detailRows - listTop, 1)
        let current = view.lines.firstIndex(where: \.isCurrent) ?? 0
        let first = min(max(current - listRows + 1, 0), max(view.lines.count - listRows, 0))
        let marker = ascii ? ">" : "\u{25B6}"
        for (row, line) in view.lines.dropFirst(first).prefix(listRows).enumerated() {
            let text = (line.isCurrent ? marker + " " : "  ") + line.text
            var lineStyle = line.style
            if line.isCurrent { lineStyle.attributes.insert(.bold) }
            put(text, listTop + row, lineStyle)
        }
        if first > 0 { put(ascii ? "  ^ more" : "  \u{2191} more", listTop - 1, .dim) }
        if first + listRows < view.lines.count { put(ascii ? "  v more" : "  \u{2193} more", listTop + listRows, .dim) }
        for (row, line) in details.prefix(detailRows).enumerated() {
            put(line, bottom - 1 - detailRows + row, .plain)
        }
        if let status { put(status, bottom - 1, .bold) }
        put(view.hint, bottom, .dim, centered: true)
        return frame
    }

    func view() -> View {
        let ascii = config.style.isASCII
        let dot = ascii ? "-" : "\u{00B7}"
        let updown = ascii ? "up/down" : "\u{2191}\u{2193}"
        switch page {
        case .main:
            let (before, after) = ascii ? ("<", ">") : ("\u{25C0}", "\u{25B6}")
            let lines = Self.items.enumerated().map { index, item in
                Line(text: item == "Play" ? "Play  \(before) \(playLabel) \(after)" : item, isCurrent: index == mainCursor)
            }
            let details = Self.items[mainCursor] == "Play"
                ? [GameMode.play.first { $0.mods == settings.mods }?.summary ?? "The mods last played from the Mods page."] : []
            return View(heading: "a falling-block puzzle game", lines: lines, details: details,
                        hint: Self.items[mainCursor] == "Play"
                            ? "\(updown) choose \(dot) \(ascii ? "left/right" : "\u{2190}\u{2192}") rules \(dot) Enter play \(dot) q quit"
                            : "\(updown) choose \(dot) Enter open \(dot) q quit")
        case .modes:
            return modesView(dot: dot, updown: updown)
        case .mods:
            var lines: [Line] = []
            for (index, mod) in mods.enumerated() {
                let order = selection.firstIndex(of: mod.id).map { "[\($0 + 1)]" } ?? "[ ]"
                let text = mod.problem == nil
                    ? "\(order) \(mod.id) \(mod.version)  \(mod.name)"
                    : "\(order) \(mod.id)  FAILS TO LOAD"
                lines.append(Line(text: text, style: mod.problem == nil ? .plain : .dim, isCurrent: index == modsCursor))
            }
            if lines.isEmpty { lines = [Line(text: "no mods found", style: .dim)] }
            var details: [String] = []
            if mods.indices.contains(modsCursor) {
                let mod = mods[modsCursor]
                details.append(mod.problem ?? mod.description)
            }
            details.append("Order: " + (selection.isEmpty ? "(only the mod under the cursor)" : selection.joined(separator: ascii ? " > " : " \u{2192} ")))
            return View(heading: "Mods", lines: lines, details: details,
                        hint: "Space add/remove \(dot) Enter play \(dot) Esc back")
        case .settings:
            var lines: [Line] = []
            for (index, field) in HandlingSettings.fields.enumerated() {
                // Descriptions start in one column, whatever the value's width.
                lines.append(Line(text: Self.padded(field.name, 12) + Self.padded("\(settings.handling[keyPath: field.keyPath]) ms", Self.valueWidth) + field.summary,
                                  isCurrent: index == settingsCursor))
            }
            let fields = HandlingSettings.fields.count
            lines.append(Line(text: Self.padded("ghost", 12) + (settings.ghost ? "on" : "off"), isCurrent: settingsCursor == fields))
            lines.append(Line(text: Self.padded("preview", 12) + Self.padded("\(settings.preview)", Self.valueWidth) + "next pieces shown (as the rules allow)",
                              isCurrent: settingsCursor == fields + 1))
            lines.append(Line(text: Self.padded("palette", 12) + Self.padded(settings.palette.rawValue, Self.valueWidth) + "colours (auto: what the terminal says)",
                              isCurrent: settingsCursor == fields + 2))
            lines.append(Line(text: Self.padded("keys", 12) + Self.padded("Enter", Self.valueWidth) + "bind keys (saved in keys.conf)", isCurrent: settingsCursor == fields + 3))
            lines.append(Line(text: ""))
            lines.append(Line(text: "Keys (keys.conf):", style: .dim))
            for line in config.bindings.helpLines(rules: Action.allKinds, width: 18) {
                lines.append(Line(text: "  " + line, style: .dim))
            }
            return View(heading: "Settings", lines: lines,
                        hint: "\(updown) choose \(dot) \(ascii ? "left/right" : "\u{2190}\u{2192}") change \(dot) Esc save and back")
        case .scores:
            let lines = tables.enumerated().map { index, key in Line(text: Self.tableTitle(key), isCurrent: index == scoresCursor) }
            return View(heading: "High scores", lines: lines.isEmpty ? [Line(text: "no games yet", style: .dim)] : lines,
                        details: tables.indices.contains(scoresCursor) && Self.tableTitle(tables[scoresCursor]) != tables[scoresCursor]
                            ? ["Rules: " + tables[scoresCursor]] : [],
                        hint: "\(updown) choose \(dot) Enter open \(dot) Esc back")
        case .table(let key):
            // Every column whole where the terminal has room (D9: DATE was cut at 72 columns).
            return View(heading: "High scores: \(Self.tableTitle(key))", lines: tableLines(), hint: "\(updown) scroll \(dot) Esc back", maxWidth: 96)
        case .replays:
            var lines = replays.enumerated().map { index, listing in
                let what = listing.problem == nil ? "\(listing.rules), \(listing.actions) actions" : "unreadable"
                if listing.problem == nil, let date = listing.date {
                    // What it holds: when, which rules, how it ended (the file name is below).
                    return Line(text: "\(date)  \(listing.rules)  \(listing.outcome ?? "\(listing.actions) actions")",
                                isCurrent: index == replaysCursor)
                }
                return Line(text: "\(listing.path.name.shown(asciiOnly: ascii))  \(what)", isCurrent: index == replaysCursor)
            }
            if lines.isEmpty { lines = [Line(text: "no replays yet", style: .dim)] }
            return View(heading: "Replays (newest first)", lines: lines,
                        details: replays.indices.contains(replaysCursor)
                            ? [replays[replaysCursor].problem ?? replays[replaysCursor].path.shown(asciiOnly: ascii)] : [],
                        hint: "Enter watch \(dot) v verify \(dot) d delete \(dot) Esc back")
        case .keys:
            return keysView()
        }
    }

    /// Table `key` with every column: rank, the result (for a race), score, lines, level,
    /// date and seed.
    func tableLines() -> [Line] {
        let entries = table
        guard !entries.isEmpty else { return [Line(text: "empty", style: .dim)] }
        let hasResult = entries.contains { $0.result != nil }
        var header = "  #  "
        if hasResult { header += Self.padded("RESULT", 12) }
        header += Self.padded("NAME", 17)
        header += Self.padded("SCORE", 9) + Self.padded("LINES", 7) + Self.padded("LEVEL", 6) + "DATE"
        var lines = [Line(text: header, style: .dim)]
        let ascii = config.style.isASCII
        // Cells from outside are measured as drawn and cut to their column, so nothing in a
        // name or a mod's result text can push the columns after it.
        func cell(_ text: String, _ width: Int) -> String {
            Self.padded(truncatedText(DisplayText.sanitized(text, asciiOnly: ascii), to: width - 1, ascii: ascii), width)
        }
        for (index, entry) in entries.enumerated() {
            var text = Self.padded(Self.padLeft("\(index + 1)", 3), 5)
            if hasResult { text += cell(entry.resultText ?? "-", 12) }
            text += cell(entry.name ?? "", 17)
            text += Self.padded("\(entry.score)", 9) + Self.padded("\(entry.lines)", 7) + Self.padded("\(entry.level)", 6) + entry.date
            lines.append(Line(text: text, isCurrent: index == tableScroll))
        }
        return lines
    }

    /// The Settings page's value column, so the descriptions after it line up.
    static let valueWidth = 10

    /// `text` followed by spaces up to `width` columns (`displayWidth`), at least one.
    static func padded(_ text: String, _ width: Int) -> String {
        let count = displayWidth(text)
        return count >= width ? text + " " : text + String(repeating: " ", count: width - count)
    }

    /// `text` preceded by spaces up to `width` columns (`displayWidth`).
    static func padLeft(_ text: String, _ width: Int) -> String {
        let count = displayWidth(text)
        return count >= width ? text : String(repeating: " ", count: width - count) + text
    }
}

/// `text` cut to `width` columns, the last one an ellipsis when cut; never inside a
/// character or half of a wide one.
func truncatedText(_ text: String, to width: Int, ascii: Bool) -> String {
    guard displayWidth(text) > width else { return text }
    guard width > 1 else { return "" }
    return DisplayText.truncated(text, to: width, ellipsis: ascii ? "~" : "\u{2026}")
}
