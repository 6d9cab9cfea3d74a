import HanJulCore
import HanJulRender
import HanJulTerminal

/// `hanjul replay FILE`: a recorded game played back in the terminal with its timings.
///
/// Keys: `+` (or `=`) faster, `-` slower (¼× to 16×), `p` or Space pause, `.` one action
/// while paused, `r` from the start, `q` / Esc / Ctrl-C quit. Replays without timings
/// (scripts, bots) play a gravity tick at the rules' interval and other actions 120 ms apart.
public final class ReplayPlayer<R: Rules> {
    public static var speeds: [Double] { [0.25, 0.5, 1, 2, 4, 8, 16] }

    let session: TerminalSession
    var screen: ScreenBuffer
    let style: RenderStyle
    let replay: Replay
    let makeGame: () -> Game<R>
    let modNames: [String]

    var game: Game<R>
    var index = 0
    var speed = 2
    var paused = false
    /// Replay nanoseconds until the next action is due.
    var untilNext: Double = 0
    /// Replay nanoseconds played so far (for the panel's clock).
    var played: Double = 0
    var lastWake: UInt64

    init(session: TerminalSession, replay: Replay, makeGame: @escaping () -> Game<R>, modNames: [String],
         ascii: Bool, environment: [String: String]) {
        self.session = session
        self.replay = replay
        self.makeGame = makeGame
        self.modNames = modNames
        let (style, colorMode) = RenderStyle.choose(ascii: ascii, environment: environment)
        self.style = style
        screen = ScreenBuffer(colorMode: colorMode)
        game = makeGame()
        lastWake = MonotonicClock.nanoseconds()
        untilNext = delay(of: 0)
    }

    /// Plays `replay` until the viewer quits; restores the terminal. Terminating signals end
    /// the process by the signal after the restore.
    public static func run(replay: Replay, makeGame: @escaping () -> Game<R>, modNames: [String], ascii: Bool,
                           environment: [String: String]) -> Result<PlayExit, TerminalError> {
        let session: TerminalSession
        do throws(TerminalError) {
            session = try TerminalSession(environment: environment)
        } catch {
            return .failure(error)
        }
        let player = ReplayPlayer(session: session, replay: replay, makeGame: makeGame, modNames: modNames,
                                  ascii: ascii, environment: environment)
        let exit = player.run()
        session.close()
        return .success(exit)
    }

    var isFinished: Bool { index >= replay.actions.count }

    /// Replay milliseconds before action `i`, as nanoseconds.
    func delay(of i: Int) -> Double {
        guard i < replay.actions.count else { return 0 }
        if i < replay.times.count { return Double(replay.times[i]) * 1_000_000 }
        let milliseconds = replay.actions[i] == .gravity ? game.rules.gravityInterval(level: game.state.level) : 120
        return Double(milliseconds) * 1_000_000
    }

    func run() -> PlayExit {
        draw()
        while true {
            let timeout: Int
            if paused || isFinished {
                timeout = -1
            } else {
                timeout = Int((max(untilNext, 0) / Self.speeds[speed] + 999_999) / 1_000_000)
            }
            let events = session.waitForEvents(timeoutMilliseconds: timeout)
            let now = MonotonicClock.nanoseconds()
            let counted = !events.contains(.resumed)
            if !paused && !isFinished && counted {
                let elapsed = Double(now &- lastWake) * Self.speeds[speed]
                untilNext -= elapsed
                played += elapsed
            }
            lastWake = now
            for event in events {
                switch event {
                case .keys(let keys):
                    for key in keys where handle(key) { return .quit }
                case .resized:
                    screen.invalidate()
                case .suspendRequested:
                    suspend()
                case .resumed:
                    paused = true
                    screen.invalidate()
                case .terminate(let signal):
                    session.exit(bySignal: signal)
                case .inputClosed:
                    return .inputClosed
                }
            }
            var applied = 0
            while !paused && !isFinished && untilNext <= 0 && applied < 10_000 {
                step()
                applied += 1
                untilNext += delay(of: index)
            }
            draw()
        }
    }

    /// Applies the next recorded action.
    func step() {
        guard !isFinished else { return }
        game.apply(replay.actions[index])
        index += 1
    }

    /// Returns whether to quit.
    func handle(_ key: Key) -> Bool {
        switch key {
        case .character("q"), .escape, .control("c"): return true
        case .control("z"): suspend()
        case .control("l"): screen.invalidate()
        case .character("+"), .character("="): speed = min(speed + 1, Self.speeds.count - 1)
        case .character("-"), .character("_"): speed = max(speed - 1, 0)
        case .character("p"), .space: paused.toggle()
        case .character("."):
            if paused || isFinished {
                paused = true
                step()
                untilNext = delay(of: index)
            }
        case .character("r"):
            game = makeGame()
            index = 0
            played = 0
            untilNext = delay(of: 0)
            paused = false
        default: break
        }
        return false
    }

    func suspend() {
        paused = true
        draw()
        session.suspend()
        lastWake = MonotonicClock.nanoseconds()
        screen.invalidate()
    }

    func draw() {
        let speedText = Self.speeds[speed] == 0.25 ? "1/4" : Self.speeds[speed] == 0.5 ? "1/2" : "\(Int(Self.speeds[speed]))"
        let state = game.state
        let hud = HUD(state: state, millisecondsPerRow: game.rules.gravityInterval(level: state.level),
                      mods: ["REPLAY \(speedText)x  \(index)/\(replay.actions.count)"] + modNames,
                      elapsedSeconds: Int(played / 1_000_000_000))
        let overlay: Overlay
        if isFinished {
            var text = "score \(state.score) · lines \(state.lines) · level \(state.level)"
            if case .over(let reason) = state.phase { text = GameOverSummary.describe(reason) + "\n" + text }
            overlay = .message(title: "END OF REPLAY", text: text + "\n\nr again · q quit")
        } else if paused {
            overlay = .paused(hint: "p play · . step · + - speed · r again · q quit")
        } else {
            overlay = .none
        }
        let frame = Layout.frame(for: Scene(state: state, hud: hud, overlay: overlay, style: style), size: session.size.renderSize)
        let bytes = screen.update(to: frame)
        if !bytes.isEmpty { try? session.write(bytes: bytes) }
    }
}
