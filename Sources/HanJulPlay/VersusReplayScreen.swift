import HanJulCore
import HanJulRender
import HanJulTerminal

/// A versus match replay watched (`hanjul replay FILE.hjvs`): each game's moves played
/// again through a referee at their recorded times, on the two boards of a match. Space
/// pauses, Enter skips to the next game, q quits.
struct VersusReplayScreen<R: Rules>: PlayScreen {
    let replay: VersusReplay
    let make: () throws -> VersusRules<R>
    let config: PlayConfig
    var size: Size
    var game = 0
    var referee: VersusReferee<R>?
    var next = 0
    var clock: UInt64 = 0
    var lastWall: UInt64
    var paused = false
    var problem: String?

    init(replay: VersusReplay, make: @escaping () throws -> VersusRules<R>, config: PlayConfig, size: Size, now: UInt64) {
        self.replay = replay
        self.make = make
        self.config = config
        self.size = size
        lastWall = now
        start(game: 0, at: now)
    }

    mutating func start(game index: Int, at now: UInt64) {
        game = index
        next = 0
        clock = 0
        lastWall = now
        do {
            referee = VersusReferee(sides: [try make(), try make()], seed: replay.games[index].seed, schedules: [.paced, .paced])
        } catch {
            problem = "the rules do not load: \(error)"
            referee = nil
        }
    }

    var moves: [VersusMove] { replay.games[game].moves }
    var finished: Bool { next >= moves.count }

    mutating func handle(_ input: PlayInput, at now: UInt64, environment: ScreenEnvironment) -> [PlayEffect] {
        if !paused && !finished { clock &+= now > lastWall ? now - lastWall : 0 }
        lastWall = now
        while !finished, moves[next].millisecond * 1_000_000 <= clock {
            let move = moves[next]
            referee?.apply(move.action, side: move.side)
            next += 1
        }
        switch input {
        case .key(let event) where event.kind == .press:
            switch event.key {
            case .character("q"), .escape, .control("c"): return [.quit(.quit)]
            case .character(" "), .character("p"): paused.toggle()
            case .enter:
                if game + 1 < replay.games.count { start(game: game + 1, at: now) } else { return [.quit(.quit)] }
            default: break
            }
        case .resized(let newSize):
            size = newSize
            return [.redrawAll]
        case .inputClosed: return [.quit(.inputClosed)]
        case .terminate(let signal): return [.exitBySignal(signal)]
        case .suspendRequested: return [.suspend]
        default: break
        }
        return []
    }

    func deadline() -> UInt64? {
        guard !paused, !finished else { return nil }
        let due = moves[next].millisecond * 1_000_000
        return lastWall &+ (due > clock ? due - clock : 0)
    }

    func frame() -> Frame {
        guard let referee else {
            var frame = Frame(size: size)
            frame.write(problem ?? "", x: 0, y: 0)
            return frame
        }
        let sides = (0..<2).map { side -> VersusSideView in
            let rules = referee.sides[side].rules
            var scene = Scene(state: referee.state(side), hud: HUD(), showsHold: rules.holdEnabled,
                              rowsAbove: rules.spawnsAboveField ? Scene.spawnRows : 0, style: config.style)
            scene.preview = Array(scene.preview.prefix(VersusLayout.preview))
            let counters = referee.counters[side]
            return VersusSideView(title: side == 0 ? "YOU" : "BOT", scene: scene, incoming: referee.incoming(side), figures: [
                VersusFigure("PCS", "\(referee.state(side).piecesLocked)"), VersusFigure("ATK", "\(counters.attack)"),
                VersusFigure("CANC", "\(counters.cancelled)"), VersusFigure("RECV", "\(counters.received)"),
            ])
        }
        let score = replay.score
        var box: [String] = []
        if finished {
            let winner = replay.games[game].winner.map { $0 == 0 ? "YOU WIN" : "BOT WINS" } ?? "NOT FINISHED"
            box = ["GAME \(game + 1): \(winner)", "", "match \(score[0]) : \(score[1])",
                   game + 1 < replay.games.count ? "Enter next game \u{00B7} q quit" : "q quit"]
        } else if paused {
            box = ["PAUSED", "", "Space resume \u{00B7} q quit"]
        }
        let scene = VersusScene(sides: sides, heading: "REPLAY  game \(game + 1) of \(replay.games.count)  \u{00B7}  \(replay.bot) \(replay.piecesPerSecond) pps",
                                box: box, hint: "Space pause \u{00B7} Enter next game \u{00B7} q quit", style: config.style)
        return VersusLayout.frame(for: scene, size: size)
    }
}

extension PlaySession {
    /// A session watching a versus match replay.
    public static func versusReplay<R: Rules>(_ replay: VersusReplay, make: @escaping () throws -> VersusRules<R>, config: PlayConfig,
                                              size: Size, now: UInt64, environment: PlayEnvironment) -> PlaySession {
        PlaySession(screen: VersusReplayScreen(replay: replay, make: make, config: config, size: size, now: now), environment: environment)
    }
}
