import HanJulCore

/// A place where a piece can lock, and how to get it there.
public struct Placement: Equatable, Sendable {
    /// The piece where it locks: after the hard drop that ends its path, before it is
    /// written into the board (and before any line clear).
    public var piece: Piece
    /// Rows the final hard drop moves the piece (what `hardDropPoints(rows:)` is paid for).
    public var dropRows: Int
    // The path: fast mode `turns` rotations, `|shift|` moves, a hard drop; full mode the
    // actions `pathStart..<pathEnd` of the search's buffer (then a hard drop).
    @usableFromInline var turns: Int32
    @usableFromInline var shift: Int32
    @usableFromInline var pathStart: Int32
    @usableFromInline var pathEnd: Int32
}

/// The actions that take a piece from its start to a placement: rotations, moves and soft
/// drops, always ending with `.hardDrop`.
public struct PlacementPath: RandomAccessCollection, Equatable, Sendable {
    @usableFromInline let turns: Int
    @usableFromInline let shift: Int
    @usableFromInline let stored: ArraySlice<Action>

    @inlinable init(turns: Int, shift: Int, stored: ArraySlice<Action>) {
        self.turns = turns
        self.shift = shift
        self.stored = stored
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { stored.count + turns + Int(shift.magnitude) + 1 }

    @inlinable public subscript(position: Int) -> Action {
        precondition(position >= 0 && position < endIndex, "path index out of range")
        if position < stored.count { return stored[stored.startIndex + position] }
        let rest = position - stored.count
        if rest < turns { return .rotate }
        if rest < turns + Int(shift.magnitude) { return shift < 0 ? .left : .right }
        return .hardDrop
    }
}

/// Enumerates where a piece can lock under a rule set, each placement with an action path
/// that reaches it through the real rules (the rules' own `rotated(_:state:)` and its kicks).
///
/// One search value is meant to be reused: it keeps its buffers between calls, so after the
/// first few pieces a search allocates nothing.
///
/// ```
/// var search = PlacementSearch()
/// try search.run(.fast, in: game.state, rules: game.rules)
/// for placement in search.placements {
///     print(placement.piece, ActionScript.text(of: search.actions(of: placement)))
/// }
/// ```
///
/// Placements are told apart by the cells the locked piece covers: two rotations (or
/// positions) that cover the same cells count once, with the path found first. Every path
/// ends with `.hardDrop`; replayed through `Game.apply(_:)` on the same state it locks the
/// piece exactly at `placement.piece`.
///
/// The search calls `rules.rotated(_:state:)` with the `state` given (its piece is not moved
/// to the position being tried), as the engine would if the piece were there.
public struct PlacementSearch: Sendable {
    /// How far the search looks.
    public enum Mode: String, Sendable, CaseIterable {
        /// Each rotation reachable by repeated clockwise turns at the start position (with the
        /// rules' kicks), then every slide left or right that fits step by step at that
        /// height, then a hard drop. What a player does with "rotate, move, drop".
        case fast
        /// Every position reachable with `L`, `R`, `C` and `D` (soft drop), breadth first,
        /// then a hard drop: tucks under overhangs and spins count. Positions more than 16
        /// rows above the start (or the board's top) are not explored.
        case full
    }

    /// The placements of the latest search, in the order found (fast mode: by rotation, then
    /// no slide, slides left, slides right; full mode: breadth-first order).
    public private(set) var placements: [Placement] = []
    /// Positions the latest search tried (fast mode: start positions of hard drops; full
    /// mode: states visited), for benchmarks.
    public private(set) var positionsVisited = 0

    // Full-mode paths, end to end (without their hard drops).
    @usableFromInline var storedActions: [Action] = []
    // Scratch, reused between searches.
    private var columnTop: [Int] = []
    // Per kind of the piece set last searched: the lowest cell of each column of each
    // rotation (`bottoms[kind * 64 + rotation * 8 + column]`, `Int.min` for none) and the
    // first rotation covering the same cells (`canonical[kind * 8 + rotation]`). They depend
    // on the set alone, so they are built once per set rather than once per piece;
    // `bottomsBase` and `canonicalBase` point at the current kind's.
    private var bottoms: [Int] = []
    private var canonical: [Int] = []
    private var tablesSet: PieceSet?
    private var bottomsBase = 0
    private var canonicalBase = 0
    private var seenStamp: [UInt32] = []
    private var seenKeys: [Int] = []
    private var visitStamp: [UInt32] = []
    private var parent: [Int32] = []
    private var via: [Action] = []
    private var queue: [Piece] = []
    private var pathScratch: [Action] = []
    private var stamp: UInt32 = 0

