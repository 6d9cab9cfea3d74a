import HanJulSystem
import HanJulCore
import HanJulReplay
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
        case .badValue(let message): visible(message, limit: 400)
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

/// The state of one test file while it runs: the tests it registered and the mod's log.
final class TestSession {
    let package: ModPackage
    let displayFolder: String
    var tests: [(name: String, function: LuaFunctionRef)] = []
    var log: [String] = []
    let watchdog: LuaWatchdog?
    let clock: TestClock
    /// The games made so far and not closed, oldest first.
    private(set) var games: [Box] = []
    /// The Lua memory those games held when last measured, and the most they may hold.
    private var gameBytes = 0
    let memoryLimit: Int
    /// Where `t.game{ mods = … }` finds the mods it names.
    let resolver: ModResolver

    init(package: ModPackage, displayFolder: String, watchdog: LuaWatchdog?, memoryLimit: Int, clock: TestClock, resolver: ModResolver) {
        self.resolver = resolver
        self.package = package
        self.displayFolder = displayFolder
        self.watchdog = watchdog
        self.memoryLimit = memoryLimit
        self.clock = clock
    }

    /// A game under test, shared by its Lua object's methods.
    final class Box {
        var game: Game<LuaRules>
        /// Events of the last `play`, as words (`cleared:2`, `scored:100`); at most
        /// ``maxEvents`` are kept.
        var events: [String] = []
        /// Set when the test that made the game ended: its Lua states are closed.
        var closed = false
        /// The Lua memory of the game's states when last measured.
        var bytes = 0
        static let maxEvents = 100_000
        init(_ game: Game<LuaRules>) { self.game = game }

        func measure() -> Int { game.rules.mods.reduce(0) { $0 + $1.lua.memoryUsed } }
    }

    /// Closes the Lua states of the games made from index `start` on (those of a test
    /// that ended); their objects then refuse every call.
    func closeGames(from start: Int) {
        guard start < games.count else { return }
        let empty = Game(rules: TestSession.noMods, source: .sequence([0]))
        for box in games[start...] {
            gameBytes -= box.bytes
            box.closed = true
            box.game = empty
            box.events = []
        }
        games.removeSubrange(start...)
    }

    /// Rules without mods: what a closed game holds instead of its states.
    nonisolated(unsafe) static let noMods: LuaRules = try! LuaRules(packages: [], displayFolders: [])

    /// Measures `box` again after it played, and refuses going on past the limits.
    func remeasure(_ box: Box, _ name: String) throws(LuaHostError) {
        let bytes = box.measure()
        gameBytes += bytes - box.bytes
        box.bytes = bytes
        try checkLimits(name)
    }

    func checkLimits(_ name: String) throws(LuaHostError) {
        if clock.isOver { throw LuaHostError("\(name): \(clock.message)") }
        if gameBytes > memoryLimit {
            throw LuaHostError("\(name): this test's games hold \(gameBytes >> 20) MiB of Lua memory; a test may keep \(memoryLimit >> 20) MiB of games at once (its games are closed when it ends): make fewer games per test")
        }
    }

    func hostMethods(_ lua: LuaState) -> [String: LuaHostFunction] {
        [
            "register": { [unowned self] args in
                let name = try args.string(2)
                guard let function = args.value(3).functionValue else {
                    throw LuaHostError("t.test: give a name and a function")
                }
                self.tests.append((visible(name, limit: 120), function))
                return 0
            },
            "new_game": { [unowned self, unowned lua] args in
                let game = try args.unwatched { () throws(LuaHostError) in try self.newGame(args, lua) }
                args.push(game)
                return 1
            },
        ]
    }

