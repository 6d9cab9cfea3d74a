import HanJulCore
import LuaKit
import HanJulText

/// The `Rules` requirements, each answered by the mods' hooks in load order (or the
/// standard answer when no mod defines the hook).
extension LuaRules {
    // MARK: Rules

    public func nextKind(_ state: inout GameState) throws(RuleError) -> Int? {
        guard has(.nextPiece), let (mod, function) = chain(.nextPiece).first else { return state.drawFromBag() }
        // Called for every piece: the closure reads `self`'s tables in place rather than
        // copying the piece set and the letter table out of the state first (each copy is
        // a retain and a release per array). The game's pieces are these rules' pieces.
        return try call(mod, function, hook: .nextPiece, &state, push: { _ in }, read: { results -> Int? in
            // nil ends the queue (a puzzle's pieces are all dealt).
            if results.type(1) == .nil { return nil }
            if let byte = results.singleByte(1), self.kindByLetter[Int(byte)] >= 0 { return Int(self.kindByLetter[Int(byte)]) }
            throw LuaHostError("next_piece must return a piece letter (\(self.pieces.kinds.map { String($0.letter) }.joined(separator: " "))) or nil to end the queue, not \(Self.shown(results.value(1)))")
        })
    }

    public func lineClearPoints(lines: Int, level: Int, state: GameState) throws(RuleError) -> Int {
        var points = StandardRules.linePoints(lines: lines, level: level)
        guard has(.scoring) else { return points }
        let chain = chain(.scoring)
        for (mod, function) in chain {
            let base = points
            points = try read(mod, function, hook: .scoring, state, push: { args in
                args.push(lines); args.push(level); args.push(base)
            }, read: { try Self.integerResult($0, .scoring) })
        }
        return points
    }

    /// How garbage arrives in versus: the last mod's `garbage`, or nil when none sets it.
    public var garbage: GarbageRules? { mods.last { $0.garbage != nil }?.garbage }

    /// One side of a versus match under these rules: their `attack` chain and `garbage`
    /// table (the built-in `GarbageRules` when no mod sets one).
    public var versusSide: VersusRules<LuaRules> {
        VersusRules(rules: self, garbage: garbage ?? GarbageRules()) { state throws(RuleError) in try self.attack(after: state) }
    }

    /// The lines the latest lock of `state` sends in versus: the `attack` chain, each mod
    /// given the lock's facts (`lock_facts()` and `perfect_clear`) and the lines so far,
    /// from 0. 0 before the first lock or when no mod defines `attack`.
    public func attack(after state: GameState) throws(RuleError) -> Int {
        guard has(.attack), let facts = state.lastLock else { return 0 }
        return try attack(facts, perfectClear: facts.lines > 0 && state.board.filledCount == 0, state: state)
    }

    /// The `attack` chain on a lock's facts, with `state` as the game the hooks read.
    func attack(_ facts: LockFacts, perfectClear perfect: Bool, state: GameState) throws(RuleError) -> Int {
        let letter = state.pieces.kinds[facts.piece.kind].letter
        let lastMove: LuaValue = facts.lastMove.flatMap { GameAPI.moveNames[$0] }.map { .string(LuaString($0)) } ?? .nil
        func pushFacts(_ args: LuaArguments) {
            args.pushTable([
                "letter": .string(LuaString(String(letter))), "rotation": .integer(facts.piece.rotation),
                "x": .integer(facts.piece.x), "y": .integer(facts.piece.y),
                "lines": .integer(facts.lines), "spin": .string(LuaString(facts.spin.rawValue)),
                "combo": .integer(facts.combo), "back_to_back": .boolean(facts.backToBack),
                "perfect_clear": .boolean(perfect), "last_move": lastMove,
                "kick": facts.kick.map { .integer($0) } ?? .nil,
            ])
        }
        var lines = 0
        for (mod, function) in chain(.attack) {
            let base = lines
            lines = try read(mod, function, hook: .attack, state, push: { args in
                pushFacts(args); args.push(base)
            }, read: { try Self.integerResult($0, .attack) })
            guard GarbageRules.attackRange.contains(lines) else {
                throw RuleError(mod: mod.manifest.id, hook: Hook.attack.rawValue,
                                message: "attack returned \(lines); it must be \(GarbageRules.attackRange.lowerBound) to \(GarbageRules.attackRange.upperBound) lines")
            }
        }
        return lines
    }

    public func level(forLines lines: Int) throws(RuleError) -> Int {
        var level = StandardRules.level(lines: lines)
        guard has(.level) else { return level }
        let chain = chain(.level)
        for (mod, function) in chain {
            let base = level
            level = try read(mod, function, hook: .level, scratch, push: { args in
                args.push(lines); args.push(base)
            }, read: { try Self.integerResult($0, .level) })
        }
        guard level >= 1 else { throw RuleError(mod: chain.last?.mod.package.id, hook: "level", message: "returned level \(level); levels start at 1") }
        return level
    }

