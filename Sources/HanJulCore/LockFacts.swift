/// What one lock was: how the piece got there and what it cleared. The engine works these
/// out for every lock under every rule set, for statistics, callouts and scoring rules
/// (`GameState.lastLock`, `Event.lockFacts`). They are facts, not points: rules decide
/// what a spin or a back-to-back is worth.
public struct LockFacts: Equatable, Sendable {
    /// The piece where it locked.
    public var piece: Piece
    /// The last action that moved or turned it before it locked (`nil`: none since it
    /// entered). A hard drop does not count: a T turned and then hard-dropped reports the turn.
    public var lastMove: Action?
    /// When `lastMove` is a turn, the index of the kick offset that made it fit (0: in place).
    public var kick: Int?
    /// Full rows this lock removed.
    public var lines: Int
    /// The 3-corner T-spin test (`GameState.spin(of:)`), for T-shaped pieces.
    public var spin: Spin
    /// This lock's place in a run of locks that each cleared rows: 1 for the first, 2 for
    /// the next, …; 0 when this one cleared nothing (which ends the run).
    public var combo: Int
    /// Whether this clear is *difficult* (four or more rows, or rows cleared by a spin) and
    /// the clear before it was difficult too (locks that clear nothing do not break the
    /// chain; an easy clear does).
    public var backToBack: Bool

    public init(piece: Piece, lastMove: Action?, kick: Int?, lines: Int, spin: Spin, combo: Int, backToBack: Bool) {
        self.piece = piece
        self.lastMove = lastMove
        self.kick = kick
        self.lines = lines
        self.spin = spin
        self.combo = combo
        self.backToBack = backToBack
    }

    /// Whether the clear counts toward back-to-back: four or more rows, or rows with a spin.
    public var isDifficult: Bool { lines >= 4 || (lines > 0 && spin != .none) }
}

/// The verdict of the 3-corner T-spin test.
public enum Spin: String, Equatable, Sendable {
    /// Not a spin: not a T-shaped piece, not turned last, or fewer than three corners filled.
    case none
    /// Three corners filled, but only one of the two the T points to (and no (±1, ±2) kick).
    case mini
    /// Three corners filled including both the T points to; or any three after a turn that
    /// kicked it by (±1, ±2) (SRS's fifth kick, the "TST" and "fin" kicks).
    case full
}

extension GameState {
    /// The 3-corner T-spin test (the Guideline's) for `piece` on this board, as if it locked
    /// there now, with the game's last move and kick:
    ///
    /// - the piece is T-shaped (four cells, one of them beside the other three) and the last
    ///   successful movement was a turn (`C`, `A`, `F`): a slide, or a fall of one row or
    ///   more (gravity, soft or hard drop) after it cancels the spin (the Guideline's rule,
    ///   as TetrisWiki's "T-Spin" page states it);
    /// - of the four corners diagonal to the T's centre, at least three are filled (the
    ///   walls and the floor count as filled; above the board does not);
    /// - `.full` when both corners on the side the T points to are filled, or the turn
    ///   moved the piece by (±1, ±2); otherwise `.mini`.
    public func spin(of piece: Piece) -> Spin {
        guard lastMoveIsTurn else { return .none }
        return spin(ofTurned: piece, kickShift: lastKickShift)
    }

    /// Whether the last move was a turn (a lock can be a spin only then).
    @inlinable
    public var lastMoveIsTurn: Bool {
        switch lastMove {
        case .rotate?, .rotateCounterclockwise?, .rotateHalfTurn?: true
        default: false
        }
    }

    /// The same test for a piece that got to `piece` by a turn that moved it by `kickShift`
    /// (a bot asking what a placement whose path ends in a turn would be).
    public func spin(ofTurned piece: Piece, kickShift: Cell) -> Spin {
        // By the row masks (no allocation: the bots lock after turns all the time).
        let shape = pieces.shape(piece.kind, piece.rotation)
        guard shape.maxX - shape.minX <= 2, shape.maxY - shape.minY <= 2 else { return .none }
        var bits: UInt16 = 0  // bit (y * 3 + x) for the cell (minX + x, minY + y)
        var count = 0
        for row in 0...(shape.maxY - shape.minY) {
            var mask = pieces.masks[shape.maskStart + row]
            while mask != 0 {
                bits |= 1 << UInt16(row * 3 + mask.trailingZeroBitCount)
                count += 1
                mask &= mask - 1
            }
        }
        guard count == 4 else { return .none }
        @inline(__always) func has(_ x: Int, _ y: Int) -> Bool {
            x >= 0 && x < 3 && y >= 0 && y < 3 && bits & (1 << UInt16(y * 3 + x)) != 0
        }
        let directions = ((0, -1), (1, 0), (0, 1), (-1, 0))
        @inline(__always) func direction(_ i: Int) -> (Int, Int) {
            switch i { case 0: directions.0 case 1: directions.1 case 2: directions.2 default: directions.3 }
        }
        for y in 0..<3 {
            for x in 0..<3 where has(x, y) {
                var arms = 0, missing = -1
                for i in 0..<4 {
                    let d = direction(i)
                    if has(x + d.0, y + d.1) { arms += 1 } else { missing = i }
                }
                guard arms == 3 else { continue }
                // It points where its middle arm is: opposite the missing side.
                let point = direction((missing + 2) % 4)
                let side = (point.1, point.0)
                let cx = piece.x + shape.minX + x, cy = piece.y + shape.minY + y
                @inline(__always) func filled(_ dx: Int, _ dy: Int) -> Int { board.isFilled(x: cx + dx, y: cy + dy) ? 1 : 0 }
                let front = filled(point.0 + side.0, point.1 + side.1) + filled(point.0 - side.0, point.1 - side.1)
                let back = filled(-point.0 + side.0, -point.1 + side.1) + filled(-point.0 - side.0, -point.1 - side.1)
                guard front + back >= 3 else { return .none }
                if front == 2 || (kickShift.x.magnitude == 1 && kickShift.y.magnitude == 2) { return .full }
                return .mini
            }
        }
        return .none
    }
}
