import HanJulCore

extension PlacementSearch {
    /// Fast mode: the rotation states reachable by turning at the start (breadth first,
    /// fewest turns first, at most rotations − 1 turns), each slid left and right and
    /// dropped.
    @_specialize(where R == StandardRules)
    mutating func runFast<R: Rules>(_ start: Piece, state: GameState, rules: R, holds: Bool, turns: UInt32,
                                    landing: Bool) throws(RuleError) {
        let table = self.table!
        let first = storage.count
        if let kicks = rules.fixedKicksToken,
           let (cached, clear) = try fixedKickStarts(start, state: state, rules: rules, kicks: kicks, turns: turns,
                                                     table: table) {
            // Nothing reads what a clear search found unless it turns where pieces land.
            slides(from: cached.starts, overlaps: cached.overlaps, holds: holds, state: state, table: table, clear: clear,
                   marks: !clear || landing)
        } else {
            try turnStarts(start, state: state, rules: rules, turns: turns)
            let found = starts
            Self.overlaps(of: found, table: table, into: &startOverlaps)
            let overlaps = startOverlaps
            slides(from: found, overlaps: overlaps, holds: holds, state: state, table: table, clear: false, marks: true)
        }
        if landing {
            try landingTurns(from: first, state: state, rules: rules, holds: holds, turns: turns, table: table)
        }
    }

    /// The most turns a path makes where the piece landed (`landingTurns`).
    static let maxLandingTurns = 2

    /// Under rules with a rotation system of their own (`Rules.searchesTurnsAtLanding`): each
    /// placement from `first` on, those found here included, turned where it landed with the
    /// rules' own turns (so kicks off the stack and the walls count), then dropped. The path:
    /// the placement's own, soft drops down to where it landed instead of its hard drop, the
    /// turn, a hard drop. At most `maxLandingTurns` such turns in a path.
    @_specialize(where R == StandardRules)
    private mutating func landingTurns<R: Rules>(
        from first: Int, state: GameState, rules: R, holds: Bool, turns: UInt32, table: ShapeTable
    ) throws(RuleError) {
        let width = state.board.width, height = state.board.height
        landingDepth.removeAll(keepingCapacity: true)
        for _ in first..<storage.count { landingDepth.append(0) }
        var index = first
        while index < storage.count {
            let placement = storage.placements[index]
            let depth = landingDepth[index - first]
            index += 1
            guard depth < Self.maxLandingTurns else { continue }
            for turn in Turn.allCases where turns & (1 << turn.rawValue) != 0 {
                guard let turned = try turn.apply(to: placement.piece, state: state, rules: rules) else { continue }
                positionsVisited += 1
                let rows = state.board.dropDistance(of: turned, in: state.pieces)
                let landed = turned.offset(0, rows)
                guard isNew(landed, height: height, width: width, table: table) else { continue }
                pathScratch.removeAll(keepingCapacity: true)
                let path = actions(of: placement).droppingHold
                for step in 0..<(path.count - 1) { pathScratch.append(path[step]) }
                for _ in 0..<placement.dropRows { pathScratch.append(.softDrop) }
                pathScratch.append(turn.action)
                let begin = storedActions.count
                storedActions.append(contentsOf: pathScratch)
                storage.append(Placement(piece: landed, dropRows: rows, holds: holds, turns: 0, shift: 0,
                                         pathStart: Int32(begin), pathEnd: Int32(storedActions.count)))
                landingDepth.append(depth + 1)
            }
        }
    }

    /// The rotation states reachable by turning at `start` into `starts`, breadth first,
    /// fewest turns first, at most rotations − 1 turns, each with the turns that reach it.
    @_specialize(where R == StandardRules)
    private mutating func turnStarts<R: Rules>(_ start: Piece, state: GameState, rules: R, turns: UInt32) throws(RuleError) {
        let maxTurns = state.pieces.rotationCount(of: start.kind) - 1
        starts.removeAll(keepingCapacity: true)
        starts.append((start, 0))
        var head = 0
        while head < starts.count {
            let (piece, path) = starts[head]
            head += 1
            guard Turn.count(path) < maxTurns else { continue }
            for turn in Turn.allCases where turns & (1 << turn.rawValue) != 0 {
                guard let next = try turn.apply(to: piece, state: state, rules: rules),
                      !starts.contains(where: { $0.piece == next }) else { continue }
                starts.append((next, turn.appended(to: path)))
            }
        }
    }