    public func gravityInterval(level: Int) -> Int {
        var interval = StandardRules.gravityInterval(level: level)
        guard has(.gravity) else { return interval }
        if let known = gravityCache[level] { return known }
        defer { if gravityCache.count < 4096 { gravityCache[level] = interval } }
        let chain = chain(.gravity)
        for (mod, function) in chain {
            let base = interval
            // A failing gravity hook keeps the previous value (the clock must not stop),
            // and is reported.
            do throws(RuleError) {
                interval = try read(mod, function, hook: .gravity, scratch, push: { args in
                    args.push(level); args.push(base)
                }, read: { try Self.integerResult($0, .gravity) })
            } catch {
                warn(error, fallback: "the interval before it: \(Self.clampedInterval(base)) ms at level \(level)")
            }
        }
        // Clamped before the deferred cache store reads it: the second ask of a level
        // must get the same in-range value as the first (the game-api fuzz target found a
        // cached 0 ms).
        interval = Self.clampedInterval(interval)
        return interval
    }

    /// A gravity hook's interval as the game uses it: 0 is instant gravity (20G: the piece
    /// falls to rest at once); anything else is kept within 16…10000 ms.
    static func clampedInterval(_ milliseconds: Int) -> Int {
        milliseconds == 0 ? 0 : min(max(milliseconds, 16), 10_000)
    }

    public func hardDropPoints(rows: Int) -> Int {
        var points = StandardRules.hardDropPoints(rows: rows)
        guard has(.hardDropPoints) else { return points }
        let chain = chain(.hardDropPoints)
        for (mod, function) in chain {
            let base = points
            do throws(RuleError) {
                points = try read(mod, function, hook: .hardDropPoints, scratch, push: { args in
                    args.push(rows); args.push(base)
                }, read: { try Self.integerResult($0, .hardDropPoints) })
            } catch {
                warn(error, fallback: "the points before it: \(base) for \(rows) rows")
            }
        }
        return points
    }

    public func softDropPoints(rows: Int) -> Int {
        var points = StandardRules.softDropPoints(rows: rows)
        guard has(.softDropPoints) else { return points }
        for (mod, function) in chain(.softDropPoints) {
            let base = points
            do throws(RuleError) {
                points = try read(mod, function, hook: .softDropPoints, scratch, push: { args in
                    args.push(rows); args.push(base)
                }, read: { try Self.integerResult($0, .softDropPoints) })
            } catch {
                warn(error, fallback: "the points before it: \(base) for \(rows) rows")
            }
        }
        return points
    }

    // `spawnPiece`, `rotated` and `rotatedCounterclockwise` run on every piece (the search
    // turns each piece several times): their standard path stays free of the hook call's
    // closures, which would otherwise make every call copy the state they capture.
    public func spawnPiece(kind: Int, state: GameState) -> Piece {
        let standard = StandardRules.spawnPiece(kind: kind, boardWidth: state.board.width)
        guard has(.spawn) else { return standard }
        return spawnHook(kind: kind, state: state, standard: standard)
    }

    @inline(never)
    func spawnHook(kind: Int, state: GameState, standard: Piece) -> Piece {
        guard let (mod, function) = chain(.spawn).first else { return standard }
        let letter = String(state.pieces.kinds[kind].letter)
        let rotations = state.pieces.rotationCount(of: kind)
        let fallback = "the default place: x \(standard.x), y \(standard.y), rotation \(standard.rotation)"
        let placed: Piece
        do throws(RuleError) {
            placed = try read(mod, function, hook: .spawn, state, push: { $0.push(letter) }, read: { results in
                Piece(kind: kind, rotation: try results.optionalInteger(3) ?? 0, x: try results.integer(1), y: try results.integer(2))
            })
        } catch {
            warn(error, fallback: fallback)
            return standard
        }
        guard (0..<rotations).contains(placed.rotation), (-64...64).contains(placed.x), (-64...64).contains(placed.y) else {
            let message = "spawn returned x \(placed.x), y \(placed.y), rotation \(placed.rotation) for \(letter); "
                + "x and y must be from -64 to 64 and the rotation from 0 to \(rotations - 1)"
            warn(mod.ruleError(.conversion(message), hook: .spawn, function: function), fallback: fallback)
            return standard
        }
        return placed
    }

    public func kicks(kind: Int, from: Int, to: Int) -> [Cell] {
        kickTable.offsets(kind: kind, from: from, to: to)
    }

    public func rotated(_ piece: Piece, state: GameState) throws(RuleError) -> (piece: Piece, kick: Int)? {
        guard has(.rotate) else { return state.turned(piece, by: 1, rules: self) }
        return try turn(piece, by: 1, state: state)
    }

    public func rotatedCounterclockwise(_ piece: Piece, state: GameState) throws(RuleError) -> (piece: Piece, kick: Int)? {
        guard has(.rotate) else { return state.turned(piece, by: -1, rules: self) }
        return try turn(piece, by: -1, state: state)
    }