    private func newGame(_ args: LuaArguments, _ lua: LuaState) throws(LuaHostError) -> LuaTableRef {
        let spec = try args.table(2)
        // A misspelt or doubled setting would otherwise be ignored without a word.
        let known = ["pieces", "seed", "board", "mods", "level", "lines"]
        for (key, _) in spec.entries() {
            guard let name = key.stringValue, known.contains(name) else {
                let name = visible(key.stringValue ?? key.typeName, limit: 40)
                let hint = key.stringValue.flatMap { LoadedMod.closest($0, in: known) }.map { " (did you mean '\($0)'?)" } ?? ""
                throw LuaHostError("t.game: unknown setting '\(name)'\(hint); t.game takes pieces, seed, board, mods, level and lines")
            }
        }
        if case .nil = spec["pieces"] {} else if case .nil = spec["seed"] {} else {
            throw LuaHostError("t.game: give pieces or seed, not both: pieces deals exactly those letters, over and over; "
                               + "seed deals from the mod's randomizer with that seed")
        }
        try checkLimits("t.game")
        let mods = try modsSetting(spec["mods"])
        let rules: LuaRules
        do throws(ModLoadError) {
            rules = try LuaRules(packages: mods.map(\.package), displayFolders: mods.map(\.displayFolder), watchdog: watchdog)
        } catch {
            throw LuaHostError("t.game: \(error)")
        }
        let source: PieceSource
        if let letters = spec["pieces"].stringValue {
            var kinds: [Int] = []
            for letter in letters where !letter.isWhitespace {
                guard let kind = rules.pieces.kind(forLetter: letter) else {
                    throw LuaHostError("t.game: pieces: '\(letter)' is not a piece letter of these rules (\(rules.pieces.kinds.map { String($0.letter) }.joined(separator: " ")))")
                }
                kinds.append(kind)
            }
            guard !kinds.isEmpty else { throw LuaHostError("t.game: pieces needs at least one letter") }
            source = .sequence(kinds)
        } else if case .nil = spec["pieces"] {
            let seed = spec["seed"]
            if case .nil = seed {
                source = .seeded(1)
            } else if let value = seed.integerValue {
                source = .seeded(UInt64(bitPattern: Int64(value)))
            } else {
                throw LuaHostError("t.game: seed must be an integer")
            }
        } else {
            throw LuaHostError("t.game: pieces must be a string of piece letters, like \"IOT\"")
        }
        var start = GameStart()
        if let literal = spec["board"].stringValue {
            do throws(BoardTextError) {
                start.board = try Board(literal, width: rules.boardWidth, height: rules.boardHeight, pieces: rules.pieces)
            } catch {
                let letters = rules.pieces.kinds.map { String($0.letter) }.joined(separator: " ")
                throw LuaHostError("t.game: board: \(error) (these rules' letters: \(letters); a letter of another mod's pieces needs that mod: t.game{ mods = { … } })")
            }
        } else if case .nil = spec["board"] {} else {
            throw LuaHostError("t.game: board must be a string of rows like [[ ..IIII.... ]]")
        }
        start.level = try Self.number(spec["level"], "level", 1...GameStart.maxLevel) ?? 1
        start.lines = try Self.number(spec["lines"], "lines", 0...GameStart.maxLines) ?? 0
        let box = Box(Game(rules: rules, source: source, start: start))
        if start.board != nil, case .over(.blockedSpawn) = box.game.state.phase {
            throw LuaHostError("t.game: the board overlaps the piece in play at the top; leave the top rows empty")
        }
        box.bytes = box.measure()
        gameBytes += box.bytes
        games.append(box)
        return lua.makeObject(name: "game", methods: Self.gameMethods(box, session: self).mapValues { method in
            { args in
                guard !box.closed else {
                    throw LuaHostError("\(args.functionName): this game was closed when the test that made it ended")
                }
                return try method(args)
            }
        })
    }

    /// `mods = { "garbage", … }`: the mods of the game in order, this one last unless named.
    private func modsSetting(_ value: LuaValue) throws(LuaHostError) -> [ModCompanion] {
        if case .nil = value { return resolver.standing }
        guard let list = value.tableValue, list.entries().count == list.rawLength, list.rawLength <= 16 else {
            throw LuaHostError("t.game: mods must be a list of mod ids like { \"garbage\" } (at most 16)")
        }
        var ids: [String] = []
        for index in 0..<list.rawLength {
            guard let id = list[index + 1].stringValue else { throw LuaHostError("t.game: mods[\(index + 1)] must be a mod id (a string)") }
            ids.append(id)
        }
        do throws(ModLoadError) {
            return try resolver.composition(ids)
        } catch {
            throw LuaHostError("t.game: mods: \(error)")
        }
    }

