import HanJulText

extension Layout {
    /// The width of the statistics column left of the board.
    public static let statisticsWidth = 14
    /// The rows kept for a callout under the statistics (kept whether or not one shows, so
    /// a callout never moves the board or the panel).
    public static let calloutRows = 3

    /// The statistics' labels and values, in order.
    static func statisticsLines(_ statistics: PlayStatistics, milliseconds: Int) -> [(String, String)] {
        [("PIECES", "\(statistics.pieces)"), ("PPS", statistics.piecesPerSecond(milliseconds: milliseconds)),
         ("SINGLES", "\(statistics.singles)"), ("DOUBLES", "\(statistics.doubles)"), ("TRIPLES", "\(statistics.triples)"),
         ("QUADS", "\(statistics.fours)"), ("T-SPINS", "\(statistics.spins)"), ("MAX COMBO", "\(statistics.maxCombo)"),
         ("B2B", "\(statistics.backToBacks)"), ("FINESSE", "\(statistics.finesseFaults)")]
    }

    /// The rows the statistics column takes: the figures, a blank row, the callout's rows.
    static var statisticsRows: Int { 10 + 1 + calloutRows }

    /// Draws the statistics and the callout with their top-left corner at `(x, y)`:
    ///
    /// ```
    /// PIECES      41
    /// PPS       1.85
    /// SINGLES      6
    /// …
    ///
    /// QUAD
    /// COMBO ×2
    /// BACK-TO-BACK
    /// ```
    func drawStatistics(_ scene: Scene, glyphs: Glyphs, x: Int, y: Int, into frame: inout Frame) {
        guard let statistics = scene.statistics else { return }
        let width = Layout.statisticsWidth
        var row = y
        for (label, value) in Layout.statisticsLines(statistics, milliseconds: scene.hud.elapsedMilliseconds ?? scene.hud.elapsedSeconds * 1000) {
            let labelWidth = frame.write(label, x: x, y: row, style: glyphs.labelStyle)
            frame.write(value, x: max(x + labelWidth + 1, x + width - displayWidth(value)), y: row, style: .bold)
            row += 1
        }
        row += 1
        let ascii = scene.style.isASCII
        var lines: [String] = []
        for line in scene.callout {
            lines += TextWrap.wrap(DisplayText.sanitized(line, asciiOnly: ascii), width: width)
        }
        for (index, line) in lines.prefix(Layout.calloutRows).enumerated() {
            let text = index == Layout.calloutRows - 1 && lines.count > Layout.calloutRows ? truncated(line + " " + glyphs.ellipsis, to: width, ellipsis: glyphs.ellipsis) : line
            frame.write(text, x: x, y: row + index, style: TextStyle(attributes: [.bold, .reverse]), asciiOnly: ascii)
        }
    }
}
