#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import HanJulCore
import HanJulFiles
import HanJulRender
import HanJulReplay
import HanJulTerminal

/// Why rules could not be built: a mod that does not load, in one line.
public struct RulesFailure: Error, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// Where a game's rules come from. A mod's Lua state lives for one game, so the rules are
/// built afresh for each game (`make`), and again when hot reload sees a mod's files change.
public struct RulesProvider<R: Rules> {
    /// Builds the rules (fresh Lua states for mods), or says why it could not.
    public var make: () -> Result<R, RulesFailure>
    /// The identity of rules built by `make` (name, mod ids, versions, hashes).
    public var identity: (R) -> RulesIdentity
    /// The mods' names for the side panel.
    public var modNames: (R) -> [String]
    /// Folders to watch for hot reload (the mods' folders); empty for the built-in rules.
    public var watchedFolders: [String]

    public init(make: @escaping () -> Result<R, RulesFailure>, identity: @escaping (R) -> RulesIdentity,
                modNames: @escaping (R) -> [String] = { _ in [] }, watchedFolders: [String] = []) {
        self.make = make
        self.identity = identity
        self.modNames = modNames
        self.watchedFolders = watchedFolders
    }
}

/// What `hanjul play` was asked for.
public struct PlaySettings: Sendable {
    /// The seed of every game; `nil` takes a new one from the clock for each game.
    public var seed: UInt64?
    public var bindings: KeyBindings
    public var ascii: Bool
    /// The data folder (high scores, replays); `nil` when it cannot be determined (nothing saved).
    public var dataDirectory: String?
    public var environment: [String: String]
    /// TEST ONLY (`HANJUL_TEST_CRASH`): a deliberate trap in the game loop; nil in normal use.
    public var testCrash: TestCrash?

    public init(seed: UInt64?, bindings: KeyBindings, ascii: Bool, dataDirectory: String?, environment: [String: String],
                testCrash: TestCrash? = nil) {
        self.seed = seed
        self.bindings = bindings
        self.ascii = ascii
        self.dataDirectory = dataDirectory
        self.environment = environment
        self.testCrash = testCrash
    }
}

/// How a terminal front end ended.
public enum PlayExit: Equatable, Sendable {
    /// The player quit.
    case quit
    /// Input closed (the terminal went away).
    case inputClosed
}

/// The terminal game: one loop that waits in `poll` until the next gravity deadline or a
/// key, feeds the engine, records every action with its time, and draws the changed cells.
///
/// Time: `playClock` counts nanoseconds of play only. It stops while paused, in the help,
/// while the terminal is too small, and while the process is stopped (Ctrl-Z, SIGSTOP), so
/// gravity deadlines and the replay's timings never include those.
public final class PlayLoop<R: Rules> {
    enum Mode: Equatable {
        case playing
        case paused
        case help
        /// A notice (a hot reload) over the board; play resumes at `until` (play clock
        /// frozen meanwhile) or on any key.
        case notice(title: String, text: String, until: UInt64)
        case over
    }

    let session: TerminalSession
    let provider: RulesProvider<R>
    let settings: PlaySettings
    var screen: ScreenBuffer
    let style: RenderStyle

    var rules: R
    var identity: RulesIdentity
    var game: Game<R>
    var seed: UInt64
    var recorder: ReplayRecorder
    var mode: Mode = .playing
    var tooSmall = false

    /// Nanoseconds of play so far; `lastWake` is the monotonic time it was last advanced.
    var playClock: UInt64 = 0
    var lastWake: UInt64
    var nextGravity: UInt64 = 0
    var lastActionAt: UInt64 = 0
    var replaySaved = false
    var overlayOverride: Overlay?
    var best: Int?
    var bestIsLower = false

    var watcher: ModWatcher?
    var nextWatch: UInt64 = 0
    var reloadPending = false

    /// Frames written so far, and whether the test-only crash is armed (``TestCrash``).
    var framesWritten = 0
    var testCrashArmed = false

    static var watchIntervalNanoseconds: UInt64 { 1_000_000_000 }

    init(session: TerminalSession, provider: RulesProvider<R>, rules: R, settings: PlaySettings) {
        self.session = session
        self.provider = provider
        self.settings = settings
        let (style, colorMode) = RenderStyle.choose(ascii: settings.ascii, environment: settings.environment)
        self.style = style
        screen = ScreenBuffer(colorMode: colorMode)
        self.rules = rules
        identity = provider.identity(rules)
        seed = settings.seed ?? Clock.seed()
        game = Game(rules: rules, source: .seeded(seed))
        recorder = ReplayRecorder(rules: identity, source: .seeded(seed))
        lastWake = MonotonicClock.nanoseconds()
        if !provider.watchedFolders.isEmpty { watcher = ModWatcher(folders: provider.watchedFolders) }
        startClock()
        loadBest()
    }

