import HanJulText

extension Layout {
    /// One line of an overlay box.
    struct BoxLine {
        var text: String
        var style: TextStyle = .plain
        var isCentered = false
    }

    /// The narrowest a box over the board is drawn: a narrow board's box grows to the left.
    static let minimumBoxWidth = 22

    /// Draws `scene.overlay` when it goes over the board (pause, help, a message): a
    /// bordered box as wide as the board's border (never over the panel), centred on it,
    /// kept inside the frame; lines too wide wrap, rows that do not fit are left out (the
    /// last one shown ends in an ellipsis).
    func drawOverlay(_ scene: Scene, glyphs: Glyphs, boardX: Int, boardY: Int, into frame: inout Frame) {
        let title: String
        var body: [BoxLine] = []
        switch scene.overlay {
        case .none, .gameOver, .report:
            return
        case .paused(let hint):
            title = "PAUSED"
            body = Self.textLines(hint, style: scene.style).map { BoxLine(text: $0, isCentered: true) }
        case .help(let lines):
            title = "KEYS"
            body = lines.map { BoxLine(text: Self.clean($0, style: scene.style)) }
        case .message(let heading, let text):
            title = Self.clean(heading, style: scene.style)
            body = Self.textLines(text, style: scene.style).map { BoxLine(text: $0) }
        }
        var lines = [BoxLine(text: title, style: .bold, isCentered: true)]
        if !body.isEmpty { lines.append(BoxLine(text: "")) }
        lines += body

        let boxWidth = min(max(boardBox.width, Self.minimumBoxWidth), frame.width)
        let right = boardX + boardBox.width
        let left = max(min(right - boxWidth, frame.width - boxWidth), 0)
        let inner = max(boxWidth - 4, 0)
        let wrapped = Self.wrap(lines, width: inner)
        let boxHeight = min(wrapped.count + 2, max(boardBox.height, min(frame.height, wrapped.count + 2)))
        let top = min(max(boardY + (boardBox.height - boxHeight) / 2, 0), max(frame.height - boxHeight, 0))
        drawTextBox(wrapped, x: left, y: top, width: boxWidth, height: boxHeight, glyphs: glyphs, into: &frame)
    }

    /// Whether `overlay` is drawn beside the board, in the panel's place.
    static func isBesideBoard(_ overlay: Overlay) -> Bool {
        switch overlay {
        case .gameOver, .report: true
        default: false
        }
    }

    /// The lines of an overlay drawn beside the board (game over, a final report), before
    /// wrapping.
    func besideBoardLines(_ scene: Scene, glyphs: Glyphs, width: Int = .max) -> [BoxLine] {
        switch scene.overlay {
        case .gameOver(let summary):
            return [BoxLine(text: summary.title, style: .bold, isCentered: true), BoxLine(text: "")]
                + gameOverLines(summary, hud: scene.hud, glyphs: glyphs, clean: { Self.clean($0, style: scene.style) }, width: width)
        case .report(let title, let text):
            return [BoxLine(text: Self.clean(title, style: scene.style), style: .bold, isCentered: true), BoxLine(text: "")]
                + Self.textLines(text, style: scene.style).map { BoxLine(text: $0) }
        default:
            return []
        }
    }

    /// The widest a report beside the board grows (it wraps beyond).
    static let maximumReportWidth = 46

    /// How wide a report beside the board wants to be: its widest line and the box.
    func besideBoardWidth(_ lines: [BoxLine]) -> Int {
        let widest = lines.map { displayWidth($0.text) }.max() ?? 0
        return min(max(widest + 4, panel.width), Self.maximumReportWidth)
    }

    /// Draws a report beside the board at `(x, y)`, `width` columns wide.
    func drawBesideBoard(_ lines: [BoxLine], glyphs: Glyphs, x: Int, y: Int, width: Int, into frame: inout Frame) {
        let wrapped = Self.wrap(lines, width: max(width - 4, 0))
        let height = min(wrapped.count + 2, max(frame.height - y, 0))
        drawTextBox(wrapped, x: x, y: y, width: width, height: height, glyphs: glyphs, into: &frame)
    }

    /// A bordered box of `lines` (already wrapped to `width − 4`); rows that do not fit are
    /// left out, the last shown replaced by an ellipsis.
    func drawTextBox(_ lines: [BoxLine], x: Int, y: Int, width: Int, height: Int, glyphs: Glyphs, into frame: inout Frame) {
        guard width >= 2, height >= 2 else { return }
        let inner = width - 4
        frame.fill(x: x, y: y, width: width, height: height, with: .blank)
        drawBox(x: x, y: y, width: width, height: height, glyphs: glyphs, into: &frame)
        let rows = height - 2
        for (index, line) in lines.prefix(rows).enumerated() {
            var text = line.text
            if index == rows - 1 && lines.count > rows { text = truncated(text + " " + glyphs.ellipsis, to: inner, ellipsis: glyphs.ellipsis) }
            let indent = line.isCentered ? (inner - displayWidth(text)) / 2 : 0
            frame.write(text, x: x + 2 + max(indent, 0), y: y + 1 + index, style: line.style)
        }
    }

    /// `lines` wrapped to `width` columns; an indented line's continuations keep its
    /// indentation (when that leaves room).
    static func wrap(_ lines: [BoxLine], width: Int) -> [BoxLine] {
        var wrapped: [BoxLine] = []
        for line in lines {
            guard !line.text.isEmpty, displayWidth(line.text) > width else {
                wrapped.append(line)
                continue
            }
            let scalars = line.text.unicodeScalars
            let indent = scalars.prefix { $0 == " " }.count
            let keep = indent > 0 && indent <= width / 3 ? indent : 0
            var body = String.UnicodeScalarView()
            body.append(contentsOf: scalars.dropFirst(keep))
            let pad = String(repeating: " ", count: keep)
            for part in TextWrap.wrap(String(body), width: width - keep) {
                wrapped.append(BoxLine(text: pad + part, style: line.style, isCentered: line.isCentered))
            }
        }
        return wrapped
    }

