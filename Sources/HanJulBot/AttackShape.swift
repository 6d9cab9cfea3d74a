import HanJulCore

/// The board a lock leaves, as the attack search measures it: rows removed, then its
/// height, its best T-spin slot and its deepest well. Buffers are allocated once per board
/// size: measuring allocates nothing.
final class AttackShape {
    let width: Int, height: Int
    private let full: UInt64
    /// The rows after the lock (0: the top).
    private let rows: UnsafeMutablePointer<UInt64>
    private let heights: UnsafeMutablePointer<Int>
    /// Cells left after the latest `load` (0 after a perfect clear).
    private(set) var filled = 0

    init(board: Board) {
        width = board.width
        height = board.height
        full = board.fullRow
        rows = .allocate(capacity: height + 1)
        heights = .allocate(capacity: max(width, 1))
    }

    deinit {
        rows.deallocate()
        heights.deallocate()
    }

    func fits(_ board: Board) -> Bool { board.width == width && board.height == height }

    /// Loads `board` with `piece` locked and full rows removed.
    func load(_ piece: Piece, on board: Board, pieces: PieceSet) {
        _ = AttackScorer.place(piece, pieces: pieces, board: board, into: rows)
        var count = 0
        for y in 0..<height { count &+= rows[y].nonzeroBitCount }
        filled = count
    }

    /// The tallest column; the rows the best T-spin slot would clear (0…2; 0 also when
    /// there is none); the deepest well (up to four).
    func measure(tSlots: Bool) -> (maxHeight: Int, tSlot: Int, well: Int) {
        for x in 0..<width { heights[x] = 0 }
        var seen: UInt64 = 0
        var top = height
        for y in 0..<height where rows[y] & ~seen != 0 {
            if top == height { top = y }
            var fresh = rows[y] & ~seen
            seen |= fresh
            while fresh != 0 {
                heights[fresh.trailingZeroBitCount] = height - y
                fresh &= fresh - 1
            }
        }
        var well = 0
        for x in 0..<width {
            let left = x > 0 ? heights[x - 1] : height, right = x < width - 1 ? heights[x + 1] : height
            well = max(well, min(4, min(left, right) - heights[x]))
        }
        return (height - top, tSlots ? bestTSlot(top: top) : 0, well)
    }

    /// A T pointing down with its middle at (x, y): its four cells empty, resting on (x, y + 2)
    /// (or the floor), at least three of the four corners around (x, y) filled with one
    /// of the two above open (the way in: a drop beside the roof and a turn), and column x
    /// open from the top. The rows the T would clear there, the most over the board.
    private func bestTSlot(top: Int) -> Int {
        guard width >= 3 else { return 0 }
        var best = 0
        var y = max(top, 1)
        while y < height - 1 {
            let row = rows[y], below = rows[y + 1], above = rows[y - 1]
            let floor: UInt64 = y + 2 < height ? rows[y + 2] : full
            for x in 1..<(width - 1) {
                let bit: UInt64 = 1 << UInt64(x), three: UInt64 = 7 << UInt64(x - 1)
                guard row & three == 0, below & bit == 0, floor & bit != 0, above & bit == 0,
                      heights[x] <= height - y - 1 else { continue }
                let leftUp = above & (bit >> 1) != 0, rightUp = above & (bit << 1) != 0
                let leftDown = below & (bit >> 1) != 0, rightDown = below & (bit << 1) != 0
                guard leftUp != rightUp, leftDown && rightDown else { continue }
                let lines = (row | three == full ? 1 : 0) + (below | bit == full ? 1 : 0)
                best = max(best, lines)
                if best == 2 { return 2 }
            }
            y += 1
        }
        return best
    }
}
