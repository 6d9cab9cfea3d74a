import HanJulCore

/// The `attack` bot's search (Cold Clear's plan, smaller): a beam search over the visible
/// queue and the hold slot, valuing each lock by what the rules say it sends and each board
/// it leaves by its shape.
///
/// - Every lock considered is asked of the rules (`AttackRules.searchAttack`: a mod's
///   `attack` hook, in the bot's search copy of the mods) with its lock facts: rows, the
///   engine's T-spin test on a path that ends in a turn, the combo and back-to-back the
///   line carries, a perfect clear. Rules without an attack of their own are played by the
///   Guideline's table (`AttackWeights.lines`). Locks that clear nothing and are no spin
///   are taken to send nothing (the hook is not asked: most locks are such).
/// - The piece in play is searched with soft drops, turns and kicks (`PlacementSearch`'s
///   `full` mode: tucks, and spins reached only through kicks); the pieces after it with
///   turns where they land (`landing`), each with and without the hold.
/// - A line's value is the sum of its locks' rewards (lines sent, less rows cleared for
///   nothing and a broken back-to-back) and the shape of the board at its end (El-Tetris's
///   figures; T-spin slots by the rows a T would clear there; a well; back-to-back ready;
///   a T kept in the hold; the stack's height). The best `width` lines go on at each depth.
///
/// What a rule's other hooks would do (garbage arriving, a cascade) is not foreseen.
final class AttackSearch {
    /// How many pieces a line places (the piece in play included) and how many lines go on.
    let depth: Int, width: Int
    let weights: AttackSearchWeights
    /// Placements looked at in the latest `best` (for placements per second).
    private(set) var evaluated = 0

    private var searches: [PlacementSearch] = []
    private var evaluator: BoardEvaluator?
    private var shape: AttackShape?
    private var beam: [Node] = [], next: [Node] = [], candidates: [Candidate] = []

    init(depth: Int = 4, width: Int = 16, weights: AttackSearchWeights = .standard) {
        self.depth = max(1, depth)
        self.width = max(1, width)
        self.weights = weights
    }

    /// A line of play so far: the board it leaves and what it carries.
    struct Node {
        var state: GameState
        /// The kind to place next (nil: the queue is not known that far).
        var current: Int?
        var held: Int?
        /// The index in the root queue of the kind after `current`.
        var next: Int
        var combo: Int
        var backToBack: Bool
        /// The rewards of its locks so far, and those plus the shape of its board.
        var reward: Double
        var value: Double
        /// The placement of the piece in play it started with.
        var root: Int
    }

    /// A placement considered from a node (made a node when it is among the best).
    struct Candidate {
        var parent: Int
        var piece: Piece
        var node: Node
    }

