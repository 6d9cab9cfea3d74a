import HanJulCore
import HanJulRender
import HanJulTerminal

/// What a versus match against the bot is played under (`hanjul play --versus bot`).
public struct VersusSetup<R: Rules> {
    /// Each side's rules, attack and garbage (called once per side per game: a mod's Lua
    /// state is one game's).
    public var make: () throws -> VersusRules<R>
    /// The mods in play (recorded in the match replay), the bot's name and pace.
    public var mods: [String]
    public var botName: String
    public var piecesPerSecond: Double
    /// Games in the match: the first to win `(bestOf + 1) / 2` wins it.
    public var bestOf: Int
    /// A bot for one game from its seed: it says which actions place the current piece of a
    /// game (nil: nowhere to go), or why it cannot.
    public var newBot: (_ seed: UInt64) -> (Game<R>) -> Result<[Action]?, VersusBotError>

    public init(make: @escaping () throws -> VersusRules<R>, mods: [String], botName: String, piecesPerSecond: Double, bestOf: Int,
                newBot: @escaping (UInt64) -> (Game<R>) -> Result<[Action]?, VersusBotError>) {
        self.make = make
        self.mods = mods
        self.botName = botName
        self.piecesPerSecond = piecesPerSecond
        self.bestOf = bestOf
        self.newBot = newBot
    }

    /// Wins that take the match.
    public var winsNeeded: Int { (bestOf + 1) / 2 }

    /// Everything but the rules' factory: what the screen keeps (the session alone makes rules).
    public struct Terms {
        public var mods: [String]
        public var botName: String
        public var piecesPerSecond: Double
        public var bestOf: Int
        public var newBot: (_ seed: UInt64) -> (Game<R>) -> Result<[Action]?, VersusBotError>
        public var winsNeeded: Int { (bestOf + 1) / 2 }
    }

    public var terms: Terms { Terms(mods: mods, botName: botName, piecesPerSecond: piecesPerSecond, bestOf: bestOf, newBot: newBot) }

    /// The factory as the session holds it: both sides' rules for one game, boxed.
    var sidesSource: () -> Result<MadeVersusSides, RulesFailure> { MadeVersusSides.source(make) }
}

/// Both sides' rules for one versus game, made by the session for the screen that asked
/// (which knows their type).
public struct MadeVersusSides: Equatable, @unchecked Sendable {
    final class Box {
        let sides: Any
        init(_ sides: Any) { self.sides = sides }
    }
    let box: Box

    init<R: Rules>(_ sides: [VersusRules<R>]) { box = Box(sides) }

    func sides<R: Rules>(as type: R.Type) -> [VersusRules<R>]? { box.sides as? [VersusRules<R>] }

    /// `make` as the session holds it (`PlaySession.Layer.versusSides`): both sides' rules
    /// for one game, boxed.
    static func source<R: Rules>(_ make: @escaping () throws -> VersusRules<R>) -> () -> Result<MadeVersusSides, RulesFailure> {
        {
            do { return .success(MadeVersusSides([try make(), try make()])) } catch {
                return .failure(RulesFailure("\(error)"))
            }
        }
    }

    public static func == (lhs: MadeVersusSides, rhs: MadeVersusSides) -> Bool { lhs.box === rhs.box }
}

public struct VersusBotError: Error, Equatable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// A versus match against the bot in the terminal: the player's board (side 0, the game's
/// own handling: `Handling` and `KeyHolds`, as in `GameScreen`) and the bot's (side 1,
/// placing a piece every `1 / pps` s, its moves spread over that time) on one play clock,
/// refereed by `VersusReferee`; best of N, the whole match saved as one replay
/// (`VersusReplay`) and its result kept in the store's versus table.
struct VersusScreen<R: Rules>: PlayScreen {
    enum Mode: Equatable {
        case playing, paused
        /// READY before each game: the clock and the bot start at `until` (monotonic, GO).
        case countdown(until: UInt64)
        /// A game ended; Enter starts the next.
        case between
        /// The match ended (its replay saved).
        case over
    }

