/// `game:settle()`: every group of filled cells (cells joined through their four
/// neighbours, whatever their kinds) falls as one rigid piece until it rests on the floor
/// or on the stack; the lowest group falls first (by its bottom row, then by its first
/// cell in reading order), so each lands on the ones below it.
///
/// The native form of the flood fill cascade-like mods wrote in Lua, cell by cell with
/// `game:cell`/`game:set_cell`: it makes exactly the same changes (cells cleared where a
/// group was, then set where it lands; a cell that is cleared loses its hidden mark, as
/// with `set_cell(x, y, nil)`), on row masks. Its buffers are allocated for the largest
/// board seen and reused: no allocation per call.
public final class GroupSettler {
    private var height = 0
    /// Group `g`'s cells, one mask per board row, at `masks[g * height + y]`.
    private var masks: UnsafeMutablePointer<UInt64>
    private var bottoms: UnsafeMutablePointer<Int>
    private var tops: UnsafeMutablePointer<Int>
    private var order: UnsafeMutablePointer<Int>
    private var remaining: UnsafeMutablePointer<UInt64>
    private var capacityGroups = 0, capacityRows = 0

    public init() {
        masks = .allocate(capacity: 1)
        bottoms = .allocate(capacity: 1)
        tops = .allocate(capacity: 1)
        order = .allocate(capacity: 1)
        remaining = .allocate(capacity: 1)
    }

    deinit {
        masks.deallocate(); bottoms.deallocate(); tops.deallocate(); order.deallocate(); remaining.deallocate()
    }

    private func reserve(width: Int, height: Int) {
        // A group has at least one cell, and two groups never touch: at most half the
        // cells (rounded up) are groups.
        let groups = (width * height + 1) / 2 + 1
        guard groups > capacityGroups || height > capacityRows else { return }
        masks.deallocate(); bottoms.deallocate(); tops.deallocate(); order.deallocate(); remaining.deallocate()
        capacityGroups = max(groups, capacityGroups)
        capacityRows = max(height, capacityRows)
        masks = .allocate(capacity: capacityGroups * capacityRows)
        bottoms = .allocate(capacity: capacityGroups)
        tops = .allocate(capacity: capacityGroups)
        order = .allocate(capacity: capacityGroups)
        remaining = .allocate(capacity: capacityRows)
    }

    /// Lets every floating group of `state`'s board fall; returns whether any cell moved.
    /// Records one `boardEdited` event per group that moved.
    public func settle(_ state: inout GameState) -> Bool {
        let width = state.board.width
        height = state.board.height
        reserve(width: width, height: height)
        let height = height, full = state.board.fullRow
        var count = 0
        state.board.rows.withUnsafeBufferPointer { rows in
            for y in 0..<height { remaining[y] = rows[y] }
        }
        // Groups in reading order of their first cell: flood fill on masks from the first
        // filled cell left, each sweep growing the group by one step in every direction.
        for y in 0..<height {
            while remaining[y] != 0 {
                let group = masks + count * height
                for row in 0..<height { group[row] = 0 }
                group[y] = remaining[y] & (~remaining[y] &+ 1)  // the lowest set bit: first in the row
                var top = y, bottom = y
                var grown = true
                while grown {
                    grown = false
                    var row = max(top - 1, 0)
                    let last = min(bottom + 1, height - 1)
                    while row <= last {
                        let mask = group[row]
                        var reach = mask | ((mask << 1) & full) | (mask >> 1)
                        if row > 0 { reach |= group[row - 1] }
                        if row + 1 < height { reach |= group[row + 1] }
                        reach &= remaining[row]
                        if reach != mask {
                            group[row] = reach
                            grown = true
                            top = min(top, row)
                            bottom = max(bottom, row)
                        }
                        row += 1
                    }
                }
                for row in top...bottom { remaining[row] &= ~group[row] }
                tops[count] = top
                bottoms[count] = bottom
                order[count] = count
                count += 1
            }
        }
        // Lowest bottom row first; equal bottoms in the order found (insertion sort: the
        // order is total, and there are few groups).
        if count > 1 {
            for i in 1..<count {
                let g = order[i]
                var j = i - 1
                while j >= 0 && bottoms[order[j]] < bottoms[g] {
                    order[j + 1] = order[j]
                    j -= 1
                }
                order[j + 1] = g
            }
        }
        var moved = false
        for i in 0..<count {
            let g = order[i], group = masks + g * height
            let top = tops[g], bottom = bottoms[g]
            // How far it falls onto the board without its own cells (`remaining` holds
            // that board's rows from the group's top down).
            state.board.rows.withUnsafeBufferPointer { rows in
                for row in top..<height { remaining[row] = rows[row] & ~group[row] }
            }
            var drop = 0
            falling: while bottom + drop + 1 < height {
                for row in top...bottom where group[row] & remaining[row + drop + 1] != 0 { break falling }
                drop += 1
            }
            guard drop > 0 else { continue }
            moved = true
            // Bottom row first: a cell is read before anything lands on it, and a cell of
            // the group a lower one lands on has been moved already. The result is the
            // same as clearing every cell of the group and then setting each where it lands.
            state.editBoard { board in
                for row in stride(from: bottom, through: top, by: -1) {
                    var bits = group[row]
                    while bits != 0 {
                        let x = bits.trailingZeroBitCount
                        bits &= bits - 1
                        let kind = board.kind(atX: x, y: row)
                        board.set(x: x, y: row, to: nil)
                        board.set(x: x, y: row + drop, to: kind)
                    }
                }
            }
        }
        return moved
    }
}