    /// An empty search; buffers grow on first use.
    public init() {}

    /// The actions that reach `placement` from the start, ending with `.hardDrop`.
    /// - Precondition: `placement` comes from this search's latest run.
    @inlinable
    public func actions(of placement: Placement) -> PlacementPath {
        let stored = placement.pathStart < 0
            ? storedActions[0..<0] : storedActions[Int(placement.pathStart)..<Int(placement.pathEnd)]
        return PlacementPath(turns: Int(placement.turns), shift: Int(placement.shift), stored: stored)
    }

    /// Finds the placements of `start` (default: the piece in play) on `state`'s board under
    /// `rules`, replacing the previous results.
    ///
    /// A start position that does not fit has no placements. To ask "where could kind `k`
    /// go?" (an evil randomizer, say), pass `rules.spawnPiece(kind: k, state: state)`.
    /// - Throws: the `RuleError` of `rules.rotated`, or one naming the `rotate` hook when it
    ///   returns a piece that does not fit or changed its kind (the engine would end the
    ///   game with that error).
    /// - Complexity: fast mode O(rotations × width) positions, each O(piece rows); full mode
    ///   O(rotations × width × height). No allocation once the buffers have grown.
    public mutating func run<R: Rules>(
        _ mode: Mode, in state: GameState, rules: R, from start: Piece? = nil
    ) throws(RuleError) {
        placements.removeAll(keepingCapacity: true)
        storedActions.removeAll(keepingCapacity: true)
        positionsVisited = 0
        let start = start ?? state.piece
        let set = state.pieces
        guard start.kind >= 0 && start.kind < set.count,
              start.rotation >= 0 && start.rotation < set.rotationCount(of: start.kind),
              state.fits(start) else { return }
        prepare(kind: start.kind, board: state.board, set: set)
        switch mode {
        case .fast: try runFast(start, state: state, rules: rules)
        case .full: try runFull(start, state: state, rules: rules)
        }
    }

    /// Every placement of the piece in play with its actions, as fresh arrays: the
    /// convenient form for tools and mods. Bots reuse a `PlacementSearch` instead.
    public static func placements<R: Rules>(
        _ mode: Mode, in state: GameState, rules: R, from start: Piece? = nil
    ) throws(RuleError) -> [(piece: Piece, actions: [Action])] {
        var search = PlacementSearch()
        try search.run(mode, in: state, rules: rules, from: start)
        return search.placements.map { ($0.piece, Array(search.actions(of: $0))) }
    }

    // MARK: - Modes

    private mutating func runFast<R: Rules>(_ start: Piece, state: GameState, rules: R) throws(RuleError) {
        let turns = state.pieces.rotationCount(of: start.kind)
        var current = start
        var turn = 0
        while true {
            slides(from: current, turns: turn, state: state)
            turn += 1
            guard turn < turns, let next = try rotatedChecked(current, state: state, rules: rules) else { break }
            if next == start { break }
            current = next
        }
    }

