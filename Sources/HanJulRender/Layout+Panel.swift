import HanJulCore
import HanJulText

extension Layout {
    /// Draws the panel with its top-left corner at `(x, y)`:
    ///
    /// ```
    /// NEXT
    ///   ████████
    ///
    /// SCORE          0
    /// LINES          0
    /// LEVEL          1
    /// SPEED     700 ms
    /// BEST           -
    /// TIME        0:00
    ///
    /// MODS
    ///   none
    /// ```
    func drawPanel(_ scene: Scene, glyphs: Glyphs, x: Int, y: Int, into frame: inout Frame) {
        let ascii = scene.style.isASCII
        var row = y
        let kinds = Layout.shownPreview(scene).prefix(previewCount)
        if !kinds.isEmpty {
            frame.write("NEXT", x: x, y: row, style: glyphs.labelStyle)
            row += 1
            for kind in kinds {
                drawPreview(kind: kind, scene: scene, glyphs: glyphs, x: x + 2, y: row, into: &frame)
                row += previewSlot.height + 1
            }
        }
        let hud = scene.hud
        let values = [
            "\(hud.score)", "\(hud.lines)", "\(hud.level)", hud.millisecondsPerRow == 0 ? "20G" : "\(hud.millisecondsPerRow) ms",
            hud.bestText ?? hud.best.map { "\($0)" } ?? "-", hud.timeText ?? HUD.formatTime(hud.elapsedSeconds),
        ]
        for (label, value) in zip(Layout.statLabels, values) {
            let labelWidth = frame.write(label, x: x, y: row, style: glyphs.labelStyle)
            // BEST may be a mod's result text: measured as drawn.
            let shown = DisplayText.sanitized(value, asciiOnly: ascii)
            let valueX = max(x + labelWidth + 1, x + panel.width - displayWidth(shown))
            frame.write(shown, x: valueX, y: row, style: .bold, asciiOnly: ascii)
            row += 1
        }
        if let pace = hud.pace {
            drawPace(pace, scene: scene, glyphs: glyphs, x: x, y: row, into: &frame)
            row += 1
        }
        if !hud.status.isEmpty {
            row += 1
            for line in hud.status {
                let text = truncated(DisplayText.sanitized(line, asciiOnly: ascii), to: panel.width, ellipsis: glyphs.ellipsis)
                frame.write(text, x: x, y: row, style: .bold, asciiOnly: ascii)
                row += 1
            }
        }
        row += 1
        frame.write("MODS", x: x, y: row, style: glyphs.labelStyle)
        row += 1
        if hud.mods.isEmpty {
            frame.write("none", x: x + 2, y: row, style: .dim)
        }
        for name in hud.mods.prefix(HUD.maxModLines) {
            let text = truncated(DisplayText.sanitized(name, asciiOnly: ascii), to: panel.width - 2, ellipsis: glyphs.ellipsis)
            frame.write(text, x: x + 2, y: row, style: .plain, asciiOnly: ascii)
            row += 1
        }
        if hud.mods.count > HUD.maxModLines {
            frame.write("+\(hud.mods.count - HUD.maxModLines) more", x: x + 2, y: row, style: .dim)
        }
    }

    /// Green ahead of the best game, red behind (in colour; the sign says it in any style).
    public static let aheadColor: UInt32 = 0x5FD75F
    public static let behindColor: UInt32 = 0xFF5F5F

    /// The PACE row: the difference to the best game at the latest split.
    func drawPace(_ pace: HUD.Pace, scene: Scene, glyphs: Glyphs, x: Int, y: Int, into frame: inout Frame) {
        let labelWidth = frame.write("PACE", x: x, y: y, style: glyphs.labelStyle)
        let text = pace.text
        var style = TextStyle.bold
        if scene.style.usesColor, let difference = pace.difference {
            style.foreground = shown(.rgb(difference < 0 ? Layout.aheadColor : Layout.behindColor), scene: scene)
        }
        frame.write(text, x: max(x + labelWidth + 1, x + panel.width - displayWidth(text)), y: y, style: style)
    }

    /// Draws `kind`'s rotation-0 shape, centred in a preview slot whose top-left is `(x, y)`.
    func drawPreview(kind: Int, scene: Scene, glyphs: Glyphs, x: Int, y: Int, into frame: inout Frame) {
        guard let cells = scene.pieces.kinds[kind].rotations.first, !cells.isEmpty else { return }
        let minX = cells.map(\.x).min()!, maxX = cells.map(\.x).max()!, minY = cells.map(\.y).min()!
        let left = x + (previewSlot.width - (maxX - minX + 1))
        let style = cellStyle(kind: kind, scene: scene, isPiece: false)
        for cell in cells {
            put(glyphs.filled, style: style, x: left + 2 * (cell.x - minX), y: y + cell.y - minY, into: &frame)
        }
    }
}

/// `text` cut to `width` columns, ending in `ellipsis` when cut
/// (`DisplayText.truncated(_:to:ellipsis:)`).
func truncated(_ text: String, to width: Int, ellipsis: String) -> String {
    DisplayText.truncated(text, to: width, ellipsis: ellipsis)
}
