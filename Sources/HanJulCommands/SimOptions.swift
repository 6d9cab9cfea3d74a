import HanJulBot
import HanJulCommandLine
import HanJulCore
import HanJulMods
import HanJulSim
import HanJulSweep
import HanJulText
import LuaKit

/// The options `hanjul sim` and `hanjul compare` share: seeds (and a shard of them), cap,
/// bot, workers.
struct SimOptions {
    /// The seeds this process plays: the whole range, or this shard's part of it.
    var seeds: ClosedRange<UInt64>
    /// With `--shard I/N`: which part of the sweep `shard.sweep` this is.
    var shard: Shard?
    var config: SimulationConfig
    /// Worker threads: `--workers K`, or the CPUs this process was granted.
    var workers: Int
    /// The bot's pace: `--pps` (0: none), the file's when resuming, or nil for the default
    /// (`SimulationConfig.defaultPiecesPerSecond` under timed rules, none otherwise).
    var pace: Double??

    static let games = Option("--games", value: "N", help: "play N games, on the seeds S, S+1, ... (with --seed S)")
    static let seed = Option("--seed", value: "S", help: "the first seed of --games N")
    static let seedRange = Option("--seeds", value: "A..B", help: "play the seeds A to B, both included (instead of --games and --seed)")
    static let shard = Option("--shard", value: "I/N",
                              help: "play only shard I of N (numbered from 0) of those seeds: a contiguous block, the same on every machine "
                                  + "(in a Slurm job array numbered from 0: $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT)")
    static let cap = Option("--cap", value: "PIECES", help: "stop a game after PIECES pieces (default 10000)")
    /// The bots `--bot` names by name (a TBP bot is `tbp:COMMAND`).
    static let botNames: [String] = BotKind.allCases.filter { kind in kind != BotKind.tbp }.map(\.rawValue)
    static let botHelp: String = {
        let others: String = botNames.dropFirst().joined(separator: ", ")
        var text = "the bot: eltetris (default; the El-Tetris weights), \(others), and ',plain' "
        text += "after it to keep to L R C D H (no hold, counter-clockwise or 180° turns: the bot before 0.1.1), ',LEVEL' for a strength "
        text += "(attack,hard); or tbp:'COMMAND', a Tetris Bot Protocol bot run by the shell (TBP.md in the documentation); "
        text += "'--bot list' says what each plays like"
        return text
    }()
    static let bot = Option("--bot", value: "NAME", kind: .choice(botNames + ["list"]), help: botHelp)
    static let lookahead = Option("--lookahead", value: "N",
                                  help: "before choosing, play out the next N pieces of the visible queue (0 to 3; default 0: "
                                      + "only the piece in play; each piece ahead costs about 25 times the work)")
    static let noise = Option("--noise", value: "X", help: "play a random reachable placement with probability X (0 to 1)")
    static let pps = Option("--pps", value: "N",
                            help: "the bot's pace in pieces per second (0.01 to 1000): each piece's time reaches the game clock as a W action, "
                                + "so timed rules (the mod sprint) report a real time; default 2 under timed rules, none under others; 0: no time passes")
    static let search = Option("--search", value: "MODE", kind: .choice(["fast", "full"]),
                               help: "fast (rotations, slides, a drop; under a mod's own rotation system also turns where the piece lands), landing (fast with turns where the piece lands under any rules) or full (adds soft-drop tucks and spins)")
    static let workers = Option("--workers", value: "K",
                                help: "games played at once (default: the CPUs this process was granted: its affinity mask and cgroup CPU quota); results are the same whatever K")
    static let progress = Option.flag("--progress", help: "report progress on standard error even when it is not a terminal: plain lines for a log (the start, every 30 s, the end)")
    /// Every shared option, in the order help lists them.
    static let options = [games, seed, seedRange, shard, cap, bot, botLevel, noise, search, lookahead, pps, workers, progress, ProgressBar.quiet]

    static let usage = "(--games N --seed S | --seeds A..B) [--shard I/N] [--cap PIECES] [--bot NAME] [--bot-level LEVEL] [--noise X] [--search fast|landing|full] [--lookahead N] [--pps N] [--workers K] [--progress | --quiet]"

    /// What `--bot list` prints: each bot and what it plays like.
    static var botList: String {
        let width = BotKind.allCases.map(\.rawValue.count).max() ?? 0
        return BotKind.allCases.map { kind in
            kind.rawValue + String(repeating: " ", count: width + 2 - kind.rawValue.count) + kind.summary
        }.joined(separator: "\n")
    }

    /// Whether the command line asks for `--bot list` (which the command prints instead of
    /// running).
    static func asksForBotList(_ arguments: Arguments) -> Bool { arguments.value(bot) == "list" }

