/// A game: rules, plus the state they act on. `apply(_:)` is the one way it changes.
///
/// ```
/// var game = Game(rules: StandardRules(), source: .seeded(42))
/// for action in try ActionScript.parse("LLCH") { game.apply(action) }
/// print(game.state.score, game.state.events)
/// ```
/// The engine is a pure function of rules, piece source and actions: no clock, no I/O.
public struct Game<R: Rules> {
    public let rules: R
    public internal(set) var state: GameState

    /// Starts a game: an empty board and the first piece spawned.
    public init(rules: R, source: PieceSource) {
        self.rules = rules
        state = GameState(board: Board(width: rules.boardWidth, height: rules.boardHeight),
                          pieces: rules.pieces, source: source)
        start()
    }

    /// Starts a game from `start`: its board, lines and level (see `GameStart`), then the
    /// rules' start and the first piece, as `init(rules:source:)` does on an empty board.
    /// - Precondition: the board is the rules' size; lines and level are in range.
    public init(rules: R, source: PieceSource, start: GameStart) {
        self.rules = rules
        precondition(start.board.map { $0.width == rules.boardWidth && $0.height == rules.boardHeight } ?? true,
                     "a start board must be the rules' size")
        precondition((0...GameStart.maxLines).contains(start.lines) && (1...GameStart.maxLevel).contains(start.level))
        state = GameState(board: start.board ?? Board(width: rules.boardWidth, height: rules.boardHeight),
                          pieces: rules.pieces, source: source)
        if !start.isStandard {
            state.lines = start.lines
            state.startLevel = start.level
            state.level = start.level
            // The level follows the lines from the start: the rules are asked at once.
            state.levelLines = -1
        }
        self.start()
    }

    /// Continues a game from a state (a copy taken to look ahead, say).
    public init(rules: R, state: GameState) {
        self.rules = rules
        self.state = state
    }

    /// Continues a game from a state under rules that may differ from the ones that made it
    /// (a hot reload): they are asked for the gravity at the state's level, and under
    /// instant gravity the piece falls to rest at once.
    public init(rules: R, reloading state: GameState) {
        self.rules = rules
        self.state = state
        guard !state.isOver else { return }
        self.state.instantGravity = rules.gravityInterval(level: state.level) == 0
        settle()
    }

    /// Applies one action. After game over nothing changes.
    ///
    /// `state.events` then lists what the action did. Under rules without a lock delay,
    /// `.wait` only moves the game clock (`elapsedMilliseconds`).
    /// - Complexity: no allocation for the standard rules, beyond the `dealt` history.
    /// (Exported: a bot or simulator specialised for the standard rules in another module
    /// calls the specialised form directly, not through the generic one.)
    @_specialize(exported: true, where R == StandardRules)
    public mutating func apply(_ action: Action) {
        state.clearEvents()
        guard !state.isOver else { return }
        if case .wait(let milliseconds) = action {
            let sum = state.elapsedMilliseconds.addingReportingOverflow(max(0, milliseconds))
            state.elapsedMilliseconds = sum.overflow ? Int.max : sum.partialValue
        }
        if state.entryDelayLeft > 0 {
            applyDuringEntry(action)
        } else {
            applyToPiece(action, lockDelay: rules.lockDelay)
        }
        if state.isOver { ended() }
    }

