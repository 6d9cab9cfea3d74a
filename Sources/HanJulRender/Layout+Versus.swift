import HanJulCore
import HanJulText

/// One side of a versus frame: its board (a `Scene` with the hold slot), a title, the lines
/// of garbage waiting for it (the meter beside its board) and a few figures.
public struct VersusSideView: Equatable, Sendable {
    public var title: String
    public var scene: Scene
    /// Garbage lines waiting to enter the board.
    public var incoming: Int
    /// Short figures under the hold slot, label and value (`("ATK", "12")`).
    public var figures: [VersusFigure]

    public init(title: String, scene: Scene, incoming: Int, figures: [VersusFigure]) {
        self.title = title
        self.scene = scene
        self.incoming = incoming
        self.figures = figures
    }
}

public struct VersusFigure: Equatable, Sendable {
    public var label: String
    public var value: String
    public init(_ label: String, _ value: String) {
        self.label = label
        self.value = value
    }
}

/// A versus frame: two sides, a heading (the score), a box over both boards (a game's end,
/// the pause) and a hint line.
public struct VersusScene: Equatable, Sendable {
    public var sides: [VersusSideView]
    public var heading: String
    /// Lines of a box drawn over the middle (empty: none).
    public var box: [String]
    public var hint: String
    public var style: RenderStyle

    public init(sides: [VersusSideView], heading: String, box: [String] = [], hint: String = "", style: RenderStyle) {
        self.sides = sides
        self.heading = heading
        self.box = box
        self.hint = hint
        self.style = style
    }
}

/// Where a versus frame's parts go: for each side the hold slot and figures, the garbage
/// meter (one column of cells, filled from the bottom by the lines waiting), the board, then
/// its next pieces; the two sides next to each other under the heading, the hint below.
public enum VersusLayout {
    /// Columns between the two sides.
    static let between = 4
    /// Next pieces shown per side.
    public static let preview = 4

    /// The width of one side and its parts' offsets.
    struct Side {
        let layout: Layout
        let leftWidth: Int
        let meterX: Int
        let boardX: Int
        let nextX: Int
        let width: Int
        let height: Int

        init(_ scene: Scene) {
            var scene = scene
            scene.statistics = nil
            layout = Layout(scene)
            leftWidth = max(2 * layout.previewSlot.width + 2, 10)
            meterX = leftWidth + 1
            boardX = meterX + 3
            nextX = boardX + layout.boardBox.width + 1
            width = nextX + max(2 * layout.previewSlot.width + 2, 6)
            height = layout.boardBox.height + layout.rowsAbove
        }
    }

    /// The smallest terminal that shows `scene` whole.
    public static func requiredSize(for scene: VersusScene) -> Size {
        let sides = scene.sides.map { Side($0.scene) }
        let width = sides.reduce(0) { $0 + $1.width } + between * max(sides.count - 1, 0)
        let height = (sides.map(\.height).max() ?? 0) + 2
        return Size(width: width, height: height)
    }

    public static func frame(for scene: VersusScene, size: Size) -> Frame {
        let need = requiredSize(for: scene)
        guard size.contains(need) else { return Layout.tooSmallFrame(need: need, have: size, style: scene.style) }
        var frame = Frame(size: size)
        let glyphs = Glyphs(scene.style)
        let left = (size.width - need.width) / 2, top = (size.height - need.height) / 2
        let heading = DisplayText.truncated(Layout.clean(scene.heading, style: scene.style), to: need.width, ellipsis: glyphs.ellipsis)
        frame.write(heading, x: left + max((need.width - displayWidth(heading)) / 2, 0), y: top, style: .bold)
        var x = left
        for side in scene.sides {
            draw(side, at: x, y: top + 1, glyphs: glyphs, into: &frame)
            x += Side(side.scene).width + between
        }
        let hint = DisplayText.truncated(Layout.clean(scene.hint, style: scene.style), to: need.width, ellipsis: glyphs.ellipsis)
        frame.write(hint, x: left + max((need.width - displayWidth(hint)) / 2, 0), y: top + need.height - 1, style: glyphs.labelStyle)
        if !scene.box.isEmpty {
            let lines = scene.box.map { Layout.BoxLine(text: Layout.clean($0, style: scene.style), isCentered: true) }
            let width = min(max(lines.map { displayWidth($0.text) }.max() ?? 0, 20) + 4, need.width)
            let height = min(lines.count + 2, need.height - 2)
            let layout = Layout(scene.sides[0].scene)
            layout.drawTextBox(Layout.wrap(lines, width: width - 4), x: left + (need.width - width) / 2,
                               y: top + 1 + (need.height - 2 - height) / 2, width: width, height: height, glyphs: glyphs, into: &frame)
        }
        return frame
    }

    static func draw(_ view: VersusSideView, at x: Int, y: Int, glyphs: Glyphs, into frame: inout Frame) {
        var scene = view.scene
        scene.statistics = nil
        let side = Side(scene)
        let layout = side.layout
        frame.write(DisplayText.truncated(view.title, to: side.leftWidth, ellipsis: glyphs.ellipsis), x: x, y: y, style: .bold)
        var row = y + 1
        if let held = scene.hold {
            frame.write("HOLD", x: x, y: row, style: glyphs.labelStyle)
            if let held, scene.pieces.kinds.indices.contains(held) {
                layout.drawPreview(kind: held, scene: scene, glyphs: glyphs, x: x, y: row + 1, into: &frame)
            }
            row += 2 + layout.previewSlot.height
        }
        for figure in view.figures {
            let value = DisplayText.truncated(figure.value, to: side.leftWidth - displayWidth(figure.label) - 1, ellipsis: glyphs.ellipsis)
            frame.write(figure.label, x: x, y: row, style: glyphs.labelStyle)
            frame.write(value, x: x + side.leftWidth - displayWidth(value), y: row)
            row += 1
        }
        // The meter: the lines waiting, from the board's floor up (more than the board shows: full).
        let board = scene.board
        let floor = y + layout.rowsAbove + board.height
        let meterStyle: TextStyle = scene.style.usesColor ? TextStyle(background: .rgb(0xD03030)) : .bold
        let meterGlyph: (Unicode.Scalar, Unicode.Scalar) = scene.style.fillsCells ? (" ", " ") : ("#", "#")
        for line in 0..<board.height {
            let filled = line < view.incoming
            layout.put(filled ? meterGlyph : (" ", " "), style: filled ? meterStyle : .plain, x: x + side.meterX, y: floor - line, into: &frame)
        }
        layout.drawBoard(scene, glyphs: glyphs, x: x + side.boardX, y: y, into: &frame)
        layout.drawOverlay(scene, glyphs: glyphs, boardX: x + side.boardX, boardY: y + layout.rowsAbove, into: &frame)
        frame.write("NEXT", x: x + side.nextX, y: y, style: glyphs.labelStyle)
        for (index, kind) in Layout.shownPreview(scene).prefix(preview).enumerated() {
            layout.drawPreview(kind: kind, scene: scene, glyphs: glyphs, x: x + side.nextX, y: y + 1 + index * (layout.previewSlot.height + 1),
                               into: &frame)
        }
    }
}
