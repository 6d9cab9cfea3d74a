import HanJulCore
import HanJulReplay
import HanJulMods
import LuaKit

/// `hanjul check MOD`: everything a mod author should know before sharing a mod.
///
/// 1. the mod loads and its manifest is valid;
/// 2. seeded games played twice, each in fresh Lua states, are identical (determinism);
/// 3. random action scripts on many seeds never break the engine's invariants (the piece
///    in play fits, the board's row masks match its cells, the score moves only by the
///    points the events report and never down unless the mod takes points away, lines
///    never go down, the level stays ≥ 1, the queue keeps its length, no hook fails);
///    a failure is shrunk to the smallest action script that still fails;
/// 4. the mod's own tests (`tests/*.lua`) and golden replays (`tests/*.replay`) pass.
public struct ModChecker {
    public let package: ModPackage
    public let displayFolder: String
    public var options: Options
    /// Watches every Lua state the checks create (the mod's, in every game, and its
    /// tests'), as `run` does (L-24); nil: none.
    public var watchdog: LuaWatchdog?
    /// Mods the checked one is composed with (`hanjul check ID --with OTHER…`), applied
    /// before it in this order: every game of the check, and the mod's tests unless a test
    /// names its own `mods`, play under the other mods then the checked one.
    public var companions: [ModCompanion] = []
    /// Where the mod's tests and golden replays find mods they name (`t.game{ mods = … }`,
    /// a replay recorded under several mods); nil: only the checked mod and its companions.
    public var catalog: ModCatalog?

    /// How hard to look.
    public struct Options: Sendable {
        /// Seeds played twice for the determinism check.
        public var determinismGames = 3
        /// Seeds fuzzed with random actions.
        public var fuzzGames = 24
        /// Actions per fuzzed game.
        public var fuzzActions = 400
        /// Pieces a bot places on each determinism game (bot games reach line clears).
        public var botPieces = 40
        /// Games replayed while shrinking a failure, at most.
        public var shrinkBudget = 400
        /// The first seed; games use consecutive seeds from it.
        public var firstSeed: UInt64 = 1
        /// The `--mods-dir` folders the check was given, for the commands it prints to
        /// reproduce a failure.
        public var modsDirs: [String] = []

        public init() {}
    }

    /// One line of the report.
    public struct Outcome: Sendable, Equatable {
        public var name: String
        public var passed: Bool
        /// What was checked, or what failed and how to reproduce it.
        public var detail: String
    }

    public init(package: ModPackage, displayFolder: String, options: Options = Options()) {
        self.package = package
        self.displayFolder = displayFolder
        self.options = options
    }

    /// Fresh rules for one game: the companions, then the mod, loaded into new Lua states.
    func freshRules() throws(ModLoadError) -> LuaRules {
        try LuaRules(packages: companions.map(\.package) + [package], displayFolders: companions.map(\.displayFolder) + [displayFolder],
                     watchdog: watchdog)
    }

    /// ` --mod A --mod ID`: the mods of the check as `hanjul run` takes them.
    var modArguments: String {
        (companions.map(\.package.id) + [package.id]).map { " --mod " + $0 }.joined()
    }

    /// Runs every check, in order. A mod that does not load stops after the first.
    public func run() -> [Outcome] {
        var outcomes: [Outcome] = []
        let rules: LuaRules
        do throws(ModLoadError) {
            rules = try freshRules()
        } catch {
            return [Outcome(name: "load", passed: false, detail: "\(error)")]
        }
        outcomes.append(manifestOutcome(rules))
        outcomes.append(determinism())
        outcomes.append(queryHooks())
        if let search = searchCopy() { outcomes.append(search) }
        if let attack = attackHook() { outcomes.append(attack) }
        outcomes.append(fuzz(actions: rules.actions, waits: rules.lockDelay != nil || rules.entryDelay != nil))
        var runner = ModTestRunner(package: package, displayFolder: displayFolder)
        runner.watchdog = watchdog
        runner.companions = companions
        runner.catalog = catalog
        let results = runner.runAll()
        if results.isEmpty {
            outcomes.append(Outcome(name: "tests", passed: true,
                                    detail: "none (add tests/*.lua and tests/*.replay: see docs/MODDING.md)"))
        }
        for result in results {
            outcomes.append(Outcome(name: result.file, passed: result.isSuccess,
                                    detail: result.isSuccess ? result.summary : (result.failures + [result.summary].filter { !$0.isEmpty }).joined(separator: "\n")))
        }
        return outcomes
    }

    // MARK: Manifest