    /// `apply` to the piece in play, one switch for both kinds of rules. Without a lock
    /// delay a piece locks the moment it cannot fall and `W` is not counted as applied;
    /// under one (`LockDelay` documents the rules) `G` and `D` never lock, `W` runs the
    /// timer, and moves and turns on a grounded piece are resets (`runLockTimer`).
    /// (Inlined: for rules whose `lockDelay` is a constant nil, the timer's tests fold away.)
    @inline(__always)
    mutating func applyToPiece(_ action: Action, lockDelay delay: LockDelay?) {
        if delay == nil, case .wait = action { return }
        state.actionsApplied += 1
        let before = state.piece
        // Only the lock timer asks: rules without one skip the test.
        let wasGrounded = delay != nil && !state.fits(before.offset(0, 1))
        do throws(RuleError) {
            switch action {
            case .left: try shift(-1)
            case .right: try shift(1)
            case .rotate: try rotate(by: 1)
            case .rotateCounterclockwise:
                guard rules.allowsCounterclockwise else { break }
                try rotate(by: -1)
            case .rotateHalfTurn:
                guard rules.allowsHalfTurn else { break }
                try rotate(by: 2)
            case .hold:
                guard rules.holdEnabled else { break }
                try hold()
                // The piece brought in started its own timer (`enter`).
                if delay != nil { return }
            case .softDrop: try stepDown(soft: true, locks: delay == nil)
            case .gravity:
                state.ticks += 1
                try stepDown(soft: false, locks: delay == nil)
                if !state.isOver {
                    try rules.didTick(&state)
                    try afterHook()
                }
            case .hardDrop:
                try hardDrop()
                if delay != nil { return }
            case .wait(let milliseconds):
                // Only under a lock delay (without one, returned above).
                if wasGrounded {
                    let sum = state.lockElapsed.addingReportingOverflow(max(0, milliseconds))
                    state.lockElapsed = sum.overflow ? Int.max : sum.partialValue
                }
            }
            // Before the lock timer's bookkeeping: a slide off a ledge that falls at once
            // reaches a new lowest row (its resets come back), as a fall by gravity would.
            settle()
            if let delay { try runLockTimer(delay, action: action, from: before, wasGrounded: wasGrounded) }
        } catch {
            state.end(.ruleError(error))
        }
    }

    /// Applies each action in turn.
    public mutating func apply(_ actions: some Sequence<Action>) {
        for action in actions { apply(action) }
    }

    /// Starts over: board emptied, score and lines zero, a fresh bag (the generator goes on),
    /// a fixed sequence from its start, a new piece spawned.
    public mutating func restart() {
        var fresh = GameState(board: Board(width: rules.boardWidth, height: rules.boardHeight),
                              pieces: rules.pieces, source: state.source)
        fresh.random = state.random
        state = fresh
        start()
    }

    /// Lets a front end change the state through a rules-aware editor (tests, tools).
    public mutating func withState<T>(_ body: (inout GameState) throws -> T) rethrows -> T {
        try body(&state)
    }

    // MARK: - Flow

    mutating func start() {
        do throws(RuleError) {
            try rules.didStart(&state)
            try syncLevel()
            state.instantGravity = rules.gravityInterval(level: state.level) == 0
            if !state.isOver {
                for _ in 0..<max(0, rules.previewCount) {
                    guard let kind = try drawKind() else { break }
                    state.queue.append(kind)
                }
                try spawnNext()
            }
        } catch {
            state.end(.ruleError(error))
        }
        if state.isOver { ended() }
    }

    /// Tells the rules the game ended (once: `apply` does nothing after game over).
    mutating func ended() {
        guard case .over(let reason) = state.phase else { return }
        do throws(RuleError) {
            try rules.didEnd(reason, &state)
        } catch {
            if case .ruleError = reason { return }
            state.phase = .over(.ruleError(error))
            state.events.append(.gameOver)
        }
    }

    mutating func shift(_ dx: Int) throws(RuleError) {
        let moved = state.piece.offset(dx, 0)
        guard state.fits(moved) else { return }
        state.piece = moved
        state.lastMove = dx < 0 ? .left : .right
        state.lastKick = nil
        state.lastKickShift = Cell(x: 0, y: 0)
        state.events.append(.moved(moved))
        try didMove(dx < 0 ? .left : .right)
    }

    /// After a successful move: the rules' `didMove` (a mod's `after_move`), only when they
    /// ask for it, so rules without one pay one flag test.
    @inline(__always)
    mutating func didMove(_ move: Action) throws(RuleError) {
        guard rules.observesMoves else { return }
        try rules.didMove(move, &state)
        try afterHook()
    }

    /// Turns the piece `direction` rotation states (1 clockwise, −1 counter-clockwise, 2 a
    /// half turn) through the rules.
    mutating func rotate(by direction: Int) throws(RuleError) {
        let result = switch direction {
        case 1: try rules.rotated(state.piece, state: state)
        case -1: try rules.rotatedCounterclockwise(state.piece, state: state)
        default: try rules.rotatedHalfTurn(state.piece, state: state)
        }
        guard let (turned, kick) = result else { return }
        guard turned.kind == state.piece.kind, state.fits(turned) else {
            throw RuleError(hook: "rotate", message: "returned a piece that does not fit or changed its kind")
        }
        state.lastKick = kick
        state.lastKickShift = Cell(x: turned.x - state.piece.x, y: turned.y - state.piece.y)
        state.piece = turned
        state.lastMove = switch direction {
        case 1: .rotate
        case -1: .rotateCounterclockwise
        default: .rotateHalfTurn
        }
        state.events.append(.rotated(turned, kick: kick))
        try didMove(state.lastMove!)
    }

