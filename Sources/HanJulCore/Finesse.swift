/// Finesse: the fewest key presses that bring a piece from where it entered to where it
/// locked, under the rules' own turns and kicks, on the board it entered.
///
/// A press is a tap left or right (one column), a hold left or right to the wall (DAS: the
/// piece slides until blocked; one press), a turn the rules allow (clockwise, and where
/// allowed counter-clockwise and 180°), or a soft drop held to the floor (one press; it
/// makes tucks and spins reachable). The hard drop that ends a piece and a hold (`X`) are
/// not counted. Gravity is left out: the search moves the piece as if it stayed at its
/// height until dropped, as finesse trainers do. Two placements are the same when the
/// locked piece covers the same cells (an O turned is the same placement).
///
/// Defined for any board width and piece set the rules give; a placement the search cannot
/// reach from the spawn position (one that needed gravity to fall past a ledge first, or a
/// board a mod changed under the falling piece) has no finesse (`nil`), and is counted
/// apart (`FinesseTracker.unjudged`), never as a fault.
///
/// ```
/// let fewest = Finesse.fewestPresses(from: spawned, to: locked, in: stateAtSpawn, rules: rules.lookahead)
/// ```
public enum Finesse {
    /// The most presses searched for one placement.
    public static let searchLimit = 24

    /// The fewest presses from `start` to a lock covering `target`'s cells, on `state`'s
    /// board (its piece is not used), under `rules`' turns; nil when not reached within
    /// `searchLimit` presses.
    /// - Complexity: O(rotations × width × height) positions, each tried with up to eight presses.
    public static func fewestPresses<R: Rules>(from start: Piece, to target: Piece, in state: GameState, rules: R) -> Int? {
        guard state.fits(start) else { return nil }
        let pieces = state.pieces
        let goal = Set(pieces.cells(of: target))
        func landed(_ piece: Piece) -> Piece {
            piece.offset(0, state.board.dropDistance(of: piece, in: pieces))
        }
        func slid(_ piece: Piece, _ dx: Int) -> Piece {
            var moved = piece
            var steps = 0
            while steps < 4 * state.board.width + 8, state.fits(moved.offset(dx, 0)) {
                moved = moved.offset(dx, 0)
                steps += 1
            }
            return moved
        }
        // A fixed kick table turns in Swift (no hook to call: a mod's turns cost no Lua).
        let fixedKicks = rules.fixedKicksToken != nil
        func turned(_ piece: Piece, _ direction: Int) -> Piece? {
            let result: (piece: Piece, kick: Int)??
            if fixedKicks {
                let allowed = direction == 1 || (direction == -1 && rules.allowsCounterclockwise) || (direction == 2 && rules.allowsHalfTurn)
                return allowed ? state.turned(piece, by: direction, rules: rules)?.piece : nil
            }
            switch direction {
            case 1: result = try? rules.rotated(piece, state: state)
            case -1: result = rules.allowsCounterclockwise ? try? rules.rotatedCounterclockwise(piece, state: state) : nil
            default: result = rules.allowsHalfTurn ? try? rules.rotatedHalfTurn(piece, state: state) : nil
            }
            guard let found = result ?? nil, found.piece.kind == piece.kind, state.fits(found.piece) else { return nil }
            return found.piece
        }
        var seen: Set<Piece> = [start]
        var layer = [start]
        var presses = 0
        while !layer.isEmpty && presses <= searchLimit {
            for piece in layer where Set(pieces.cells(of: landed(piece))) == goal { return presses }
            var next: [Piece] = []
            for piece in layer {
                let moves: [Piece?] = [
                    state.fits(piece.offset(-1, 0)) ? piece.offset(-1, 0) : nil,
                    state.fits(piece.offset(1, 0)) ? piece.offset(1, 0) : nil,
                    slid(piece, -1), slid(piece, 1), landed(piece),
                    turned(piece, 1), turned(piece, -1), turned(piece, 2),
                ]
                for case let moved? in moves where seen.insert(moved).inserted { next.append(moved) }
            }
            layer = next
            presses += 1
        }
        return nil
    }
}

