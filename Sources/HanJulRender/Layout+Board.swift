import HanJulCore

extension Layout {
    /// Draws the board's border and cells with its top-left corner at `(x, y)`: locked
    /// cells (hidden ones as empty), then the ghost, then the piece in play. With
    /// `rowsAbove`, the border encloses that many rows over the field too, left blank (the
    /// field's empty cells are dotted): cells of the ghost and the piece above the top row
    /// show there, so a piece entering above the field is drawn whole.
    func drawBoard(_ scene: Scene, glyphs: Glyphs, x: Int, y: Int, into frame: inout Frame) {
        let board = scene.board
        drawBox(x: x, y: y, width: boardBox.width, height: boardBox.height + rowsAbove, glyphs: glyphs, into: &frame)
        let empty = glyphs.empty
        for row in 0..<board.height {
            for column in 0..<board.width {
                let cellX = x + 1 + 2 * column, cellY = y + 1 + rowsAbove + row
                if let kind = board.kind(atX: column, y: row), !board.isHidden(x: column, y: row) {
                    let style = cellStyle(kind: kind, scene: scene, isPiece: false)
                    put(glyphs.filled, style: style, x: cellX, y: cellY, into: &frame)
                } else {
                    put(empty, style: glyphs.emptyStyle, x: cellX, y: cellY, into: &frame)
                }
            }
        }
        guard let piece = scene.piece, isDrawable(piece, in: scene.pieces) else { return }
        if scene.showsGhost {
            let drop = board.dropDistance(of: piece, in: scene.pieces)
            let ghostStyle: TextStyle = scene.style.usesColor
                ? TextStyle(foreground: shown(color(of: piece.kind, in: scene.pieces, override: scene.kindColors), scene: scene)
                                .scaled(Glyphs.ghostPercent))
                : .plain
            for cell in scene.pieces.cells(of: piece.offset(0, drop)) {
                guard let row = screenRow(cell, board: board, top: y) else { continue }
                put(glyphs.ghost, style: ghostStyle, x: x + 1 + 2 * cell.x, y: row, into: &frame)
            }
        }
        let style = cellStyle(kind: piece.kind, scene: scene, isPiece: true)
        for cell in scene.pieces.cells(of: piece) {
            guard let row = screenRow(cell, board: board, top: y) else { continue }
            put(glyphs.filled, style: style, x: x + 1 + 2 * cell.x, y: row, into: &frame)
        }
    }

    /// The terminal row of a piece's cell, for a board whose border's top is at `top`;
    /// `nil` outside the field and the `rowsAbove` rows over it.
    func screenRow(_ cell: Cell, board: Board, top: Int) -> Int? {
        guard cell.x >= 0 && cell.x < board.width && cell.y >= -rowsAbove && cell.y < board.height else { return nil }
        return top + 1 + rowsAbove + cell.y
    }

    /// Whether `piece` names a kind and rotation of `set` (a scene filled by hand may not).
    func isDrawable(_ piece: Piece, in set: PieceSet) -> Bool {
        set.kinds.indices.contains(piece.kind) && set.kinds[piece.kind].rotations.indices.contains(piece.rotation)
    }

    /// The colour of `kind`, or the default for a kind the set does not have.
    func color(of kind: Int, in set: PieceSet, override: [UInt32]? = nil) -> Color {
        if let override, override.indices.contains(kind) { return .rgb(override[kind]) }
        return set.kinds.indices.contains(kind) ? .rgb(set.kinds[kind].color) : .default
    }

    /// A filled cell's style: the kind's colour as the background (spaces drawn on it), or
    /// as the `[]`'s colour in ASCII; in monochrome bold for the piece in play.
    func cellStyle(kind: Int, scene: Scene, isPiece: Bool) -> TextStyle {
        guard scene.style.usesColor else { return isPiece ? .bold : .plain }
        let drawn = shown(color(of: kind, in: scene.pieces, override: scene.kindColors), scene: scene)
        return scene.style.fillsCells ? TextStyle(background: drawn) : TextStyle(foreground: drawn)
    }

    /// `color` as drawn on the scene's background: on a light one, darkened until it reads.
    func shown(_ color: Color, scene: Scene) -> Color {
        scene.style.lightBackground ? color.readableOnLight() : color
    }

    /// Puts a two-column game cell at `(x, y)`.
    func put(_ pair: (Unicode.Scalar, Unicode.Scalar), style: TextStyle, x: Int, y: Int, into frame: inout Frame) {
        frame[x, y] = FrameCell(pair.0, style: style)
        frame[x + 1, y] = FrameCell(pair.1, style: style)
    }

    /// Draws a border box; its inside is left as it is.
    func drawBox(x: Int, y: Int, width: Int, height: Int, glyphs: Glyphs, into frame: inout Frame) {
        guard width >= 2, height >= 2 else { return }
        let style = glyphs.borderStyle
        let right = x + width - 1, bottom = y + height - 1
        for column in (x + 1)..<right {
            frame[column, y] = FrameCell(glyphs.horizontal, style: style)
            frame[column, bottom] = FrameCell(glyphs.horizontal, style: style)
        }
        for row in (y + 1)..<bottom {
            frame[x, row] = FrameCell(glyphs.vertical, style: style)
            frame[right, row] = FrameCell(glyphs.vertical, style: style)
        }
        frame[x, y] = FrameCell(glyphs.topLeft, style: style)
        frame[right, y] = FrameCell(glyphs.topRight, style: style)
        frame[x, bottom] = FrameCell(glyphs.bottomLeft, style: style)
        frame[right, bottom] = FrameCell(glyphs.bottomRight, style: style)
    }
}