    /// Runs the game until the player quits. Terminating signals save the replay and end
    /// the process by the signal (after the terminal is restored); the function returns
    /// only for a quit or closed input, with the terminal restored.
    ///
    /// - Parameter rules: the first game's rules, built by the caller with `provider.make()`
    ///   so a mod that does not load is reported before the terminal is touched.
    public static func run(provider: RulesProvider<R>, rules: R, settings: PlaySettings) -> Result<PlayExit, TerminalError> {
        let session: TerminalSession
        do throws(TerminalError) {
            session = try TerminalSession(environment: settings.environment)
        } catch {
            return .failure(error)
        }
        let loop = PlayLoop(session: session, provider: provider, rules: rules, settings: settings)
        let exit = loop.run()
        session.close()
        return .success(exit)
    }

    // MARK: - The loop

    func run() -> PlayExit {
        draw()
        while true {
            let events = session.waitForEvents(timeoutMilliseconds: timeout())
            let resumed = events.contains(.resumed)
            advanceClock(countingTime: !resumed)
            for event in events {
                switch event {
                case .keys(let keys):
                    for key in keys {
                        if let exit = handle(key) { return exit }
                    }
                case .resized:
                    screen.invalidate()
                case .suspendRequested:
                    suspend()
                case .resumed:
                    // Stopped from outside (SIGSTOP) and continued: the time stopped was not
                    // counted; stay paused until the player says so.
                    if mode == .playing { mode = .paused }
                    screen.invalidate()
                case .terminate(let signal):
                    saveAbandonedReplay()
                    session.exit(bySignal: signal)
                case .inputClosed:
                    saveAbandonedReplay()
                    return .inputClosed
                }
            }
            tick()
            pollWatcher()
            draw()
        }
    }

    /// Milliseconds to wait: until the next gravity tick or clock second while playing, the
    /// next mod check when watching, or indefinitely.
    func timeout() -> Int {
        var waits: [UInt64] = []
        let now = MonotonicClock.nanoseconds()
        if isRunning {
            waits.append(nextGravity > playClock ? nextGravity - playClock : 0)
            // The panel's clock shows whole seconds.
            waits.append(1_000_000_000 - playClock % 1_000_000_000)
        }
        if case .notice(_, _, let until) = mode { waits.append(until > now ? until - now : 0) }
        if watcher != nil, !game.state.isOver { waits.append(nextWatch > now ? nextWatch - now : 0) }
        guard let wait = waits.min() else { return -1 }
        return Int((wait + 999_999) / 1_000_000)
    }

    var isRunning: Bool { mode == .playing && !tooSmall && !game.state.isOver }

    func advanceClock(countingTime: Bool) {
        let now = MonotonicClock.nanoseconds()
        if isRunning && countingTime { playClock &+= now &- lastWake }
        lastWake = now
    }

    func startClock() {
        playClock = 0
        lastActionAt = 0
        nextGravity = UInt64(max(rules.gravityInterval(level: game.state.level), 1)) * 1_000_000
        lastWake = MonotonicClock.nanoseconds()
    }

    /// Gravity ticks that are due; a notice that has run its time.
    func tick() {
        if case .notice(_, _, let until) = mode, MonotonicClock.nanoseconds() >= until { mode = .playing }
        var guardCount = 0
        while isRunning && playClock >= nextGravity && guardCount < 100 {
            guardCount += 1
            let interval = UInt64(max(rules.gravityInterval(level: game.state.level), 1)) * 1_000_000
            nextGravity &+= interval
            apply(.gravity)
        }
        if isRunning && nextGravity <= playClock {
            nextGravity = playClock + UInt64(max(rules.gravityInterval(level: game.state.level), 1)) * 1_000_000
        }
    }

    /// Applies one action, records it with its time, and follows what it did.
    func apply(_ action: Action) {
        game.apply(action)
        let milliseconds = Int((playClock - min(lastActionAt, playClock)) / 1_000_000)
        // The next time counts from this action's whole millisecond, so times never drift.
        lastActionAt += UInt64(milliseconds) * 1_000_000
        recorder.record(action, after: milliseconds, state: game.state)
        if game.state.events.contains(where: { if case .spawned = $0 { true } else { false } }) {
            // A new piece gets a whole interval before its first gravity step.
            nextGravity = playClock + UInt64(max(rules.gravityInterval(level: game.state.level), 1)) * 1_000_000
            if reloadPending { reload() }
        }
        if game.state.isOver { finish() }
    }

    // MARK: - Keys

