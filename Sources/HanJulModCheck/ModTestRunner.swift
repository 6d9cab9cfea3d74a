import HanJulSystem
import HanJulCore
import HanJulReplay
import HanJulMods
import LuaKit
import HanJulText

/// Runs a mod's own tests: `tests/*.lua` files written against the `hanjul.test` harness,
/// and `tests/*.replay` golden replays that must still verify.
///
/// Each test file runs in its own sandboxed Lua state (the same budgets as a mod). The
/// harness's host functions create games under the mod's rules, loading the mod into a
/// fresh Lua state for every game, so a test sees exactly what a player would.
///
/// ```lua
/// local t = require("hanjul.test")
/// t.test("a line clears", function()
///   local g = t.game { pieces = "I", board = [[
///     ....IIIIII
///   ]] }
///   g:play("LLLH")
///   t.eq(g:lines(), 1)
/// end)
/// ```
public struct ModTestRunner {
    public let package: ModPackage
    /// How the mod's folder is shown in messages (`Mods/cascade`).
    public let displayFolder: String
    /// Watches the Lua states of the test files and of the games they make (L-24); the
    /// time a test spends in its games counts for the games' states, not the test's.
    public var watchdog: LuaWatchdog?
    /// Mods applied before this one in its test games (`hanjul check ID --with …`), unless
    /// a test names its own `mods`.
    public var companions: [ModCompanion] = []
    /// Where test games and golden replays find the other mods they name; nil: only the
    /// companions.
    public var catalog: ModCatalog?

    public init(package: ModPackage, displayFolder: String) {
        self.package = package
        self.displayFolder = displayFolder
    }

    /// What one run of a mod's tests may use in all. Each state a test makes has the
    /// mod's own budgets; these bound what many of them add up to (#15 item 4).
    public struct Limits: Sendable {
        /// Lua memory the games of one test may hold at once, games made at a file's top
        /// level included (a test's games are closed when it ends).
        public var gameMemoryBytes = 256 << 20
        /// Wall-clock seconds for every test file and replay of the run together.
        public var seconds: Double = 60

        public init() {}
    }

    /// The bounds of this run.
    public var limits = Limits()

    /// The outcome of one test file or replay.
    public struct FileResult: Sendable, Equatable {
        /// `tests/basic.lua`.
        public var file: String
        /// Tests (or replays) that passed.
        public var passed: Int
        /// One line per failure: the test's name and the message with its `file:line`.
        public var failures: [String]
        /// A short summary for the report (`4 tests`, `match: 230 actions, 3 checkpoints`).
        public var summary: String

        public var isSuccess: Bool { failures.isEmpty }
    }

    /// The test files and replays the mod ships, in path order.
    public var testFiles: [String] {
        package.files.keys.filter { path in
            path.hasPrefix("tests/") && !path.dropFirst(6).contains("/") && (path.hasSuffix(".lua") || path.hasSuffix(".replay"))
        }.sorted()
    }

    /// The mods test games and replays compose with this one.
    var resolver: ModResolver {
        ModResolver(own: ModCompanion(package: package, displayFolder: displayFolder), companions: companions, catalog: catalog)
    }

    /// Runs every test file and replay, all within ``limits``.
    public func runAll() -> [FileResult] {
        let clock = TestClock(seconds: limits.seconds)
        return testFiles.map { $0.hasSuffix(".lua") ? runLua($0, clock: clock) : runReplay($0, clock: clock) }
    }

    // MARK: Lua tests

    /// Runs one `tests/*.lua` file.
    public func runLua(_ path: String) -> FileResult {
        runLua(path, clock: TestClock(seconds: limits.seconds))
    }

    func runLua(_ path: String, clock: TestClock) -> FileResult {
        var result = FileResult(file: path, passed: 0, failures: [], summary: "")
        guard !clock.isOver else {
            result.failures.append(clock.message)
            return result
        }
        let session = TestSession(package: package, displayFolder: displayFolder, watchdog: watchdog,
                                  memoryLimit: limits.gameMemoryBytes, clock: clock, resolver: resolver)
        let lua: LuaState
        do throws(LuaError) {
            let files = package.files
            let harness = Array(Self.harnessSource.utf8)
            lua = try LuaState(
                limits: LoadedMod.limits,
                label: "\(package.id) \(path)",
                log: { session.log.append($0.text.sanitized(maxBytes: 300)) },
                moduleSource: { name in
                    if name == "hanjul.test" { return .success(LuaModule(bytes: harness, chunkName: "=hanjul.test")) }
                    let file = name.split(separator: ".").joined(separator: "/") + ".lua"
                    guard let found = files[file] != nil ? file : files["tests/" + file] != nil ? "tests/" + file : nil else {
                        return .failure(LuaHostError("module '\(name)' not found: no \(file) or tests/\(file) in mod '\(package.id)'"))
                    }
                    return .success(LuaModule(bytes: files[found]!, chunkName: "@\(displayFolder)/\(found)"))
                },
                watchdog: watchdog)
        } catch {
            result.failures.append("could not create a Lua state: \(error)")
            return result
        }
        let host = lua.makeObject(name: "hanjul.test", methods: session.hostMethods(lua))
        lua.setGlobal("__hanjul_host", .table(host))
        do throws(LuaError) {
            let chunk = try lua.load(bytes: package.files[path]!, chunkName: "@\(displayFolder)/\(path)")
            _ = try lua.call(chunk, [])
        } catch {
            result.failures.append("loading the file: \(Self.describe(error))")
            return result
        }
        if session.tests.isEmpty {
            result.failures.append("no tests: call t.test(\"name\", function() … end) at least once")
        }
        let fileLevelGames = session.games.count
        for (name, function) in session.tests {
            guard !clock.isOver else {
                result.failures.append("\(name): not run: \(clock.message)")
                continue
            }
            do throws(LuaError) {
                _ = try lua.call(function, [])
                result.passed += 1
            } catch {
                result.failures.append("\(name): \(Self.describe(error))")
            }
            session.closeGames(from: fileLevelGames)
        }
        result.summary = "\(result.passed) of \(session.tests.count) test\(session.tests.count == 1 ? "" : "s") passed"
        return result
    }