    func manifestOutcome(_ rules: LuaRules) -> Outcome {
        let m = rules.manifests.last { $0.id == package.id } ?? rules.manifests[rules.manifests.count - 1]
        var problems: [String] = []
        if m.description.count < 12 { problems.append("the description should say what the mod changes (it is shown by 'hanjul mods')") }
        if m.name.isEmpty { problems.append("name is empty") }
        if !m.version.split(separator: ".").allSatisfy({ Int($0) != nil }) {
            problems.append("version '\(m.version)' is not numbers separated by dots (like 1.0.0)")
        }
        let others = companions.map { companion in
            companion.package.id + (rules.manifests.first { $0.id == companion.package.id }.map { " " + $0.version } ?? "")
        }
        let with = others.isEmpty ? "" : ", with " + others.joined(separator: ", ")
        let shape = "\(rules.boardWidth)x\(rules.boardHeight), \(rules.pieces.count) kinds, preview \(rules.previewCount)"
            + (rules.allowsCounterclockwise ? ", A" : "") + (rules.allowsHalfTurn ? ", F" : "") + (rules.holdEnabled ? ", X" : "")
            + (rules.lockDelay.map { ", lock delay \($0.byLevel.isEmpty ? "\($0.milliseconds)" : "\($0.milliseconds(atLevel: 1))-\($0.byLevel.last ?? 0)") ms" + ($0.maxResets.map { " / \($0) resets" } ?? "") + ($0.reset == .move ? "" : ", \($0.reset.rawValue) reset") } ?? "")
            + (rules.entryDelay.map { ", entry delay \($0.milliseconds) ms (\($0.lineClear) after a clear\($0.steps.isEmpty ? "" : ", \($0.steps.count) level steps"))" } ?? "")
        return Outcome(name: "manifest", passed: problems.isEmpty,
                       detail: problems.isEmpty ? "\(m.name) \(m.version), api \(m.api)\(with), \(shape)" : problems.joined(separator: "; "))
    }

    // MARK: Determinism

    /// A digest of a game: the checksum after every action, folded together.
    func trace(_ rules: LuaRules, source: PieceSource, script: [Action], start: GameStart = GameStart()) -> (digest: UInt64, checksums: [UInt64], state: GameState, warnings: [RuleError]) {
        var game = Game(rules: rules, source: source, start: start)
        var checksums: [UInt64] = [game.state.checksum]
        var digest: UInt64 = 0xCBF2_9CE4_8422_2325
        for action in script {
            game.apply(action)
            let sum = game.state.checksum
            checksums.append(sum)
            digest = (digest ^ sum) &* 0x0000_0100_0000_01B3
        }
        return (digest, checksums, game.state, rules.warnings)
    }

    /// Where check game `index` starts: every third game from a higher level (10, 15, 20 in
    /// turn), so code that depends on the level (a gravity or scoring curve, a finish at a
    /// level) runs too; the others at level 1.
    static func start(game index: Int) -> GameStart {
        index % 3 == 2 ? GameStart(level: 10 + 5 * ((index / 3) % 3)) : GameStart()
    }

    /// ` --level N` for a game that does not start at level 1, for the commands printed.
    static func levelArgument(_ start: GameStart) -> String {
        start.level == 1 ? "" : " --level \(start.level)"
    }

    func determinism() -> Outcome {
        var total = 0
        var modFailures: [String] = []
        var warnings: [String] = []
        for index in 0..<options.determinismGames {
            let seed = options.firstSeed &+ UInt64(index)
            let start = Self.start(game: index)
            let script: [Action]
            let first, second: (digest: UInt64, checksums: [UInt64], state: GameState, warnings: [RuleError])
            do throws(ModLoadError) {
                script = botScript(seed: seed, pieces: options.botPieces, rules: try freshRules(), start: start)
                first = trace(try freshRules(), source: .seeded(seed), script: script, start: start)
                second = trace(try freshRules(), source: .seeded(seed), script: script, start: start)
            } catch {
                return Outcome(name: "determinism", passed: false, detail: "\(error)")
            }
            total += script.count
            if first.digest != second.digest {
                let at = zip(first.checksums, second.checksums).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? 0
                return Outcome(name: "determinism", passed: false, detail: """
                    seed \(seed): the same actions gave a different game the second time, first at action \(at) \
                    (checksum \(hex(first.checksums[at])) then \(hex(second.checksums[at]))). Something in the mod is \
                    not a function of the game: draw randomness only from game:random or math.random, keep state in \
                    locals the mod resets per game, and do not rely on pairs() order over mixed keys.
                    reproduce: hanjul run\(modsDirArguments)\(modArguments) --seed \(seed)\(Self.levelArgument(start)) --actions \(ActionScript.text(of: script.prefix(at))) --json (twice)
                    """)
            }
            if case .over(.ruleError(let error)) = first.state.phase { modFailures.append("seed \(seed): \(error)") }
            for warning in first.warnings.map(\.description) where !warnings.contains(warning) { warnings.append(warning) }
        }
        if !modFailures.isEmpty {
            return Outcome(name: "determinism", passed: false, detail: "a hook failed: " + modFailures.joined(separator: "; "))
        }
        if !warnings.isEmpty {
            return Outcome(name: "determinism", passed: false, detail: "hooks failed and the games went on with defaults, "
                           + "so the mod does not play as written:\n" + warnings.joined(separator: "\n"))
        }
        let high = (0..<options.determinismGames).filter { Self.start(game: $0).level > 1 }.count
        return Outcome(name: "determinism", passed: true,
                       detail: "\(options.determinismGames) seeded bot games (\(total) actions\(high > 0 ? ", \(high) from a higher level" : "")) played twice in fresh Lua states: identical")
    }

