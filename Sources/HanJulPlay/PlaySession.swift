import HanJulCore
import HanJulRender
import HanJulTerminal

/// The terminal front end without the terminal: inputs in (keys with their times, time
/// passing, resizes, mod reloads, signals), effects out (frames to draw, replays to save,
/// suspend, quit). It owns the screens (a stack: the menu, then a game or replay started
/// from it) and everything they may ask for: the store (high scores, the replays' list),
/// the remembered name, the launcher (mods, games, replays, settings) and each game's
/// rules provider. A screen's `.ask` is done here at once and answered (`.answer`) before
/// the frame is drawn; the rest goes to the driver (`PlayDriver`), which owns the
/// terminal, the clock, the mod watcher and the replays written. Tests drive a session
/// with a clock they advance by hand and a store of their own.
///
/// ```swift
/// var session = PlaySession.game(provider: provider, rules: rules, config: config, size: Size(width: 80, height: 24),
///                                now: 0, environment: environment)
/// session.handle(.key(.press(.left)), at: 5_000_000)      // [.draw(frame)]: moved at once
/// session.handle(.tick, at: 172_000_000)                  // the auto-shift, DAS after the press
/// session.handle(.key(.release(.left)), at: 300_000_000)
/// ```
public struct PlaySession {
    /// A screen with the rules provider of its game (nil: the menu, a replay).
    struct Layer {
        var screen: any PlayScreen
        var rules: RulesSource?
        /// A versus match's rules, both sides' for each game (nil: no match).
        var versusSides: (() -> Result<MadeVersusSides, RulesFailure>)?
    }

    /// The screens, the first at the bottom. Only the top one hears keys and time; a
    /// screen above the first that quits (`q`, not Ctrl-C) is popped, and the one below is
    /// told (`closed(above:)`).
    var layers: [Layer]
    /// The screens, the first at the bottom.
    var stack: [any PlayScreen] { layers.map(\.screen) }
    /// The screen on top.
    var screen: any PlayScreen {
        get { layers[layers.count - 1].screen }
        set { layers[layers.count - 1].screen = newValue }
    }
    /// The store, the remembered name, seeds and the date.
    public let environment: PlayEnvironment
    /// Mods, games, replays and the settings files, for the start screen; nil in a
    /// session of one game or one replay.
    let launcher: Launcher?
    /// The frame last handed out in a `.draw` effect.
    public private(set) var lastFrame: Frame?
    /// The keys down, to match a release that comes with other modifiers than its press.
    var heldKeys = HeldKeys()
    /// Whether the terminal reports key releases (handed to each game pushed).
    var reportsReleases = false

    init(screen: any PlayScreen, rules: RulesSource? = nil, environment: PlayEnvironment, launcher: Launcher? = nil, now: UInt64 = 0) {
        layers = [Layer(screen: screen, rules: rules)]
        self.environment = environment
        self.launcher = launcher
        _ = resolve(layers[0].screen.begin(at: now, environment: screenEnvironment), from: 0, at: now)
    }

    /// What screens read without asking.
    var screenEnvironment: ScreenEnvironment { ScreenEnvironment(newSeed: environment.newSeed, date: environment.date) }

    /// A session playing games under `rules` (the first game's, built by the caller so a mod
    /// that does not load is reported before the terminal is touched), then the provider's.
    ///
    /// - Parameter reportsReleases: whether key releases are reported from the start (the
    ///   driver starts without and learns it with `.keyEvents`).
    public static func game<R: Rules>(provider: RulesProvider<R>, rules: R, config: PlayConfig, size: Size,
                                      reportsReleases: Bool = false, now: UInt64, environment: PlayEnvironment) -> PlaySession {
        let made = MadeRules(rules, provider: provider)
        let screen = GameScreen(rules: rules, identity: made.identity, modNames: made.modNames, config: config, size: size,
                                reportsReleases: reportsReleases, now: now,
                                environment: ScreenEnvironment(newSeed: environment.newSeed, date: environment.date))
        var session = PlaySession(screen: screen, rules: RulesSource(provider), environment: environment, now: now)
        session.reportsReleases = reportsReleases
        return session
    }

    /// The start screen: Play, Modes, Mods, Settings, High scores, Replays, Quit; games and
    /// replays started from it come back to it when the player leaves them.
    public static func menu(launcher: Launcher, config: PlayConfig, settings: PlayerSettings, size: Size,
                            environment: PlayEnvironment) -> PlaySession {
        PlaySession(screen: MenuScreen(config: config, settings: settings, size: size), environment: environment, launcher: launcher)
    }