    /// The match's terms; its rules' factory (`make`) is the session's, never called here.
    let setup: VersusSetup<R>.Terms
    var config: PlayConfig
    var size: Size
    var mode: Mode = .playing
    var referee: VersusReferee<R>
    var record: VersusReplay
    var wins = [0, 0]
    var bot: (Game<R>) -> Result<[Action]?, VersusBotError>
    /// The bot's planned moves for its piece in play, each with its play time.
    var botMoves: [(time: UInt64, action: Action)] = []
    /// Play time: stops while paused, between games and while too small.
    var playClock: PlayClock
    var holds: KeyHolds
    /// The keys during the countdown, on the monotonic clock.
    var countdownKeys: KeyHolds
    var handling: Handling
    var effects: [ScreenEffect] = []
    /// What the box says at a game's or the match's end.
    var message: [String] = []
    /// The end box's first lines at the match's end, before what saving it said.
    var matchHeading: [String] = []
    var saved = false
    /// Whether the game on the boards is in `record` already.
    var gameNoted = false
    var tooSmall: Bool { !size.contains(VersusLayout.requiredSize(for: scene())) }

    /// `sides`: the first game's rules (made by the caller, so rules that do not load fail
    /// before the terminal is touched).
    init(setup: VersusSetup<R>.Terms, sides: [VersusRules<R>], config: PlayConfig, size: Size, reportsReleases: Bool, now: UInt64,
         environment: ScreenEnvironment) {
        self.setup = setup
        self.config = config
        self.size = size
        let seed = config.seed ?? environment.newSeed()
        record = VersusReplay(mods: setup.mods, bot: setup.botName, piecesPerSecond: setup.piecesPerSecond, bestOf: setup.bestOf, seed: seed)
        // The mods' versions and hashes as loaded, so a changed mod is refused on replay.
        record.modLocks = sides.first?.rules.identity.mods ?? []
        let gameSeed = VersusReplay.gameSeed(match: seed, index: 0)
        referee = VersusReferee(sides: sides, seed: gameSeed, schedules: [.realTime, .paced], dealing: .shared, keepsMoves: true)
        bot = setup.newBot(VersusReferee<R>.seeds(of: gameSeed, dealing: .shared).b)
        playClock = PlayClock(at: now)
        holds = KeyHolds(reportsReleases: reportsReleases)
        countdownKeys = holds
        handling = Handling(settings: config.handling)
        startCountdown(at: now)
    }

    var isRunning: Bool { mode == .playing && !tooSmall && !referee.isOver }

    // MARK: - Inputs

    mutating func handle(_ input: PlayInput, at now: UInt64, environment: ScreenEnvironment) -> [ScreenEffect] {
        effects = []
        if case .resumed = input { playClock.stand(at: now) }
        advance(to: now, environment: environment)
        switch input {
        case .key(let event):
            key(event, at: now, environment: environment)
        case .resized(let newSize):
            size = newSize
            if tooSmall { pause() }
            effects.append(.redrawAll)
        case .keyEvents(let reported):
            keysReported(reported)
        case .background(let light):
            config.noteBackground(light: light)
            effects.append(.redrawAll)
        case .resumed:
            pause()
            effects.append(.redrawAll)
        case .suspendRequested:
            pause()
            effects.append(.suspend)
        case .terminate(let signal):
            saveMatch(environment)
            effects.append(.exitBySignal(signal))
        case .inputClosed:
            saveMatch(environment)
            effects.append(.quit(.inputClosed))
        case .answer(.versusSidesMade(let made)):
            start(made, at: now)
        case .answer(.versusMatchSaved(let lines)):
            if mode == .over { message = matchHeading + lines + ["", "q quit"] }
        case .tick, .modsChanged, .replayNotSaved, .answer, .peer, .peerLost:
            break
        }
        return effects
    }

    mutating func key(_ event: KeyEvent, at now: UInt64, environment: ScreenEnvironment) {
        let command = config.bindings.control(for: event.key)
        if case .countdown = mode, command != .quit, command != .pause {
            countdownKey(event, at: now)
            return
        }
        if mode == .playing && !tooSmall {
            play(event, environment: environment)
            if referee.isOver && mode == .playing { endGame(environment) }
            return
        }
        guard event.kind == .press else { return }
        if event.key == .control("l") { effects.append(.redrawAll) }
        if command == .quit {
            quit(environment)
            return
        }
        switch mode {
        case .paused:
            if command == .pause || event.key == .enter { resume(at: now) }
        case .countdown:
            if command == .pause { pause() }
        case .between:
            if event.key == .enter || event.key == .character(" ") { nextGame(at: now, environment: environment) }
        case .over, .playing:
            break
        }
    }