    func handle(_ key: Key) -> PlayExit? {
        if settings.testCrash?.isOnKey == true, key == .character("!") {
            testCrashArmed = true  // TEST ONLY: trap after the next frame (TestCrash)
            return nil
        }
        if key == .control("z") {
            suspend()
            return nil
        }
        if key == .control("l") {
            screen.invalidate()
            return nil
        }
        let command = settings.bindings.command(for: key)
        if command == .quit {
            // Esc closes the help rather than quitting.
            if mode == .help && key == .escape {
                mode = .paused
                return nil
            }
            saveAbandonedReplay()
            return .quit
        }
        switch mode {
        case .playing:
            guard !tooSmall else { return nil }
            switch command {
            case .pause?: pause()
            case .help?: pause(); mode = .help
            case .restart?: restart()
            case let command?:
                if let action = command.action, rules.actions.contains(action.kind) { apply(action) }
            case nil: break
            }
        case .paused:
            switch command {
            case .pause?: resume()
            case .help?: mode = .help
            case .restart?: restart()
            default: break
            }
        case .help:
            switch command {
            case .restart?: restart()
            default: mode = .paused
            }
        case .notice:
            mode = .playing
            lastWake = MonotonicClock.nanoseconds()
        case .over:
            if command == .restart { restart() }
        }
        return nil
    }

    func pause() {
        if mode == .playing { mode = .paused }
    }

    func resume() {
        overlayOverride = nil
        mode = .playing
        lastWake = MonotonicClock.nanoseconds()
    }

    func suspend() {
        pause()
        draw()
        session.suspend()
        // The time stopped is not play time; the whole screen must be drawn again.
        lastWake = MonotonicClock.nanoseconds()
        screen.invalidate()
    }

    // MARK: - Games

    func restart() {
        saveAbandonedReplay()
        overlayOverride = nil
        switch provider.make() {
        case .success(let fresh):
            rules = fresh
            identity = provider.identity(fresh)
        case .failure(let failure):
            let message = failure.message
            // Keep the rules of the last game; say why the fresh ones did not load.
            overlayOverride = .message(title: "MOD ERROR", text: message + "\n\nThe previous version of the mods is used.\n\nr new game · q quit")
        }
        seed = settings.seed ?? Clock.seed()
        game = Game(rules: rules, source: .seeded(seed))
        recorder = ReplayRecorder(rules: identity, source: .seeded(seed))
        replaySaved = false
        reloadPending = false
        if overlayOverride == nil {
            mode = .playing
        } else {
            mode = .paused
        }
        if let watcher { self.watcher = ModWatcher(folders: watcher.folders) }
        startClock()
        loadBest()
    }

    func finish() {
        mode = .over
        let state = game.state
        let replayNote = saveReplay()
        if case .over(.ruleError(let error)) = state.phase {
            var text = error.description
            if let traceback = error.traceback, !traceback.isEmpty {
                text += "\n" + traceback.split(separator: "\n").prefix(4).joined(separator: "\n")
            }
            text += "\n\n" + (replayNote ?? "The game stopped here; its replay was saved.")
            text += "\n\nr new game · q quit"
            overlayOverride = .message(title: "MOD ERROR", text: text)
            return
        }
        var result: GameResult?
        if case .over(.finished(let finished)) = state.phase { result = finished }
        let entry = HighScore(score: state.score, lines: state.lines, level: state.level, result: result?.value,
                              resultLabel: result?.label, date: Clock.local("%Y-%m-%d %H:%M"), seed: String(seed))
        var notes: [String] = []
        var table: [HighScore] = [entry]
        var rank: Int? = 0
        if let path = scoresPath {
            let outcome = HighScoreTable.save(entry, key: HighScoreTable.key(for: identity),
                                              lowerIsBetter: result?.lowerIsBetter, path: path)
            table = outcome.table
            rank = outcome.rank
            if let message = outcome.message { notes.append(message) }
        }
        if let replayNote { notes.append(replayNote) }
        let rows = table.enumerated().map { index, score in
            var label = String(score.date.dropFirst(5).prefix(5))
            if let value = score.result { label = "\(value) \(score.resultLabel ?? "") " + label }
            return HighScoreEntry(score: score.score, lines: score.lines, level: score.level, label: label,
                                  isLatest: index == rank)
        }
        var reason = GameOverSummary.describe(state.phase.reason ?? .blockedSpawn)
        if !notes.isEmpty { reason += ". " + notes.joined(separator: ". ") }
        overlayOverride = .gameOver(GameOverSummary(reason: reason, table: rows, hint: "r new game · q quit"))
    }

    var scoresPath: String? { settings.dataDirectory.map { $0 + "/" + HighScoreTable.fileName } }

