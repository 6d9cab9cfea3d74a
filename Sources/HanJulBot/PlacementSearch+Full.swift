import HanJulCore

extension PlacementSearch {
    /// Full mode: breadth first over `L`, `R`, `D` and the allowed turns; every position
    /// reached locks where a hard drop from it lands.
    ///
    /// Under a lock delay (`Rules.lockDelay`) each position also carries the resets its
    /// path used (moves and turns that start grounded; a new lowest row gives them back, as
    /// in `Game`): a move that would leave the piece grounded with its resets spent locks
    /// it there in the real game, so the search does not go on from it. (The first path
    /// found to a position is the one kept, as everywhere in the search.)
    @_specialize(where R == StandardRules)
    mutating func runFull<R: Rules>(_ start: Piece, state: GameState, rules: R, holds: Bool, turns: UInt32) throws(RuleError) {
        let table = self.table!
        let width = state.board.width, height = state.board.height
        let delay = rules.lockDelay
        guard let grid = startBreadthFirst(start, state: state, delay: delay, holds: holds) else { return }
        func index(_ piece: Piece) -> Int? { grid.index(piece) }
        var head = 0
        while head < queue.count {
            let piece = queue[head]
            head += 1
            let here = index(piece)!
            let rows = dropDistance(of: piece, state: state, table: table)
            let landed = piece.offset(0, rows)
            if isNew(landed, height: height, width: width, table: table) {
                pathScratch.removeAll(keepingCapacity: true)
                var at = here
                while parent[at] >= 0 {
                    pathScratch.append(via[at])
                    at = Int(parent[at])
                }
                let begin = storedActions.count
                storedActions.append(contentsOf: pathScratch.reversed())
                storage.append(Placement(piece: landed, dropRows: rows, holds: holds, turns: 0, shift: 0,
                                            pathStart: Int32(begin), pathEnd: Int32(storedActions.count)))
            }
            for move in 0..<6 {
                let action: Action, next: Piece
                switch move {
                case 0: (action, next) = (.left, piece.offset(-1, 0))
                case 1: (action, next) = (.right, piece.offset(1, 0))
                case 2: (action, next) = (.softDrop, piece.offset(0, 1))
                default:
                    let turn = Turn.allCases[move - 3]
                    guard turns & (1 << turn.rawValue) != 0, let turned = try turn.apply(to: piece, state: state, rules: rules) else { continue }
                    (action, next) = (turn.action, turned)
                }
                guard move >= 3 || state.fits(next), let target = index(next),
                      visitStamp[target] != stamp else { continue }
                if let delay {
                    // As `Game` counts them: a move or turn that starts grounded is a reset;
                    // a step down is not; a new lowest row gives every reset back.
                    var resets = resetsAt[here], lowest = lowestAt[here]
                    if move != 2 && !state.fits(piece.offset(0, 1)) { resets += 1 }
                    if next.y > lowest {
                        lowest = next.y
                        resets = 0
                    }
                    if !state.fits(next.offset(0, 1))
                        && (delay.isExhausted(resets: resets) || state.lockElapsed >= delay.milliseconds(atLevel: state.level)) {
                        continue
                    }
                    resetsAt[target] = resets
                    lowestAt[target] = lowest
                }
                visitStamp[target] = stamp
                parent[target] = Int32(here)
                via[target] = action
                queue.append(next)
            }
        }
        positionsVisited += queue.count
    }

    /// Rows `piece` falls on a hard drop: from the column tops when the piece is above the
    /// stack in each of its columns, else step by step as the engine does.
    private func dropDistance(of piece: Piece, state: GameState, table: ShapeTable) -> Int {
        let entry = piece.kind * 8 + piece.rotation
        let left = piece.x + table.minX[entry]
        var distance = Int.max
        for column in 0..<table.columnCount[entry] {
            let bottom = table.columnBottom[entry * 8 + column]
            if bottom == Int.min { continue }
            let lowest = piece.y + bottom
            let top = storage.columnTop[left + column]
            if lowest >= top { return state.board.dropDistance(of: piece, in: state.pieces) }
            distance = min(distance, top - 1 - lowest)
        }
        return distance
    }
}

