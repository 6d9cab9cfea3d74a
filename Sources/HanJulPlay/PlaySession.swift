import HanJulCore
import HanJulRender
import HanJulTerminal

/// The terminal front end as a pure value: inputs in (keys with their times, time passing,
/// resizes, mod reloads, signals), effects out (frames to draw, replays to save, suspend,
/// quit). No terminal, no clock, no files: the driver (`PlayDriver`) owns those, and tests
/// drive a session with a clock they advance by hand.
///
/// ```swift
/// var session = PlaySession.game(provider: provider, rules: rules, config: config, size: Size(width: 80, height: 24),
///                                now: 0, environment: environment)
/// session.handle(.key(.press(.left)), at: 5_000_000)      // [.draw(frame)]: moved at once
/// session.handle(.tick, at: 172_000_000)                  // the auto-shift, DAS after the press
/// session.handle(.key(.release(.left)), at: 300_000_000)
/// ```
public struct PlaySession {
    /// The screens, the first at the bottom: the menu, then a game or replay started from
    /// it. Only the top one hears keys and time; a screen above the first that quits
    /// (`q`, not Ctrl-C) is popped, and the one below is told (`closed(above:)`).
    var stack: [any PlayScreen]
    /// The screen on top.
    var screen: any PlayScreen {
        get { stack[stack.count - 1] }
        set { stack[stack.count - 1] = newValue }
    }
    public let environment: PlayEnvironment
    /// The frame last handed out in a `.draw` effect.
    public private(set) var lastFrame: Frame?
    /// The keys down, to match a release that comes with other modifiers than its press.
    var heldKeys = HeldKeys()

    init(screen: any PlayScreen, environment: PlayEnvironment) {
        stack = [screen]
        self.environment = environment
    }

    /// A session playing games under `rules` (the first game's, built by the caller so a mod
    /// that does not load is reported before the terminal is touched), then the provider's.
    ///
    /// - Parameter reportsReleases: whether key releases are reported from the start (the
    ///   driver starts without and learns it with `.keyEvents`).
    public static func game<R: Rules>(provider: RulesProvider<R>, rules: R, config: PlayConfig, size: Size,
                                      reportsReleases: Bool = false, now: UInt64, environment: PlayEnvironment) -> PlaySession {
        PlaySession(screen: GameScreen(provider: provider, rules: rules, config: config, size: size,
                                       reportsReleases: reportsReleases, now: now, environment: environment),
                    environment: environment)
    }

    /// The start screen: Play, Modes, Mods, Settings, High scores, Replays, Quit; games and
    /// replays started from it come back to it when the player leaves them.
    public static func menu(launcher: Launcher, config: PlayConfig, settings: PlayerSettings, size: Size,
                            environment: PlayEnvironment) -> PlaySession {
        PlaySession(screen: MenuScreen(launcher: launcher, config: config, settings: settings, size: size), environment: environment)
    }

    /// A session watching `replay`, each start from the beginning with a game from `makeGame`.
    public static func replay<R: Rules>(_ replay: Replay, makeGame: @escaping () -> Game<R>, modNames: [String],
                                        config: PlayConfig, size: Size, now: UInt64, environment: PlayEnvironment) -> PlaySession {
        var screen = ReplayScreen(replay: replay, makeGame: makeGame, modNames: modNames, config: config, size: size, now: now)
        // BEST as a game of these rules shows it: the table's best (D10).
        let table = environment.store.highScores(key: HighScoreTable.key(for: replay.rules))
        screen.best = table.map(\.score).max()
        screen.bestText = table.first?.resultText
        return PlaySession(screen: screen, environment: environment)
    }

    /// Reacts to `input`, which happened at `now` (monotonic nanoseconds). The effects come
    /// in the order to carry them out; a `.draw` of the new frame comes when the screen
    /// changed (before a `.suspend`; never with `.quit` or `.exitBySignal`).
    @discardableResult
    public mutating func handle(_ input: PlayInput, at now: UInt64) -> [PlayEffect] {
        var input = input
        if case .key(let event) = input {
            guard let matched = heldKeys.matched(event, passingModifierKeys: screen.wantsModifierKeys) else { return [] }
            input = .key(matched)
        }
        // The screens below hear only what changes how they draw when they are back on top
        // (the size, key events, the terminal's background).
        if stack.count > 1, input.changesHowScreensDraw {
            for index in stack.indices.dropLast() { _ = stack[index].handle(input, at: now, environment: environment) }
        }
        var effects = screen.handle(input, at: now, environment: environment)
        if let opened = screen.takeOpened() { stack.append(opened) }
        // Ctrl-C ends the program, from a game too (the game saves its replay first).
        if stack.count > 1, input != .key(.press(.control("c"))), let index = effects.firstIndex(of: .quit(.quit)) {
            // Left the game or replay: back to the screen below (what it saved is already asked for).
            effects.removeSubrange(index...)
            stack.removeLast()
            effects += screen.closed(above: now, environment: environment)
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
