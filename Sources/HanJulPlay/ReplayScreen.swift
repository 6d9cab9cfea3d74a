import HanJulCore
import HanJulRender
import HanJulTerminal

/// `hanjul replay FILE`: a recorded game played back with its timings, as a value.
///
/// Keys: `+` (or `=`) faster, `-` slower (¼× to 16×), `p` or Space pause, `.` one action
/// while paused, `r` from the start, `q` / Esc / Ctrl-C quit. Replays without timings
/// (scripts, bots) play a gravity tick at the rules' interval and other actions 120 ms apart.
/// The speed and position are in the panel; nothing covers the board while paused, so a
/// stepped action shows.
struct ReplayScreen<R: Rules>: PlayScreen {
    static var speeds: [Double] { [0.25, 0.5, 1, 2, 4, 8, 16] }

    let replay: Replay
    let makeGame: () -> Game<R>
    let modNames: [String]
    let style: RenderStyle
    var kindColors: [UInt32]?
    var size: Size

    var game: Game<R>
    var index = 0
    var speed = 2
    var paused = false
    /// Replay nanoseconds until the next action is due.
    var untilNext: Double = 0
    /// Replay nanoseconds played so far (for the panel's clock).
    var played: Double = 0
    var lastWall: UInt64

    init(replay: Replay, makeGame: @escaping () -> Game<R>, modNames: [String], config: PlayConfig, size: Size, now: UInt64) {
        self.replay = replay
        self.makeGame = makeGame
        self.modNames = modNames
        style = config.style
        self.size = size
        game = makeGame()
        kindColors = GameScreen<R>.colors(for: game.rules.pieces, mode: config.colorMode)
        lastWall = now
        untilNext = delay(of: 0)
    }

    var isFinished: Bool { index >= replay.actions.count }
    var speedFactor: Double { Self.speeds[speed] }

    /// Replay milliseconds before action `i`, as nanoseconds.
    func delay(of i: Int) -> Double {
        guard i < replay.actions.count else { return 0 }
        if i < replay.times.count { return Double(replay.times[i]) * 1_000_000 }
        let milliseconds = replay.actions[i] == .gravity ? game.rules.gravityInterval(level: game.state.level) : 120
        return Double(milliseconds) * 1_000_000
    }

    mutating func handle(_ input: PlayInput, at now: UInt64, environment: PlayEnvironment) -> [PlayEffect] {
        if case .resumed = input { lastWall = now }
        advance(to: now)
        switch input {
        case .key(let event):
            guard event.kind != .release else { return [] }
            return key(event.key, at: now)
        case .resized(let newSize):
            size = newSize
            return [.redrawAll]
        case .resumed:
            paused = true
            return [.redrawAll]
        case .suspendRequested:
            paused = true
            return [.suspend]
        case .terminate(let signal):
            return [.exitBySignal(signal)]
        case .inputClosed:
            return [.quit(.inputClosed)]
        case .tick, .keyEvents, .modsChanged, .replayNotSaved:
            return []
        }
    }

    /// Plays what is due by `now` at the current speed.
    mutating func advance(to now: UInt64) {
        let elapsed = Double(now > lastWall ? now - lastWall : 0) * speedFactor
        lastWall = now
        guard !paused && !isFinished else { return }
        untilNext -= elapsed
        played += elapsed
        var applied = 0
        while !isFinished && untilNext <= 0 && applied < 100_000 {
            step()
            applied += 1
            untilNext += delay(of: index)
        }
    }

    /// Applies the next recorded action.
    mutating func step() {
        guard !isFinished else { return }
        game.apply(replay.actions[index])
        index += 1
    }

    mutating func key(_ key: Key, at now: UInt64) -> [PlayEffect] {
        switch key {
        case .character("q"), .escape, .control("c"): return [.quit(.quit)]
        case .control("z"):
            paused = true
            return [.suspend]
        case .control("l"): return [.redrawAll]
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
        return []
    }

    func deadline() -> UInt64? {
        guard !paused && !isFinished else { return nil }
        return lastWall &+ UInt64(max(untilNext, 0) / speedFactor)
    }

    var speedText: String {
        speedFactor == 0.25 ? "1/4" : speedFactor == 0.5 ? "1/2" : "\(Int(speedFactor))"
    }

    func frame() -> Frame {
        let state = game.state
        var hud = HUD(state: state, millisecondsPerRow: game.rules.gravityInterval(level: state.level), mods: modNames,
                      elapsedSeconds: Int(played / 1_000_000_000))
        hud.status = ["REPLAY \(speedText)x" + (paused ? " PAUSED" : ""), "action \(index)/\(replay.actions.count)",
                      "p pause  . step", "+ - speed  q quit"]
        var overlay = Overlay.none
        if isFinished {
            var text = "score \(state.score)\nlines \(state.lines)\nlevel \(state.level)"
            if case .over(let reason) = state.phase { text = GameOverSummary.describe(reason) + "\n" + text }
            overlay = .message(title: "END OF REPLAY", text: text + "\n\nr again · q quit")
        }
        var scene = Scene(state: state, hud: hud, overlay: overlay, showsHold: game.rules.holdEnabled, style: style)
        scene.kindColors = kindColors
        return Layout.frame(for: scene, size: size)
    }
}
