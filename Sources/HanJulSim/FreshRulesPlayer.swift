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
            return Self.failed(seed: seed, error)
        }
    }

    /// The record of a game whose rules did not load.
    static func failed(seed: UInt64, _ error: any Error) -> GameRecord {
        GameRecord(seed: seed, pieces: 0, lines: 0, score: 0, level: 1, outcome: .ruleError, clears: [0],
                   meanHeight: 0, maxHeight: 0, holes: 0, evaluated: 0, error: "\(error)")
    }
}

/// Plays each seed under rules made once for the worker and reset between games (see
/// `RuleSetSpec.reusedPerWorker`): the same records as `FreshRulesPlayer`, without making
/// the rules again for every game. When a reset fails or declines, that game's rules are
/// made afresh (and a failure is then the load's own).
struct ReusedRulesPlayer<R: Rules>: SeedPlayer {
    let make: () throws -> R
    let reset: (R) throws -> Bool
    let config: SimulationConfig
    /// The simulator and whether its rules have played a game since they were made or reset.
    private var simulator: Simulator<R>?
    private var played = false
    private(set) var lastReplay: Replay?

    init(first: R, make: @escaping () throws -> R, reset: @escaping (R) throws -> Bool, config: SimulationConfig) {
        self.make = make
        self.reset = reset
        self.config = config
        simulator = Simulator(rules: first, config: config)
    }

    mutating func play(seed: UInt64) -> GameRecord {
        lastReplay = nil
        do {
            if played, let current = simulator, (try? reset(current.rules)) != true { simulator = nil }
            if simulator == nil { simulator = Simulator(rules: try make(), config: config) }
            played = true
            let record = simulator!.play(seed: seed)
            lastReplay = simulator!.lastReplay
            return record
        } catch {
            simulator = nil
            return FreshRulesPlayer<R>.failed(seed: seed, error)
        }
    }
}
