import HanJulCore
import HanJulRender
import HanJulTerminal

/// `hanjul replay FILE` (and Replays on the start screen): a recorded game played back with
/// its timings, as a value, over a `ReplayTimeline` so it can be sought.
///
/// Keys: `+` (or `=`) faster, `-` slower (¼× to 16×), `p` or Space pause, `.` one action
/// forward and `,` one back (pausing), ← or `[` back a tenth of the game, → or `]` on a
/// tenth, `g` then a number and Enter to the entry of that piece, `r` from the start,
/// `q` / Esc / Ctrl-C quit. Replays without timings (scripts, bots) play a gravity tick at
/// the interval the one clock (`TimedGame`) gives the rules, other actions 120 ms apart.
/// The speed, the position (a bar, the piece and the action) and what is wrong with the
/// replay are in the panel; nothing covers the board while paused, so a stepped action
/// shows.
struct ReplayScreen<R: Rules>: PlayScreen {
    static var speeds: [Double] { [0.25, 0.5, 1, 2, 4, 8, 16] }

    let replay: Replay
    let modNames: [String]
    /// The style and colours drawn with (`config.style`; the background can change).
    var config: PlayConfig
    var style: RenderStyle { config.style }
    var kindColors: [UInt32]?
    var size: Size

    var timeline: ReplayTimeline<R>
    var speed = 2
    var paused = false
    /// Replay nanoseconds until the next action is due.
    var untilNext: Double = 0
    /// Replay nanoseconds played so far (for the panel's clock).
    var played: Double = 0
    var lastWall: UInt64
    /// The piece number being typed after `g`, while it is.
    var jump: String?
    /// A line about the last seek that could not go where asked.
    var seekNote: String?
    /// The panel's BEST: the best score of the replay's table, or a race's best result.
    var best: Int?
    var bestText: String?
    /// Whether the statistics page (Tab) covers the panel.
    var showsStatistics = false
    /// Why the session could not make the fresh game a seek backwards needs (a mod that no
    /// longer loads); asked again at the next seek backwards.
    var rewindProblem: String?
    /// Shown over the board until the next key: why the seek just asked for could not go back.
    var rewindNote: String?

    init(replay: Replay, game: Game<R>, modNames: [String], config: PlayConfig, size: Size, now: UInt64) {
        self.replay = replay
        self.modNames = modNames
        self.config = config
        self.size = size
        timeline = ReplayTimeline(replay: replay, game: game)
        kindColors = GameScreen<R>.colors(for: game.rules.pieces, mode: config.colorMode, light: config.isLight)
        lastWall = now
        untilNext = delay(of: 0)
    }

    var game: Game<R> { timeline.game }

    var index: Int { timeline.position }
    var isFinished: Bool { timeline.isAtEnd }
    var speedFactor: Double { Self.speeds[speed] }

    /// Replay nanoseconds before action `i`: its recorded time, or in a replay without
    /// times a gravity row's interval as the one clock (`TimedGame`) has it at the level
    /// played (none under instant gravity), 120 ms for anything else.
    func delay(of i: Int) -> Double {
        guard i < replay.actions.count else { return 0 }
        if i < replay.times.count { return Double(replay.times[i]) * 1_000_000 }
        guard replay.actions[i] == .gravity else { return 120_000_000 }
        return Double(TimedGame<R>.gravityInterval(game.rules, level: game.state.level) ?? 0)
    }

    /// The rules for a fresh game, when a seek backwards will need one (`ReplayTimeline`).
    mutating func begin(at now: UInt64, environment: ScreenEnvironment) -> [ScreenEffect] { askForFreshGame() }

    func askForFreshGame() -> [ScreenEffect] {
        timeline.wantsFreshGame && rewindProblem == nil ? [.ask(.makeRules(.rewind))] : []
    }

    mutating func handle(_ input: PlayInput, at now: UInt64, environment: ScreenEnvironment) -> [ScreenEffect] {
        if case .resumed = input { lastWall = now }
        advance(to: now)
        switch input {
        case .key(let event):
            guard event.kind != .release else { return [] }
            return key(event.key, at: now) + askForFreshGame()
        case .answer(.rulesMade(.rewind, let made)):
            switch made {
            case .success(let made):
                guard let rules = made.rules(as: R.self) else {
                    rewindProblem = "the rules made are not this replay's"
                    break
                }
                timeline.provide(freshGame: Game(rules: rules, source: replay.source))
                // A seek back that waited for this game goes now.
                if let target = timeline.blockedTarget { sought(timeline.seek(toAction: target), "") }
            case .failure(let failure):
                rewindProblem = failure.message
                if timeline.blockedTarget != nil { rewindNote = failure.message }
            }
            return askForFreshGame()
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
        case .background(let light):
            config.noteBackground(light: light)
            kindColors = GameScreen<R>.colors(for: timeline.game.rules.pieces, mode: config.colorMode, light: config.isLight)
            return [.redrawAll]
        case .tick, .keyEvents, .modsChanged, .replayNotSaved, .answer, .peer, .peerLost:
            return []
        }
    }

