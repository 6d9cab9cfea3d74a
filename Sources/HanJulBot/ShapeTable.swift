import HanJulCore

/// The geometry of every rotation state of a piece set, laid out for code that places one
/// state at many positions on row bitmasks: row masks, and per column of the state's box its
/// top and bottom cell, its cells as a column mask and their count.
///
/// Built once per piece set (a bot keeps one and rebuilds it only when the set changes).
/// State `rotation` of `kind` is entry `kind * 8 + rotation`; rows and columns of an entry
/// are at `entry * 8 + i`.
/// Immutable after `init`, its storage one allocation read through pointers: hot loops
/// read it without retaining an array per field.
public final class ShapeTable: @unchecked Sendable {
    /// The piece set the table describes.
    public let pieces: PieceSet
    /// Offset of the box from the piece's `x` and `y`.
    @usableFromInline let minX: UnsafeMutablePointer<Int>, minY: UnsafeMutablePointer<Int>
    /// Rows and columns of the box.
    @usableFromInline let rowCount: UnsafeMutablePointer<Int>, columnCount: UnsafeMutablePointer<Int>
    /// Cells of the state.
    @usableFromInline let cellCount: UnsafeMutablePointer<Int>
    /// The first rotation state of the same kind with the same shape (box and row masks,
    /// wherever the box sits): two placements cover the same cells when their states have
    /// the same canonical state and their boxes the same board position.
    @usableFromInline let canonical: UnsafeMutablePointer<Int>
    /// Row `i` of the box (top first), bit 0 for column `minX`.
    @usableFromInline let rowMasks: UnsafeMutablePointer<UInt64>
    /// Per column of the box: its cells, bit `i` for row `minY + i`.
    @usableFromInline let columnMasks: UnsafeMutablePointer<UInt64>
    /// Per column of the box: the topmost and lowest cell's row, as offsets from the piece's
    /// `y` (`Int.max` and `Int.min` for a column without cells).
    @usableFromInline let columnTop: UnsafeMutablePointer<Int>, columnBottom: UnsafeMutablePointer<Int>
    /// Per column of the box: how many cells it holds.
    @usableFromInline let columnCells: UnsafeMutablePointer<Int>
    /// The column masks again, 12 per entry with two empty columns before and after the
    /// box (`nearMasks[entry * 12 + 2 + j]` is column `j`): what an evaluator ORs into the
    /// board's columns `minX − 2 …` without a branch per column.
    @usableFromInline let nearMasks: UnsafeMutablePointer<UInt64>
    /// Per column of the box: the topmost cell's row offset, or a large offset (2⁴⁰) for a
    /// column without cells, so that `max(0, top − (y + offset))` is 0 for it.
    @usableFromInline let columnTopOrFar: UnsafeMutablePointer<Int>
    /// Per column of the box: the lowest cell's row offset, or −2⁴⁰ for a column without
    /// cells, so that it never decides how far the piece drops.
    @usableFromInline let columnBottomOrFar: UnsafeMutablePointer<Int>
    private let ints: UnsafeMutablePointer<Int>
    private let masks: UnsafeMutablePointer<UInt64>

    /// The table of `pieces`.
    public init(_ pieces: PieceSet) {
        let entries = pieces.count * 8
        ints = .allocate(capacity: entries * 6 + entries * 8 * 5)
        masks = .allocate(capacity: entries * 8 * 2 + entries * 12)
        minX = ints
        minY = ints + entries
        rowCount = ints + 2 * entries
        columnCount = ints + 3 * entries
        cellCount = ints + 4 * entries
        canonical = ints + 5 * entries
        columnTop = ints + 6 * entries
        columnBottom = columnTop + entries * 8
        columnCells = columnBottom + entries * 8
        columnTopOrFar = columnCells + entries * 8
        columnBottomOrFar = columnTopOrFar + entries * 8
        rowMasks = masks
        columnMasks = masks + entries * 8
        nearMasks = masks + entries * 16
        ints.initialize(repeating: 0, count: entries * 6)
        columnTop.initialize(repeating: .max, count: entries * 8)
        columnBottom.initialize(repeating: .min, count: entries * 8)
        columnCells.initialize(repeating: 0, count: entries * 8)
        columnTopOrFar.initialize(repeating: 1 << 40, count: entries * 8)
        columnBottomOrFar.initialize(repeating: -(1 << 40), count: entries * 8)
        masks.initialize(repeating: 0, count: entries * 8 * 2 + entries * 12)
        self.pieces = pieces
        for kind in 0..<pieces.count {
            for rotation in 0..<pieces.rotationCount(of: kind) {
                let entry = kind * 8 + rotation
                let shape = pieces.shape(kind, rotation)
                minX[entry] = shape.minX
                minY[entry] = shape.minY
                rowCount[entry] = shape.maxY - shape.minY + 1
                columnCount[entry] = shape.maxX - shape.minX + 1
                for row in 0..<rowCount[entry] {
                    var mask = pieces.masks[shape.maskStart + row]
                    rowMasks[entry * 8 + row] = mask
                    cellCount[entry] += mask.nonzeroBitCount
                    while mask != 0 {
                        let column = mask.trailingZeroBitCount
                        mask &= mask - 1
                        let at = entry * 8 + column
                        columnMasks[at] |= 1 << UInt64(row)
                        columnCells[at] += 1
                        columnTop[at] = min(columnTop[at], shape.minY + row)
                        columnBottom[at] = max(columnBottom[at], shape.minY + row)
                        columnTopOrFar[at] = columnTop[at]
                        columnBottomOrFar[at] = columnBottom[at]
                        nearMasks[entry * 12 + 2 + column] = columnMasks[at]
                    }
                }
                canonical[entry] = rotation
                for earlier in 0..<rotation {
                    let other = kind * 8 + earlier
                    if rowCount[other] == rowCount[entry] && columnCount[other] == columnCount[entry]
                        && (0..<rowCount[entry]).allSatisfy({ rowMasks[other * 8 + $0] == rowMasks[entry * 8 + $0] }) {
                        canonical[entry] = earlier
                        break
                    }
                }
            }
        }
    }

    /// Whether the table was built from `pieces` (the very value or a copy of it: the
    /// same storage, a check of two addresses rather than of every shape).
    @inlinable
    public func describes(_ pieces: PieceSet) -> Bool {
        self.pieces.masks.withUnsafeBufferPointer { $0.baseAddress } == pieces.masks.withUnsafeBufferPointer { $0.baseAddress }
            && self.pieces.kinds.withUnsafeBufferPointer { $0.baseAddress } == pieces.kinds.withUnsafeBufferPointer { $0.baseAddress }
    }

    deinit {
        ints.deallocate()
        masks.deallocate()
    }
}
