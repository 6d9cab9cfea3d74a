import HanJulCore

/// A rule set a simulation can run: a name, and a factory that makes a fresh rules value
/// for each worker (a Lua state, say, is used by one thread only).
///
/// Built from a concrete rules type, the games run on code specialised for it (the
/// built-in rules never go through an existential). The mods layer plugs in with
/// `RuleSetSpec(name: "Mods/garbage") { try LuaRules(...) }`, or with
/// `RuleSetSpec.existential(name:make:)` when all it has is `any Rules`.
public struct RuleSetSpec: Sendable {
    /// How reports name the rule set (`"standard"`, `"mod:garbage"`).
    public let name: String
    /// The mods' lockfile (`id@version#sha256`), for run headers; empty for built-in rules.
    public var lockfile: [String] = []
    /// How the rules' result reads, when they finish games with one (a sprint's time);
    /// filled in by whoever loads the rules (built-in rules have none).
    public var resultFormat: ResultFormat?
    /// Whether the rules' result is a time (`Rules.isTimed`): the simulator then gives the
    /// bot a pace by default (`SimulationConfig.defaultPiecesPerSecond`).
    public var isTimed: Bool { resultFormat?.isTimed ?? false }
    private let makePlayer: @Sendable (SimulationConfig) throws -> any SeedPlayer

    public init<R: Rules & SendableMetatype>(name: String, make: @escaping @Sendable () throws -> R) {
        self.name = name
        makePlayer = { config in Simulator(rules: try make(), config: config) }
    }

    private init(name: String, makePlayer: @escaping @Sendable (SimulationConfig) throws -> any SeedPlayer) {
        self.name = name
        self.makePlayer = makePlayer
    }

    /// A rule set whose factory returns `any Rules`: the simulator is opened on the
    /// concrete type each time a worker starts.
    public static func existential(name: String, make: @escaping @Sendable () throws -> any Rules) -> RuleSetSpec {
        RuleSetSpec(name: name, makePlayer: { config in simulator(for: try make(), config: config) })
    }

    private static func simulator<R: Rules>(for rules: R, config: SimulationConfig) -> any SeedPlayer {
        Simulator(rules: rules, config: config)
    }

    /// A rule set whose rules are made afresh for every game. For mods: each game gets new
    /// Lua states, so nothing a mod keeps between games (a bag, a counter) can make a game
    /// depend on which worker played it or what it played before. `make` runs once up
    /// front, so a mod that does not load fails before any game.
    public static func freshPerGame<R: Rules & SendableMetatype>(name: String, make: @escaping @Sendable () throws -> R) -> RuleSetSpec {
        RuleSetSpec(name: name, makePlayer: { config in
            _ = try make()
            return FreshRulesPlayer(make: make, config: config)
        })
    }

    /// A rule set whose rules are made once per worker and made new between games by
    /// `reset` (mods: the same Lua states with fresh globals and the main chunks run again;
    /// `LuaRules.resetForNewGame`), which returns false, or throws, when they cannot be, and
    /// that game's rules are then made afresh with `make`. Every game then plays as under
    /// `freshPerGame`, without the price of new rules per game.
    public static func reusedPerWorker<R: Rules & SendableMetatype>(
        name: String, make: @escaping @Sendable () throws -> R, reset: @escaping @Sendable (R) throws -> Bool
    ) -> RuleSetSpec {
        RuleSetSpec(name: name, makePlayer: { config in
            ReusedRulesPlayer(first: try make(), make: make, reset: reset, config: config)
        })
    }

    /// A player for one worker: makes the rules (which may throw, a mod failing to load).
    public func player(_ config: SimulationConfig) throws -> any SeedPlayer {
        try makePlayer(config)
    }

    /// The built-in rules of RULES.md.
    public static let standard = RuleSetSpec(name: "standard") { StandardRules() }

    /// Rule sets built into HanJul, by name: `standard` and two small variants that stand in
    /// for mods until mods can be loaded (`uniform`: kinds drawn independently and uniformly
    /// instead of from a 7-bag; `nokick`: rotation without kicks).
    public static let builtIn: [RuleSetSpec] = [
        standard,
        RuleSetSpec(name: "uniform") { UniformRandomizerRules() },
        RuleSetSpec(name: "nokick") { NoKickRules() },
    ]

    /// The built-in rule set called `name`.
    public static func builtIn(named name: String) -> RuleSetSpec? {
        builtIn.first { $0.name == name }
    }
}

/// The standard rules with kinds drawn independently and uniformly (no bag).
public struct UniformRandomizerRules: Rules, Sendable {
    public init() {}
    public var name: String { "uniform" }
    public func nextKind(_ state: inout GameState) throws(RuleError) -> Int? { state.random.below(state.pieces.count) }
}

/// The standard rules where a rotation that does not fit in place fails (no kicks).
public struct NoKickRules: Rules, Sendable {
    public init() {}
    public var name: String { "nokick" }
    public var kicks: [Cell] { [Cell(x: 0, y: 0)] }
}
