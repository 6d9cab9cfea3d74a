import Testing
@testable import HanJulCore

/// The engine against the seed's own game logic (`SeedOracle`), field by field after every
/// action, over thousands of scripted games: random scripts, kicks at walls and stacks,
/// game overs, and long well-played games that reach level 16.
@Suite struct SeedDifferentialTests {
    /// Compares every field a player or `hanjul run --json` sees.
    static func mismatch(_ game: Game<StandardRules>, _ oracle: SeedOracle, checkBoard: Bool = true) -> String? {
        let s = game.state
        if checkBoard && s.board.lines(letters: s.pieces) != oracle.boardLines { return "board" }
        if s.score != oracle.score { return "score \(s.score) vs \(oracle.score)" }
        if s.lines != oracle.lines { return "lines" }
        if s.level != oracle.level { return "level" }
        if s.isOver == oracle.running { return "over" }
        let p = oracle.piece
        if s.piece != Piece(kind: p.kind, rotation: p.rot, x: p.x, y: p.y) { return "piece \(s.piece) vs \(p)" }
        if s.dealt.map(Int.init) != oracle.dealt { return "dealt" }
        return nil
    }

    /// Plays `script` on both and returns the first difference.
    static func compare(sequence: [Int], script: [Character]) -> String? {
        var game = Game(rules: StandardRules(), source: .sequence(sequence))
        var oracle = SeedOracle(sequence: sequence)
        if let m = mismatch(game, oracle) { return "at start: \(m)" }
        for (index, letter) in script.enumerated() {
            let locked = game.state.piecesLocked
            game.apply(Action(letter: letter)!)
            oracle.apply(letter)
            // The board only changes when a piece locks; compare it then (and at the end).
            let checkBoard = game.state.piecesLocked != locked || index == script.count - 1
            if let m = mismatch(game, oracle, checkBoard: checkBoard) { return "action \(index + 1) '\(letter)': \(m)" }
        }
        return nil
    }

    static func randomSequence(_ rng: inout SplitMix64) -> [Int] {
        switch rng.below(3) {
        case 0: return (0..<(1 + rng.below(14))).map { _ in rng.below(7) }
        case 1: return [rng.below(7)]
        default:
            var bag = Array(0..<7)
            for i in stride(from: 6, to: 0, by: -1) { bag.swapAt(i, rng.below(i + 1)) }
            return bag
        }
    }

    static func randomScript(_ rng: inout SplitMix64, length: Int) -> [Character] {
        // Weighted towards rotations and drops so kicks, locks and game overs happen often.
        let weights: [(Character, Int)] = [("L", 3), ("R", 3), ("C", 4), ("D", 3), ("G", 3), ("H", 2)]
        let total = weights.reduce(0) { $0 + $1.1 }
        return (0..<length).map { _ in
            var pick = rng.below(total)
            for (letter, weight) in weights {
                if pick < weight { return letter }
                pick -= weight
            }
            return "H"
        }
    }

    @Test func randomScriptsMatchTheSeed() {
        var rng = SplitMix64(seed: 0xC0FFEE)
        var failures: [String] = []
        for game in 0..<2000 {
            let sequence = Self.randomSequence(&rng)
            let script = Self.randomScript(&rng, length: 20 + rng.below(400))
            if let m = Self.compare(sequence: sequence, script: script) {
                failures.append("game \(game) seq \(sequence) script \(String(script)): \(m)")
                if failures.count > 3 { break }
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    /// A greedy player driven by the oracle: clears lines, so scores at every level.
    static func playedScript(sequence: [Int], pieces: Int, noise: Int, _ rng: inout SplitMix64) -> [Character] {
        var oracle = SeedOracle(sequence: sequence)
        var script: [Character] = []
        for _ in 0..<pieces where oracle.running {
            var best: (cost: Int, actions: [Character]) = (.max, ["H"])
            for turns in 0..<4 {
                for shift in -5...5 {
                    let actions = Array(repeating: Character("C"), count: turns)
                        + Array(repeating: shift < 0 ? "L" : "R", count: abs(shift)) + ["H"]
                    var trial = oracle
                    for a in actions { trial.apply(a) }
                    let cost = cost(trial)
                    if cost < best.cost { best = (cost, actions) }
                }
            }
            var chosen = best.actions
            if rng.below(100) < noise {
                chosen = randomScript(&rng, length: 1 + rng.below(8)) + ["H"]
            } else if rng.below(4) == 0 {
                // Reach the same place by soft drops and gravity now and then.
                chosen.removeLast()
                var trial = oracle
                for a in chosen { trial.apply(a) }
                let step: Character = rng.below(2) == 0 ? "D" : "G"
                let pieces = trial.dealt.count
                while trial.dealt.count == pieces && trial.running {
                    trial.apply(step)
                    chosen.append(step)
                }
            }
            for a in chosen { oracle.apply(a) }
            script += chosen
        }
        return script
    }

    static func cost(_ o: SeedOracle) -> Int {
        if !o.running { return .max - 1 }
        var holes = 0, heights = 0, maxHeight = 0
        for x in 0..<10 {
            var top = -1
            for y in 0..<20 where o.board[y][x] != 0 { top = y; break }
            guard top >= 0 else { continue }
            let h = 20 - top
            heights += h
            maxHeight = max(maxHeight, h)
            for y in top..<20 where o.board[y][x] == 0 { holes += 1 }
        }
        return heights * 2 + holes * 30 + maxHeight * 3 - o.lines * 40
    }

    @Test func longPlayedGamesReachLevel16AndMatch() {
        var rng = SplitMix64(seed: 16)
        var maxLevel = 0
        var clearSizes: Set<Int> = []
        for game in 0..<12 {
            var bag: [Int] = []
            for _ in 0..<80 {
                var b = Array(0..<7)
                for i in stride(from: 6, to: 0, by: -1) { b.swapAt(i, rng.below(i + 1)) }
                bag += b
            }
            let script = Self.playedScript(sequence: bag, pieces: 450, noise: game < 6 ? 0 : 4, &rng)
            let failure = Self.compare(sequence: bag, script: script)
            #expect(failure == nil, "game \(game): \(failure ?? "")")
            var played = Game(rules: StandardRules(), source: .sequence(bag))
            for letter in script {
                played.apply(Action(letter: letter)!)
                for case .cleared(let count, _) in played.state.events { clearSizes.insert(count) }
            }
            maxLevel = max(maxLevel, played.state.level)
        }
        #expect(maxLevel >= 16)
        #expect(clearSizes.isSuperset(of: [1, 2, 3, 4]))
    }
}