    /// The hard drops from `piece` and from every column it slides to, step by step.
    private mutating func slides(from piece: Piece, turns: Int, state: GameState) {
        let board = state.board, set = state.pieces
        let shape = set.shape(piece.kind, piece.rotation)
        let width = board.width, height = board.height
        let spanRows = shape.maxY - shape.minY + 1
        let top = piece.y + shape.minY
        guard piece.y + shape.maxY < height else { return }
        let columns = shape.maxX - shape.minX + 1
        let maxLeft = width - columns
        let startLeft = piece.x + shape.minX
        // The buffers this loop writes are moved out of `self` for its length (a swap, no
        // copy) and back after: the loop then writes locals, without an exclusive access to
        // all of `self` and without a uniqueness check on every position.
        var placements: [Placement] = [], seenStamp: [UInt32] = [], seenKeys: [Int] = []
        swap(&placements, &self.placements)
        swap(&seenStamp, &self.seenStamp)
        swap(&seenKeys, &self.seenKeys)
        defer {
            swap(&placements, &self.placements)
            swap(&seenStamp, &self.seenStamp)
            swap(&seenKeys, &self.seenKeys)
        }
        let columnTop = self.columnTop, bottoms = self.bottoms
        let form = canonical[canonicalBase + piece.rotation]
        let keyRows = height + Self.keyRowsAbove
        let stamp = self.stamp
        let base = bottomsBase + piece.rotation * 8
        var visited = 0
        board.rows.withUnsafeBufferPointer { rows in
            set.masks.withUnsafeBufferPointer { masks in
                // Where the piece fits in these rows, for every left column at once: a cell of
                // the piece at bit `b` of its row rules out each left `x` where the board row
                // has bit `x + b` set. Bit `x` of `blocked` then means "does not fit at x" (the
                // same test as `Board.fits`, without a row loop per position).
                var blocked: UInt64 = 0
                var i = 0
                while i < spanRows {
                    if top + i >= 0 {
                        let row = rows[top + i]
                        var mask = masks[shape.maskStart + i]
                        while mask != 0 {
                            blocked |= row >> UInt64(mask.trailingZeroBitCount)
                            mask &= mask - 1
                        }
                    }
                    i += 1
                }
                @inline(__always) func fits(_ left: Int) -> Bool {
                    left >= 0 && left <= maxLeft && blocked & (1 << UInt64(left)) == 0
                }
                var lowest = startLeft
                while fits(lowest - 1) { lowest -= 1 }
                var highest = startLeft
                while fits(highest + 1) { highest += 1 }
                visited = highest - lowest + 1
                seenStamp.withUnsafeMutableBufferPointer { seenStamp in
                    columnTop.withUnsafeBufferPointer { columnTop in
                        bottoms.withUnsafeBufferPointer { bottoms in
                            // Drop and deduplicate inline: the column tops give the drop when the
                            // piece is above the stack in each of its columns (else the engine's
                            // step-by-step).
                            var left = startLeft
                            while true {
                                var drop = Int.max
                                var column = 0
                                while column < columns {
                                    let bottom = bottoms[base + column]
                                    if bottom != Int.min {
                                        let below = columnTop[left + column] - 1 - (piece.y + bottom)
                                        if below < 0 {
                                            drop = board.dropDistance(of: Piece(kind: piece.kind, rotation: piece.rotation,
                                                                                x: left - shape.minX, y: piece.y), in: set)
                                            break
                                        }
                                        if below < drop { drop = below }
                                    }
                                    column += 1
                                }
                                let y0 = top + drop
                                var isNew = true
                                if y0 >= -Self.keyRowsAbove && y0 < height {
                                    let key = (form * keyRows + y0 + Self.keyRowsAbove) * width + left
                                    if seenStamp[key] == stamp { isNew = false } else { seenStamp[key] = stamp }
                                } else {
                                    let key = (form &* 1_000_003 &+ y0) &* 1_000_003 &+ left
                                    if seenKeys.contains(key) { isNew = false } else { seenKeys.append(key) }
                                }
                                if isNew {
                                    placements.append(Placement(
                                        piece: Piece(kind: piece.kind, rotation: piece.rotation, x: left - shape.minX, y: piece.y + drop),
                                        dropRows: drop, turns: Int32(turns), shift: Int32(left - startLeft), pathStart: -1, pathEnd: -1))
                                }
                                // The order: the start, then left to the wall, then right of the start.
                                if left <= startLeft && left > lowest {
                                    left -= 1
                                } else if left <= startLeft {
                                    left = startLeft + 1
                                    if left > highest { break }
                                } else if left < highest {
                                    left += 1
                                } else {
                                    break
                                }
                            }
                        }
                    }
                }
            }
        }
        positionsVisited += visited
    }