    func loadBest() {
        guard let path = scoresPath else { return }
        let table = HighScoreTable.load(path: path, key: HighScoreTable.key(for: identity))
        best = table.map(\.score).max()
    }

    /// Saves the replay of a game that ended; returns a note for the player when it failed.
    func saveReplay() -> String? {
        guard !replaySaved, let data = settings.dataDirectory else { return nil }
        replaySaved = true
        let folder = data + "/replays"
        var path = folder + "/\(Clock.local("%Y%m%d-%H%M%S"))-\(seed).hjr"
        var suffix = 2
        while access(path, F_OK) == 0 && suffix < 100 {
            path = folder + "/\(Clock.local("%Y%m%d-%H%M%S"))-\(seed)-\(suffix).hjr"
            suffix += 1
        }
        do throws(FileError) {
            try ReplayFile.write(recorder.finish(game.state), to: path)
            return nil
        } catch {
            return "could not save the replay to \(error.path): \(error.reason)"
        }
    }

    /// A game left before its end (quit, new game, a signal) is recorded too, once a piece
    /// has locked.
    func saveAbandonedReplay() {
        guard !replaySaved, game.state.piecesLocked > 0 || game.state.isOver else { return }
        _ = saveReplay()
    }

    // MARK: - Hot reload

    func pollWatcher() {
        guard watcher != nil, !game.state.isOver else { return }
        let now = MonotonicClock.nanoseconds()
        guard now >= nextWatch else { return }
        nextWatch = now + Self.watchIntervalNanoseconds
        if watcher!.poll() { reloadPending = true }
        // While paused there is no next piece to wait for: reload now.
        if reloadPending && mode != .playing { reload() }
    }

    /// Rebuilds the rules from the mods' files, between pieces, keeping the board and score.
    func reload() {
        reloadPending = false
        switch provider.make() {
        case .failure(let failure):
            notice("RELOAD FAILED", failure.message + "\n\nThe previous version stays in play.")
        case .success(let fresh):
            let state = game.state
            guard fresh.boardWidth == state.board.width, fresh.boardHeight == state.board.height,
                  fresh.pieces == state.pieces else {
                notice("RELOAD POSTPONED", "The board size or the pieces changed; press r for a new game to play them.")
                return
            }
            rules = fresh
            identity = provider.identity(fresh)
            game = Game(rules: fresh, state: state)
            recorder.noteReload()
            let names = identity.mods.map { "\($0.id) \($0.version)" }.joined(separator: ", ")
            notice("RELOADED", names + "\n\nThe board and score are kept; this game's replay is marked as reloaded.")
        }
    }

    func notice(_ title: String, _ text: String) {
        let until = MonotonicClock.nanoseconds() + 3_000_000_000
        if mode == .playing { mode = .notice(title: title, text: text + "\n\n(any key to go on)", until: until) }
        else { overlayOverride = .message(title: title, text: text) }
    }

    // MARK: - Drawing

    func draw() {
        let size = session.size.renderSize
        let scene = Scene(state: game.state, hud: hud(), overlay: overlay(), showsHold: game.rules.holdEnabled, style: style)
        let needed = Layout.minimumSize(for: scene)
        let small = !size.contains(needed)
        if small && !tooSmall && mode == .playing { mode = .paused }
        tooSmall = small
        let frame = Layout.frame(for: scene, size: size)
        let bytes = screen.update(to: frame)
        if !bytes.isEmpty {
            try? session.write(bytes: bytes)
            framesWritten += 1
        }
        if let crash = settings.testCrash {
            switch crash {
            case .afterFrame(let count) where framesWritten >= count: TestCrash.trap(frames: framesWritten)
            case .onKey(let kind) where testCrashArmed: TestCrash.crash(kind, frames: framesWritten)
            default: break
            }
        }
    }

    func hud() -> HUD {
        HUD(state: game.state, millisecondsPerRow: rules.gravityInterval(level: game.state.level),
            mods: provider.modNames(rules), best: best, elapsedSeconds: Int(playClock / 1_000_000_000))
    }

    func overlay() -> Overlay {
        switch mode {
        case .playing: return .none
        case .paused:
            if let overlayOverride { return overlayOverride }
            return .paused(hint: "p resume · ? keys · r new game · q quit")
        case .help:
            return .help(lines: settings.bindings.helpLines(rules: rules.actions) + ["", "Ctrl-Z suspend · Ctrl-L redraw"])
        case .notice(let title, let text, _):
            return .message(title: title, text: text)
        case .over:
            return overlayOverride ?? .none
        }
    }
}

extension Phase {
    var reason: GameOverReason? {
        if case .over(let reason) = self { reason } else { nil }
    }
}
