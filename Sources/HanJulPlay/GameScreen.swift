import HanJulCore
import HanJulRender
import HanJulReplay
import HanJulTerminal

/// A game in the terminal, as a value: the engine's game, the player's handling, the play
/// clock, gravity, pause, help, notices, hot reload and the game's end.
///
/// Time: `clock` counts nanoseconds of play only. It stops while paused, in the help,
/// under a notice, while the terminal is too small and while the process is stopped, so
/// gravity, handling and the replay's timings never include those. Everything due between
/// two inputs (gravity steps, auto-shift, soft-drop rows, releases inferred in terminals
/// without key events) happens at its own time, in order, when the next input arrives.
struct GameScreen<R: Rules>: PlayScreen {
    enum Mode: Equatable {
        case playing
        case paused
        case help
        /// A notice (a hot reload) over the board; play resumes at `until` (monotonic; play
        /// clock frozen meanwhile) or on any key.
        case notice(title: String, text: String, until: UInt64)
        case over
    }

    let provider: RulesProvider<R>
    /// The player's choices; its style follows the terminal's background (`.background`).
    var config: PlayConfig

    var rules: R
    var identity: RulesIdentity
    /// The game on its play clock: gravity, lock delay, timed rules and the recording.
    var timed: TimedGame<R>
    var seed: UInt64
    var mode: Mode = .playing
    /// What the overlay shows instead of the mode's own (a game's end, a reload's error).
    var overlayOverride: Overlay?
    var size: Size
    var tooSmall = false
    var best: Int?
    var replaySaved = false
    var reloadPending = false
    /// How many of `rules.warnings` a notice has shown.
    var warningsShown = 0
    /// Colours for a 16-colour terminal, one distinct entry per kind.
    var kindColors: [UInt32]?

    /// The monotonic time the play clock (`timed.clock`) was last brought up to.
    var lastWall: UInt64
    var holds: KeyHolds
    var handling: Handling
    /// Effects produced while handling one input.
    var effects: [PlayEffect] = []
    /// Whether the moves that keep a piece at the wall or on the floor are being applied.
    var applyingContinuous = false
    /// One-shot controls (hard drop, turns, hold) of tentative presses, waiting to be sure
    /// they were presses and not the terminal's first repeat (`KeyStroke.isTentative`).
    var tentative: [Key: Control] = [:]
    /// What the game did so far, for the statistics column and the end screen.
    var statistics = PlayStatistics()
    /// The latest callout, shown until `calloutUntil` (play time, so a pause keeps it).
    var callout: [String] = []
    var calloutUntil: UInt64 = 0
    /// The best result of a race's table, in its unit, for the panel's BEST.
    var bestText: String?
    /// Finesse faults of the pieces so far, from the keys pressed for each.
    var finesse: FinesseTracker
    /// A race's pace against its table's best game (nil: no race, or no best yet).
    var pace: RacePace?
    /// Whether the end screen shows the statistics page (Tab) instead of the results.
    var showsStatistics = false
    /// What the end screen shows (nil while playing).
    var ending: Ending?
    /// The name being typed at the end of a game that made its table's top 10 (nil: no
    /// prompt up).
    var namePrompt: String?
    /// When the game ended, and the last key pressed while it ran: the name prompt takes
    /// neither keys in the first moments nor that key repeating (a hard drop pressed as the
    /// stack topped out typed spaces into the name).
    var overSince: UInt64 = 0
    var lastPlayKey: Key?
    var lastPlayKeyAt: UInt64 = 0

    /// How long the name prompt ignores keys after the game ends (nanoseconds).
    static var namePromptGrace: UInt64 { 500_000_000 }
    /// Presses of one key closer than this are a key repeating (nanoseconds).
    static var repeatGap: UInt64 { 100_000_000 }

    /// A game's end: its summary, its table and its entry there.
    struct Ending {
        var title: String
        var reason: String
        var key: String
        var table: [HighScore]
        var rank: Int?
        var entry: HighScore
    }

    /// How long a callout shows, in play time.
    static var calloutDuration: UInt64 { 2 * second }

    static var second: UInt64 { 1_000_000_000 }
    /// How often a race's clock (milliseconds shown) is drawn again.
    static var raceTick: UInt64 { 50_000_000 }

    init(provider: RulesProvider<R>, rules: R, config: PlayConfig, size: Size, reportsReleases: Bool, now: UInt64,
         environment: PlayEnvironment) {
        self.provider = provider
        self.config = config
        self.rules = rules
        identity = provider.identity(rules)
        seed = config.seed ?? environment.newSeed()
        timed = TimedGame(game: Game(rules: rules, source: .seeded(seed)),
                          recorder: ReplayRecorder(rules: identity, source: .seeded(seed)))
        finesse = FinesseTracker(timed.state)
        self.size = size
        lastWall = now
        holds = KeyHolds(reportsReleases: reportsReleases)
        handling = Handling(settings: config.handling)
        loadBest(environment)
        kindColors = Self.colors(for: rules.pieces, mode: config.colorMode, light: config.isLight)
        checkSize()
    }

    /// For a 16-colour terminal, one entry per kind, all different, that read on the
    /// background (`light`: no bright yellow, cyan or white on a white terminal).
    static func colors(for pieces: PieceSet, mode: ColorMode, light: Bool = false) -> [UInt32]? {
        guard mode == .palette16 else { return nil }
        return ColorQuantization.distinctPalette16(pieces.kinds.map(\.color), light: light).map(ColorQuantization.palette16Representative)
    }

