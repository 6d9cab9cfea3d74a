import HanJulCore

/// Plays each seed under rules made for that game alone (see `RuleSetSpec.freshPerGame`).
struct FreshRulesPlayer<R: Rules>: SeedPlayer {
    let make: () throws -> R
    let config: SimulationConfig
    private(set) var lastReplay: Replay?

    mutating func play(seed: UInt64) -> GameRecord {
        lastReplay = nil
        do {
            var simulator = Simulator(rules: try make(), config: config)
            defer { lastReplay = simulator.lastReplay }
            return simulator.play(seed: seed)
        } catch {
            return GameRecord(seed: seed, pieces: 0, lines: 0, score: 0, level: 1, outcome: .ruleError, clears: [0],
                              meanHeight: 0, maxHeight: 0, holes: 0, evaluated: 0, error: "\(error)")
        }
    }
}