    /// Text from outside (a mod's error, a message) as lines: its line breaks kept (`\n`,
    /// `\r\n`), tabs at a line's start as two spaces each (a traceback's indentation),
    /// other tabs as one space, then sanitised.
    static func textLines(_ text: String, style: RenderStyle) -> [String] {
        guard !text.isEmpty else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { raw in
            var line = Substring(raw)
            if line.hasSuffix("\r") { line = line.dropLast() }
            var indent = ""
            while line.first == "\t" || line.first == " " {
                indent += line.first == "\t" ? "  " : " "
                line = line.dropFirst()
            }
            return indent + clean(String(line), style: style)
        }
    }

    /// `text` safe to draw in `style`.
    static func clean(_ text: String, style: RenderStyle) -> String {
        DisplayText.sanitized(text, asciiOnly: style.isASCII)
    }

    /// The game-over box's body: the reason, the final figures, the table and the hint.
    ///
    /// ```
    /// no room for the next piece
    ///
    /// Score   1200
    /// Lines     12
    /// Level      2
    /// Time    1:23
    ///
    ///     SCORE  LINES  LEVEL
    ///  1   9000     40      5  05-01
    /// ▶2   1200     12      2  today
    ///
    /// r restart · q quit
    /// ```
    func gameOverLines(_ summary: GameOverSummary, hud: HUD, glyphs: Glyphs, clean: (String) -> String,
                       width: Int = .max) -> [BoxLine] {
        var lines: [BoxLine] = []
        if let reason = summary.reason, !reason.isEmpty {
            lines.append(BoxLine(text: clean(reason)))
            lines.append(BoxLine(text: ""))
        }
        let time = hud.elapsedMilliseconds.map(HUD.formatMilliseconds) ?? HUD.formatTime(hud.elapsedSeconds)
        var figures = [("Score", "\(hud.score)"), ("Lines", "\(hud.lines)"), ("Level", "\(hud.level)"), ("Time", time)]
        if let pace = summary.pace { figures.append(("Pace", pace)) }
        let figureWidth = figures.map { $0.1.count }.max() ?? 0
        for (label, value) in figures {
            lines.append(BoxLine(text: pad(label, 6) + padLeft(value, max(figureWidth, 6))))
        }
        if !summary.table.isEmpty {
            lines.append(BoxLine(text: ""))
            lines += tableLines(summary.table, glyphs: glyphs, clean: clean, width: width)
        }
        if !summary.hint.isEmpty {
            lines.append(BoxLine(text: ""))
            lines.append(BoxLine(text: clean(summary.hint), isCentered: true))
        }
        return lines
    }

    /// The high-score table as lines, with the columns that fit `width`: rank and score
    /// always, then lines, level and the label while there is room.
    func tableLines(_ table: [HighScoreEntry], glyphs: Glyphs, clean: (String) -> String, width: Int) -> [BoxLine] {
        struct Column {
            var header: String
            var cells: [String]
            var width: Int { max(header.count, cells.map(displayWidth).max() ?? 0) }
        }
        let rankWidth = "\(table.count)".count
        var columns = [
            Column(header: "SCORE", cells: table.map { "\($0.score)" }),
            Column(header: "LINES", cells: table.map { "\($0.lines)" }),
            Column(header: "LEVEL", cells: table.map { "\($0.level)" }),
        ]
        if table.contains(where: { $0.name != nil }) {
            // Cut by columns, not characters: ten Hangul syllables are twenty.
            columns.insert(Column(header: "NAME", cells: table.map { String(displayPrefix(clean($0.name ?? ""), width: 10)) }), at: 0)
        }
        // A race ranks by its result: that column comes first, then the score's.
        if table.contains(where: { $0.result != nil }) {
            columns.insert(Column(header: "RESULT", cells: table.map { clean($0.result ?? "-") }), at: 0)
        }
        let labels = table.map { clean($0.label) }
        var showsLabel = labels.contains { !$0.isEmpty }
        func total() -> Int {
            1 + rankWidth + columns.reduce(0) { $0 + 2 + $1.width } + (showsLabel ? 2 + (labels.map(displayWidth).max() ?? 0) : 0)
        }
        if total() > width { showsLabel = false }
        while total() > width && columns.count > 1 { columns.removeLast() }
        var lines = [BoxLine(text: String(repeating: " ", count: 1 + rankWidth)
                             + columns.map { "  " + padLeft($0.header, $0.width) }.joined(), style: glyphs.labelStyle)]
        for (index, entry) in table.enumerated() {
            var text = (entry.isLatest ? glyphs.marker : " ") + padLeft("\(index + 1)", rankWidth)
                + columns.map { "  " + padLeft($0.cells[index], $0.width) }.joined()
            if showsLabel && !labels[index].isEmpty { text += "  " + labels[index] }
            lines.append(BoxLine(text: text, style: entry.isLatest ? .bold : .plain))
        }
        return lines
    }
}

/// `text` followed by spaces up to `width` columns (`displayWidth`: a wide character is
/// two, a combining mark none, so what follows lines up whatever script `text` is in).
func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(width - displayWidth(text), 0))
}

/// `text` preceded by spaces up to `width` columns (`displayWidth`).
func padLeft(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(width - displayWidth(text), 0)) + text
}
