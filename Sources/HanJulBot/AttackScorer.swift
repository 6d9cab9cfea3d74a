import HanJulCore

/// What the `attack` bot weighs besides the El-Tetris board figures.
public struct AttackWeights: Equatable, Sendable {
    /// Per line a lock would send (`AttackWeights.lines(…)`).
    public var attack: Double
    /// A clear that sends nothing (a single): wasted rows, on a safe stack.
    public var wastedClear: Double
    /// A clear that is not difficult while back-to-back is ready: the chain lost.
    public var breaksBackToBack: Double
    /// Per T-spin double slot left open (two rows a T-shaped piece fills with a turn).
    public var spinSlot: Double
    /// Per row of the deepest well up to four (room for a four-row clear).
    public var well: Double
    /// The share of the board's height above which the stack is unsafe: set-ups count less
    /// as it grows, nothing at this height.
    public var safeHeight: Double

    public init(attack: Double, wastedClear: Double, breaksBackToBack: Double, spinSlot: Double, well: Double,
                safeHeight: Double) {
        self.attack = attack
        self.wastedClear = wastedClear
        self.breaksBackToBack = breaksBackToBack
        self.spinSlot = spinSlot
        self.well = well
        self.safeHeight = safeHeight
    }

    public static let standard = AttackWeights(attack: 12, wastedClear: 8, breaksBackToBack: 14, spinSlot: 10, well: 6,
                                               safeHeight: 0.55)

    /// The lines the Guideline's table (Mods/versus) sends for a lock: what `attack-classic`
    /// always plays by, and `attack` under rules with no attack of their own. Singles 0, doubles 1, triples 2, four rows 4; spins
    /// 2/4/6 per 1/2/3 rows, minis 0/1; back-to-back +1; a combo of n clears +⌊(n − 1) / 2⌋
    /// (capped at 5); a perfect clear +10.
    @inlinable
    public static func lines(cleared: Int, spin: Spin, combo: Int, backToBack: Bool, perfectClear: Bool) -> Int {
        guard cleared > 0 else { return 0 }
        var sent: Int
        switch spin {
        case .full: sent = 2 * min(cleared, 3)
        case .mini: sent = cleared >= 2 ? 1 : 0
        case .none: sent = cleared >= 4 ? 4 : cleared - 1
        }
        if backToBack { sent += 1 }
        if combo >= 2 { sent += min(5, combo / 2) }
        if perfectClear { sent += 10 }
        return sent
    }
}

/// Scores placements for the `attack` bot: the El-Tetris board figures (no reward for rows
/// as such), plus the attack the lock would send by its lock facts — rows, the engine's
/// spin test on the path's last turn, the combo and back-to-back the state carries, a
/// perfect clear — less the cost of breaking back-to-back or wasting rows, plus T-spin
/// double slots and a well left for later.
///
/// Spins come from the placement search: a placement counts as turned last when its path
/// ends in a turn and its hard drop moves it no row (as the engine's lock facts see it).
/// Whether such a turn exists is the rules' say (their kicks); under rules that never
/// give one, no placement is a spin and the bot plays for four-row clears and combos.
/// Buffers are allocated once per board height: scoring allocates nothing.
final class AttackScorer {
    let capacity: Int
    /// The board after the placement locks, rows removed.
    private let after: UnsafeMutablePointer<UInt64>
    private let heights: UnsafeMutablePointer<Int>
    /// Whether the set has a T-shaped kind (the slot bonus is for it), by set.
    private var tKindSet: PieceSet?
    private var hasTKind = false

    init(height: Int) {
        capacity = height
        after = .allocate(capacity: height + 1)
        heights = .allocate(capacity: 64)
    }

    deinit {
        after.deallocate()
        heights.deallocate()
    }