    /// `--noise X`: a probability.
    static func parseNoise(_ text: String, option: String) throws(UsageError) -> Double {
        guard let value = Double(text), value >= 0, value <= 1 else {
            throw UsageError("\(option) \(CommandLineText.quoted(text)) is not a probability from 0 to 1")
        }
        return value
    }

    /// `--search MODE`.
    static func parseSearch(_ text: String, option: String) throws(UsageError) -> PlacementSearch.Mode {
        guard let mode = PlacementSearch.Mode(rawValue: text) else {
            throw UsageError("\(option) \(CommandLineText.quoted(text)) is not a search (use fast, landing or full)")
        }
        return mode
    }

    /// `--lookahead N`: 0 to 3 pieces.
    static func parseLookahead(_ text: String, option: String) throws(UsageError) -> Int {
        guard let depth = Int(text), (0...3).contains(depth) else {
            throw UsageError("\(option) \(CommandLineText.quoted(text)) is not a number of pieces from 0 to 3")
        }
        return depth
    }

    /// `--pps N`: pieces per second in `SimulationConfig.paceRange`, or 0 for no pace (nil).
    static func parsePace(_ text: String, option: String) throws(UsageError) -> Double? {
        let range = SimulationConfig.paceRange
        guard let value = Double(text), value.isFinite, value == 0 || range.contains(value) else {
            throw UsageError("\(option) \(CommandLineText.quoted(text)) is not a pace; give pieces per second from \(Format.number(range.lowerBound, digits: 2)) to \(Format.number(range.upperBound, digits: 0)), or 0 for none")
        }
        return value == 0 ? nil : value
    }

    /// Reads the shared options.
    static func read(_ arguments: Arguments) throws(UsageError) -> SimOptions {
        try Request.read(arguments).resolve()
    }

    /// The options as given, each checked on its own; the seeds may be missing (`sim
    /// --resume FILE` takes them from the file).
    struct Request {
        var sweep: ClosedRange<UInt64>?
        var shardText: String?
        var shard: (index: Int, count: Int)?
        var cap: Int?
        var bot: BotKind?
        var plain: Bool?
        var choice: BotChoice?
        var noise: Double?
        var search: PlacementSearch.Mode?
        var lookahead: Int?
        /// `--pps`: `.some(nil)` for `--pps 0`.
        var pps: Double??
        var workers: Int?

        static func read(_ arguments: Arguments) throws(UsageError) -> Request {
            let games = arguments.value(SimOptions.games)
            let seed = arguments.value(SimOptions.seed)
            let range = arguments.value(seedRange)
            let shard = arguments.value(SimOptions.shard)
            let cap = arguments.value(SimOptions.cap)
            let bot = arguments.value(SimOptions.bot)
            let noise = arguments.value(SimOptions.noise)
            let search = arguments.value(SimOptions.search)
            let lookahead = arguments.value(SimOptions.lookahead)
            let pps = arguments.value(SimOptions.pps)
            let workers = arguments.value(SimOptions.workers)

            var request = Request()
            switch (range, games, seed) {
            case (let range?, nil, nil): request.sweep = try parseRange(range)
            case (_?, _, _): throw UsageError("give --seeds A..B, or --games N with --seed S, not both")
            case (nil, let games?, let seed?):
                let count = try positive(games, option: "--games", limit: Int(SweepLimits.maxGames))
                let first = try UInt64.parseSeed(seed, option: "--seed")
                guard first <= UInt64.max - UInt64(count - 1) else { throw UsageError("--seed \(seed) + --games \(games) passes the largest seed") }
                request.sweep = first...(first + UInt64(count - 1))
            case (nil, nil, nil): break
            case (nil, nil, _?): throw UsageError("give --games N with --seed S (or --seeds A..B)")
            case (nil, _?, nil): throw UsageError("give --seed S with --games N")
            }
            if let shard {
                request.shardText = shard
                request.shard = try parseShard(shard)
            }
            if let cap { request.cap = try positive(cap, option: "--cap", limit: GameRecord.maxPieces) }
            if let bot {
                let choice = try parseBot(bot, option: "--bot")
                (request.choice, request.bot, request.plain) = (choice, choice.kind, choice.plain)
            }
            if let level = arguments.value(SimOptions.botLevel) {
                let level = try parseLevel(level, option: "--bot-level")
                if request.choice?.level != nil { throw UsageError("give the level once: --bot NAME,LEVEL or --bot-level LEVEL") }
                request.choice = request.choice ?? BotChoice(kind: .eltetris)
                request.choice?.level = level
                request.bot = request.bot ?? .eltetris
            }
            if let noise { request.noise = try parseNoise(noise, option: "--noise") }
            if let search { request.search = try parseSearch(search, option: "--search") }
            if let lookahead { request.lookahead = try parseLookahead(lookahead, option: "--lookahead") }
            if let pps { request.pps = .some(try parsePace(pps, option: "--pps")) }
            request.workers = try workers.map { (text) throws(UsageError) in try positive(text, option: "--workers", limit: 1024) }
            return request
        }

