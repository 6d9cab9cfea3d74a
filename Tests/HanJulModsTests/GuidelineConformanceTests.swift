import HanJulCore
@testable import HanJulMods
import TestTiers
import Testing

/// `Mods/guideline` against `GuidelineReference`, an SRS game written separately from the
/// Guideline's tables: thousands of random games, compared after every action (the piece
/// in play, cell for cell), after every lock (the board, cell for cell) and on the score.
///
/// A game is compared up to the first lock with a cell above the visible field: there
/// the Guideline keeps the cell in its buffer rows and HanJul's 20-row board loses it (the
/// deviation `Mods/guideline` documents).
@Suite struct GuidelineConformanceTests {
    static let letters: [GuidelineReference.Kind: Character] = [.i: "I", .o: "O", .t: "T", .s: "S", .z: "Z", .j: "J", .l: "L"]

    static func move(_ action: Action) -> GuidelineReference.Move {
        switch action {
        case .left: .left
        case .right: .right
        case .rotate: .cw
        case .rotateCounterclockwise: .ccw
        case .softDrop: .soft
        case .gravity: .gravity
        case .hardDrop: .hard
        case .hold: .hold
        case .wait(let ms): .wait(ms)
        case .rotateHalfTurn: .flip
        }
    }

    static let noise: [Action] = [.left, .right, .rotate, .rotateCounterclockwise, .rotateHalfTurn, .softDrop, .gravity,
                                  .wait(milliseconds: 16), .wait(milliseconds: 250), .wait(milliseconds: 500)]

    /// One of the three turns, at random.
    static func turn(_ random: inout SplitMix64) -> Action {
        [Action.rotate, .rotateCounterclockwise, .rotateHalfTurn][random.below(3)]
    }

    /// A cheap greedy placement from the spawn place (turns, then moves, then a hard drop):
    /// low, few holes, rows cleared. Only a source of actions: both games play whatever it says.
    static func placement(_ state: GameState, well: Int?) -> [Action] {
        let board = state.board, set = state.pieces
        var best = (cost: Int.max, actions: [Action.hardDrop])
        for turns in 0..<4 {
            for shift in -5...5 {
                var piece = state.piece
                piece.rotation = (piece.rotation + turns) % 4
                piece.x += shift
                guard board.fits(piece, in: set) else { continue }
                piece.y += board.dropDistance(of: piece, in: set)
                let cells = set.cells(of: piece)
                var cost = 0
                var rows: [Int: UInt64] = [:]
                for cell in cells where cell.y >= 0 {
                    rows[cell.y, default: board.rows[cell.y]] |= 1 << UInt64(cell.x)
                    cost += (board.height - cell.y) * 3
                    let below = Cell(x: cell.x, y: cell.y + 1)
                    if below.y < board.height && !board.isFilled(x: below.x, y: below.y) && !cells.contains(below) { cost += 10 }
                    if cell.x == well { cost += 30 }
                }
                let full = rows.values.filter { $0 == board.fullRow }.count
                cost -= full * 20
                if cost < best.cost {
                    best = (cost, Array(repeating: .rotate, count: turns)
                                + Array(repeating: shift < 0 ? .left : .right, count: abs(shift)) + [.hardDrop])
                }
            }
        }
        return best.actions
    }

    /// The actions for one piece: a greedy placement (so rows clear and the stack stays
    /// low), then often a soft drop to the stack and turns there (kicks against the stack,
    /// T-spins), lock by time or by hard drop, and random moves now and then.
    static func plan(_ state: GameState, well: Int?, _ random: inout SplitMix64) -> [Action] {
        var actions = placement(state, well: well)
        // Two clockwise turns are often played as one 180° turn (its kicks differ).
        if actions.starts(with: [.rotate, .rotate]) && random.below(2) == 0 {
            actions.replaceSubrange(0..<2, with: [.rotateHalfTurn])
        }
        if random.below(3) == 0 { actions.insert(noise[random.below(noise.count)], at: random.below(actions.count)) }
        if random.below(12) == 0 { actions.insert(.hold, at: 0) }
        if random.below(2) == 0 {
            actions.removeLast()
            actions += Array(repeating: .softDrop, count: random.below(22))
            for _ in 0..<random.below(3) { actions.append(turn(&random)) }
            if random.below(4) == 0 { actions.append(random.below(2) == 0 ? .left : .right) }
            switch random.below(4) {
            case 0: actions += [.wait(milliseconds: 300), .wait(milliseconds: 200)]
            case 1: actions += Array(repeating: .gravity, count: 3) + [.wait(milliseconds: 500)]
            default: actions.append(.hardDrop)
            }
        }
        return actions
    }

    struct Tally {
        var games = 0, actions = 0, locks = 0, lines = 0, spins = 0, backToBacks = 0, combos = 0, stoppedAboveField = 0
        /// Games whose script has an `F`; `F` actions; locks that spun after a 180° turn;
        /// T locks right after a turn, kicks against the stack, that a slide or fall cancelled.
        var gamesWithHalfTurns = 0, halfTurns = 0, halfTurnSpins = 0, cancelledSpins = 0
    }

