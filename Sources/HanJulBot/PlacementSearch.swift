import HanJulCore

/// Enumerates where a piece can lock under a rule set, each placement with an action path
/// that reaches it through the real rules (the rules' own `rotated(_:state:)` and
/// `rotatedCounterclockwise(_:state:)` with their kicks).
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
/// The search calls the rules' turns with the `state` given (its piece is not moved to
/// the position being tried), as the engine would if the piece were there; it may call
/// them for positions the game never reaches.
public struct PlacementSearch: Sendable {
    /// How far the search looks.
    public enum Mode: String, Sendable, CaseIterable {
        /// Each rotation state reachable by turning at the start position (the rules'
        /// clockwise and, when allowed, counter-clockwise turns with their kicks, fewest
        /// turns first, at most one turn fewer than the kind has states), then every slide
        /// left or right that fits step by step at that height, then a hard drop. What a
        /// player does with "rotate, move, drop". Under rules with a rotation system of their
        /// own (`Rules.searchesTurnsAtLanding`), each place found is also turned where the
        /// piece lands (soft drops there, a turn with the rules' kicks, a hard drop; up to
        /// two such turns), so kicks off the stack and the walls count.
        case fast
        /// `fast`, turning where the piece lands under any rules (as `fast` does under
        /// rules with a rotation system of their own): to compare rotation systems with the
        /// same search on both sides.
        case landing
        /// Every position reachable with `L`, `R`, `D` (soft drop) and the allowed turns,
        /// breadth first, then a hard drop: tucks under overhangs and spins count.
        /// Positions more than 16 rows above the start (or the board's top) are not
        /// explored.
        case full
    }

    /// The placements of the latest search, in the order found (fast mode: by rotation
    /// state, fewest turns first, then no slide, slides left, slides right; full mode:
    /// breadth-first order). After `append`, the appended ones follow.
    public var placements: PlacementList { PlacementList(storage: storage, count: storage.count) }
    /// Positions the latest search tried (fast mode: start positions of hard drops; full
    /// mode: states visited), for benchmarks.
    public internal(set) var positionsVisited = 0

    // Full-mode paths, end to end (without their hard drops).
    @usableFromInline var storedActions: [Action] = []
    // Scratch, reused between searches.
    var storage = SearchStorage()
    var table: ShapeTable?
    var seenKeys: [Int] = []
    var visitStamp: [UInt32] = []
    var parent: [Int32] = []
    var via: [Action] = []
    var resetsAt: [Int] = []
    var lowestAt: [Int] = []
    var queue: [Piece] = []
    var pathScratch: [Action] = []
    /// Per placement of a fast search's landing turns, the turns made where it landed.
    var landingDepth: [UInt8] = []
    var starts: [(piece: Piece, turns: UInt32)] = []
    var startOverlaps: [UInt8] = []
    var stamp: UInt32 = 0
    /// Per kind, the fast search's starts on an empty board (`fixedKickStarts`).
    var fixedStarts: [FixedStarts?] = []

    /// The starts of one kind worked out on an empty board, and what they were worked out for.
    /// A class: read on every search, it is then one reference, not five fields to copy.
    final class FixedStarts: Sendable {
        let start: Piece, turns: UInt32, width: Int, height: Int
        let table: ShapeTable
        let rules: ObjectIdentifier
        /// What the kick table they were turned with is known by (kept, so that its address
        /// is never another table's while they are).
        let kicks: FixedKicksToken
        let starts: [(piece: Piece, turns: UInt32)]
        /// Which of them repeat or share the shape of an earlier one (`overlaps(of:table:into:)`).
        let overlaps: [UInt8]
        /// The lowest row any of them covers.
        let lowestRow: Int

        init(start: Piece, turns: UInt32, width: Int, height: Int, table: ShapeTable, rules: ObjectIdentifier,
             kicks: FixedKicksToken, starts: [(piece: Piece, turns: UInt32)], overlaps: [UInt8], lowestRow: Int) {
            self.start = start
            self.turns = turns
            self.width = width
            self.height = height
            self.table = table
            self.rules = rules
            self.kicks = kicks
            self.starts = starts
            self.overlaps = overlaps
            self.lowestRow = lowestRow
        }
    }

    /// An empty search; buffers grow on first use.
    public init() {}

    /// The actions that reach `placement` from the start, ending with `.hardDrop`.
    /// - Precondition: `placement` comes from this search's latest run.
    @inlinable
    public func actions(of placement: Placement) -> PlacementPath {
        let stored = placement.pathStart < 0
            ? storedActions[0..<0] : storedActions[Int(placement.pathStart)..<Int(placement.pathEnd)]
        return PlacementPath(holds: placement.holds, turns: placement.turns, shift: Int(placement.shift), stored: stored)
    }

    /// Finds the placements of `start` (default: the piece in play) on `state`'s board under
    /// `rules`, replacing the previous results.
    ///
    /// A start position that does not fit has no placements. To ask "where could kind `k`
    /// go?" (an evil randomizer, say), pass `rules.spawnPiece(kind: k, state: state)`.
    /// - Throws: the `RuleError` of the rules' turns, or one naming the `rotate` hook when it
    ///   returns a piece that does not fit or changed its kind (the engine would end the
    ///   game with that error).
    ///
    /// `turns` limits the turns tried (a mask like `Turn.allowed(by:)`'s, e.g.
    /// `Turn.clockwiseOnly`); by default every turn the rules allow.
    /// - Complexity: fast mode O(rotations × width) positions, each O(piece rows); full mode
    ///   O(rotations × width × height). No allocation once the buffers have grown.
    @_specialize(where R == StandardRules)
    public mutating func run<R: Rules>(
        _ mode: Mode, in state: GameState, rules: R, from start: Piece? = nil, turns: UInt32? = nil
    ) throws(RuleError) {
        try run(mode, in: state, rules: rules, from: start, turns: turns, columnTops: nil)
    }