    /// ` --mods-dir DIR` for each folder the check was given, quoted for a POSIX shell.
    var modsDirArguments: String {
        options.modsDirs.map { " --mods-dir " + Self.shellWord($0) }.joined()
    }

    /// `word` as one POSIX shell word: as it is when it is plain, else in single quotes.
    static func shellWord(_ word: String) -> String {
        let plain = !word.isEmpty && word.utf8.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A) || "/._-+,:@%".utf8.contains(c)
        }
        return plain ? word : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    // MARK: Query hooks

    /// The hooks HanJul may ask any number of times: a bot's search asks `spawn` and
    /// `rotate` for moves it never plays, a front end asks `gravity` every frame. HanJul
    /// keeps those extra questions away from the game (a bot searches a separate copy of the
    /// mod; `gravity` runs once per level), but a mod whose answers depend on how often it
    /// was asked still plays differently wherever a tool asks again: replays of it would
    /// not verify. This plays a bot game twice, the second time asking each query hook more
    /// often, and compares.
    func queryHooks() -> Outcome {
        let asked: [(Hook, (LuaRules, GameState) -> Void)] = [
            (.spawn, { rules, state in _ = rules.spawnPiece(kind: state.piece.kind, state: state) }),
            (.rotate, { rules, state in
                _ = try? rules.rotated(state.piece, state: state)
                _ = try? rules.rotatedCounterclockwise(state.piece, state: state)
            }),
            (.hardDropPoints, { rules, _ in _ = rules.hardDropPoints(rows: 3) }),
            (.softDropPoints, { rules, _ in _ = rules.softDropPoints(rows: 1) }),
        ]
        let seed = options.firstSeed
        let script: [Action]
        let baseline: UInt64
        let defined: [Hook]
        do throws(ModLoadError) {
            let rules = try freshRules()
            defined = asked.map(\.0).filter { rules.defines($0) }
            guard !defined.isEmpty else {
                return Outcome(name: "query hooks", passed: true, detail: "no spawn, rotate, hard_drop_points or soft_drop_points hook")
            }
            script = botScript(seed: seed, pieces: options.botPieces, rules: rules)
            baseline = trace(try freshRules(), source: .seeded(seed), script: script).digest
        } catch {
            return Outcome(name: "query hooks", passed: false, detail: "\(error)")
        }
        for (hook, ask) in asked where defined.contains(hook) {
            let rules: LuaRules
            do throws(ModLoadError) { rules = try freshRules() } catch {
                return Outcome(name: "query hooks", passed: false, detail: "\(error)")
            }
            var game = Game(rules: rules, source: .seeded(seed))
            var digest: UInt64 = 0xCBF2_9CE4_8422_2325
            for action in script {
                if !game.state.isOver { ask(rules, game.state) }
                game.apply(action)
                digest = (digest ^ game.state.checksum) &* 0x0000_0100_0000_01B3
            }
            if digest != baseline {
                return Outcome(name: "query hooks", passed: false, detail: """
                    seed \(seed): asking \(hook.rawValue) once more before each action changed the game. HanJul asks \
                    \(hook.rawValue) any number of times (a bot's search, a front end), so it must not change the mod's \
                    state: compute its answer from its arguments and the game, and keep counters in on_lock, after_lock \
                    or on_spawn. Replays saved by play or sim --save-replays would not verify.
                    """)
            }
        }
        return Outcome(name: "query hooks", passed: true,
                       detail: "\(defined.map(\.rawValue).joined(separator: ", ")) asked again before each of \(script.count) actions: the same game")
    }

    // MARK: Attack

    /// `attack` (versus) is asked only by versus matches: here it is asked after every lock
    /// of a bot game, so a hook that fails or returns a bad value is found before a match.
    /// Nil when no mod defines it (the report of other mods is unchanged).
    func attackHook() -> Outcome? {
        let seed = options.firstSeed
        let rules: LuaRules, script: [Action]
        do throws(ModLoadError) {
            let probe = try freshRules()
            guard probe.defines(.attack) else { return nil }
            script = botScript(seed: seed, pieces: options.botPieces, rules: probe)
            rules = try freshRules()
        } catch {
            return Outcome(name: "attack", passed: false, detail: "\(error)")
        }
        var game = Game(rules: rules, source: .seeded(seed))
        var locks = 0, lines = 0
        for action in script {
            let before = game.state.piecesLocked
            game.apply(action)
            guard game.state.piecesLocked > before else { continue }
            locks += 1
            do throws(RuleError) { lines = lines.saturatingAdding(try rules.attack(after: game.state)) } catch {
                return Outcome(name: "attack", passed: false, detail: "seed \(seed), lock \(locks): \(error)")
            }
        }
        return Outcome(name: "attack", passed: true, detail: "asked after each of \(locks) bot locks (seed \(seed)): \(lines) lines sent")
    }

    func hex(_ value: UInt64) -> String { String(value, radix: 16) }
}