    /// The index of the best of `placements` (from `search`'s latest run on `state`).
    func best(of placements: PlacementList, search: PlacementSearch, state: GameState, evaluator: BoardEvaluator,
              board weights: Weights, attack: AttackWeights) -> Int {
        let pieces = state.pieces
        if tKindSet != pieces {
            tKindSet = pieces
            hasTKind = (0..<pieces.count).contains { pieces.isTShaped($0) }
        }
        let board = state.board
        let height = board.height, width = board.width
        var filled = 0
        board.rows.withUnsafeBufferPointer { rows in
            for y in 0..<height { filled &+= rows[y].nonzeroBitCount }
        }
        var best = -Double.infinity, bestIndex = 0
        for index in 0..<placements.count {
            let placement = placements[index]
            let piece = placement.piece
            let features = evaluator.features(after: piece, pieces: pieces)
            let lines = features.linesCleared
            var spin = Spin.none
            if placement.dropRows == 0 {
                let path = search.actions(of: placement)
                if path.count >= 2 {
                    switch path[path.count - 2] {
                    case .rotate, .rotateCounterclockwise, .rotateHalfTurn:
                        spin = state.spin(ofTurned: piece, kickShift: Cell(x: 0, y: 0))
                    default: break
                    }
                }
            }
            let cells = Self.place(piece, pieces: pieces, board: board, into: after)
            let perfect = lines > 0 && filled + cells == lines * width
            let difficult = lines >= 4 || (lines > 0 && spin != .none)
            let combo = lines > 0 ? state.combo + 1 : 0
            let sent = AttackWeights.lines(cleared: lines, spin: spin, combo: combo,
                                           backToBack: difficult && state.backToBackReady, perfectClear: perfect)
            let shape = measureAfter(height: height, width: width)
            let safety = max(0, 1 - Double(shape.maxHeight) / (attack.safeHeight * Double(height)))
            var value = weights.score(features) - weights.rowsEliminated * Double(lines) + attack.attack * Double(sent)
            if lines > 0 && !difficult && state.backToBackReady { value -= attack.breaksBackToBack * safety }
            if lines > 0 && sent == 0 { value -= attack.wastedClear * safety }
            if hasTKind { value += attack.spinSlot * safety * Double(shape.slots) }
            value += attack.well * safety * Double(shape.well)
            if value > best {
                best = value
                bestIndex = index
            }
        }
        return bestIndex
    }

    /// Writes `board` with `piece` locked and full rows removed into `rows`; the piece's
    /// cell count.
    static func place(_ piece: Piece, pieces: PieceSet, board: Board, into rows: UnsafeMutablePointer<UInt64>) -> Int {
        let height = board.height, full = board.fullRow
        board.rows.withUnsafeBufferPointer { source in
            for y in 0..<height { rows[y] = source[y] }
        }
        let shape = pieces.shape(piece.kind, piece.rotation)
        var cells = 0
        pieces.masks.withUnsafeBufferPointer { masks in
            for r in 0...(shape.maxY - shape.minY) {
                let y = piece.y + shape.minY + r
                let mask = masks[shape.maskStart + r]
                cells &+= mask.nonzeroBitCount
                guard y >= 0 && y < height else { continue }
                let x = piece.x + shape.minX
                rows[y] |= x >= 0 ? mask << UInt64(x) : mask >> UInt64(-x)
            }
        }
        var write = height - 1
        var y = height - 1
        while y >= 0 {
            if rows[y] != full {
                rows[write] = rows[y]
                write -= 1
            }
            y -= 1
        }
        while write >= 0 {
            rows[write] = 0
            write -= 1
        }
        return cells
    }

    /// The tallest column, the T-spin double slots and the deepest well (up to four) of the
    /// board in `after`.
    private func measureAfter(height: Int, width: Int) -> (maxHeight: Int, slots: Int, well: Int) {
        let full: UInt64 = width == 64 ? ~0 : (1 << UInt64(width)) - 1
        for x in 0..<width { heights[x] = 0 }
        var seen: UInt64 = 0
        var top = height
        for y in 0..<height where after[y] & ~seen != 0 {
            if top == height { top = y }
            var fresh = after[y] & ~seen
            seen |= fresh
            while fresh != 0 {
                heights[fresh.trailingZeroBitCount] = height - y
                fresh &= fresh - 1
            }
        }
        // T-spin double slots: a row full but for column x, the row above empty at x − 1 … x + 1
        // only, and above that an overhang on one side of x with x itself open to the top.
        var slots = 0
        if width >= 3 {
            var b = max(top + 1, 2)
            while b < height {
                let bottom = after[b]
                let open = full & ~bottom
                if open.nonzeroBitCount == 1 {
                    let x = open.trailingZeroBitCount
                    if x >= 1 && x <= width - 2 {
                        let three: UInt64 = 7 << UInt64(x - 1)
                        if after[b - 1] | three == full && after[b - 1] & three == 0 {
                            let roof = after[b - 2]
                            let left = roof & (1 << UInt64(x - 1)) != 0, right = roof & (1 << UInt64(x + 1)) != 0
                            if left != right && roof & (1 << UInt64(x)) == 0 && heights[x] <= height - b - 1 {
                                slots += 1
                            }
                        }
                    }
                }
                b += 1
            }
        }
        // The deepest well: the lowest column against its lower neighbour (a wall counts as high).
        var well = 0
        for x in 0..<width {
            let left = x > 0 ? heights[x - 1] : height, right = x < width - 1 ? heights[x + 1] : height
            well = max(well, min(4, min(left, right) - heights[x]))
        }
        return (height - top, min(slots, 2), well)
    }
}
