import HanJulBot
import HanJulCommandLine
import HanJulCore
import HanJulMods
import HanJulSim
import HanJulText

/// The options `hanjul sim` and `hanjul compare` share: seeds, cap, bot, workers.
struct SimOptions {
    var seeds: [UInt64]
    var config: SimulationConfig
    var workers: Int

    static let games = Option("--games", value: "N", help: "play N games, on the seeds S, S+1, ... (with --seed S)")
    static let seed = Option("--seed", value: "S", help: "the first seed of --games N")
    static let seedRange = Option("--seeds", value: "A..B", help: "play the seeds A to B, both included (instead of --games and --seed)")
    static let cap = Option("--cap", value: "PIECES", help: "stop a game after PIECES pieces (default 10000)")
    static let bot = Option("--bot", value: "NAME", kind: .choice(BotKind.allCases.map(\.rawValue)),
                            help: "the bot: eltetris (default; the El-Tetris weights), dellacherie or random")
    static let noise = Option("--noise", value: "X", help: "play a random reachable placement with probability X (0 to 1)")
    static let search = Option("--search", value: "MODE", kind: .choice(["fast", "full"]),
                               help: "fast (rotations, slides, a drop) or full (adds soft-drop tucks and spins)")
    static let workers = Option("--workers", value: "K", help: "games played at once (default: one per core); results are the same whatever K")
    /// Every shared option, in the order help lists them.
    static let options = [games, seed, seedRange, cap, bot, noise, search, workers]

    static let usage = "(--games N --seed S | --seeds A..B) [--cap PIECES] [--bot NAME] [--noise X] [--search fast|full] [--workers K]"

    /// Reads the shared options.
    static func read(_ arguments: Arguments) throws(UsageError) -> SimOptions {
        let games = arguments.value(Self.games)
        let seed = arguments.value(Self.seed)
        let range = arguments.value(seedRange)
        let cap = arguments.value(Self.cap)
        let bot = arguments.value(Self.bot)
        let noise = arguments.value(Self.noise)
        let search = arguments.value(Self.search)
        let workers = arguments.value(Self.workers)

        let seeds: [UInt64]
        switch (range, games, seed) {
        case (let range?, nil, nil): seeds = try parseRange(range)
        case (_?, _, _): throw UsageError("give --seeds A..B, or --games N with --seed S, not both")
        case (nil, let games?, let seed?):
            let count = try positive(games, option: "--games", limit: 100_000_000)
            let first = try UInt64.parseSeed(seed, option: "--seed")
            guard first <= UInt64.max - UInt64(count - 1) else { throw UsageError("--seed \(seed) + --games \(games) passes the largest seed") }
            seeds = (0..<UInt64(count)).map { first + $0 }
        case (nil, nil, _): throw UsageError("give --games N (and --seed S), or --seeds A..B")
        case (nil, _?, nil): throw UsageError("give --seed S with --games N")
        }

        var config = SimulationConfig()
        if let cap { config.cap = try positive(cap, option: "--cap", limit: Int.max) }
        if let bot {
            guard let kind = BotKind(rawValue: bot) else {
                throw UsageError("--bot \(CommandLineText.quoted(bot)) is not a bot (use \(BotKind.allCases.map(\.rawValue).joined(separator: ", ")))"
                                 + Suggestions.didYouMean(Suggestions.closest(to: bot, among: BotKind.allCases.map(\.rawValue))))
            }
            config.bot.kind = kind
        }
        if let noise {
            guard let value = Double(noise), value >= 0, value <= 1 else {
                throw UsageError("--noise \(CommandLineText.quoted(noise)) is not a probability from 0 to 1")
            }
            config.bot.noise = value
        }
        if let search {
            guard let mode = PlacementSearch.Mode(rawValue: search) else {
                throw UsageError("--search \(CommandLineText.quoted(search)) is not a search (use fast or full)")
            }
            config.bot.search = mode
        }
        let workerCount = try workers.map { (text) throws(UsageError) in try positive(text, option: "--workers", limit: 1024) }
        return SimOptions(seeds: seeds, config: config, workers: workerCount ?? Platform.coreCount)
    }

    /// `A..B`, inclusive.
    static func parseRange(_ text: String) throws(UsageError) -> [UInt64] {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1].isEmpty,
              let first = UInt64(parts[0]), let last = UInt64(parts[2]) else {
            throw UsageError("--seeds \(CommandLineText.quoted(text)) is not a range; write A..B, e.g. 1..1000 (both included)")
        }
        guard first <= last else { throw UsageError("--seeds \(CommandLineText.shown(text)): the first seed is after the last") }
        guard last - first < 100_000_000 else { throw UsageError("--seeds \(CommandLineText.shown(text)): more than 100000000 games; split the range") }
        return Array(first...last)
    }

    static func positive(_ text: String, option: String, limit: Int) throws(UsageError) -> Int {
        try Int.parseCount(text, option: option, limit: limit)
    }

    /// The rule set a `--mod` list (or a `compare` side) names: none is the built-in
    /// standard rules; otherwise mods from the catalog, applied in order, with fresh Lua
    /// states for every game. A single name that is no mod but a built-in variant
    /// (`uniform`, `nokick`) names that variant.
    ///
    /// As in `run`, a quarantined mod is refused, and every Lua state of every game is
    /// watched (``HangGuard``): a call that hangs quarantines the mod and exits with
    /// status 4 (L-24).
    static func ruleSet(_ ids: [String], catalog: ModCatalog, command: String) -> Result<RuleSetSpec, ModLoadError> {
        if ids.isEmpty { return .success(.standard) }
        if ids.count == 1, ids[0] != "standard", catalog.searchPath.folder(of: ids[0]) == nil, let spec = RuleSetSpec.builtIn(named: ids[0]) {
            return .success(spec)
        }
        do throws(ModLoadError) {
            let packages = try catalog.packages(ids)
            let quarantine = HangGuard.quarantine
            try catalog.refuseQuarantined(packages, quarantine: quarantine)
            let watchdog = HangGuard.watchdog(for: packages, quarantine: quarantine, command: command)
            let identity = try catalog.rules(packages: packages, watchdog: watchdog).identity
            var spec = RuleSetSpec.freshPerGame(name: ids.map { "mod:" + $0 }.joined(separator: "+")) {
                try catalog.rules(packages: packages, watchdog: watchdog)
            }
            spec.lockfile = identity.mods.map { "\($0.id)@\($0.version)#\($0.sha256)" }
            return .success(spec)
        } catch {
            return .failure(error)
        }
    }

    /// The header of a run of these options under `spec`.
    func header(_ spec: RuleSetSpec) -> RunHeader {
        var header = RunHeader(rules: spec.name, config: config, firstSeed: seeds.first ?? 0, lastSeed: seeds.last ?? 0)
        if !spec.lockfile.isEmpty { header.mods = spec.lockfile }
        return header
    }
}