    /// Rows of garbage (kind L) on both boards, bottom row first; `holes[row]` are the empty columns.
    static func lay(_ holes: [[Int]], _ reference: inout GuidelineReference, _ game: inout Game<LuaRules>) {
        for (row, empty) in holes.enumerated() {
            for x in 0..<10 where !empty.contains(x) {
                reference.matrix[row][x] = .l
                game.withState { $0.editBoard { $0.set(x: x, y: 19 - row, to: 6) } }
            }
        }
    }

    /// The start of a game: kind 0 random garbage (a hole a row, up to 8 rows), kind 1 a
    /// well (4 to 8 rows with the same hole: tetrises, back-to-back), kind 2 a T-spin slot.
    /// Returns the well's column for kind 1, which the placements then keep open.
    static func setUp(_ kind: Int, _ reference: inout GuidelineReference, _ game: inout Game<LuaRules>,
                      _ random: inout SplitMix64) -> Int? {
        switch kind {
        case 0:
            lay((0..<random.below(9)).map { _ in [random.below(10)] }, &reference, &game)
            return nil
        case 1:
            let well = random.below(10)
            lay((0..<(4 + random.below(5))).map { _ in [well] }, &reference, &game)
            return well
        default:
            // A T-spin double slot (bottom row first), a triple's, or a mini's, mirrored at random.
            let slots: [[[Int]]] = [
                [[4], [3, 4, 5], [4, 5, 6, 7, 8, 9]],
                [[4], [4, 5], [3, 4, 6, 7, 8, 9], [3, 4, 5, 6, 7, 8, 9]],
                [[0], [0, 1, 2], [2, 3, 4, 5, 6, 7, 8, 9]],
            ]
            var slot = slots[random.below(slots.count)]
            if random.below(2) == 0 { slot = slot.map { $0.map { 9 - $0 } } }
            lay(slot, &reference, &game)
            return nil
        }
    }

    /// A T coming down beside a slot: stood up (or not), moved, soft-dropped to the stack,
    /// turned once or twice, locked. Of up to 24 random such scripts, the first that spins
    /// in (tried on a copy of the reference: only a way to choose actions).
    static func spinAttempt(_ reference: GuidelineReference, _ random: inout SplitMix64) -> [Action] {
        var fallback: [Action] = []
        for attempt in 0..<24 {
            var actions: [Action] = []
            switch random.below(4) {
            case 0: actions.append(.rotate)
            case 1: actions.append(.rotateCounterclockwise)
            case 2: actions.append(.rotateHalfTurn)
            default: break
            }
            let shift = random.below(9) - 4
            actions += Array(repeating: shift < 0 ? .left : .right, count: abs(shift))
            actions += Array(repeating: .softDrop, count: 20)
            for _ in 0..<(1 + random.below(2)) { actions.append(turn(&random)) }
            // Now and then a slide or a fall after the turn: no spin any more.
            switch random.below(6) {
            case 0: actions.append(random.below(2) == 0 ? .left : .right)
            case 1: actions.append(.softDrop)
            default: break
            }
            actions.append(random.below(3) == 0 ? .wait(milliseconds: 500) : .hardDrop)
            if attempt == 0 { fallback = actions }
            var trial = reference
            let locks = trial.locks
            for action in actions where trial.locks == locks { trial.apply(move(action)) }
            if trial.lastSpin && trial.locks > locks { return actions }
        }
        return fallback
    }

    /// Corners filled around (x, y) in HanJul's rows, on the reference's matrix: a T
    /// centred there with three would spin if a turn were its last movement.
    static func corners(_ reference: GuidelineReference, x: Int, y: Int) -> Int {
        let row = 19 - y
        return [(x - 1, row - 1), (x + 1, row - 1), (x - 1, row + 1), (x + 1, row + 1)].filter { cx, cy in
            cx < 0 || cx >= 10 || cy < 0 || (cy < 40 && reference.matrix[cy][cx] != nil)
        }.count
    }