    /// Plays what is due by `now` at the current speed.
    mutating func advance(to now: UInt64) {
        let elapsed = Double(now > lastWall ? now - lastWall : 0) * speedFactor
        lastWall = now
        guard !paused && !isFinished && jump == nil else { return }
        untilNext -= elapsed
        played += elapsed
        var applied = 0
        while !isFinished && untilNext <= 0 && applied < 100_000 {
            timeline.step()
            applied += 1
            untilNext += delay(of: index)
        }
    }

    /// After a seek: the clock and the next action's wait from where the timeline is. A
    /// seek backwards that had no fresh game asks for one again (`askForFreshGame`) and goes
    /// when it comes.
    mutating func sought(_ inside: Bool, _ what: String) {
        seekNote = inside ? nil : what
        if timeline.blockedTarget != nil {
            seekNote = "cannot go back"
            rewindProblem = nil
        }
        if let milliseconds = timeline.elapsedMilliseconds { played = Double(milliseconds) * 1_000_000 }
        untilNext = delay(of: index)
    }

    mutating func key(_ key: Key, at now: UInt64) -> [ScreenEffect] {
        rewindNote = nil
        if var typed = jump {
            switch key {
            case .character(let c) where c.isASCII && c.isNumber:
                if typed.count < 9 { typed.append(c) }
                jump = typed
            case .backspace:
                jump = String(typed.dropLast())
            case .enter:
                jump = nil
                if let number = Int(typed) {
                    let inside = timeline.seek(toPiece: number)
                    sought(inside, "no piece \(number)")
                }
            case .control("c"): return [.quit(.quit)]
            default:
                jump = nil
            }
            return []
        }
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
            paused = true
            sought(timeline.step(), "at the end")
        case .character(","):
            paused = true
            sought(timeline.stepBack(), "at the start")
        case .arrow(.left, _), .character("["):
            sought(timeline.seek(byPercent: -10), "at the start")
        case .arrow(.right, _), .character("]"):
            sought(timeline.seek(byPercent: 10), "at the end")
        case .character("g"):
            jump = ""
        case .tab:
            showsStatistics.toggle()
        case .character("r"):
            sought(timeline.seek(toAction: 0), "")
            played = 0
            paused = false
        default: break
        }
        return []
    }

    func deadline() -> UInt64? {
        guard !paused && !isFinished && jump == nil else { return nil }
        return lastWall &+ UInt64(max(untilNext, 0) / speedFactor)
    }

    var speedText: String {
        speedFactor == 0.25 ? "1/4" : speedFactor == 0.5 ? "1/2" : "\(Int(speedFactor))"
    }

    /// The position as a bar of `width` cells.
    func bar(width: Int) -> String {
        let filled = min(max(Int((timeline.fraction * Double(width)).rounded(.down)), 0), width)
        let (full, empty) = style.isASCII ? ("#", "-") : ("\u{2588}", "\u{00B7}")
        return String(repeating: full, count: filled) + String(repeating: empty, count: width - filled)
    }

    func frame() -> Frame {
        let state = game.state
        var hud = HUD(state: state, millisecondsPerRow: game.rules.gravityInterval(level: state.level), mods: modNames,
                      elapsedSeconds: Int(played / 1_000_000_000))
        hud.best = best
        hud.bestText = bestText
        if game.rules.isTimed { hud.timeText = HUD.formatMilliseconds(Int(played / 1_000_000)) }
        let pieces = timeline.pieceCount.map { "/\($0)" } ?? ""
        hud.status = ["REPLAY \(speedText)x" + (paused ? " PAUSED" : ""), bar(width: 18),
                      "piece \(timeline.piece)\(pieces)", "action \(index)/\(replay.actions.count)"]
        if let jump { hud.status.append("go to piece: \(jump)_") }
        if let seekNote { hud.status.append(seekNote) }
        for problem in timeline.problems.prefix(1) {
            switch problem {
            case .rulesDiffer: hud.status.append("! rules differ")
            case .reloaded: hud.status.append("! mods reloaded")
            case .diverged(let expected, _): hud.status.append("! diverged at \(expected.piecesLocked)")
            }
        }
        hud.status += ["p pause  . , step", "[ ] 10%  g piece", "+ - speed  q quit", "Tab statistics"]
        hud.elapsedMilliseconds = Int(played / 1_000_000)
        let statistics = timeline.statistics[min(index, timeline.statistics.count - 1)]
        var overlay = Overlay.none
        if isFinished {
            var text = "score \(state.score)\nlines \(state.lines)\nlevel \(state.level)"
            if case .over(let reason) = state.phase { text = GameOverSummary.describe(reason) + "\n" + text }
            overlay = .message(title: "END OF REPLAY", text: text + "\n\n, back · r again · q quit")
        }
        if let rewindNote {
            overlay = .message(title: "CANNOT GO BACK", text: "The rules do not load again:\n\(rewindNote)\n\nFix the mod, then seek back again; ] and . go on.")
        }
        if showsStatistics {
            overlay = .report(title: "STATISTICS", text: statistics.pageText(milliseconds: Int(played / 1_000_000)) + "\n\nTab back")
        }
        var scene = Scene(state: state, hud: hud, overlay: overlay, showsHold: game.rules.holdEnabled,
                          rowsAbove: game.rules.spawnsAboveField ? Scene.spawnRows : 0, style: style)
        scene.kindColors = kindColors
        scene.statistics = statistics
        return Layout.frame(for: scene, size: size)
    }
}
