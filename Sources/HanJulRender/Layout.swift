import HanJulCore

/// Where everything goes on screen, and the frame that results.
///
/// The drawing is the board in its border (each game cell two columns wide), with the hold
/// slot to its left for rules that have one, and two columns to its right a panel: the
/// next pieces, then score, lines, level, speed, best, time and the mods in play. It is centred in the terminal. When the terminal
/// is smaller than `requiredSize(for:)`, the frame says so instead (RELIABILITY T-7).
///
/// ```
/// let frame = Layout.frame(for: scene, size: Size(width: 80, height: 24))
/// ```
/// All arithmetic on terminal sizes saturates or is clamped: no size traps, 0×0 included.
public struct Layout: Hashable, Sendable {
    /// Columns and rows the drawing takes: the smallest terminal that shows it whole.
    public let size: Size
    /// The board's border box: its width (`2 × board width + 2`) and height (`board height + 2`).
    public let boardBox: Size
    /// The panel's left column, counted from the drawing's left edge.
    public let panelX: Int
    /// The panel's width and height.
    public let panel: Size
    /// The widest and tallest rotation-0 shape of the piece set, in game cells: the room
    /// each preview slot takes.
    public let previewSlot: Size
    /// How many preview slots are drawn.
    public let previewCount: Int
    /// How many rows the mod list takes.
    let modLines: Int
    /// The board's left column: past the hold slot when there is one.
    public let boardX: Int
    /// Rows drawn above the field inside the board's border (`Scene.rowsAbove`, at most 8):
    /// the border box is this much taller, the field this far down.
    public let rowsAbove: Int
    /// The height the drawing is centred on: the board, the left column and the panel
    /// without its status lines, which come and go (a replay's notes) and must not move
    /// the board.
    public let steadyHeight: Int

    /// The smallest panel width.
    public static let minPanelWidth = 18
    /// Columns between the board's border and the panel.
    public static let gap = 2

    /// The layout of `scene`.
    public init(_ scene: Scene) {
        let board = scene.board
        boardBox = Size(width: 2 * board.width + 2, height: board.height + 2)
        rowsAbove = min(max(scene.rowsAbove, 0), 8)
        var slotWidth = 1, slotHeight = 1
        for kind in scene.pieces.kinds {
            guard let cells = kind.rotations.first, !cells.isEmpty else { continue }
            let xs = cells.map(\.x), ys = cells.map(\.y)
            slotWidth = max(slotWidth, xs.max()! - xs.min()! + 1)
            slotHeight = max(slotHeight, ys.max()! - ys.min()! + 1)
        }
        previewSlot = Size(width: slotWidth, height: slotHeight)
        previewCount = min(Layout.shownPreview(scene).count, Scene.maxPreview)
        let mods = scene.hud.mods.count
        modLines = mods == 0 ? 1 : mods <= HUD.maxModLines ? mods : HUD.maxModLines + 1
        let holdWidth = scene.hold == nil ? 0 : 2 * slotWidth + 2
        let leftWidth = scene.statistics == nil ? holdWidth : max(holdWidth, Layout.statisticsWidth)
        boardX = leftWidth == 0 ? 0 : leftWidth + Layout.gap
        let holdRows = scene.hold == nil ? 0 : 2 + slotHeight
        let leftHeight = holdRows + (scene.statistics == nil ? 0 : Layout.statisticsRows)
        panelX = boardX + boardBox.width + Layout.gap
        let previewRows = previewCount == 0 ? 0 : 1 + previewCount * (slotHeight + 1)
        let steadyPanel = previewRows + Layout.statLabels.count + (scene.hud.pace == nil ? 0 : 1) + 2 + modLines
        panel = Size(width: max(Layout.minPanelWidth, 2 + 2 * slotWidth),
                     height: steadyPanel + (scene.hud.status.isEmpty ? 0 : scene.hud.status.count + 1))
        size = Size(width: panelX + panel.width, height: max(rowsAbove + boardBox.height, panel.height, leftHeight))
        steadyHeight = max(rowsAbove + boardBox.height, steadyPanel, leftHeight)
    }

    /// The smallest terminal that shows `scene` whole.
    public static func requiredSize(for scene: Scene) -> Size { Layout(scene).size }

    /// The smallest terminal that shows `scene`'s game at all: with only the next piece of
    /// the preview (`frame(for:size:)` drops the others before it gives up).
    public static func minimumSize(for scene: Scene) -> Size {
        var smallest = scene
        smallest.preview = Array(scene.preview.prefix(1))
        smallest.statistics = nil
        return Layout(smallest).size
    }