    private mutating func runFull<R: Rules>(_ start: Piece, state: GameState, rules: R) throws(RuleError) {
        let set = state.pieces
        let width = state.board.width
        let turns = set.rotationCount(of: start.kind)
        let yLow = min(start.y + set.shape(start.kind, start.rotation).minY, 0) - 16
        let rowCount = state.board.height - yLow
        let size = turns * rowCount * width
        if visitStamp.count < size {
            visitStamp = Array(repeating: 0, count: size)
            parent = Array(repeating: -1, count: size)
            via = Array(repeating: .hardDrop, count: size)
        }
        // `stamp` was advanced by `prepare`; it marks this search's visits.
        func index(_ piece: Piece) -> Int? {
            let shape = set.shape(piece.kind, piece.rotation)
            let x0 = piece.x + shape.minX, y0 = piece.y + shape.minY
            guard x0 >= 0 && x0 < width && y0 >= yLow && y0 < state.board.height else { return nil }
            return (piece.rotation * rowCount + (y0 - yLow)) * width + x0
        }
        queue.removeAll(keepingCapacity: true)
        guard let startIndex = index(start) else { return }
        visitStamp[startIndex] = stamp
        parent[startIndex] = -1
        queue.append(start)
        var head = 0
        while head < queue.count {
            let piece = queue[head]
            head += 1
            let here = index(piece)!
            let rows = dropDistance(of: piece, state: state)
            let landed = piece.offset(0, rows)
            if isNew(landed, state: state) {
                pathScratch.removeAll(keepingCapacity: true)
                var at = here
                while parent[at] >= 0 {
                    pathScratch.append(via[at])
                    at = Int(parent[at])
                }
                let begin = storedActions.count
                storedActions.append(contentsOf: pathScratch.reversed())
                placements.append(Placement(piece: landed, dropRows: rows, turns: 0, shift: 0,
                                            pathStart: Int32(begin), pathEnd: Int32(storedActions.count)))
            }
            for move in 0..<4 {
                let action: Action, next: Piece
                switch move {
                case 0: (action, next) = (.left, piece.offset(-1, 0))
                case 1: (action, next) = (.right, piece.offset(1, 0))
                case 2: (action, next) = (.softDrop, piece.offset(0, 1))
                default:
                    guard let turned = try rotatedChecked(piece, state: state, rules: rules) else { continue }
                    (action, next) = (.rotate, turned)
                }
                guard action == .rotate || state.fits(next), let target = index(next),
                      visitStamp[target] != stamp else { continue }
                visitStamp[target] = stamp
                parent[target] = Int32(here)
                via[target] = action
                queue.append(next)
            }
        }
        positionsVisited = queue.count
    }

    // MARK: - Steps

    /// The rules' clockwise turn, checked the way the engine checks it.
    private func rotatedChecked<R: Rules>(_ piece: Piece, state: GameState, rules: R) throws(RuleError) -> Piece? {
        guard let (turned, _) = try rules.rotated(piece, state: state) else { return nil }
        guard turned.kind == piece.kind, state.fits(turned) else {
            throw RuleError(hook: "rotate", message: "returned a piece that does not fit or changed its kind")
        }
        return turned
    }

    /// Whether the locked piece `landed` covers cells no placement found so far covers (and
    /// marks them found).
    private mutating func isNew(_ landed: Piece, state: GameState) -> Bool {
        let shape = state.pieces.shape(landed.kind, landed.rotation)
        let x0 = landed.x + shape.minX, y0 = landed.y + shape.minY
        let height = state.board.height, width = state.board.width
        let form = canonical[canonicalBase + landed.rotation]
        if y0 >= -Self.keyRowsAbove && y0 < height {
            let key = (form * (height + Self.keyRowsAbove) + y0 + Self.keyRowsAbove) * width + x0
            if seenStamp[key] == stamp { return false }
            seenStamp[key] = stamp
            return true
        }
        // Far above the board (a mod spawning high): a plain list.
        let key = (form &* 1_000_003 &+ y0) &* 1_000_003 &+ x0
        if seenKeys.contains(key) { return false }
        seenKeys.append(key)
        return true
    }

    private static let keyRowsAbove = 48