    var game: Game<R> { timed.game }
    /// Nanoseconds of play.
    var clock: UInt64 { timed.clock }
    var recorder: ReplayRecorder { timed.recorder! }

    /// Whether the play clock runs.
    var isRunning: Bool { mode == .playing && !tooSmall && !game.state.isOver }

    // MARK: - Inputs

    mutating func handle(_ input: PlayInput, at now: UInt64, environment: PlayEnvironment) -> [PlayEffect] {
        effects = []
        if case .resumed = input {
            // Stopped: the time since the last input was not play time.
            lastWall = now
        }
        advance(to: now, environment: environment)
        switch input {
        case .key(let event):
            key(event, at: now, environment: environment)
        case .tick:
            break
        case .resized(let newSize):
            size = newSize
            checkSize()
            effects.append(.redrawAll)
        case .keyEvents(let reported):
            resetKeys()
            holds = KeyHolds(reportsReleases: reported)
        case .background(let light):
            config.noteBackground(light: light)
            kindColors = Self.colors(for: rules.pieces, mode: config.colorMode, light: config.isLight)
            effects.append(.redrawAll)
        case .modsChanged:
            reloadPending = true
            // While paused there is no next piece to wait for: reload now.
            if mode != .playing && !game.state.isOver { reload(at: now) }
        case .resumed:
            if mode == .playing { pause() }
            effects.append(.redrawAll)
        case .suspendRequested:
            pause()
            effects.append(.suspend)
        case .terminate(let signal):
            saveAbandonedReplay(environment)
            effects.append(.exitBySignal(signal))
        case .inputClosed:
            saveAbandonedReplay(environment)
            effects.append(.quit(.inputClosed))
        case .replayNotSaved(let message):
            if ending != nil {
                ending!.reason += ". " + message
                showEnding()
            }
        }
        noteWarnings(at: now)
        if game.state.isOver && mode != .over { finish(environment) }
        return effects
    }

    mutating func key(_ event: KeyEvent, at now: UInt64, environment: PlayEnvironment) {
        let key = event.key
        if event.kind == .press {
            if key == .control("z") {
                pause()
                effects.append(.suspend)
                return
            }
            if key == .control("l") {
                effects.append(.redrawAll)
                return
            }
        }
        if mode == .over && namePrompt != nil {
            guard event.kind == .press else { return }
            if ![.control("c"), .enter, .escape, .backspace].contains(key) {
                // A game key in the first moments, or the last game key still repeating
                // (presses closer than a person types), is the game's, not the name's.
                let command = config.bindings.control(for: key)
                if now &- overSince < Self.namePromptGrace, command?.action != nil { return }
                if key == lastPlayKey && now &- lastPlayKeyAt < Self.repeatGap {
                    lastPlayKeyAt = now
                    return
                }
                lastPlayKey = nil
            }
            nameKey(key, environment: environment)
            return
        }
        if mode == .playing && event.kind != .release {
            lastPlayKey = key
            lastPlayKeyAt = now
        }
        let command = config.bindings.control(for: key)
        if mode == .playing && !tooSmall {
            play(event, control: command, environment: environment)
            return
        }
        guard event.kind == .press else { return }
        if command == .quit {
            // Esc closes the help rather than quitting.
            if mode == .help && key == .escape {
                mode = .paused
                return
            }
            quit(environment)
            return
        }
        switch mode {
        case .playing:
            // Too small: only quitting and pausing work (the frame says what size is needed).
            if command == .pause { pause() }
        case .paused:
            switch command {
            case .pause?: resume(at: now)
            case .help?: mode = .help
            case .restart?: restart(at: now, environment: environment)
            default:
                // A game without an end of its own (Zen) ends when the player says so.
                if key == .character("e") { finish(environment, byPlayer: true) }
            }
        case .help:
            switch command {
            case .restart?: restart(at: now, environment: environment)
            default: mode = .paused
            }
        case .notice:
            resume(at: now)
        case .over:
            if key == .tab && ending != nil {
                showsStatistics.toggle()
                showEnding()
            }
            if command == .restart { restart(at: now, environment: environment) }
        }
    }

    // MARK: - Modes

    mutating func pause() {
        if mode == .playing { mode = .paused }
        resetKeys()
    }

    /// Forgets the keys: the clock stops, and keys may change unseen.
    mutating func resetKeys() {
        handling.reset()
        holds.reset()
        tentative.removeAll()
    }

    mutating func resume(at now: UInt64) {
        overlayOverride = nil
        mode = .playing
        lastWall = now
        resetKeys()
    }

    mutating func quit(_ environment: PlayEnvironment) {
        saveAbandonedReplay(environment)
        effects.append(.quit(.quit))
    }

    /// Pauses when the terminal is too small for the game (T-7).
    mutating func checkSize() {
        let needed = Layout.minimumSize(for: scene())
        let small = !size.contains(needed)
        if small && !tooSmall && mode == .playing { pause() }
        tooSmall = small
    }

    func deadline() -> UInt64? {
        var waits: [UInt64] = []
        if isRunning {
            var due = [clock / Self.second * Self.second + Self.second]
            if let next = timed.nextDeadline { due.append(next) }
            if let next = handling.nextDeadline() { due.append(next) }
            if let next = holds.nextRelease() { due.append(next) }
            if calloutUntil > clock { due.append(calloutUntil) }
            if rules.isTimed { due.append(clock / Self.raceTick * Self.raceTick + Self.raceTick) }
            let soonest = due.min()!
            waits.append(lastWall &+ (soonest > clock ? soonest - clock : 0))
        }
        if case .notice(_, _, let until) = mode { waits.append(until) }
        return waits.min()
    }
}