    /// The index of the best of `placements` (found by `search` on `game`'s state).
    @_specialize(where R == StandardRules)
    func best<R: Rules>(of placements: PlacementList, search: PlacementSearch, in game: Game<R>,
                        attack: AttackRules?) throws(RuleError) -> Int {
        let state = game.state, rules = game.rules.lookahead
        let pieces = state.pieces
        if (evaluator?.capacity ?? 0) < state.board.height { evaluator = BoardEvaluator(height: state.board.height) }
        if shape?.fits(state.board) != true { shape = AttackShape(board: state.board) }
        while searches.count < depth { searches.append(PlacementSearch()) }
        evaluated = placements.count
        let queue = state.queue
        let tKind = (0..<pieces.count).first { pieces.isTShaped($0) }

        // The piece in play: every placement is a line.
        var root = Node(state: state, current: state.piece.kind, held: state.held, next: 0, combo: state.combo,
                        backToBack: state.backToBackReady, reward: 0, value: 0, root: 0)
        candidates.removeAll(keepingCapacity: true)
        evaluator!.load(state.board)
        var firstValue = -Double.infinity, firstIndex = 0
        for index in 0..<placements.count {
            let placement = placements[index]
            var from = root
            // The hold brings in the held kind, or the next when the slot is empty.
            let skip = placement.holds && state.held == nil ? 1 : 0
            if placement.holds { from.held = state.piece.kind }
            from.current = skip < queue.count ? queue[skip] : nil
            from.next = skip + 1
            from.root = index
            let path = search.actions(of: placement)
            let turnedLast = placement.dropRows == 0 && path.count >= 2 && path[path.count - 2].isTurn
            var node = try child(of: from, placing: placement.piece, turnedLast: turnedLast, queue: queue,
                                 attack: attack, tKind: tKind)
            node.root = index
            if node.value > firstValue { (firstValue, firstIndex) = (node.value, index) }
            candidates.append(Candidate(parent: -1, piece: placement.piece, node: node))
        }
        root.root = -1
        var bestValue = -Double.infinity, bestRoot = firstIndex
        var level = 1
        while true {
            // The best candidates become the beam (their boards made now).
            candidates.sort { $0.node.value > $1.node.value }
            beam.removeAll(keepingCapacity: true)
            for candidate in candidates.prefix(width) where candidate.node.value > -.infinity {
                var node = candidate.node
                let parentState = candidate.parent < 0 ? state : next[candidate.parent].state
                node.state = parentState
                node.state.editBoard { board in
                    board.place(candidate.piece, in: pieces)
                    _ = board.clearFullRows()
                }
                beam.append(node)
            }
            candidates.removeAll(keepingCapacity: true)
            if level >= depth { break }
            for (parent, node) in beam.enumerated() {
                let before = candidates.count
                try expand(node, parent: parent, level: level, rules: rules, queue: queue, attack: attack, tKind: tKind)
                // A line that cannot go on ends here.
                if candidates.count == before, node.value > bestValue { (bestValue, bestRoot) = (node.value, node.root) }
            }
            if candidates.isEmpty { break }
            swap(&beam, &next)
            level += 1
        }
        for node in beam where node.value > bestValue { (bestValue, bestRoot) = (node.value, node.root) }
        return bestValue > -.infinity ? bestRoot : firstIndex
    }

    /// The candidates of `node`'s next piece, with and without the hold.
    @_specialize(where R == StandardRules)
    private func expand<R: Rules>(_ node: Node, parent: Int, level: Int, rules: R, queue: [Int], attack: AttackRules?,
                                  tKind: Int?) throws(RuleError) {
        guard let current = node.current else { return }
        var options: [(kind: Int, from: Node)] = []
        var plain = node
        plain.current = node.next < queue.count ? queue[node.next] : nil
        plain.next = node.next + 1
        options.append((current, plain))
        if rules.holdEnabled {
            var held = node
            held.held = current
            if let kind = node.held, kind != current {
                held.current = plain.current
                held.next = plain.next
                options.append((kind, held))
            } else if node.held == nil, node.next < queue.count {
                held.current = node.next + 1 < queue.count ? queue[node.next + 1] : nil
                held.next = node.next + 2
                options.append((queue[node.next], held))
            }
        }
        let search = level < searches.count ? level : searches.count - 1
        evaluator!.load(node.state.board)
        for (kind, from) in options {
            let start = rules.spawnPiece(kind: kind, state: node.state)
            guard node.state.fits(start) else { continue }
            try searches[search].run(.landing, in: node.state, rules: rules, from: start, turns: nil)
            let placements = searches[search].placements
            evaluated += placements.count
            for index in 0..<placements.count {
                let placement = placements[index]
                let path = searches[search].actions(of: placement)
                let turnedLast = placement.dropRows == 0 && path.count >= 2 && path[path.count - 2].isTurn
                let made = try child(of: from, placing: placement.piece, turnedLast: turnedLast, queue: queue,
                                     attack: attack, tKind: tKind)
                candidates.append(Candidate(parent: parent, piece: placement.piece, node: made))
            }
        }
    }