    /// An optional integer setting in `range`.
    private static func number(_ value: LuaValue, _ name: String, _ range: ClosedRange<Int>) throws(LuaHostError) -> Int? {
        if case .nil = value { return nil }
        guard let number = value.integerValue, range.contains(number) else {
            throw LuaHostError("t.game: \(name) must be an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    static func gameMethods(_ box: Box, session: TestSession) -> [String: LuaHostFunction] {
        func letter(_ kind: Int) -> String { String(box.game.state.pieces.kinds[kind].letter) }
        var methods: [String: LuaHostFunction] = [
            "play": { [unowned session] args in
                let script = try args.string(2)
                let actions: [Action]
                do throws(ActionScriptError) {
                    actions = try ActionScript.parse(script, allowing: box.game.rules.actions)
                } catch {
                    throw LuaHostError("g:play: \(error)")
                }
                box.events = []
                args.unwatched {
                    for (index, action) in actions.enumerated() {
                        if index & 63 == 63 && session.clock.isOver { break }
                        box.game.apply(action)
                        if box.events.count < Box.maxEvents {
                            box.events += box.game.state.events.map { Self.word($0, letter, box.game.state) }.filter { !$0.isEmpty }
                        }
                    }
                }
                try session.remeasure(box, "g:play")
                return 0
            },
            "board": { args in
                args.push(box.game.state.board.lines(letters: box.game.state.pieces).joined(separator: "\n"))
                return 1
            },
            "events": { args in args.push(box.events.joined(separator: " ")); return 1 },
            "reason": { args in
                switch box.game.state.phase {
                case .playing: args.pushNil()
                case .over(.blockedSpawn): args.push("blocked_spawn")
                case .over(.toppedOut): args.push("topped_out")
                case .over(.finished): args.push("finished")
                case .over(.ruleError(let error)): args.push("rule_error: \(error)")
                }
                return 1
            },
            "result": { args in
                guard case .over(.finished(let result)) = box.game.state.phase else { args.pushNil(); return 1 }
                args.push(result.label); args.push(result.value); args.push(result.lowerIsBetter); args.push(result.unit.rawValue)
                return 4
            },
            "dealt_letters": { args in args.push(String(box.game.state.dealt.map { Character(letter(Int($0))) })); return 1 },
            "log": { args in args.push(box.game.rules.mods.flatMap(\.log).joined(separator: "\n")); return 1 },
        ]
        // Every read of the game object, by the same code (one API: the names, arguments
        // and results a hook gets), pointed at this game.
        let bridge = GameBridge()
        bridge.rules = box.game.rules
        for (name, method) in GameAPI.methods(bridge: bridge) where GameAPI.readNames.contains(name) {
            methods[name] = { args in try bridge.inspecting(box.game.state) { try method(args) } }
        }
        for (old, new) in [("hidden", "is_hidden"), ("over", "is_over")] {
            methods[old] = { _ in throw LuaHostError("g:\(old) is now g:\(new), the game object's name (a test game reads like the game)") }
        }
        return methods
    }

    /// An event as one word for `g:events()` (or none: a lock's facts show only a spin,
    /// a combo of 2 or more and a back-to-back, as `spin:full`, `combo:3`, `b2b`).
    static func word(_ event: Event, _ letter: (Int) -> String, _ state: GameState) -> String {
        switch event {
        case .moved: "moved"
        case .rotated(_, let kick): "rotated:\(kick)"
        case .dropped(let rows): "dropped:\(rows)"
        case .locked(let piece): "locked:\(letter(piece.kind))"
        case .cleared(let count, _): "cleared:\(count)"
        case .scored(let points, _): "scored:\(points)"
        case .spawned(let piece): "spawned:\(letter(piece.kind))"
        case .held(let kind): "held:\(letter(kind))"
        case .boardEdited: "board_edited"
        case .gameOver: "game_over"
        case .lockFacts(let facts):
            [facts.spin == .none ? "" : "spin:\(facts.spin.rawValue)", facts.combo >= 2 ? "combo:\(facts.combo)" : "",
             facts.backToBack ? "b2b" : ""].filter { !$0.isEmpty }.joined(separator: " ")
        case .announced(let number): "callout:" + String((state.callout(number: number) ?? "").map { $0 == " " ? "_" : $0 })
        }
    }
}

extension ModTestRunner {
    /// The `hanjul.test` module: the Lua half of the harness.
    static let harnessSource = #"""
    -- hanjul.test: the harness for a mod's tests/*.lua (docs/MODDING.md, "Testing a mod").
    local host = __hanjul_host
    local t = {}

    -- Registers a test; HanJul runs each one with a fresh instruction budget.
    function t.test(name, fn)
      if type(name) ~= "string" or type(fn) ~= "function" then
        error("t.test(name, function) needs a name and a function", 2)
      end
      host:register(name, fn)
    end

    -- A new game under this mod (loaded fresh): { pieces = "IOT" } deals those kinds in
    -- order (repeating); { seed = 7 } deals from the mod's randomizer; board = [[ rows ]]
    -- fills the bottom of the board, "." empty, a letter a cell of that kind.
    function t.game(spec)
      local ok, game = pcall(host.new_game, host, spec or {})
      if not ok then error((tostring(game):gsub("^hanjul%.test:%d+: ", "")), 2) end
      return game
    end

    local function show(v)
      if type(v) == "string" then return string.format("%q", v) end
      return tostring(v)
    end

    function t.eq(actual, expected, message)
      if actual ~= expected then
        error((message and message .. ": " or "") .. "expected " .. show(expected) .. ", got " .. show(actual), 2)
      end
    end

    function t.ok(value, message)
      if not value then error(message or "expected a true value", 2) end
    end

    function t.fail(message)
      error(message or "failed", 2)
    end

    -- Rows of a board literal, blank lines and indentation dropped.
    local function rows_of(text)
      local rows = {}
      for line in (text .. "\n"):gmatch("([^\n]*)\n") do
        local row = line:gsub("^%s+", ""):gsub("%s+$", "")
        if row ~= "" then rows[#rows + 1] = row end
      end
      return rows
    end

    -- Asserts the board: the literal's rows are the bottom rows, every row above is empty.
    function t.board(g, literal, message)
      local expected = rows_of(literal)
      local actual = rows_of(g:board())
      local height, width = #actual, #actual[1]
      local wanted = {}
      for y = 1, height do
        local from_bottom = height - y
        wanted[y] = expected[#expected - from_bottom] or string.rep(".", width)
      end
      for y = 1, height do
        if wanted[y] ~= actual[y] then
          local lines = {}
          for k = math.max(1, height - #expected - 1), height do
            lines[#lines + 1] = string.format("  %s   %s%s", wanted[k], actual[k], wanted[k] ~= actual[k] and "  <" or "")
          end
          error((message and message .. ": " or "") .. "the board differs at row " .. (y - 1)
            .. " (expected, then actual):\n" .. table.concat(lines, "\n"), 2)
        end
      end
    end

    -- The words g:events() gives and t.event/t.no_event accept: a word alone matches
    -- any value ("cleared" any count); a value must be of the word's kind.
    local VOCABULARY = {
      moved = "none", board_edited = "none", game_over = "none", b2b = "none",
      rotated = "count", dropped = "count", cleared = "count", combo = "count", scored = "integer",
      locked = "letter", spawned = "letter", held = "letter",
      spin = "spin", callout = "text",
    }
    local WORDS = "moved, rotated:KICK, dropped:ROWS, locked:LETTER, cleared:COUNT, scored:POINTS, "
      .. "spawned:LETTER, held:LETTER, board_edited, game_over, spin:full, spin:mini, combo:N, b2b, callout:TEXT"
    local VALUES = {
      count = { "^%d+$", "a count, like 2" }, integer = { "^%-?%d+$", "an integer, like 400" },
      letter = { "^%u$", "a piece letter, like T" }, spin = { "^%a+$", "full or mini" },
      text = { "^%S+$", "the callout's text, spaces written _" },
    }

    -- Refuses a word that no event can be: a typo would otherwise pass t.no_event silently.
    local function known(name, word)
      if type(word) ~= "string" then error(name .. ": the event must be a word like \"cleared:2\"", 3) end
      local head, value = word:match("^([%w_]+):(.*)$")
      head = head or word
      local kind = VOCABULARY[head]
      if kind == nil then
        error(name .. ": unknown event '" .. word .. "'; the events are " .. WORDS, 3)
      end
      if value == nil then return end
      if kind == "none" then error(name .. ": '" .. head .. "' takes no value (give '" .. head .. "')", 3) end
      local pattern, what = VALUES[kind][1], VALUES[kind][2]
      if not value:match(pattern) or (kind == "spin" and value ~= "full" and value ~= "mini") then
        error(name .. ": '" .. word .. "': the value of " .. head .. " is " .. what, 3)
      end
    end

    -- Asserts the last g:play() produced an event starting with `word` ("cleared",
    -- "cleared:2", "scored:400", "game_over", ...).
    function t.event(g, word, message)
      known("t.event", word)
      for event in g:events():gmatch("%S+") do
        if event == word or event:sub(1, #word + 1) == word .. ":" then return end
      end
      error((message and message .. ": " or "") .. "no event '" .. word .. "' in: " .. g:events(), 2)
    end

    function t.no_event(g, word, message)
      known("t.no_event", word)
      for event in g:events():gmatch("%S+") do
        if event == word or event:sub(1, #word + 1) == word .. ":" then
          error((message and message .. ": " or "") .. "unexpected event '" .. event .. "' in: " .. g:events(), 2)
        end
      end
    end

    return t
    """#
}