    static func describe(_ error: LuaError) -> String {
        switch error {
        case .runtime(let message, _): message.split(separator: "\n", omittingEmptySubsequences: false).prefix(40)
            .map { visible(String($0), limit: 300) }.joined(separator: "\n")
        case .syntax(let message): "syntax error: " + visible(message, limit: 400)
        case .budgetExceeded(let traceback):
            "ran past its budget of \(LoadedMod.limits.instructionsPerCall) Lua instructions (an endless loop?)\n"
                + visibleLines(traceback, limit: 600)
        case .memory: "ran out of memory (\(LoadedMod.limits.memoryBytes >> 20) MiB)"
        case .conversion(let message): visible(message, limit: 400)
        case .stackExhausted, .stackUnbalanced: error.description
        }
    }

    // MARK: Golden replays

    /// Verifies one `tests/*.replay` under the mod as it is now.
    ///
    /// A golden replay pins the mod's behaviour, not its bytes: the mod's hash changes with
    /// every edit (and covers the replay itself), so only the mod ids must match; the
    /// checkpoints say whether the game still plays the same.
    public func runReplay(_ path: String) -> FileResult {
        runReplay(path, clock: TestClock(seconds: limits.seconds))
    }

    func runReplay(_ path: String, clock: TestClock) -> FileResult {
        var result = FileResult(file: path, passed: 0, failures: [], summary: "")
        guard !clock.isOver else {
            result.failures.append(clock.message)
            return result
        }
        let replay: Replay
        do throws(ReplayFile.ReadError) {
            replay = try ReplayFile.decode(bytes: package.files[path]!)
        } catch {
            result.failures.append("cannot read the replay: \(error)")
            return result
        }
        // A golden replay plays under the mods it names, in its order, as long as they
        // include this one (a composition: recorded with check ID --with OTHER --record).
        let ids = replay.rules.mods.map(\.id)
        guard ids.contains(package.id) else {
            result.failures.append("recorded under mods [\(ids.joined(separator: ", "))], which do not include \(package.id); record it with hanjul check \(package.id) --record \(displayFolder)/\(path) (add --with OTHER for other mods)")
            return result
        }
        let rules: LuaRules
        do throws(ModLoadError) {
            let mods = try resolver.composition(ids)
            rules = try LuaRules(packages: mods.map(\.package), displayFolders: mods.map(\.displayFolder), watchdog: watchdog)
        } catch {
            result.failures.append("the replay's mods [\(ids.joined(separator: ", "))]: \(error)")
            return result
        }
        if let problem = replay.problem(under: rules) {
            result.failures.append("cannot play it under the mod: \(problem)")
            return result
        }
        guard let verdict = Self.verify(replay, with: Game(rules: rules, source: replay.source), clock: clock) else {
            result.failures.append("stopped after \(clock.limitText): \(clock.message)")
            return result
        }
        switch verdict {
        case .match(let checkpoints, let final):
            result.passed = 1
            result.summary = "match: \(replay.actions.count) actions, \(checkpoints) checkpoints, final score \(final.score), lines \(final.lines)"
        case .diverged(let expected, let actual):
            result.failures.append("diverged after action \(expected.action) (piece \(expected.piecesLocked)): the replay has score \(expected.score), lines \(expected.lines), level \(expected.level), \(expected.isOver ? "over" : "playing"); the mod now gives score \(actual.score), lines \(actual.lines), level \(actual.level), \(actual.isOver ? "over" : "playing"). If the change is intended, record the replay again")
        }
        return result
    }
}

extension ModTestRunner {
    /// `Replay.verify`, checking the clock between actions: nil when time ran out.
    static func verify(_ replay: Replay, with game: Game<LuaRules>, clock: TestClock) -> ReplayVerdict? {
        var game = game
        var applied = 0
        func play(to end: Int) -> Bool {
            while applied < end {
                if applied & 63 == 0 && clock.isOver { return false }
                game.apply(replay.actions[applied])
                applied += 1
            }
            return true
        }
        for expected in replay.checkpoints {
            guard expected.action >= applied, expected.action <= replay.actions.count else {
                return .diverged(expected: expected, actual: Checkpoint(game.state, action: applied))
            }
            guard play(to: expected.action) else { return nil }
            let actual = Checkpoint(game.state, action: applied)
            if actual != expected { return .diverged(expected: expected, actual: actual) }
        }
        guard play(to: replay.actions.count) else { return nil }
        return .match(checkpoints: replay.checkpoints.count, final: Checkpoint(game.state, action: applied))
    }
}

/// The wall-clock bound of one run of a mod's tests, shared by its files.
final class TestClock {
    let deadline: Double
    let limitText: String

    init(seconds: Double) {
        deadline = TestClock.now() + seconds
        limitText = seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }

    var isOver: Bool { TestClock.now() > deadline }

    var message: String {
        "the mod's tests ran for more than \(limitText) in all, the limit of a test run; make them play fewer or shorter games"
    }

    static func now() -> Double { SystemClock.monotonic.seconds() }
}
