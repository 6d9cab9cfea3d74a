extension PieceSet {
    /// Whether `kind` has four cells, one of them beside the other three (a T): the pieces
    /// the engine's spin test is for.
    public func isTShaped(_ kind: Int) -> Bool {
        let shape = shape(kind, 0)
        guard shape.maxX - shape.minX <= 2, shape.maxY - shape.minY <= 2 else { return false }
        var bits: UInt16 = 0, count = 0
        for r in 0...(shape.maxY - shape.minY) {
            var mask = masks[shape.maskStart + r]
            while mask != 0 {
                bits |= 1 << UInt16(r * 3 + mask.trailingZeroBitCount)
                count += 1
                mask &= mask - 1
            }
        }
        guard count == 4 else { return false }
        func has(_ x: Int, _ y: Int) -> Bool { x >= 0 && x < 3 && y >= 0 && y < 3 && bits & (1 << UInt16(y * 3 + x)) != 0 }
        for y in 0..<3 {
            for x in 0..<3 where has(x, y) {
                let arms = (has(x - 1, y) ? 1 : 0) + (has(x + 1, y) ? 1 : 0) + (has(x, y - 1) ? 1 : 0) + (has(x, y + 1) ? 1 : 0)
                if arms == 3 { return true }
            }
        }
        return false
    }
}