    /// Under rules that turn by a kick table alone (`Rules.fixedKicksToken`), the starts worked
    /// out once per kind on an empty board under that table, when they are this board's
    /// too, and whether nothing is filled in the rows they cover (`clear`); `nil` when the
    /// search must turn on this board.
    ///
    /// A turn is the first kick that fits. On an empty board only the walls and the floor
    /// stop a kick, and they stop it on every board; filled cells only stop more. So when
    /// each start found on the empty board still fits here, every turn picks the same kick
    /// here: the same starts, in the same order.
    @_specialize(where R == StandardRules)
    private mutating func fixedKickStarts<R: Rules>(
        _ start: Piece, state: GameState, rules: R, kicks: FixedKicksToken, turns: UInt32, table: ShapeTable
    ) throws(RuleError) -> (starts: FixedStarts, clear: Bool)? {
        let kind = start.kind, width = state.board.width, height = state.board.height
        while fixedStarts.count <= kind { fixedStarts.append(nil) }
        let known = fixedStarts[kind]
        let cached: FixedStarts
        if let known, known.start == start, known.turns == turns, known.width == width, known.height == height,
           known.table === table, known.rules == ObjectIdentifier(R.self), known.kicks === kicks {
            cached = known
        } else {
            var empty = state
            empty.editBoard { $0 = Board(width: width, height: height) }
            try turnStarts(start, state: empty, rules: rules, turns: turns)
            var lowest = -1
            for (piece, _) in starts {
                let entry = piece.kind * 8 + piece.rotation
                lowest = max(lowest, piece.y + table.minY[entry] + table.rowCount[entry] - 1)
            }
            Self.overlaps(of: starts, table: table, into: &startOverlaps)
            cached = FixedStarts(start: start, turns: turns, width: width, height: height, table: table,
                                 rules: ObjectIdentifier(R.self), kicks: kicks, starts: starts, overlaps: startOverlaps,
                                 lowestRow: lowest)
            fixedStarts[kind] = cached
        }
        // Nothing filled in the rows they reach: they all fit (the usual case, a few loads).
        let clear = state.board.rows.withUnsafeBufferPointer { rows in
            var y = 0
            while y <= min(cached.lowestRow, height - 1) {
                if rows[y] != 0 { return false }
                y += 1
            }
            return true
        }
        guard clear || cached.starts.allSatisfy({ state.fits($0.piece) }) else { return nil }
        return (cached, clear)
    }

    /// Per start, bit 0: an earlier start covers the same cells in the same box (it slides
    /// to the same places: an O turned in place, say); bit 1: an earlier start has the same
    /// shape. Into `overlaps`, its storage kept.
    static func overlaps(of starts: [(piece: Piece, turns: UInt32)], table: ShapeTable, into overlaps: inout [UInt8]) {
        overlaps.removeAll(keepingCapacity: true)
        for index in 0..<starts.count {
            let piece = starts[index].piece
            let entry = piece.kind * 8 + piece.rotation
            var flags: UInt8 = 0
            for earlier in 0..<index {
                let other = starts[earlier].piece
                let otherEntry = other.kind * 8 + other.rotation
                if table.canonical[otherEntry] == table.canonical[entry] {
                    flags |= 2
                    if other.x + table.minX[otherEntry] == piece.x + table.minX[entry]
                        && other.y + table.minY[otherEntry] == piece.y + table.minY[entry] {
                        flags |= 1
                        break
                    }
                }
            }
            overlaps.append(flags)
        }
    }

    /// Slides from each of `starts` but those that repeat an earlier one: a start covering
    /// the same cells in the same box as an earlier one slides to the same places (an O
    /// turned in place, say).
    ///
    /// A start whose shape no earlier start has finds only new placements (each left column
    /// once), so it skips the look-up of what was found. When nothing is filled in the rows
    /// the starts cover (`clear`), a start with the shape of an earlier one finds nothing new
    /// and is skipped: both slide over every column, and from above the stack a shape lands
    /// at the same row whatever row it falls from. `marks: false` when nothing will ask
    /// whether a place was found (a clear search without landing turns): the marks are
    /// then not written.
    /// `overlaps` (`overlaps(of:table:into:)`) says which starts repeat or share a shape.
    private mutating func slides(from starts: [(piece: Piece, turns: UInt32)], overlaps: [UInt8], holds: Bool,
                                 state: GameState, table: ShapeTable, clear: Bool, marks: Bool) {
        for index in 0..<starts.count {
            let (piece, path) = starts[index]
            let repeated = overlaps[index] & 1 != 0, sameShape = overlaps[index] & 2 != 0
            if repeated || (sameShape && clear) { continue }
            slides(from: piece, turns: path, holds: holds, state: state, table: table, checksFound: sameShape,
                   marks: marks || sameShape)
        }
    }