        /// Whether any option that says what to play was given (workers aside).
        var describesARun: Bool {
            sweep != nil || shard != nil || cap != nil || bot != nil || noise != nil || search != nil || lookahead != nil || pps != nil
        }

        /// The options, with defaults for what is absent; the seeds must be there.
        func resolve() throws(UsageError) -> SimOptions {
            guard let sweep else { throw UsageError("give --games N (and --seed S), or --seeds A..B") }
            var config = SimulationConfig()
            if let cap { config.cap = cap }
            choice?.apply(to: &config.bot)
            if let noise { config.bot.noise = noise }
            if let search { config.bot.search = search }
            if let lookahead { config.bot.lookahead = lookahead }
            var seeds = sweep
            var part: Shard?
            if let shard {
                let candidate = Shard(index: shard.index, count: shard.count, firstSeed: sweep.lowerBound, lastSeed: sweep.upperBound)
                // Decided from the sweep alone, so every task of an array refuses alike (H-7).
                guard candidate.problem == nil, let mine = candidate.seeds else {
                    throw UsageError("--shard \(CommandLineText.shown(shardText ?? candidate.description)): \(sweep.count) games cannot be split in \(shard.count) shards (some would be empty); use at most \(sweep.count) shards, the same in every task")
                }
                seeds = mine
                part = candidate
            }
            var options = SimOptions(seeds: seeds, shard: part, config: config, workers: workers ?? Platform.cpuGrant.count)
            options.pace = pps
            return options
        }

        /// How these options disagree with the run `header` describes, or nil.
        func conflict(with header: RunHeader) -> String? {
            let sweepInFile = header.shard?.sweep ?? header.seeds
            if let sweep, sweep != sweepInFile {
                return "seeds \(sweep.lowerBound)..\(sweep.upperBound), but the file's run is \(sweepInFile.lowerBound)..\(sweepInFile.upperBound)"
            }
            if let shard {
                guard let inFile = header.shard else { return "--shard \(shard.index)/\(shard.count), but the file holds a whole run, not a shard" }
                if inFile.index != shard.index || inFile.count != shard.count {
                    return "--shard \(shard.index)/\(shard.count), but the file holds shard \(inFile.description)"
                }
            } else if sweep != nil, let inFile = header.shard {
                return "no --shard, but the file holds shard \(inFile.description)"
            }
            if let cap, cap != header.cap { return "--cap \(cap), but the file's games were capped at \(header.cap)" }
            if let bot, bot != header.bot { return "--bot \(bot.rawValue), but the file's games were played by \(header.bot.rawValue)" }
            if let plain, plain != (header.plain ?? false) {
                return plain ? "--bot \(header.bot.rawValue),plain, but the file's bot was not plain" : "the file's bot was plain; give --bot \(header.bot.rawValue),plain"
            }
            if let choice, choice.level != header.level {
                func named(_ level: BotLevel?) -> String { level.map { "level " + $0.rawValue } ?? "no level" }
                return "--bot with \(named(choice.level)), but the file's bot played at \(named(header.level))"
            }
            if let choice, choice.command != header.command {
                return "--bot \(choice.command.map { "tbp:" + $0 } ?? choice.kind.rawValue), but the file's games were played by \(header.command.map { "tbp:" + $0 } ?? header.bot.rawValue)"
            }
            if let noise, noise != header.noise { return "--noise \(Format.number(noise, digits: 3)), but the file's is \(Format.number(header.noise, digits: 3))" }
            if let search, search != header.search { return "--search \(search.rawValue), but the file's is \(header.search.rawValue)" }
            if let lookahead, lookahead != header.lookahead ?? 0 {
                return "--lookahead \(lookahead), but the file's is \(header.lookahead ?? 0)"
            }
            if let pps, pps != header.pps {
                func pace(_ value: Double?) -> String { value.map { Format.number($0, digits: 3) } ?? "0" }
                return "--pps \(pace(pps)), but the file's games were played at \(header.pps.map { pace($0) + " pieces/s" } ?? "no pace (--pps 0)")"
            }
            return nil
        }
    }

    /// The options of the run `header` describes, to resume it.
    init(resuming header: RunHeader, workers: Int?) {
        var config = SimulationConfig()
        config.cap = header.cap
        config.bot.kind = header.bot
        config.bot.level = header.level
        config.bot.command = header.command
        config.bot.noise = header.noise
        config.bot.search = header.search
        config.bot.lookahead = header.lookahead ?? 0
        config.bot.plain = header.plain ?? false
        self.init(seeds: header.seeds, shard: header.shard, config: config, workers: workers ?? Platform.cpuGrant.count)
        pace = .some(header.pps)
    }

