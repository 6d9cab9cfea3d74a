import HanJulCore
import HanJulMods

extension ModChecker {
    // MARK: Invariants

    /// What is wrong with the game after `action` took it from `before` to `after`, if anything.
    static func violation(before: GameState, after: GameState, rules: LuaRules) -> String? {
        if case .over(.ruleError(let error)) = after.phase { return "a hook failed: \(error)" }
        let board = after.board
        guard board.width == rules.boardWidth, board.height == rules.boardHeight else { return "the board changed size" }
        for y in 0..<board.height {
            var mask: UInt64 = 0
            for x in 0..<board.width where board.kind(atX: x, y: y) != nil { mask |= 1 << UInt64(x) }
            if mask != board.rows[y] { return "row \(y): the row mask \(board.rows[y]) does not match its cells (\(mask))" }
            if board.rows[y] & ~board.fullRow != 0 { return "row \(y) has cells outside the board" }
        }
        let piece = after.piece
        guard piece.kind >= 0 && piece.kind < after.pieces.count,
              piece.rotation >= 0 && piece.rotation < after.pieces.rotationCount(of: piece.kind) else {
            return "the piece in play is not a valid kind and rotation (\(piece))"
        }
        // During an entry delay no piece is in play: `piece` is the one that locked.
        if !after.isOver && after.hasPiece && !after.fits(piece) {
            return "the piece in play (\(after.pieces.kinds[piece.kind].letter) rotation \(piece.rotation) at \(piece.x), \(piece.y)) overlaps the stack or is outside the board"
        }
        if !after.isOver && (after.queueEnded ? after.queue.count > rules.previewCount : after.queue.count != rules.previewCount) {
            return "the queue holds \(after.queue.count) kinds, not the preview's \(rules.previewCount)"
        }
        var reported = 0
        var modTookPoints = false
        for case .scored(let points, let reason) in after.events {
            reported = reported &+ points
            if points < 0 {
                switch reason {
                case .mod: modTookPoints = true
                case .hardDrop(let rows): return "a hard drop of \(rows) rows scored \(points) points (hard_drop_points returned a negative value)"
                case .lineClear(let lines): return "clearing \(lines) lines scored \(points) points (scoring returned a negative value)"
                case .softDrop: return "a soft drop scored \(points) points"
                }
            }
        }
        let saturated = after.score == Int.max || after.score == Int.min
        if !saturated && after.score &- before.score != reported {
            return "the score went from \(before.score) to \(after.score), but the events report \(reported) points"
        }
        if after.score < before.score && !modTookPoints { return "the score went down from \(before.score) to \(after.score)" }
        if after.lines < before.lines { return "lines went down from \(before.lines) to \(after.lines)" }
        if after.level < 0 { return "the level is \(after.level)" }
        if after.piecesLocked < before.piecesLocked { return "pieces locked went down" }
        return nil
    }

    /// The first hook failure the game went on from (`LuaRules.warnings`) after the first
    /// `count`, as a violation: a check passes only when no hook fails, silently or not.
    static func warning(_ rules: LuaRules, since count: Int) -> String? {
        rules.warnings.count > count ? "a hook failed and the game went on with a default: \(rules.warnings[count])" : nil
    }

    /// Plays `script`; returns the first violation and the action index it happened at.
    func firstViolation(seed: UInt64, script: [Action], start: GameStart = GameStart()) -> (index: Int, message: String)? {
        let rules: LuaRules
        do throws(ModLoadError) { rules = try freshRules() } catch { return (0, "\(error)") }
        var game = Game(rules: rules, source: .seeded(seed), start: start)
        if let problem = Self.violation(before: game.state, after: game.state, rules: rules) ?? Self.warning(rules, since: 0) {
            return (0, "at the start: \(problem)")
        }
        for (index, action) in script.enumerated() {
            if game.state.isOver { return nil }
            let before = game.state, warned = rules.warnings.count
            game.apply(action)
            if let problem = Self.violation(before: before, after: game.state, rules: rules) ?? Self.warning(rules, since: warned) {
                return (index + 1, problem)
            }
        }
        return nil
    }

