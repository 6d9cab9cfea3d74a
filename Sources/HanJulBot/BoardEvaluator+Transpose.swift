extension BoardEvaluator {
    /// The loaded stack's cells into `columns` (bit `y` of `columns[x + 2]` for row `y` of
    /// column `x`), the walls full, the wells zeroed for `load` to count.
    @inline(__always)
    func transposeStack() {
        for x in 0..<(width &+ 4) {
            columnWells[x] = 0
            columns[x] = x >= 2 && x < width &+ 2 ? 0 : allRows
        }
        guard width <= 16 else {
            // Wide boards: column by column.
            for x in 0..<width {
                let shift = UInt64(x)
                var column: UInt64 = 0
                var y = top
                while y < height {
                    column |= ((rows[y] >> shift) & 1) << UInt64(y)
                    y &+= 1
                }
                columns[x &+ 2] = column
            }
            return
        }
        // Eight rows at a time: each row's low and high byte spread into one bit per byte
        // (a multiply, masks and an add), so byte `x` of `low` holds column `x`'s eight
        // rows; then one shift and mask per column. A loop per cell costs four times that.
        @inline(__always) func spread(_ byte: UInt64) -> UInt64 {
            (((byte &* 0x0101_0101_0101_0101) & 0x8040_2010_0804_0201) &+ 0x7F7F_7F7F_7F7F_7F7F) >> 7
                & 0x0101_0101_0101_0101
        }
        var base = top
        while base < height {
            var low: UInt64 = 0, high: UInt64 = 0
            let end = min(base &+ 8, height)
            var y = base
            while y < end {
                let row = rows[y]
                let shift = UInt64(y &- base)
                low |= spread(row & 0xFF) &<< shift
                high |= spread((row >> 8) & 0xFF) &<< shift
                y &+= 1
            }
            let at = UInt64(base)
            for x in 0..<min(width, 8) {
                columns[x &+ 2] |= ((low >> UInt64(8 &* x)) & 0xFF) &<< at
            }
            var x = 8
            while x < width {
                columns[x &+ 2] |= ((high >> UInt64(8 &* (x &- 8))) & 0xFF) &<< at
                x &+= 1
            }
            base &+= 8
        }
    }
}
