/// A place where a piece can lock, and the actions that put it there.
public struct Placement: Equatable, Sendable {
    /// The piece where it locks: after the hard drop that ends `path`, before it is written
    /// into the board (and before any line clear).
    public var piece: Piece
    /// The actions from the start position, ending with a hard drop, as a range of the
    /// search's `actions` (read them with `PlacementSearch.actions(of:)`).
    public var path: Range<Int>
    /// Rows the final hard drop moves the piece (what `hardDropPoints(rows:)` is paid for).
    public var dropRows: Int

    public init(piece: Piece, path: Range<Int>, dropRows: Int) {
        self.piece = piece
        self.path = path
        self.dropRows = dropRows
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

    /// The placements of the latest search, in the order found (fast mode: rotations, then
    /// no slide, slides left, slides right; full mode: breadth-first order).
    public private(set) var placements: [Placement] = []
    /// Every path of the latest search, end to end; `Placement.path` indexes it.
    public private(set) var actions: [Action] = []
    /// Positions the latest search tried (full mode: states visited), for benchmarks.
    public private(set) var positionsVisited = 0

    // Scratch, reused between searches.
    private var columnTop: [Int] = []
    private var bottoms: [Int] = []
    private var canonical: [Int] = []
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

    /// The path of `placement`, ending with `.hardDrop`.
    @inlinable
    public func actions(of placement: Placement) -> ArraySlice<Action> { actions[placement.path] }

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
        actions.removeAll(keepingCapacity: true)
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

    private mutating func slides(from piece: Piece, turns: Int, state: GameState) {
        record(piece, state: state) { path in for _ in 0..<turns { path.append(.rotate) } }
        for direction in stride(from: -1, through: 1, by: 2) {
            var moved = piece
            var steps = 0
            while true {
                moved = moved.offset(direction, 0)
                guard state.fits(moved) else { break }
                steps += 1
                record(moved, state: state) { path in
                    for _ in 0..<turns { path.append(.rotate) }
                    for _ in 0..<steps { path.append(direction < 0 ? .left : .right) }
                }
            }
        }
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
            if isNewLanding(of: piece, state: state) {
                pathScratch.removeAll(keepingCapacity: true)
                var at = here
                while parent[at] >= 0 {
                    pathScratch.append(via[at])
                    at = Int(parent[at])
                }
                let begin = actions.count
                actions.append(contentsOf: pathScratch.reversed())
                appendLanding(of: piece, pathStart: begin, state: state)
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

    /// Records where `piece` lands when hard-dropped, unless that placement is known; the
    /// path is written by `writePath` followed by the hard drop.
    private mutating func record(_ piece: Piece, state: GameState, writePath: (inout [Action]) -> Void) {
        positionsVisited += 1
        guard isNewLanding(of: piece, state: state) else { return }
        let begin = actions.count
        writePath(&actions)
        appendLanding(of: piece, pathStart: begin, state: state)
    }

    private mutating func appendLanding(of piece: Piece, pathStart: Int, state: GameState) {
        let rows = dropDistance(of: piece, state: state)
        actions.append(.hardDrop)
        placements.append(Placement(piece: piece.offset(0, rows), path: pathStart..<actions.count, dropRows: rows))
    }

    /// Whether the landing of `piece` covers cells no placement found so far covers (and
    /// marks it found).
    private mutating func isNewLanding(of piece: Piece, state: GameState) -> Bool {
        let rows = dropDistance(of: piece, state: state)
        let shape = state.pieces.shape(piece.kind, piece.rotation)
        let x0 = piece.x + shape.minX, y0 = piece.y + rows + shape.minY
        let height = state.board.height, width = state.board.width
        let form = canonical[piece.rotation]
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
        let base = piece.rotation * 8
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
        let turns = set.rotationCount(of: kind)
        if bottoms.count < turns * 8 { bottoms = Array(repeating: Int.min, count: 64) }
        if canonical.count < turns { canonical = Array(repeating: 0, count: 8) }
        for rotation in 0..<turns {
            let shape = set.shape(kind, rotation)
            for column in 0..<8 { bottoms[rotation * 8 + column] = Int.min }
            for row in shape.minY...shape.maxY {
                var mask = set.masks[shape.maskStart + row - shape.minY]
                while mask != 0 {
                    bottoms[rotation * 8 + mask.trailingZeroBitCount] = row
                    mask &= mask - 1
                }
            }
            canonical[rotation] = rotation
            for earlier in 0..<rotation where Self.sameCells(set.shape(kind, earlier), shape, set) {
                canonical[rotation] = earlier
                break
            }
        }
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

    /// The rows `piece` spans on the board, top to bottom (possibly partly off the board).
    @inlinable
    public func rowSpan(of piece: Piece) -> ClosedRange<Int> {
        let shape = shape(piece.kind, piece.rotation)
        return (piece.y + shape.minY)...(piece.y + shape.maxY)
    }
}