    /// Puts the piece in the hold slot and brings in the held one (or the next), once per lock.
    mutating func hold() throws(RuleError) {
        // Nothing held and nothing to come: the piece stays (a hold would end the game).
        guard !state.holdUsed, state.held != nil || !state.queueEnded || !state.queue.isEmpty else { return }
        let current = state.piece.kind
        state.holdUsed = true
        if let held = state.held {
            state.held = current
            state.events.append(.held(kind: current))
            try enter(kind: held)
        } else {
            state.held = current
            state.events.append(.held(kind: current))
            try spawnNext()
        }
    }

    /// One row down, or when the piece cannot fall a lock if it `locks` (no lock delay); a
    /// soft drop (`D`, not `G`) scores `softDropPoints` for the row.
    @inline(__always)
    mutating func stepDown(soft: Bool, locks: Bool) throws(RuleError) {
        if !(try fall(soft: soft)) && locks { try lock() }
    }

    /// One row down when the piece fits there (a soft drop scores its row); a grounded piece
    /// stays. Returns whether it moved.
    @discardableResult
    mutating func fall(soft: Bool) throws(RuleError) -> Bool {
        let moved = state.piece.offset(0, 1)
        guard state.fits(moved) else { return false }
        state.piece = moved
        state.lastMove = .softDrop
        state.lastKick = nil
        state.lastKickShift = Cell(x: 0, y: 0)
        state.events.append(.moved(moved))
        if soft { state.addScore(rules.softDropPoints(rows: 1), reason: .softDrop) }
        try didMove(.softDrop)
        return true
    }

    mutating func hardDrop() throws(RuleError) {
        let distance = state.board.dropDistance(of: state.piece, in: state.pieces)
        state.piece.y += distance
        if distance > 0 {
            // A fall after a turn makes the lock no spin: the turn must be the last movement.
            state.lastMove = .hardDrop
            state.lastKick = nil
        }
        state.events.append(.dropped(rows: distance))
        state.addScore(rules.hardDropPoints(rows: distance), reason: .hardDrop(rows: distance))
        try lock()
    }

    mutating func lock() throws(RuleError) {
        let piece = state.piece
        // The corners a T-spin looks at are never the T's own cells: tested before placing.
        // Only a lock after a turn asks (the call takes a copy of the state).
        let spin = state.lastMoveIsTurn ? state.spin(of: piece) : .none
        state.board.place(piece, in: state.pieces)
        state.hasPiece = false
        state.piecesLocked += 1
        state.holdUsed = false
        state.events.append(.locked(piece))
        try rules.didLock(piece, &state)
        try syncLevel()
        if state.isOver { return }
        let (count, rows) = state.clearFullRows()
        var facts = LockFacts(piece: piece, lastMove: state.lastMove, kick: state.lastKick, lines: count, spin: spin,
                              combo: 0, backToBack: false)
        if count > 0 {
            state.combo += 1
            facts.combo = state.combo
            facts.backToBack = facts.isDifficult && state.backToBackReady
            state.backToBackReady = facts.isDifficult
        } else {
            state.combo = 0
        }
        state.lastLock = facts
        state.events.append(.lockFacts(facts))
        if count > 0 {
            let points = try rules.lineClearPoints(lines: count, level: state.level, state: state)
            state.addScore(points, reason: .lineClear(lines: count))
            state.countLines(count)
            try syncLevel()
            try rules.didClear(count: count, rows: rows, &state)
            try syncLevel()
            if state.isOver { return }
        }
        try rules.didFinishLock(cleared: count, &state)
        try syncLevel()
        if state.isOver || waitsForEntry(cleared: count) { return }
        try spawnNext()
    }