    public func rotatedHalfTurn(_ piece: Piece, state: GameState) throws(RuleError) -> (piece: Piece, kick: Int)? {
        guard has(.rotate) else { return state.turned(piece, by: 2, rules: self) }
        return try turn(piece, by: 2, state: state)
    }

    /// A turn by `direction` (1 clockwise, −1 counter-clockwise, 2 a half turn): the mod's `rotate` hook,
    /// or the next rotation state with the kicks.
    @inline(never)
    func turn(_ piece: Piece, by direction: Int, state: GameState) throws(RuleError) -> (piece: Piece, kick: Int)? {
        guard has(.rotate), let (mod, function) = chain(.rotate).first else { return state.turned(piece, by: direction, rules: self) }
        let letter = String(state.pieces.kinds[piece.kind].letter)
        // The search copy's hook sees the piece the search turns (see `GameBridge.candidate`).
        if isLookahead { mod.bridge.candidate = piece }
        defer { if isLookahead { mod.bridge.candidate = nil } }
        return try read(mod, function, hook: .rotate, state, push: { args in
            args.push(letter); args.push(piece.rotation); args.push(piece.x); args.push(piece.y); args.push(direction)
        }, read: { results in
            if results.type(1) == .nil { return nil }
            let turned = Piece(kind: piece.kind, rotation: try results.integer(3), x: try results.integer(1), y: try results.integer(2))
            guard (0..<state.pieces.rotationCount(of: piece.kind)).contains(turned.rotation),
                  Piece.isNearBoard(x: turned.x, y: turned.y), state.fits(turned) else {
                throw LuaHostError("rotate returned x \(turned.x), y \(turned.y), rotation \(turned.rotation), where the piece does not fit (return nil to refuse the turn)")
            }
            // An optional fourth result is the kick's index (hanjul.standard.rotate gives it),
            // for lock facts and the T-spin test.
            let kick = try results.optionalInteger(4) ?? 0
            guard (0...64).contains(kick) else { throw LuaHostError("rotate's fourth result (the kick index) must be 0 to 64, not \(kick)") }
            return (turned, kick)
        })
    }

    public func didStart(_ state: inout GameState) throws(RuleError) { try runAll(.onStart, &state) }

    public func didSpawn(_ state: inout GameState) throws(RuleError) { try runAll(.onSpawn, &state) }

    public func didFinishLock(cleared: Int, _ state: inout GameState) throws(RuleError) {
        flushCallouts(&state)
        try runAll(.afterLock, &state) { $0.push(cleared) }
    }

    /// Moves what read-only hooks (`scoring`, `on_game_over`) announced into the game.
    func flushCallouts(_ state: inout GameState) {
        for mod in mods where !mod.bridge.pendingCallouts.isEmpty {
            for text in mod.bridge.pendingCallouts { state.announce(text) }
            mod.bridge.pendingCallouts.removeAll()
        }
    }

    public func didEnd(_ reason: GameOverReason, _ state: inout GameState) throws(RuleError) {
        guard has(.onGameOver) else { return }
        let word = reason.word
        defer { flushCallouts(&state) }
        for (mod, function) in chain(.onGameOver) {
            try read(mod, function, hook: .onGameOver, state, push: { $0.push(word) }, read: { _ in () })
        }
    }

    public func didLock(_ piece: Piece, _ state: inout GameState) throws(RuleError) {
        guard has(.onLock) else { return }
        let letter = String(state.pieces.kinds[piece.kind].letter)
        try runAll(.onLock, &state) { args in
            args.push(letter); args.push(piece.rotation); args.push(piece.x); args.push(piece.y)
        }
    }

    public func didClear(count: Int, rows: UInt64, _ state: inout GameState) throws(RuleError) {
        flushCallouts(&state)
        try runAll(.onClear, &state) { args in
            args.push(count); args.push(Int(truncatingIfNeeded: rows))
        }
    }

    public func didTick(_ state: inout GameState) throws(RuleError) { try runAll(.onTick, &state) }

    public func didMove(_ move: Action, _ state: inout GameState) throws(RuleError) {
        guard has(.afterMove) else { return }
        let word = Self.moveWord(move)
        try runAll(.afterMove, &state) { $0.push(word) }
    }

    /// `game:last_move()`'s word for a move (static strings: no allocation per move).
    static func moveWord(_ move: Action) -> String {
        switch move {
        case .left: "left"
        case .right: "right"
        case .rotate: "rotate"
        case .rotateCounterclockwise: "rotate_ccw"
        case .rotateHalfTurn: "rotate_180"
        case .softDrop, .gravity: "soft_drop"
        default: "hard_drop"
        }
    }

    public func toppedOut(_ state: inout GameState) throws(RuleError) -> Bool {
        guard has(.onTopOut) else { return false }
        let chain = chain(.onTopOut)
        var goOn = false
        for (mod, function) in chain where !state.isOver {
            goOn = try call(mod, function, hook: .onTopOut, &state, push: { _ in }, read: { $0.isTruthy(1) }) || goOn
        }
        return goOn
    }
}