    /// `run`, with the board's column tops already at hand (a bot's loaded evaluator has
    /// them: `BoardEvaluator.columnTops`), so the search does not scan the board for them.
    @_specialize(where R == StandardRules)
    mutating func run<R: Rules>(
        _ mode: Mode, in state: GameState, rules: R, from start: Piece?, turns: UInt32?,
        columnTops: UnsafePointer<Int>?
    ) throws(RuleError) {
        if isKnownUniquelyReferenced(&storage) { storage.removeAll() } else { storage = SearchStorage() }
        // Fast searches store no actions: not even the generic `removeAll` call for them.
        if !storedActions.isEmpty { storedActions.removeAll(keepingCapacity: true) }
        positionsVisited = 0
        try search(mode, in: state, rules: rules, from: start ?? state.piece, holds: false, turns: turns,
                   columnTops: columnTops)
    }

    /// Adds the placements of `start` to those of the latest search, marked `holds` when
    /// the player reaches `start` by holding (`X`) first: how a bot weighs playing the
    /// piece against holding it.
    @_specialize(where R == StandardRules)
    public mutating func append<R: Rules>(
        _ mode: Mode, in state: GameState, rules: R, from start: Piece, holds: Bool, turns: UInt32? = nil
    ) throws(RuleError) {
        try append(mode, in: state, rules: rules, from: start, holds: holds, turns: turns, columnTops: nil)
    }

    /// `append`, with the board's column tops at hand (see `run(…columnTops:)`).
    @_specialize(where R == StandardRules)
    mutating func append<R: Rules>(
        _ mode: Mode, in state: GameState, rules: R, from start: Piece, holds: Bool, turns: UInt32?,
        columnTops: UnsafePointer<Int>?
    ) throws(RuleError) {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        try search(mode, in: state, rules: rules, from: start, holds: holds, turns: turns, columnTops: columnTops)
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

    @_specialize(where R == StandardRules)
    private mutating func search<R: Rules>(
        _ mode: Mode, in state: GameState, rules: R, from start: Piece, holds: Bool, turns: UInt32?,
        columnTops: UnsafePointer<Int>?
    ) throws(RuleError) {
        let set = state.pieces
        guard start.kind >= 0 && start.kind < set.count,
              start.rotation >= 0 && start.rotation < set.rotationCount(of: start.kind),
              state.fits(start) else { return }
        prepare(kind: start.kind, board: state.board, set: set, columnTops: columnTops)
        let allowed = Turn.allowed(by: rules) & (turns ?? ~0)
        if state.instantGravity {
            // 20G: a piece that spawns falls to rest at once (the piece in play already has).
            let rested = start.offset(0, state.board.dropDistance(of: start, in: set))
            try runInstant(rested, state: state, rules: rules, holds: holds, turns: allowed)
            return
        }
        switch mode {
        case .fast: try runFast(start, state: state, rules: rules, holds: holds, turns: allowed,
                                landing: rules.searchesTurnsAtLanding)
        case .landing: try runFast(start, state: state, rules: rules, holds: holds, turns: allowed, landing: true)
        case .full: try runFull(start, state: state, rules: rules, holds: holds, turns: allowed)
        }
    }

    // MARK: - Shared

    /// Column tops of the board, the shape table of the set, and a fresh stamp.
    private mutating func prepare(kind: Int, board: Board, set: PieceSet, columnTops: UnsafePointer<Int>?) {
        let width = board.width, height = board.height
        let columnTop = storage.columnTop
        if let columnTops {
            columnTop.update(from: columnTops, count: width)
        } else {
            board.rows.withUnsafeBufferPointer { rows in
            for x in 0..<width { columnTop[x] = height }
            var seen: UInt64 = 0
            var y = 0
            while y < height && seen != board.fullRow {
                var fresh = rows[y] & ~seen
                seen |= fresh
                while fresh != 0 {
                    columnTop[fresh.trailingZeroBitCount] = y
                    fresh &= fresh - 1
                }
                y += 1
            }
            }
        }
        if table?.describes(set) != true { table = ShapeTable(set) }
        let turns = set.rotationCount(of: kind)
        storage.reserveStamps(turns * (height + Self.keyRowsAbove) * width)
        seenKeys.removeAll(keepingCapacity: true)
        stamp &+= 1
        if stamp == 0 {
            storage.clearStamps()
            for i in visitStamp.indices { visitStamp[i] = 0 }
            stamp = 1
        }
    }

    static let keyRowsAbove = 48

    /// Whether the locked piece `landed` covers cells no placement of this search covers
    /// yet (and marks them found).
    mutating func isNew(_ landed: Piece, height: Int, width: Int, table: ShapeTable) -> Bool {
        let entry = landed.kind * 8 + landed.rotation
        let x0 = landed.x + table.minX[entry], y0 = landed.y + table.minY[entry]
        let form = table.canonical[entry]
        if y0 >= -Self.keyRowsAbove && y0 < height {
            let key = (form * (height + Self.keyRowsAbove) + y0 + Self.keyRowsAbove) * width + x0
            if storage.seenStamp[key] == stamp { return false }
            storage.seenStamp[key] = stamp
            return true
        }
        // Far above the board (a mod spawning high): a plain list.
        let key = (form &* 1_000_003 &+ y0) &* 1_000_003 &+ x0
        if seenKeys.contains(key) { return false }
        seenKeys.append(key)
        return true
    }
}