    /// Plays `games` games of up to `pieces` pieces; returns the first mismatch, if any.
    static func compare(games: Int, pieces: Int, seed: UInt64) throws -> (Tally, String?) {
        let rules = try repositoryRules("guideline")
        var random = SplitMix64(seed: seed)
        var tally = Tally()
        for gameIndex in 0..<games {
            // Spin-lab games deal mostly T pieces.
            let kinds = (0..<400).map { _ in
                GuidelineReference.Kind(rawValue: gameIndex % 3 == 2 && random.below(2) == 0 ? 2 : random.below(7))!
            }
            // The reference's kinds are in the Guideline's I O T S Z J L order, as HanJul's.
            var reference = GuidelineReference(pieces: kinds)
            var game = Game(rules: rules, source: .sequence(kinds.map(\.rawValue)))
            let spinLab = gameIndex % 3 == 2
            let well = setUp(gameIndex % 3, &reference, &game, &random)
            tally.games += 1
            var script = ""
            playing: while game.state.piecesLocked < pieces {
                let locked = game.state.piecesLocked
                var actions = spinLab && game.state.piece.kind == 2 ? spinAttempt(reference, &random)
                    : plan(game.state, well: well, &random)
                // Every game turns its first piece 180° at the start.
                if locked == 0 { actions.insert(.rotateHalfTurn, at: 0) }
                var turned = false
                for action in actions where game.state.piecesLocked == locked {
                    script += action.token
                    if action == .rotateHalfTurn {
                        if !script.dropLast().contains("F") { tally.gamesWithHalfTurns += 1 }
                        tally.halfTurns += 1
                    }
                    let before = reference
                    reference.apply(move(action))
                    game.apply(action)
                    tally.actions += 1
                    if game.state.events.contains(where: { if case .rotated = $0 { true } else { false } }) { turned = true }
                    let place = "game \(gameIndex) after '\(script)'"
                    if case .over(.ruleError(let error)) = game.state.phase { return (tally, "\(place): rule error \(error)") }
                    if reference.lockedAboveField {
                        tally.stoppedAboveField += 1
                        break playing
                    }
                    if reference.over != game.state.isOver {
                        return (tally, "\(place): reference over \(reference.over), HanJul over \(game.state.isOver)")
                    }
                    if reference.over { break playing }
                    let order = { (a: Cell, b: Cell) in (a.y, a.x) < (b.y, b.x) }
                    let expected = reference.cells(reference.piece).map { Cell(x: $0.0, y: 19 - $0.1) }.sorted(by: order)
                    let actual = game.state.pieces.cells(of: game.state.piece).sorted(by: order)
                    if expected != actual || reference.piece.state != game.state.piece.rotation {
                        return (tally, "\(place): piece \(expected) state \(reference.piece.state), HanJul \(actual) rotation \(game.state.piece.rotation)")
                    }
                    if reference.locks != game.state.piecesLocked {
                        return (tally, "\(place): reference locked \(reference.locks), HanJul \(game.state.piecesLocked)")
                    }
                    guard game.state.piecesLocked != locked else { continue }
                    // A lock: the board cell for cell, the score, the lines.
                    tally.locks += 1
                    let rows = game.state.board.lines(letters: game.state.pieces)
                    if rows != reference.visibleRows(letters: letters) {
                        return (tally, "\(place): board\n\(rows.joined(separator: "\n"))\nreference\n\(reference.visibleRows(letters: letters).joined(separator: "\n"))")
                    }
                    if reference.score != game.state.score || reference.lines != game.state.lines {
                        return (tally, "\(place): reference score \(reference.score) lines \(reference.lines), HanJul \(game.state.score) lines \(game.state.lines)")
                    }
                    if let facts = game.state.lastLock {
                        tally.lines += facts.lines
                        if facts.spin != .none { tally.spins += 1 }
                        if facts.spin != .none && facts.lastMove == .rotateHalfTurn { tally.halfTurnSpins += 1 }
                        if facts.piece.kind == 2 && facts.spin == .none && turned
                            && Self.corners(before, x: facts.piece.x + 1, y: facts.piece.y + 1) >= 3 {
                            tally.cancelledSpins += 1
                        }
                        if facts.backToBack { tally.backToBacks += 1 }
                        if facts.combo >= 2 { tally.combos += 1 }
                    }
                }
            }
        }
        return (tally, nil)
    }

    @Test(.runsLong) func randomGamesMatchTheReferenceCellForCell() throws {
        let (tally, mismatch) = try Self.compare(games: 1000, pieces: 20, seed: 12)
        #expect(mismatch == nil, "\(mismatch ?? "")")
        // The games reach what they are meant to test.
        #expect(tally.games == 1000)
        #expect(tally.locks > 15_000)
        #expect(tally.lines > 1_500)
        #expect(tally.spins > 400)
        #expect(tally.backToBacks > 10)
        #expect(tally.combos > 100)
        #expect(tally.gamesWithHalfTurns == 1000, "every game's script has an F")
        #expect(tally.halfTurns > 3_000)
        #expect(tally.halfTurnSpins > 10)
        #expect(tally.cancelledSpins > 100)
        print("guideline vs reference: \(tally.games) games, \(tally.actions) actions, \(tally.locks) locks, \(tally.lines) lines, \(tally.spins) T-spins, \(tally.backToBacks) back-to-backs, \(tally.combos) combos; \(tally.gamesWithHalfTurns) games with F, \(tally.halfTurns) F, \(tally.halfTurnSpins) spins after F, \(tally.cancelledSpins) spins cancelled by a move after the turn; \(tally.stoppedAboveField) games stopped at a lock above the field")
    }
}