    /// A session watching `replay` played by `rules` (built by the caller, so mods that do not
    /// load are reported before the terminal is touched); the provider makes the fresh
    /// games the viewer asks for to go back to the start (`RulesPurpose.rewind`).
    public static func replay<R: Rules>(_ replay: Replay, provider: RulesProvider<R>, rules: R,
                                        config: PlayConfig, size: Size, now: UInt64, environment: PlayEnvironment) -> PlaySession {
        var screen = ReplayScreen(replay: replay, game: Game(rules: rules, source: replay.source), modNames: provider.modNames(rules),
                                  config: config, size: size, now: now)
        // BEST as a game of these rules shows it: the table's best (D10).
        let table = environment.store.highScores(key: HighScoreTable.key(for: replay.rules))
        screen.best = table.map(\.score).max()
        screen.bestText = table.first?.resultText
        return PlaySession(screen: screen, rules: RulesSource(provider), environment: environment, now: now)
    }

    /// Reacts to `input`, which happened at `now` (monotonic nanoseconds). The effects come
    /// in the order to carry them out; a `.draw` of the new frame comes when the screen
    /// changed (before a `.suspend`; never with `.quit` or `.exitBySignal`). No `.ask`
    /// comes out: the session answered them.
    @discardableResult
    public mutating func handle(_ input: PlayInput, at now: UInt64) -> [PlayEffect] {
        guard case .key(let event) = input else { return respond(to: input, at: now) }
        // A lone modifier's press and release arrive together, when it comes up.
        return heldKeys.matched(event, passingModifierKeys: screen.wantsModifierKeys).flatMap { respond(to: .key($0), at: now) }
    }

    private mutating func respond(to input: PlayInput, at now: UInt64) -> [PlayEffect] {
        if case .keyEvents(let reported) = input { reportsReleases = reported }
        // The screens below hear only what changes how they draw when they are back on top
        // (the size, key events, the terminal's background).
        if layers.count > 1, input.changesHowScreensDraw {
            for index in layers.indices.dropLast() { _ = layers[index].screen.handle(input, at: now, environment: screenEnvironment) }
        }
        var effects = deliver(input, to: layers.count - 1, at: now)
        // Ctrl-C ends the program, from a game too (the game saves its replay first).
        if layers.count > 1, input != .key(.press(.control("c"))), let index = effects.firstIndex(of: .quit(.quit)) {
            // Left the game or replay: back to the screen below (what it saved is already asked for).
            effects.removeSubrange(index...)
            layers.removeLast()
            let top = layers.count - 1
            effects += resolve(layers[top].screen.closed(above: now, environment: screenEnvironment), from: top, at: now)
        }
        if effects.contains(where: { if case .quit = $0 { true } else if case .exitBySignal = $0 { true } else { false } }) {
            return effects
        }
        let redraw = effects.contains(.redrawAll)
        let current = screen.frame()
        if redraw || current != lastFrame {
            lastFrame = current
            let draw = PlayEffect.draw(current)
            if let suspend = effects.firstIndex(of: .suspend) {
                effects.insert(draw, at: suspend)
            } else {
                effects.append(draw)
            }
        }
        return effects
    }

    /// Hands `input` to the screen at `index`; its asks answered, what is left for the driver.
    mutating func deliver(_ input: PlayInput, to index: Int, at now: UInt64) -> [PlayEffect] {
        resolve(layers[index].screen.handle(input, at: now, environment: screenEnvironment), from: index, at: now)
    }

    /// Does the asks among `effects` of the screen at `index`, in order, each answer handed
    /// to it at once (its own effects in place of the ask).
    mutating func resolve(_ effects: [ScreenEffect], from index: Int, at now: UInt64) -> [PlayEffect] {
        var left: [PlayEffect] = []
        for effect in effects {
            switch effect {
            case .effect(let effect): left.append(effect)
            case .ask(let request): left += deliver(.answer(perform(request, for: index, at: now)), to: index, at: now)
            }
        }
        return left
    }