    /// The frame for `scene` in a terminal of `size`: the drawing centred, with the overlay
    /// on top; or, when `size` is too small, the "terminal too small" frame.
    public static func frame(for scene: Scene, size: Size) -> Frame {
        let layout = Layout(scene)
        guard size.contains(layout.size) else {
            // The mods' names share one line first when rows are short: they matter least.
            if scene.hud.mods.count > 1 && layout.size.height > size.height {
                var joined = scene
                // Names without their versions: "Guideline+Sprint" fits where two lines did not.
                joined.hud.mods = [scene.hud.mods.map { name in
                    guard let space = name.lastIndex(of: " "), name[name.index(after: space)...].first?.isNumber == true else { return name }
                    return String(name[..<space])
                }.joined(separator: "+")]
                return frame(for: joined, size: size)
            }
            // Then the statistics, when they are what does not fit: the game and all its
            // next pieces matter more.
            var plain = scene
            plain.statistics = nil
            plain.callout = []
            if scene.statistics != nil && size.contains(Layout(plain).size) {
                return frame(for: plain, size: size)
            }
            // Fewer previews while the panel is too tall (the statistics stay beside a
            // short terminal's three previews) before giving up.
            if scene.preview.count > 1 {
                var shorter = scene
                shorter.preview.removeLast()
                return frame(for: shorter, size: size)
            }
            if scene.statistics != nil {
                return frame(for: plain, size: size)
            }
            return tooSmallFrame(need: layout.size, have: size, style: scene.style)
        }
        var frame = Frame(size: size)
        let glyphs = Glyphs(scene.style)
        // The board stays where it is whatever shows beside it (D5): the drawing is centred
        // with the room the widest report beside the board takes (the end screen's table,
        // the statistics page) kept right of the board at all times, and on its steady
        // height. The panel's status lines (a replay's notes) grow down; in a terminal too
        // short for them below, the panel's last rows (its mods) are cut, the board stays.
        let reserved = max(min(Layout.maximumReportWidth, frame.width - layout.panelX), layout.panel.width)
        let left = max((frame.width - layout.panelX - reserved) / 2, 0)
        let top = max((frame.height - layout.steadyHeight) / 2, 0)
        // A report beside the board takes the panel's place, as wide as it needs and the
        // room kept for it allows.
        var beside = isBesideBoard(scene.overlay) ? layout.besideBoardLines(scene, glyphs: glyphs) : []
        let room = frame.width - left - layout.panelX
        let besideWidth = beside.isEmpty ? 0 : max(min(layout.besideBoardWidth(beside), room), layout.panel.width)
        if !beside.isEmpty {
            // The table keeps only the columns that fit the room there is.
            beside = layout.besideBoardLines(scene, glyphs: glyphs, width: besideWidth - 4)
        }
        layout.drawBoard(scene, glyphs: glyphs, x: left + layout.boardX, y: top, into: &frame)
        if let held = scene.hold {
            frame.write("HOLD", x: left, y: top, style: glyphs.labelStyle)
            if let held, scene.pieces.kinds.indices.contains(held) {
                layout.drawPreview(kind: held, scene: scene, glyphs: glyphs, x: left, y: top + 1, into: &frame)
            }
        }
        if scene.statistics != nil {
            let below = scene.hold == nil ? 0 : 2 + layout.previewSlot.height
            layout.drawStatistics(scene, glyphs: glyphs, x: left, y: top + below, into: &frame)
        }
        if beside.isEmpty {
            layout.drawPanel(scene, glyphs: glyphs, x: left + layout.panelX, y: top, into: &frame)
        } else {
            layout.drawBesideBoard(beside, glyphs: glyphs, x: left + layout.panelX, y: top, width: besideWidth, into: &frame)
        }
        layout.drawOverlay(scene, glyphs: glyphs, boardX: left + layout.boardX, boardY: top + layout.rowsAbove, into: &frame)
        return frame
    }

    /// The preview kinds that exist in the piece set, in order.
    static func shownPreview(_ scene: Scene) -> [Int] {
        scene.preview.filter { scene.pieces.kinds.indices.contains($0) }
    }

    /// The labels of the panel's figures, in order.
    static let statLabels = ["SCORE", "LINES", "LEVEL", "SPEED", "BEST", "TIME"]
}
