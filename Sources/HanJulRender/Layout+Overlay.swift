extension Layout {
    /// One line of an overlay box.
    struct BoxLine {
        var text: String
        var style: TextStyle = .plain
        var isCentered = false
    }

    /// Draws `scene.overlay` as a bordered box over the board whose border box has its
    /// top-left corner at `(boardX, boardY)`: at least as wide as the board, centred on it,
    /// kept inside the frame; lines too wide for the frame wrap, rows that do not fit are
    /// left out.
    func drawOverlay(_ scene: Scene, glyphs: Glyphs, boardX: Int, boardY: Int, into frame: inout Frame) {
        let ascii = scene.style.isASCII
        func clean(_ text: String) -> String { DisplayText.sanitized(text, asciiOnly: ascii) }
        let title: String
        var body: [BoxLine] = []
        switch scene.overlay {
        case .none:
            return
        case .paused(let hint):
            title = "PAUSED"
            if !hint.isEmpty { body = [BoxLine(text: clean(hint), isCentered: true)] }
        case .help(let lines):
            title = "KEYS"
            body = lines.map { BoxLine(text: clean($0)) }
        case .gameOver(let summary):
            title = "GAME OVER"
            body = gameOverLines(summary, hud: scene.hud, glyphs: glyphs, clean: clean)
        case .message(let heading, let text):
            title = clean(heading)
            body = text.split(separator: "\n", omittingEmptySubsequences: false).map { BoxLine(text: clean(String($0))) }
        }
        var lines = [BoxLine(text: title, style: .bold, isCentered: true)]
        if !body.isEmpty { lines.append(BoxLine(text: "")) }
        lines += body

        let widest = max(lines.map(\.text.unicodeScalars.count).max() ?? 0, boardBox.width - 4)
        let inner = max(min(widest, frame.width - 4), 0)
        var wrapped: [BoxLine] = []
        for line in lines {
            let parts = line.text.isEmpty ? [""] : TextWrap.wrap(line.text, width: inner)
            wrapped += parts.map { BoxLine(text: $0, style: line.style, isCentered: line.isCentered) }
        }
        let boxWidth = min(inner + 4, frame.width)
        let boxHeight = min(wrapped.count + 2, frame.height)
        let left = min(max(boardX + (boardBox.width - boxWidth) / 2, 0), max(frame.width - boxWidth, 0))
        let top = min(max(boardY + (boardBox.height - boxHeight) / 2, 0), max(frame.height - boxHeight, 0))
        frame.fill(x: left, y: top, width: boxWidth, height: boxHeight, with: .blank)
        drawBox(x: left, y: top, width: boxWidth, height: boxHeight, glyphs: glyphs, into: &frame)
        for (index, line) in wrapped.prefix(max(boxHeight - 2, 0)).enumerated() {
            let indent = line.isCentered ? (inner - line.text.unicodeScalars.count) / 2 : 0
            frame.write(line.text, x: left + 2 + max(indent, 0), y: top + 1 + index, style: line.style)
        }
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
    func gameOverLines(_ summary: GameOverSummary, hud: HUD, glyphs: Glyphs, clean: (String) -> String) -> [BoxLine] {
        var lines: [BoxLine] = []
        if let reason = summary.reason, !reason.isEmpty {
            lines.append(BoxLine(text: clean(reason)))
            lines.append(BoxLine(text: ""))
        }
        let figures = [("Score", "\(hud.score)"), ("Lines", "\(hud.lines)"), ("Level", "\(hud.level)"),
                       ("Time", HUD.formatTime(hud.elapsedSeconds))]
        let figureWidth = figures.map { $0.1.count }.max() ?? 0
        for (label, value) in figures {
            lines.append(BoxLine(text: pad(label, 6) + padLeft(value, max(figureWidth, 6))))
        }
        if !summary.table.isEmpty {
            lines.append(BoxLine(text: ""))
            let table = summary.table
            let rankWidth = "\(table.count)".count
            let scoreWidth = max(5, table.map { "\($0.score)".count }.max() ?? 0)
            let linesWidth = max(5, table.map { "\($0.lines)".count }.max() ?? 0)
            let levelWidth = max(5, table.map { "\($0.level)".count }.max() ?? 0)
            let header = String(repeating: " ", count: 1 + rankWidth + 2)
                + padLeft("SCORE", scoreWidth) + "  " + padLeft("LINES", linesWidth) + "  " + padLeft("LEVEL", levelWidth)
            lines.append(BoxLine(text: header, style: glyphs.labelStyle))
            for (index, entry) in table.enumerated() {
                var text = (entry.isLatest ? glyphs.marker : " ") + padLeft("\(index + 1)", rankWidth) + "  "
                    + padLeft("\(entry.score)", scoreWidth) + "  " + padLeft("\(entry.lines)", linesWidth) + "  "
                    + padLeft("\(entry.level)", levelWidth)
                let label = clean(entry.label)
                if !label.isEmpty { text += "  " + label }
                lines.append(BoxLine(text: text, style: entry.isLatest ? .bold : .plain))
            }
        }
        if !summary.hint.isEmpty {
            lines.append(BoxLine(text: ""))
            lines.append(BoxLine(text: clean(summary.hint), isCentered: true))
        }
        return lines
    }
}

/// `text` followed by spaces up to `width` columns.
func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(width - text.unicodeScalars.count, 0))
}

/// `text` preceded by spaces up to `width` columns.
func padLeft(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(width - text.unicodeScalars.count, 0)) + text
}