    init(seeds: ClosedRange<UInt64>, shard: Shard?, config: SimulationConfig, workers: Int) {
        self.seeds = seeds
        self.shard = shard
        self.config = config
        self.workers = workers
    }

    /// `A..B`, inclusive.
    static func parseRange(_ text: String, option: String = "--seeds") throws(UsageError) -> ClosedRange<UInt64> {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1].isEmpty,
              let first = UInt64(parts[0]), let last = UInt64(parts[2]) else {
            throw UsageError("\(option) \(CommandLineText.quoted(text)) is not a range; write A..B, e.g. 1..1000 (both included)")
        }
        guard first <= last else { throw UsageError("\(option) \(CommandLineText.shown(text)): the first seed is after the last") }
        guard last - first < SweepLimits.maxGames else { throw UsageError("\(option) \(CommandLineText.shown(text)): more than \(SweepLimits.maxGames) games; split the range") }
        return first...last
    }

    /// `I/N`, shards numbered from 0.
    static func parseShard(_ text: String) throws(UsageError) -> (index: Int, count: Int) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), index >= 0, count >= 1, count <= SweepLimits.maxShards else {
            throw UsageError("--shard \(CommandLineText.quoted(text)) is not a shard; write I/N with 0 ≤ I < N, e.g. --shard 0/4 (with Slurm: --shard $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT)")
        }
        guard index < count else {
            throw UsageError("--shard \(CommandLineText.shown(text)): shards are numbered 0 to \(count - 1); with a Slurm array use --array=0-\(count - 1)")
        }
        return (index, count)
    }

    static func positive(_ text: String, option: String, limit: Int) throws(UsageError) -> Int {
        try Int.parseCount(text, option: option, limit: limit)
    }

    /// The rule set a `--mod` list (or a `compare` side) names: none is the built-in
    /// standard rules; otherwise mods from the catalog, applied in order, each game in Lua
    /// states as new (one set per worker, reset between games: `LuaRules.resetForNewGame`). The mods' manifests and rule data are read once here (two
    /// loads that must agree; see `LuaRules.LoadCache`) and reused by every game's load,
    /// which still runs each main chunk in its new states. A single name that is no mod but a built-in variant
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
            let loaded = try catalog.rules(packages: packages, watchdog: watchdog)
            let identity = loaded.identity
            // Read fresh twice: data that differs between loads is never reused.
            let cache = LuaRules.LoadCache.agreeing(loaded.loadCache, try catalog.rules(packages: packages, watchdog: watchdog).loadCache)
            // One set of Lua states per worker, reset between games (LuaRules.resetForNewGame:
            // fresh globals, the main chunks run again), so a game plays as in new states.
            var spec = RuleSetSpec.reusedPerWorker(name: ids.map { "mod:" + $0 }.joined(separator: "+"), make: {
                if let cache { return try catalog.rules(packages: packages, watchdog: watchdog, reusing: cache) }
                return try catalog.rules(packages: packages, watchdog: watchdog)
            }, reset: { try $0.resetForNewGame() })
            spec.lockfile = identity.mods.map { "\($0.id)@\($0.version)#\($0.sha256)" }
            spec.resultFormat = loaded.resultFormat
            return .success(spec)
        } catch {
            return .failure(error)
        }
    }

    /// The mod ids a header's `rules` names (`mod:a+mod:b` → a, b); none for built-in rules
    /// (`standard`, `uniform`, `nokick`), which `ruleSet` finds by that name.
    static func modIDs(ofRules rules: String) -> [String] {
        guard rules.hasPrefix("mod:") else { return rules == "standard" ? [] : [rules] }
        return rules.split(separator: "+").map { String($0.dropFirst("mod:".count)) }
    }

    /// The configuration of a run under `spec`: `config` (or `config` given) with the pace
    /// settled: `--pps` when given (or the resumed file's), else the default pace when the
    /// rules are timed, else none.
    func config(for spec: RuleSetSpec, _ given: SimulationConfig? = nil) -> SimulationConfig {
        var settled = given ?? config
        settled.piecesPerSecond = pace ?? (spec.isTimed ? SimulationConfig.defaultPiecesPerSecond : nil)
        return settled
    }

    /// The header of a run of these options under `spec` (with the bot of `given`, when
    /// the sides of a comparison differ).
    func header(_ spec: RuleSetSpec, _ given: SimulationConfig? = nil) -> RunHeader {
        var header = RunHeader(rules: spec.name, config: config(for: spec, given), firstSeed: seeds.lowerBound, lastSeed: seeds.upperBound)
        header.result = spec.resultFormat.map(RunHeader.ResultDescription.init)
        if !spec.lockfile.isEmpty {
            header.mods = spec.lockfile
            header.lua = LuaState.luaRelease
        }
        header.shard = shard
        return header
    }
}
