import HanJulCore
import HanJulRender
import HanJulTerminal

/// A versus match replay watched (`hanjul replay FILE.hjvs`): each game's moves played
/// again through a referee at their recorded times, on the two boards of a match. Space
/// pauses, Enter skips to the next game, q quits. The first game's rules come with the
/// screen; each next game's it asks the session for (`.makeVersusSides`).
struct VersusReplayScreen<R: Rules>: PlayScreen {
    let replay: VersusReplay
    var config: PlayConfig
    var size: Size
    var game = 0
    var referee: VersusReferee<R>?
    var next = 0
    /// The match's time as replayed (it stands while paused or at a game's end).
    var playClock: PlayClock
    var paused = false
    var problem: String?

    init(replay: VersusReplay, sides: [VersusRules<R>], config: PlayConfig, size: Size, now: UInt64) {
        self.replay = replay
        self.config = config
        self.size = size
        playClock = PlayClock(at: now)
        start(game: 0, .success(MadeVersusSides(sides)), at: now)
    }

    /// Game `index` from its start, under the rules the session made for it.
    mutating func start(game index: Int, _ made: Result<MadeVersusSides, RulesFailure>, at now: UInt64) {
        game = index
        next = 0
        playClock = PlayClock(at: now)
        switch made {
        case .success(let made) where made.sides(as: R.self)?.count == 2:
            referee = VersusReferee(sides: made.sides(as: R.self)!, seed: replay.games[index].seed, schedules: [.paced, .paced],
                                    delivery: replay.announced ? .announced : .immediate, dealing: replay.dealing)
            problem = nil
        case .success:
            referee = nil
            problem = "the rules made are not this match's"
        case .failure(let failure):
            referee = nil
            problem = "the rules do not load: \(failure.message)"
        }
    }

    var moves: [VersusMove] { replay.games[game].moves }
    var finished: Bool { next >= moves.count }

    mutating func handle(_ input: PlayInput, at now: UInt64, environment: ScreenEnvironment) -> [ScreenEffect] {
        if !paused && !finished { playClock.wind(to: playClock.target(at: now)) } else { playClock.stand(at: now) }
        while !finished, moves[next].millisecond * 1_000_000 <= playClock.time {
            let move = moves[next]
            if move.accepts {
                if let time = referee?.games[move.side].clock { referee?.accept(side: move.side, at: time) }
            } else {
                referee?.apply(move.action, side: move.side)
            }
            next += 1
        }
        switch input {
        case .key(let event) where event.kind == .press:
            switch event.key {
            case .character("q"), .escape, .control("c"): return [.quit(.quit)]
            case .character(" "), .character("p"): paused.toggle()
            case .enter:
                guard game + 1 < replay.games.count else { return [.quit(.quit)] }
                return [.ask(.makeVersusSides)]
            default: break
            }
        case .resized(let newSize):
            size = newSize
            return [.redrawAll]
        case .background(let light):
            config.noteBackground(light: light)
            return [.redrawAll]
        case .answer(.versusSidesMade(let made)) where game + 1 < replay.games.count:
            start(game: game + 1, made, at: now)
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
        return playClock.wall(at: due)
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
            scene.kindColors = GameScreen<R>.colors(for: rules.pieces, mode: config.colorMode, light: config.isLight)
            let counters = referee.counters[side]
            return VersusSideView(title: side == replay.you ? "YOU" : replay.opponentTitle, scene: scene, incoming: referee.incoming(side), figures: [
                VersusFigure("PCS", "\(referee.state(side).piecesLocked)"), VersusFigure("ATK", "\(counters.attack)"),
                VersusFigure("CANC", "\(counters.cancelled)"), VersusFigure("RECV", "\(counters.received)"),
            ])
        }
        let score = replay.yourScore
        var box: [String] = []
        if finished {
            let winner = replay.games[game].winner.map { $0 == replay.you ? "YOU WIN" : replay.opponentTitle + " WINS" } ?? "NOT FINISHED"
            box = ["GAME \(game + 1): \(winner)", "", "match \(score[0]) : \(score[1])",
                   game + 1 < replay.games.count ? "Enter next game \u{00B7} q quit" : "q quit"]
        } else if paused {
            box = ["PAUSED", "", "Space resume \u{00B7} q quit"]
        }
        let scene = VersusScene(sides: sides, heading: "REPLAY  game \(game + 1) of \(replay.games.count)  \u{00B7}  "
                                    + (replay.announced ? "a network match" : "\(replay.bot) \(replay.piecesPerSecond) pps"),
                                box: box, hint: "Space pause \u{00B7} Enter next game \u{00B7} q quit", style: config.style)
        return VersusLayout.frame(for: scene, size: size)
    }
}

extension PlaySession {
    /// A session watching a versus match replay: the first game under `first` (built by the
    /// caller, so rules that do not load are reported before the terminal is touched), each
    /// next game under sides from `make`.
    public static func versusReplay<R: Rules>(_ replay: VersusReplay, first: [VersusRules<R>], make: @escaping () throws -> VersusRules<R>,
                                              config: PlayConfig, size: Size, now: UInt64, environment: PlayEnvironment) -> PlaySession {
        let screen = VersusReplayScreen(replay: replay, sides: first, config: config, size: size, now: now)
        var session = PlaySession(screen: screen, environment: environment, now: now)
        session.layers[0].versusSides = MadeVersusSides.source(make)
        return session
    }
}