extension PlacementSearch {
    /// Under instant gravity (`GameState.instantGravity`, "20G"), either mode: breadth first
    /// over `L`, `R` and the allowed turns from the piece at rest, each followed by the fall
    /// the engine makes at once; every position reached rests on the stack and locks there
    /// (the hard drop that ends its path moves it no row). Resets under a lock delay are
    /// counted as in `runFull`: every move starts grounded.
    @_specialize(where R == StandardRules)
    mutating func runInstant<R: Rules>(_ start: Piece, state: GameState, rules: R, holds: Bool, turns: UInt32) throws(RuleError) {
        let table = self.table!
        let width = state.board.width, height = state.board.height
        let delay = rules.lockDelay
        guard let grid = startBreadthFirst(start, state: state, delay: delay, holds: holds) else { return }
        func index(_ piece: Piece) -> Int? { grid.index(piece) }
        var head = 0
        while head < queue.count {
            let piece = queue[head]
            head += 1
            let here = index(piece)!
            if isNew(piece, height: height, width: width, table: table) {
                pathScratch.removeAll(keepingCapacity: true)
                var at = here
                while parent[at] >= 0 {
                    pathScratch.append(via[at])
                    at = Int(parent[at])
                }
                let begin = storedActions.count
                storedActions.append(contentsOf: pathScratch.reversed())
                storage.append(Placement(piece: piece, dropRows: 0, holds: holds, turns: 0, shift: 0,
                                         pathStart: Int32(begin), pathEnd: Int32(storedActions.count)))
            }
            for move in 0..<5 {
                let action: Action, moved: Piece
                switch move {
                case 0: (action, moved) = (.left, piece.offset(-1, 0))
                case 1: (action, moved) = (.right, piece.offset(1, 0))
                default:
                    let turn = Turn.allCases[move - 2]
                    guard turns & (1 << turn.rawValue) != 0, let turned = try turn.apply(to: piece, state: state, rules: rules) else { continue }
                    (action, moved) = (turn.action, turned)
                }
                guard move >= 2 || state.fits(moved) else { continue }
                let next = moved.offset(0, state.board.dropDistance(of: moved, in: state.pieces))
                guard let target = index(next), visitStamp[target] != stamp else { continue }
                if let delay {
                    // Every move starts grounded (a reset); a new lowest row gives them back.
                    var resets = resetsAt[here] + 1, lowest = lowestAt[here]
                    if next.y > lowest {
                        lowest = next.y
                        resets = 0
                    }
                    if delay.isExhausted(resets: resets) || state.lockElapsed >= delay.milliseconds { continue }
                    resetsAt[target] = resets
                    lowestAt[target] = lowest
                }
                visitStamp[target] = stamp
                parent[target] = Int32(here)
                via[target] = action
                queue.append(next)
            }
        }
        positionsVisited += queue.count
    }
}

/// The visits of one breadth-first search: a cell per rotation, row (from 16 above the start
/// or the top, whichever is higher up) and column.
struct SearchGrid {
    let table: ShapeTable
    let width: Int, height: Int, yLow: Int, rowCount: Int

    @inline(__always)
    func index(_ piece: Piece) -> Int? {
        let entry = piece.kind * 8 + piece.rotation
        let x0 = piece.x + table.minX[entry], y0 = piece.y + table.minY[entry]
        guard x0 >= 0 && x0 < width && y0 >= yLow && y0 < height else { return nil }
        return (piece.rotation * rowCount + (y0 - yLow)) * width + x0
    }
}

extension PlacementSearch {
    /// Sizes the search's arrays for `start`'s grid and queues `start` as the first visit
    /// (`stamp` was advanced by `prepare`; it marks this search's visits); nil when `start`
    /// is off the grid. Shared by ``runFull`` and ``runInstant``.
    mutating func startBreadthFirst(_ start: Piece, state: GameState, delay: LockDelay?, holds: Bool) -> SearchGrid? {
        let set = state.pieces
        let width = state.board.width, height = state.board.height
        let yLow = min(start.y + set.shape(start.kind, start.rotation).minY, 0) - 16
        let grid = SearchGrid(table: table!, width: width, height: height, yLow: yLow, rowCount: height - yLow)
        let size = set.rotationCount(of: start.kind) * grid.rowCount * width
        if visitStamp.count < size {
            visitStamp = Array(repeating: 0, count: size)
            parent = Array(repeating: -1, count: size)
            via = Array(repeating: .hardDrop, count: size)
        }
        if delay != nil && resetsAt.count < size {
            resetsAt = Array(repeating: 0, count: size)
            lowestAt = Array(repeating: 0, count: size)
        }
        queue.removeAll(keepingCapacity: true)
        guard let startIndex = grid.index(start) else { return nil }
        visitStamp[startIndex] = stamp
        parent[startIndex] = -1
        if delay != nil {
            // The piece in play carries its own count; a piece the hold brings in starts afresh.
            let current = !holds && start == state.piece
            resetsAt[startIndex] = current ? state.lockResets : 0
            lowestAt[startIndex] = current ? state.lowestRow : start.y
        }
        queue.append(start)
        return grid
    }
}