    /// Does what the screen at `index` asked.
    mutating func perform(_ request: PlayRequest, for index: Int, at now: UInt64) -> PlayAnswer {
        let store = environment.store
        switch request {
        case .makeRules(let purpose):
            return .rulesMade(purpose, layers[index].rules?.make() ?? .failure(RulesFailure("no rules to build here")))
        case .highScores(let key):
            return .highScores(key: key, store.highScores(key: key))
        case .saveHighScore(var entry, let key, let lowerIsBetter, let fallbackName):
            entry.name = environment.names.name ?? fallbackName
            return .highScoreSaved(entry, store.saveHighScore(entry, key: key, lowerIsBetter: lowerIsBetter))
        case .renameHighScore(let entry, let name, let key):
            return .highScoreRenamed(store.renameHighScore(entry, to: name, key: key))
        case .rememberName(let name):
            return .nameRemembered(problem: environment.names.remember(name))
        case .savedReplay(let name):
            return .savedReplay(named: name, store.replay(named: name))
        case .listMods(let forModes):
            return .modsListed(launcher?.mods() ?? [], forModes: forModes)
        case .listScoresAndReplays:
            return .scoresAndReplaysListed(tables: store.tableKeys(), replays: store.replays(), rememberedName: environment.names.name)
        case .deleteReplay(let path):
            return .replayDeleted(problem: store.deleteReplay(path: path))
        case .verifyReplay(let path):
            return .replayVerified(launcher?.verify(path) ?? "no replays here")
        case .startGame(let ids, let config, let size, let remember):
            guard let launcher else { return .gameStarted(ids: ids, remember: remember, .failure(RulesFailure("no games here"))) }
            switch launcher.game(ids, config, size, now, environment) {
            case .success(let started):
                push(started.session, at: now)
                return .gameStarted(ids: ids, remember: remember, .success(started.watched))
            case .failure(let failure):
                return .gameStarted(ids: ids, remember: remember, .failure(failure))
            }
        case .startVersus(let ids, let bot, let pps, let config, let size):
            guard let launcher else { return .versusStarted(RulesFailure("no games here")) }
            switch launcher.versus(ids, bot, pps, config, size, now, environment) {
            case .success(let session):
                push(session, at: now)
                return .versusStarted(nil)
            case .failure(let failure):
                return .versusStarted(failure)
            }
        case .makeVersusSides:
            return .versusSidesMade(layers[index].versusSides?() ?? .failure(RulesFailure("no versus rules to build here")))
        case .saveVersusMatch(let replay, let name, let result):
            var lines = [store.saveVersusReplay(replay, name: name).map { "replay not saved: \($0)" } ?? "replay saved: \(name).hjvs"]
            if let result {
                if let problem = store.recordVersus(key: result.key, won: result.won) { lines.append("results not saved: \(problem)") }
                lines += [""] + VersusResult.tableLines(store.versusResults(), current: result.key)
            }
            return .versusMatchSaved(lines)
        case .openReplay(let path, let config, let size):
            guard let launcher else { return .replayOpened(RulesFailure("no replays here")) }
            switch launcher.replay(path, config, size, now, environment) {
            case .success(let opened):
                push(opened, at: now)
                return .replayOpened(nil)
            case .failure(let failure):
                return .replayOpened(failure)
            }
        case .saveSettings(let settings):
            return .settingsSaved(problem: launcher.map { $0.saveSettings(settings) } ?? "no settings file here")
        case .saveKeys(let bindings):
            return .keysSaved(problem: launcher.map { $0.saveKeys(bindings) } ?? "no keys file: the keys apply until you quit")
        }
    }

    /// Puts the screen on top of `session` (with its rules) above the others, told whether
    /// the terminal reports key releases.
    mutating func push(_ session: PlaySession, at now: UInt64) {
        var layer = session.layers[session.layers.count - 1]
        if reportsReleases { _ = layer.screen.handle(.keyEvents(true), at: now, environment: screenEnvironment) }
        layers.append(layer)
    }

    /// The first frame, for the driver to draw before any input.
    public mutating func start() -> Frame {
        let current = screen.frame()
        lastFrame = current
        return current
    }

    /// When the session next needs a `.tick` (monotonic nanoseconds); nil: only on input.
    public var deadline: UInt64? { screen.deadline() }

    /// What the screen shows now.
    public var frame: Frame { screen.frame() }
}

extension PlayInput {
    var changesHowScreensDraw: Bool {
        switch self {
        case .resized, .keyEvents, .background: true
        default: false
        }
    }
}