    /// A random script: mostly moves and turns, some drops, so games reach the top.
    /// Under a lock delay (`waits`), waits of 16, 100 and 500 ms too, so pieces lock by time.
    static func randomScript(seed: UInt64, length: Int, actions allowed: Set<Action.Kind>, waits: Bool = false) -> [Action] {
        var weighted: [Action] = [.left, .left, .left, .right, .right, .right, .rotate, .rotate, .softDrop,
                                  .gravity, .gravity, .hardDrop, .hardDrop]
        if allowed.contains(.rotateCounterclockwise) { weighted += [.rotateCounterclockwise, .rotateCounterclockwise] }
        if allowed.contains(.rotateHalfTurn) { weighted.append(.rotateHalfTurn) }
        if allowed.contains(.hold) { weighted.append(.hold) }
        if waits { weighted += [.wait(milliseconds: 16), .wait(milliseconds: 100), .wait(milliseconds: 500)] }
        var random = HanJulCore.SplitMix64(seed: seed ^ 0x5EED_F00D)
        return (0..<length).map { _ in weighted[random.below(weighted.count)] }
    }

    func fuzz(actions allowed: Set<Action.Kind>, waits: Bool = false) -> Outcome {
        var played = 0
        for index in 0..<options.fuzzGames {
            let seed = options.firstSeed &+ UInt64(index)
            let start = Self.start(game: index)
            // Half the games are random actions; half a bot's play, with random actions
            // mixed in, so line clears (and the hooks after them) run too.
            let script: [Action]
            if index % 2 == 0 {
                script = Self.randomScript(seed: seed, length: options.fuzzActions, actions: allowed, waits: waits)
            } else {
                do throws(ModLoadError) {
                    script = botScript(seed: seed, pieces: options.fuzzActions / 8, rules: try freshRules(), noise: allowed, waits: waits,
                                       start: start)
                } catch {
                    return Outcome(name: "invariants", passed: false, detail: "\(error)")
                }
            }
            played += script.count
            guard let failure = firstViolation(seed: seed, script: script, start: start) else { continue }
            let small = shrink(seed: seed, script: Array(script.prefix(failure.index)), start: start)
            let final = firstViolation(seed: seed, script: small, start: start)
            return Outcome(name: "invariants", passed: false, detail: """
                seed \(seed), after action \(final?.index ?? small.count) of the smallest failing script (\(small.count) actions, shrunk from \(failure.index)): \
                \(final?.message ?? failure.message)
                reproduce: hanjul run\(modsDirArguments)\(modArguments) --seed \(seed)\(Self.levelArgument(start)) --actions '\(ActionScript.text(of: small))'
                """)
        }
        let high = (0..<options.fuzzGames).filter { Self.start(game: $0).level > 1 }.count
        return Outcome(name: "invariants", passed: true,
                       detail: "\(options.fuzzGames) seeds (\(high) from levels 10 to 20), \(played) random and bot actions: the piece always fits, rows match cells, the score adds up")
    }

    /// The smallest script (by deleting chunks, then single actions) that still fails.
    func shrink(seed: UInt64, script: [Action], start gameStart: GameStart = GameStart()) -> [Action] {
        var current = script
        var budget = options.shrinkBudget
        var chunk = max(1, current.count / 2)
        while chunk >= 1 && budget > 0 {
            var start = 0
            var removedAny = false
            while start < current.count && budget > 0 {
                var candidate = current
                candidate.removeSubrange(start..<min(current.count, start + chunk))
                budget -= 1
                if let failure = firstViolation(seed: seed, script: candidate, start: gameStart) {
                    current = Array(candidate.prefix(failure.index))
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if !removedAny { chunk /= 2 }
        }
        return current
    }
}