    /// The next kind to come, or `nil` once the rules ended the queue.
    mutating func drawKind() throws(RuleError) -> Int? {
        let kind: Int
        if case .sequence(let kinds) = state.source {
            kind = kinds.isEmpty ? 0 : kinds[state.sequenceIndex % kinds.count]
            state.sequenceIndex += 1
        } else {
            guard !state.queueEnded else { return nil }
            guard let next = try rules.nextKind(&state) else {
                state.queueEnded = true
                return nil
            }
            kind = next
        }
        guard kind >= 0 && kind < state.pieces.count else {
            throw RuleError(hook: "next_piece", message: "returned kind \(kind), not one of the \(state.pieces.count) kinds")
        }
        return kind
    }

    mutating func spawnNext() throws(RuleError) {
        let kind: Int
        if state.queue.isEmpty {
            guard let drawn = try drawKind() else {
                state.end(.outOfPieces)
                return
            }
            kind = drawn
        } else {
            // `removeFirst` goes through the generic `replaceSubrange`: the queue moves up in place.
            kind = state.queue.withUnsafeMutableBufferPointer { queue in
                let first = queue[0]
                var i = 1
                while i < queue.count {
                    queue[i - 1] = queue[i]
                    i += 1
                }
                return first
            }
            state.queue.removeLast()
            if let drawn = try drawKind() { state.queue.append(drawn) }
        }
        state.dealt.append(UInt8(kind))
        try enter(kind: kind)
    }

    /// Brings `kind` in at its spawn place; ends the game when it does not fit.
    mutating func enter(kind: Int) throws(RuleError) {
        state.piece = rules.spawnPiece(kind: kind, state: state)
        state.hasPiece = true
        state.lastMove = nil
        state.lastKick = nil
        state.lastKickShift = Cell(x: 0, y: 0)
        if rules.lockDelay != nil {
            state.lockElapsed = 0
            state.lockResets = 0
            state.lowestRow = state.piece.y
        }
        if !state.fits(state.piece) {
            guard try rules.toppedOut(&state), !state.isOver, state.fits(state.piece) else {
                state.end(.blockedSpawn)
                return
            }
        }
        state.events.append(.spawned(state.piece))
        try rules.didSpawn(&state)
        try afterHook()
        try turnAsEntering()
        if state.instantGravity && !state.isOver {
            // The spawn's own fall (like a spawn hook's one-row drop): no move of the player's.
            settle()
            state.lastMove = nil
            if rules.lockDelay != nil { state.lowestRow = state.piece.y }
        }
    }

    /// Under instant gravity (`GameState.instantGravity`, a gravity interval of 0 ms: "20G"),
    /// the piece falls to rest at once: after it spawns and after every action, so a slide
    /// off a ledge or a turn that leaves room below ends on the stack. A fall of one row or
    /// more is a movement (`lastMove` `.softDrop`): after a turn, it makes the lock no spin.
    mutating func settle() {
        guard state.instantGravity, !state.isOver else { return }
        let rows = state.board.dropDistance(of: state.piece, in: state.pieces)
        guard rows > 0 else { return }
        state.piece.y += rows
        state.lastMove = .softDrop
        state.lastKick = nil
        state.lastKickShift = Cell(x: 0, y: 0)
        state.events.append(.moved(state.piece))
    }

    /// The level follows the lines, whoever counted them. (The test inline: most calls
    /// find nothing to do, several a lock.)
    @inline(__always)
    mutating func syncLevel() throws(RuleError) {
        guard state.levelChanged || (state.levelLines != state.lines && !state.levelSetByRules) else { return }
        try updateLevel()
    }

    mutating func updateLevel() throws(RuleError) {
        if state.levelChanged {
            // A rule set the level (`GameState.setLevel`): its gravity, asked here as below.
            state.levelChanged = false
            state.instantGravity = rules.gravityInterval(level: state.level) == 0
        }
        guard state.levelLines != state.lines, !state.levelSetByRules else { return }
        let level = max(state.startLevel, try rules.level(forLines: state.lines))
        state.levelLines = state.lines
        if level != state.level {
            state.level = level
            // Asked here, at a point every replay of the game reaches too (see Rules).
            state.instantGravity = rules.gravityInterval(level: level) == 0
        }
    }

    /// A hook may have changed the lines or pushed the stack into the piece (that ends
    /// the game).
    mutating func afterHook() throws(RuleError) {
        try syncLevel()
        if rules.checksInvariants && !state.isOver && !state.fits(state.piece) {
            state.end(.toppedOut)
        }
    }
}