    mutating func pause() {
        if mode == .playing { mode = .paused }
        if case .countdown = mode { mode = .paused }
        resetKeys()
    }

    mutating func resume(at now: UInt64) {
        mode = .playing
        playClock.stand(at: now)
        resetKeys()
    }

    mutating func quit(_ environment: ScreenEnvironment) {
        saveMatch(environment)
        effects.append(.quit(.quit))
    }

    func deadline() -> UInt64? {
        // GO, and the tenths shown before it.
        if case .countdown(let until) = mode { return min(until, playClock.wall &+ 100_000_000) }
        guard isRunning else { return nil }
        return wakeTime([referee.nextDeadline, botMoves.first?.time])
    }

    // MARK: - Drawing

    func frame() -> Frame {
        VersusLayout.frame(for: scene(), size: size)
    }

    func scene() -> VersusScene {
        let seconds = max(Double(clock) / 1e9, 0.001)
        let sides = (0..<2).map { side -> VersusSideView in
            let state = referee.state(side)
            let counters = referee.counters[side]
            let pps = Double(state.piecesLocked) / seconds
            return VersusSideView.of(state: state, rules: referee.sides[side].rules, title: side == 0 ? "YOU" : "BOT",
                                     incoming: referee.incoming(side), showsGhost: side == 0 && config.showsGhost, config: config, figures: [
                VersusFigure("PCS", "\(state.piecesLocked)"),
                VersusFigure("PPS", String(Int(pps * 100) / 100) + "." + String(format2(Int(pps * 100) % 100))),
                VersusFigure("ATK", "\(counters.attack)"),
                VersusFigure("CANC", "\(counters.cancelled)"),
                VersusFigure("RECV", "\(counters.received)"),
            ])
        }
        let pace = setup.piecesPerSecond == setup.piecesPerSecond.rounded() ? "\(Int(setup.piecesPerSecond))" : "\(setup.piecesPerSecond)"
        let heading = "YOU \(wins[0]) : \(wins[1]) BOT \(setup.botName) \(pace) pps  \u{00B7}  game \(record.games.count + (mode == .between || mode == .over ? 0 : 1)), best of \(setup.bestOf)"
        var box: [String] = []
        switch mode {
        case .paused: box = ["PAUSED", "", "p resume \u{00B7} q quit"]
        case .countdown(let until):
            box = ["READY", "", playClock.countdownText(until: until)]
        case .between, .over: box = message
        case .playing: break
        }
        return VersusScene(sides: sides, heading: heading, box: box, hint: "p pause \u{00B7} q quit", style: config.style)
    }

    func format2(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

extension PlaySession {
    /// A session playing a versus match against the bot (`hanjul play --versus bot`).
    /// - Throws: the rules' failure to load, before the terminal is touched.
    public static func versus<R: Rules>(setup: VersusSetup<R>, config: PlayConfig, size: Size, reportsReleases: Bool = false, now: UInt64,
                                        environment: PlayEnvironment) throws -> PlaySession {
        let screen = VersusScreen(setup: setup.terms, sides: [try setup.make(), try setup.make()], config: config, size: size,
                                  reportsReleases: reportsReleases, now: now,
                                  environment: ScreenEnvironment(newSeed: environment.newSeed, date: environment.date))
        var session = PlaySession(screen: screen, environment: environment, now: now)
        session.layers[0].versusSides = setup.sidesSource
        return session
    }
}

extension VersusSideView {
    /// One side of a versus frame as the play screens draw it (against the bot, over the
    /// network): its board with hold and next pieces, coloured as a game screen colours them.
    static func of<R: Rules>(state: GameState, rules: R, title: String, incoming: Int, showsGhost: Bool, config: PlayConfig,
                             figures: [VersusFigure]) -> VersusSideView {
        var scene = Scene(state: state, hud: HUD(), showsGhost: showsGhost, showsHold: rules.holdEnabled,
                          rowsAbove: rules.spawnsAboveField ? Scene.spawnRows : 0, style: config.style)
        scene.preview = Array(scene.preview.prefix(VersusLayout.preview))
        // As a game screen colours them: darker on a light background (D7).
        scene.kindColors = GameScreen<R>.colors(for: rules.pieces, mode: config.colorMode, light: config.isLight)
        return VersusSideView(title: title, scene: scene, incoming: incoming, figures: figures)
    }
}