/// Counts finesse faults over a game: for each piece, the presses made for it beyond the
/// fewest (`Finesse.fewestPresses`) that reach where it locked.
///
/// Front ends that see keys call `notePress()` for each press of a move, turn or soft drop
/// (a key held to auto-shift is one press); a scripted game (`hanjul run`) counts presses
/// from its actions instead (`countsActions`), reading a run of `L` (or `R`) that ends
/// against the wall or stack as one held press and a run of `D` as one soft drop held. Either
/// way, `note(_:game:)` after every action follows the pieces.
///
/// ```
/// var finesse = FinesseTracker(game.state, countsActions: true)
/// for action in actions {
///     game.apply(action)
///     finesse.note(action, game: game)
/// }
/// finesse.faults
/// ```
public struct FinesseTracker: Equatable, Sendable {
    /// Presses beyond the fewest, summed over the pieces judged.
    public private(set) var faults = 0
    /// Pieces locked and judged.
    public private(set) var pieces = 0
    /// Presses counted for the pieces judged.
    public private(set) var presses = 0
    /// Pieces whose placement the search did not reach (no finesse; not faults).
    public private(set) var unjudged = 0
    /// Whether presses are read from the actions (scripts) rather than told (`notePress`).
    public let countsActions: Bool

    private var start: Piece?
    private var startState: GameState?
    private var piecePresses = 0
    private var run: Action.Kind?
    private var runLength = 0
    private var runBlocked = false

    /// A tracker for a game whose piece in play is `state.piece`.
    public init(_ state: GameState, countsActions: Bool = false) {
        self.countsActions = countsActions
        if !state.isOver { begin(state) }
    }

    public static func == (a: FinesseTracker, b: FinesseTracker) -> Bool {
        (a.faults, a.pieces, a.presses, a.unjudged) == (b.faults, b.pieces, b.presses, b.unjudged)
    }

    /// One press of a move, turn or soft drop for the piece in play.
    public mutating func notePress() { piecePresses += 1 }

    /// After `action` was applied to `game`: presses read from it (`countsActions`), the
    /// piece judged when it locked, the next one followed from where it entered.
    public mutating func note<R: Rules>(_ action: Action, game: Game<R>) {
        let state = game.state
        if countsActions { count(action, state: state) }
        for event in state.events {
            switch event {
            case .locked(let piece):
                closeRun()
                judge(piece, rules: game.rules.lookahead)
            case .held:
                start = nil
            case .spawned:
                begin(state)
            default:
                break
            }
        }
    }

    private mutating func begin(_ state: GameState) {
        start = state.piece
        startState = state
        piecePresses = 0
        run = nil
        runLength = 0
    }

    private mutating func judge<L: Rules>(_ piece: Piece, rules: L) {
        guard let start, let startState else { return }
        self.start = nil
        pieces += 1
        presses += piecePresses
        if let fewest = Finesse.fewestPresses(from: start, to: piece, in: startState, rules: rules) {
            faults += max(piecePresses - fewest, 0)
        } else {
            unjudged += 1
        }
    }

    /// A scripted action as presses: runs of one shift (or of soft drops) are gathered;
    /// gravity and waits do not break a run.
    private mutating func count(_ action: Action, state: GameState) {
        let kind = action.kind
        switch kind {
        case .left, .right, .softDrop:
            if run != kind { closeRun() }
            run = kind
            runLength += 1
            let dx = kind == .left ? -1 : 1
            runBlocked = kind == .softDrop || !state.fits(state.piece.offset(dx, 0))
        case .rotate, .rotateCounterclockwise, .rotateHalfTurn:
            closeRun()
            piecePresses += 1
        case .hardDrop, .hold:
            closeRun()
        case .gravity, .wait:
            break
        }
    }

    private mutating func closeRun() {
        guard run != nil else { return }
        piecePresses += runBlocked && runLength > 1 ? 1 : runLength
        run = nil
        runLength = 0
        runBlocked = false
    }
}
