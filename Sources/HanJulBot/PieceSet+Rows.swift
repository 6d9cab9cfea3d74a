import HanJulCore

extension PieceSet {
    /// Calls `body` for each row `piece` spans, top first, with the row's `y` on the board
    /// and the piece's cells in it as a mask (bit `x` for column `x`). Rows above or below
    /// the board are passed too; callers skip what they do not need.
    ///
    /// The way to write a piece into a scratch copy of `Board.rows` without allocating.
    @inlinable
    public func forEachRow(of piece: Piece, _ body: (_ y: Int, _ mask: UInt64) throws -> Void) rethrows {
        let shape = shape(piece.kind, piece.rotation)
        let left = UInt64(truncatingIfNeeded: piece.x + shape.minX)
        var index = shape.maskStart
        var y = piece.y + shape.minY
        let last = piece.y + shape.maxY
        while y <= last {
            try body(y, masks[index] << left)
            y += 1
            index += 1
        }
    }

    /// The rows `piece` spans on the board, top to bottom (possibly partly off the board).
    @inlinable
    public func rowSpan(of piece: Piece) -> ClosedRange<Int> {
        let shape = shape(piece.kind, piece.rotation)
        return (piece.y + shape.minY)...(piece.y + shape.maxY)
    }
}