    /// The hard drops from `piece` and from every column it slides to, step by step: the
    /// start, then left to the wall, then right of the start. `checksFound: false` when no
    /// placement of this search can cover the same cells (each is still marked found, unless
    /// `marks` is false).
    private mutating func slides(from piece: Piece, turns: UInt32, holds: Bool, state: GameState, table: ShapeTable,
                                 checksFound: Bool, marks: Bool) {
        let board = state.board
        let width = board.width, height = board.height
        let entry = piece.kind * 8 + piece.rotation
        let rowCount = table.rowCount[entry], columns = table.columnCount[entry]
        let minX = table.minX[entry]
        let top = piece.y + table.minY[entry]
        guard top + rowCount - 1 < height else { return }
        let maxLeft = width - columns
        let startLeft = piece.x + minX
        let form = table.canonical[entry]
        let keyRows = height + Self.keyRowsAbove
        let stamp = self.stamp
        let rowMasks = table.rowMasks + entry * 8
        let bottoms = table.columnBottomOrFar + entry * 8
        let storage = self.storage
        let columnTop = storage.columnTop, seenStamp = storage.seenStamp
        var visited = 0
        // Per column of the piece, its lowest cell's row plus one: above column top t it
        // drops t − that (one test for the rare start below a column top, after the loop).
        let lows = storage.columnLows
        for column in 0..<max(columns, 4) { lows[column] = piece.y &+ bottoms[column] &+ 1 }
        board.rows.withUnsafeBufferPointer { rows in
            // Where the piece fits in these rows, for every left column at once: a cell of
            // the piece at bit `b` of its row rules out each left `x` where the board row
            // has bit `x + b` set. Bit `x` of `blocked` then means "does not fit at x" (the
            // same test as `Board.fits`, without a row loop per position).
            var blocked: UInt64 = 0
            var i = 0
            while i < rowCount {
                if top + i >= 0 {
                    let row = rows[top + i]
                    var mask = rowMasks[i]
                    while mask != 0 {
                        blocked |= row >> UInt64(mask.trailingZeroBitCount)
                        mask &= mask - 1
                    }
                }
                i += 1
            }
            // The run of free left columns around the start (which fits).
            let allowed: UInt64 = maxLeft >= 63 ? ~0 : (1 << UInt64(maxLeft + 1)) - 1
            let free = ~blocked & allowed
            let highest = startLeft + (~(free >> UInt64(startLeft))).trailingZeroBitCount - 1
            let blockedBelow = ~free & ((1 << UInt64(startLeft)) - 1)
            let lowest = blockedBelow == 0 ? 0 : 64 - blockedBelow.leadingZeroBitCount
            visited = highest - lowest + 1
            storage.reserve(visited)
            let out = storage.placements
            var written = storage.count
            // Drop and deduplicate inline: the column tops give the drop when the piece is
            // above the stack in each of its columns (else the engine's step-by-step). The
            // order: the start, then left to the wall, then right of the start.
            var left = startLeft
            var step = -1
            while true {
                if left < lowest {
                    left = startLeft + 1
                    step = 1
                }
                if left > highest { break }
                var drop: Int
                if columns <= 4 {
                    // Four columns whatever the piece's width, no loop exit to mispredict: a
                    // column it does not have lies far below, and the column tops have room
                    // past the board's last column.
                    drop = min(min(columnTop[left] &- lows[0], columnTop[left &+ 1] &- lows[1]),
                               min(columnTop[left &+ 2] &- lows[2], columnTop[left &+ 3] &- lows[3]))
                } else {
                    drop = Int.max
                    var column = 0
                    while column < columns {
                        drop = min(drop, columnTop[left &+ column] &- lows[column])
                        column &+= 1
                    }
                }
                if drop < 0 {
                    // Below the top of a column it covers: step by step.
                    drop = board.dropDistance(of: Piece(kind: piece.kind, rotation: piece.rotation,
                                                        x: left - minX, y: piece.y), in: state.pieces)
                }
                let y0 = top + drop
                var isNew = true
                if !marks {
                } else if y0 >= -Self.keyRowsAbove && y0 < height {
                    let key = (form &* keyRows &+ y0 &+ Self.keyRowsAbove) &* width &+ left
                    if checksFound && seenStamp[key] == stamp { isNew = false } else { seenStamp[key] = stamp }
                } else {
                    let key = (form &* 1_000_003 &+ y0) &* 1_000_003 &+ left
                    if checksFound && seenKeys.contains(key) { isNew = false } else { seenKeys.append(key) }
                }
                if isNew {
                    (out + written).initialize(to: Placement(
                        piece: Piece(kind: piece.kind, rotation: piece.rotation, x: left - minX, y: piece.y + drop),
                        dropRows: drop, holds: holds, turns: turns, shift: Int32(left - startLeft),
                        pathStart: -1, pathEnd: -1))
                    written &+= 1
                }
                left &+= step
            }
            storage.count = written
        }
        positionsVisited += visited
    }
}
