import HanJulCore
import HanJulMods
import Testing

/// `Mods/standard` restates the built-in rules through the hook API: the same game for
/// every seed, piece sequence and action script.
@Suite struct StandardModTests {
    static func compare(_ source: PieceSource, _ script: [Action]) throws -> String? {
        var builtIn = Game(rules: StandardRules(), source: source)
        var modded = Game(rules: try repositoryRules("standard"), source: source)
        for (index, action) in script.enumerated() {
            builtIn.apply(action)
            modded.apply(action)
            let a = builtIn.state, b = modded.state
            if a.board != b.board || a.score != b.score || a.lines != b.lines || a.level != b.level
                || a.isOver != b.isOver || a.piece != b.piece || a.dealt != b.dealt || a.queue != b.queue {
                return "action \(index + 1) (\(action.letter)): built-in score \(a.score) lines \(a.lines) piece \(a.piece) vs mod \(b.score) \(b.lines) \(b.piece) \(b.phase)"
            }
        }
        return nil
    }

    /// A greedy placer on the built-in engine: clears lines, so every score and level path runs.
    static func playedScript(_ source: PieceSource, pieces: Int, rng: inout SplitMix64) -> [Action] {
        var game = Game(rules: StandardRules(), source: source)
        var script: [Action] = []
        for _ in 0..<pieces where !game.state.isOver {
            var best: (Int, [Action]) = (.max, [.hardDrop])
            for turns in 0..<4 {
                for shift in -5...5 {
                    let actions = Array(repeating: Action.rotate, count: turns)
                        + Array(repeating: shift < 0 ? .left : .right, count: abs(shift)) + [.hardDrop]
                    var trial = game
                    trial.apply(actions)
                    let cost = Self.cost(trial.state)
                    if cost < best.0 { best = (cost, actions) }
                }
            }
            var chosen = best.1
            if rng.below(5) == 0 {
                // Drop the last rows with gravity ticks instead.
                chosen.removeLast()
                var trial = game
                trial.apply(chosen)
                let locked = trial.state.piecesLocked
                while trial.state.piecesLocked == locked && !trial.state.isOver {
                    trial.apply(.gravity)
                    chosen.append(.gravity)
                }
            }
            game.apply(chosen)
            script += chosen
        }
        return script
    }

    static func cost(_ s: GameState) -> Int {
        if s.isOver { return .max / 2 }
        var holes = 0, heights = 0, top = 0, bumps = 0, previous = -1
        for x in 0..<s.board.width {
            var seen = false, height = 0
            for y in 0..<s.board.height {
                if s.board.isFilled(x: x, y: y) {
                    if !seen { height = s.board.height - y }
                    seen = true
                } else if seen { holes += 1 }
            }
            heights += height
            top = max(top, height)
            if previous >= 0 { bumps += abs(height - previous) }
            previous = height
        }
        return heights * 5 + holes * 35 + bumps * 2 + top * 2 - s.lines * 76
    }

    @Test func randomScriptsOnSeedsAndSequences() throws {
        var rng = SplitMix64(seed: 314)
        for game in 0..<150 {
            let source: PieceSource = game % 3 == 0
                ? .sequence((0..<(1 + rng.below(9))).map { _ in rng.below(7) })
                : .seeded(rng.next())
            let letters: [Action] = [.left, .right, .rotate, .softDrop, .gravity, .hardDrop]
            let script = (0..<(50 + rng.below(400))).map { _ in letters[rng.below(letters.count)] }
            let failure = try Self.compare(source, script)
            #expect(failure == nil, "game \(game) \(source): \(failure ?? "")")
        }
    }

    @Test func longGamesThroughTheLevels() throws {
        var rng = SplitMix64(seed: 2718)
        var maxLevel = 0
        for game in 0..<4 {
            let source = PieceSource.seeded(UInt64(game) * 1_000_003)
            let script = Self.playedScript(source, pieces: 600, rng: &rng)
            let failure = try Self.compare(source, script)
            #expect(failure == nil, "game \(game): \(failure ?? "")")
            var played = Game(rules: StandardRules(), source: source)
            played.apply(script)
            maxLevel = max(maxLevel, played.state.level)
        }
        #expect(maxLevel >= 16)
    }

    @Test func curvesMatch() throws {
        let rules = try repositoryRules("standard")
        for level in 1...30 { #expect(rules.gravityInterval(level: level) == StandardRules().gravityInterval(level: level)) }
        for lines in [0, 9, 10, 155, 999] { #expect(try rules.level(forLines: lines) == StandardRules().level(forLines: lines)) }
        for rows in 0...19 { #expect(rules.hardDropPoints(rows: rows) == 2 * rows, "the standard rule, left to the default") }
        #expect(rules.identity.mods.map(\.id) == ["standard"])
        #expect(rules.identity.mods[0].sha256.count == 64)
    }
}
