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
        /// READY before a game under a mode's rules: the play clock starts at `until`
        /// (monotonic, GO); keys are read meanwhile (`countdownKeys`), so a direction held
        /// at GO comes charged and a turn or hold held at GO acts on the first piece.
        case countdown(until: UInt64)
        case over
    }

    /// The player's choices; its style follows the terminal's background (`.background`).
    var config: PlayConfig

    var rules: R
    var identity: RulesIdentity
    /// The mods' names for the side panel.
    var modNames: [String]
    /// The game on its play clock: gravity, lock delay, timed rules and the recording.
    var timed: TimedGame<R>
    var seed: UInt64
    var mode: Mode = .playing
    /// What the overlay shows instead of the mode's own (a game's end, a reload's error).
    var overlayOverride: Overlay?
    var size: Size
    var tooSmall = false
    var replaySaved = false
    /// Fresh rules waiting for the next piece after the mods' files changed.
    var hotReload = HotReload()
    /// Colours for a 16-colour terminal, one distinct entry per kind.
    var kindColors: [UInt32]? { Self.colors(for: rules.pieces, mode: config.colorMode, light: config.isLight) }

    /// The play clock; the game's (`timed.clock`) moves with it.
    var playClock: PlayClock
    var holds: KeyHolds
    /// The keys during the countdown, on the monotonic clock.
    var countdownKeys: KeyHolds
    var handling: Handling
    /// Effects produced while handling one input.
    var effects: [ScreenEffect] = []
    /// What the game did so far, for the statistics column and the end screen.
    var statistics = PlayStatistics()
    /// The latest callout, shown until `until` (play time, so a pause keeps it).
    var callout = Callout()
    /// Finesse faults of the pieces so far, from the actions played for each (as a replay
    /// counts them, so the live figures and the replay's agree).
    var finesse: FinesseTracker
    /// The table's best, for the panel's BEST and a race's pace.
    var standing = Standing()
    /// What the end screen shows (nil while playing).
    var ending: GameEnding?
    /// The last key pressed while the game ran, and when: the name prompt does not take
    /// it repeating (`GameEnding.isGameKeyStill`).
    var lastPlayKey: (key: Key, at: UInt64)?

    /// How long the name prompt ignores keys after the game ends (nanoseconds).
    static var namePromptGrace: UInt64 { GameEnding.namePromptGrace }

    /// A callout: its lines, shown until `until` (play time).
    struct Callout {
        var lines: [String] = []
        var until: UInt64 = 0
    }

    /// The table's best game as the panel shows it: its score, its result in its unit (a
    /// race's), and a race's pace against it (nil: no race, or no best yet).
    struct Standing {
        var best: Int?
        var bestText: String?
        var pace: RacePace?
    }

    /// How long a callout shows, in play time.
    static var calloutDuration: UInt64 { 2 * second }

    static var second: UInt64 { 1_000_000_000 }
    /// How often a race's clock (milliseconds shown) is drawn again.
    static var raceTick: UInt64 { 50_000_000 }

    init(rules: R, identity: RulesIdentity, modNames: [String], config: PlayConfig, size: Size, reportsReleases: Bool, now: UInt64,
         environment: ScreenEnvironment) {
        self.config = config
        self.rules = rules
        self.identity = identity
        self.modNames = modNames
        seed = config.seed ?? environment.newSeed()
        timed = TimedGame(game: Game(rules: rules, source: .seeded(seed)),
                          recorder: ReplayRecorder(rules: identity, source: .seeded(seed)))
        finesse = FinesseTracker(timed.state, countsActions: true)
        self.size = size
        playClock = PlayClock(at: now)
        holds = KeyHolds(reportsReleases: reportsReleases)
        countdownKeys = holds
        handling = Handling(settings: config.handling)
        checkSize()
        startCountdown(at: now)
    }

    /// For a 16-colour terminal, one entry per kind, all different, that read on the
    /// background (`light`: no bright yellow, cyan or white on a white terminal).
    static func colors(for pieces: PieceSet, mode: ColorMode, light: Bool = false) -> [UInt32]? {
        guard mode == .palette16 else { return nil }
        return ColorQuantization.distinctPalette16(pieces.kinds.map(\.color), light: light).map(ColorQuantization.palette16Representative)
    }

    var game: Game<R> { timed.game }
    var recorder: ReplayRecorder { timed.recorder! }

    /// Whether the play clock runs.
    var isRunning: Bool { mode == .playing && !tooSmall && !game.state.isOver }

    // MARK: - Inputs

    /// The table's best before the first frame.
    mutating func begin(at now: UInt64, environment: ScreenEnvironment) -> [ScreenEffect] {
        [.ask(.highScores(key: HighScoreTable.key(for: identity)))]
    }

    mutating func handle(_ input: PlayInput, at now: UInt64, environment: ScreenEnvironment) -> [ScreenEffect] {
        effects = []
        if case .answer(let answer) = input {
            // No time passed: the session answers within the input that asked.
            self.answer(answer, at: now, environment: environment)
            noteWarnings(at: now)
            return effects
        }
        if case .resumed = input {
            // Stopped: the time since the last input was not play time.
            playClock.stand(at: now)
        }
        advance(to: now, environment: environment)
        switch input {
        case .key(let event):
            key(event, at: now, environment: environment)
        case .tick, .peer, .peerLost:
            break
        case .resized(let newSize):
            size = newSize
            checkSize()
            effects.append(.redrawAll)
        case .keyEvents(let reported):
            keysReported(reported)
        case .background(let light):
            config.noteBackground(light: light)
            effects.append(.redrawAll)
        case .modsChanged:
            // Built now, played from the next piece (a game over plays no more pieces).
            if !game.state.isOver { effects.append(.ask(.makeRules(.reload))) }
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
                ending!.note(message)
                showEnding()
            }
        case .answer:
            break // answered above
        }
        noteWarnings(at: now)
        if game.state.isOver && mode != .over { finish(environment) }
        return effects
    }

    mutating func key(_ event: KeyEvent, at now: UInt64, environment: ScreenEnvironment) {
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
        if mode == .over, let ending, ending.namePrompt != nil {
            guard event.kind == .press else { return }
            let isGameKey = config.bindings.control(for: key)?.action != nil
            if GameEnding.isGameKeyStill(key, isGameKey: isGameKey, at: now, since: ending.since, last: &lastPlayKey) { return }
            nameKey(key, environment: environment)
            return
        }
        if mode == .playing && event.kind != .release { lastPlayKey = (key, now) }
        let command = config.bindings.control(for: key)
        if case .countdown = mode, command != .quit, command != .pause {
            countdownKey(event, at: now)
            return
        }
        if mode == .playing && !tooSmall {
            play(event, environment: environment)
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
        case .countdown:
            if command == .pause { pause() }
        case .over:
            if key == .tab && ending != nil {
                ending!.showsStatistics.toggle()
                showEnding()
            }
            if command == .restart { restart(at: now, environment: environment) }
        }
    }

    // MARK: - Modes

    mutating func pause() {
        if mode == .playing { mode = .paused }
        if case .countdown = mode { mode = .paused }
        resetKeys()
    }

    mutating func resume(at now: UInt64) {
        overlayOverride = nil
        mode = .playing
        playClock.stand(at: now)
        resetKeys()
    }

    mutating func quit(_ environment: ScreenEnvironment) {
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
            waits.append(wakeTime([timed.nextDeadline, callout.until > clock ? callout.until : nil,
                                   rules.isTimed ? clock / Self.raceTick * Self.raceTick + Self.raceTick : nil]))
        }
        if case .notice(_, _, let until) = mode { waits.append(until) }
        if case .countdown(let until) = mode {
            // GO, and the tenths shown before it.
            waits.append(min(until, playClock.wall &+ Self.second / 10))
        }
        return waits.min()
    }
}