    /// Rows `piece` falls on a hard drop: from the column tops when the piece is above the
    /// stack in each of its columns, else step by step as the engine does.
    private func dropDistance(of piece: Piece, state: GameState) -> Int {
        let shape = state.pieces.shape(piece.kind, piece.rotation)
        let base = bottomsBase + piece.rotation * 8
        var distance = Int.max
        for column in 0...(shape.maxX - shape.minX) {
            let bottom = bottoms[base + column]
            if bottom == Int.min { continue }
            let lowest = piece.y + bottom
            let top = columnTop[piece.x + shape.minX + column]
            if lowest >= top { return state.board.dropDistance(of: piece, in: state.pieces) }
            distance = min(distance, top - 1 - lowest)
        }
        return distance
    }

    /// Column tops of the board, the lowest cell of each column of each rotation of `kind`,
    /// which rotations cover the same cells, and a fresh stamp.
    private mutating func prepare(kind: Int, board: Board, set: PieceSet) {
        let width = board.width, height = board.height
        if columnTop.count != width { columnTop = Array(repeating: height, count: width) }
        for x in 0..<width { columnTop[x] = height }
        var seen: UInt64 = 0
        var y = 0
        while y < height && seen != board.fullRow {
            var fresh = board.rows[y] & ~seen
            seen |= fresh
            while fresh != 0 {
                columnTop[fresh.trailingZeroBitCount] = y
                fresh &= fresh - 1
            }
            y += 1
        }
        // Array equality first compares storage identity: one game's set is recognised
        // without comparing its contents.
        if tablesSet != set { buildTables(set) }
        bottomsBase = kind * 64
        canonicalBase = kind * 8
        let turns = set.rotationCount(of: kind)
        let keySize = turns * (height + Self.keyRowsAbove) * width
        if seenStamp.count < keySize { seenStamp = Array(repeating: 0, count: keySize) }
        seenKeys.removeAll(keepingCapacity: true)
        stamp &+= 1
        if stamp == 0 {
            for i in seenStamp.indices { seenStamp[i] = 0 }
            for i in visitStamp.indices { visitStamp[i] = 0 }
            stamp = 1
        }
    }

    /// `bottoms` and `canonical` for every kind of `set`.
    private mutating func buildTables(_ set: PieceSet) {
        bottoms = Array(repeating: Int.min, count: set.count * 64)
        canonical = Array(repeating: 0, count: set.count * 8)
        for kind in 0..<set.count {
            for rotation in 0..<set.rotationCount(of: kind) {
                let shape = set.shape(kind, rotation)
                for row in shape.minY...shape.maxY {
                    var mask = set.masks[shape.maskStart + row - shape.minY]
                    while mask != 0 {
                        bottoms[kind * 64 + rotation * 8 + mask.trailingZeroBitCount] = row
                        mask &= mask - 1
                    }
                }
                canonical[kind * 8 + rotation] = rotation
                for earlier in 0..<rotation where Self.sameCells(set.shape(kind, earlier), shape, set) {
                    canonical[kind * 8 + rotation] = earlier
                    break
                }
            }
        }
        tablesSet = set
    }

    private static func sameCells(_ a: PieceSet.Shape, _ b: PieceSet.Shape, _ set: PieceSet) -> Bool {
        guard a.maxX - a.minX == b.maxX - b.minX, a.maxY - a.minY == b.maxY - b.minY else { return false }
        for row in 0...(a.maxY - a.minY) where set.masks[a.maskStart + row] != set.masks[b.maskStart + row] {
            return false
        }
        return true
    }
}

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

    /// The cells of `kind` in `rotation` row by row, top first, for code that places one
    /// rotation state at many positions: `body` gets each row's offset from the piece's `y`
    /// and its cells as a mask with bit 0 at column `x + left`, where `left` is returned.
    @inlinable
    @discardableResult
    public func rowMasks(kind: Int, rotation: Int, _ body: (_ dy: Int, _ mask: UInt64) -> Void) -> Int {
        let shape = shape(kind, rotation)
        for i in 0...(shape.maxY - shape.minY) { body(shape.minY + i, masks[shape.maskStart + i]) }
        return shape.minX
    }

    /// The rows `piece` spans on the board, top to bottom (possibly partly off the board).
    @inlinable
    public func rowSpan(of piece: Piece) -> ClosedRange<Int> {
        let shape = shape(piece.kind, piece.rotation)
        return (piece.y + shape.minY)...(piece.y + shape.maxY)
    }
}