    /// `from` after `piece` locks on its board (loaded in the evaluator): the lock's facts,
    /// what they send, and the value of the board left. Its state is `from`'s (made later).
    private func child(of from: Node, placing piece: Piece, turnedLast: Bool, queue: [Int], attack: AttackRules?,
                       tKind: Int?) throws(RuleError) -> Node {
        let state = from.state, board = state.board, pieces = state.pieces
        let w = weights
        let features = evaluator!.features(after: piece, pieces: pieces)
        let lines = features.linesCleared
        let spin = turnedLast ? state.spin(ofTurned: piece, kickShift: Cell(x: 0, y: 0)) : .none
        let shape = shape!
        shape.load(piece, on: board, pieces: pieces)
        let perfect = lines > 0 && shape.filled == 0
        let difficult = lines >= 4 || (lines > 0 && spin != .none)
        let combo = lines > 0 ? from.combo + 1 : 0
        let backToBack = difficult && from.backToBack
        var sent = 0
        if lines > 0 || spin != .none {
            let facts = LockFacts(piece: piece, lastMove: turnedLast ? .rotate : .hardDrop, kick: nil, lines: lines,
                                  spin: spin, combo: combo, backToBack: backToBack)
            sent = try attack?.searchAttack(facts, perfectClear: perfect, before: state)
                ?? AttackWeights.lines(cleared: lines, spin: spin, combo: combo, backToBack: backToBack, perfectClear: perfect)
        }
        let measured = shape.measure(tSlots: tKind != nil)
        let height = Double(board.height)
        let safety = max(0, 1 - Double(measured.maxHeight) / (w.safeHeight * height))
        var reward = w.attack * Double(sent)
        if lines > 0 && sent == 0 { reward -= w.wastedClear * safety }
        if lines > 0 && !difficult && from.backToBack { reward -= w.breaksBackToBack * safety }
        if let tKind, piece.kind == tKind, lines == 0 || spin == .none { reward -= w.wastedT * safety }
        var node = from
        node.combo = combo
        node.backToBack = lines > 0 ? difficult : from.backToBack
        node.reward = from.reward + reward
        let figures = w.board.score(features) - w.board.rowsEliminated * Double(lines)
        var shapeValue = figures + w.tSlot[measured.tSlot] * safety + w.well * safety * Double(measured.well)
        if node.backToBack { shapeValue += w.backToBackReady }
        if let tKind, node.held == tKind { shapeValue += w.heldT * safety }
        let danger = max(0, Double(measured.maxHeight) - w.dangerHeight * height)
        shapeValue -= w.danger * danger * danger
        node.value = node.reward + shapeValue
        return node
    }
}

/// What the attack search weighs (`AttackSearch`).
struct AttackSearchWeights: Sendable {
    /// The board's shape: El-Tetris's figures (rows cleared left out: lines sent pay).
    var board: Weights
    /// Per line a lock sends.
    var attack: Double
    /// A clear that sends nothing, on a safe stack.
    var wastedClear: Double
    /// An easy clear while back-to-back is ready.
    var breaksBackToBack: Double
    /// A T-shaped piece locked without a spin that clears, on a safe stack.
    var wastedT: Double
    /// The best T-spin slot, by the rows a T there would clear (0, 1, 2).
    var tSlot: [Double]
    /// Per row of the deepest well, up to four.
    var well: Double
    /// Back-to-back ready at the end of the line.
    var backToBackReady: Double
    /// A T-shaped piece in the hold at the end of the line.
    var heldT: Double
    /// The share of the height above which set-ups count for nothing, and above which
    /// each row costs `danger` × rows².
    var safeHeight: Double
    var dangerHeight: Double
    var danger: Double

    static let standard = AttackSearchWeights(
        board: .elTetris, attack: 14, wastedClear: 10, breaksBackToBack: 16, wastedT: 12, tSlot: [4, 35, 120], well: 4,
        backToBackReady: 20, heldT: 15, safeHeight: 0.7, dangerHeight: 0.45, danger: 3)
}

extension Action {
    /// Whether the action turns the piece.
    var isTurn: Bool {
        switch self {
        case .rotate, .rotateCounterclockwise, .rotateHalfTurn: true
        default: false
        }
    }
}
