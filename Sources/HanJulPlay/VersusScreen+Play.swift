import HanJulCore
import HanJulReplay
import HanJulTerminal

extension VersusScreen {
    // MARK: - The clock

    static var maxClockSteps: Int { 20_000 }

    /// Brings the play clock up to `now` (`advanceClock`): everything due on the way at its
    /// own time, in order: both games' gravity and lock delay (the referee), the player's
    /// releases and auto-shift, the bot's moves.
    mutating func advance(to now: UInt64, environment: ScreenEnvironment) {
        if case .countdown(let until) = mode {
            playClock.countdown(to: until, at: now)
            if now >= until { go() }
        }
        guard advanceClock(to: now, environment: environment) else { return }
        if referee.isOver && mode == .playing { endGame(environment) }
    }

    /// The bot plans its piece in play as soon as it has nothing left to play; the referee's
    /// games go first at one time (`wind(to:)` brings them there).
    mutating func nextDue() -> (time: UInt64, due: PlayDue)? {
        if botMoves.isEmpty { botStep() }
        var timers = keyTimers
        timers.append((botMoves.first?.time, .bot))
        timers.append((referee.nextDeadline, .games))
        return TimeLoop.soonest(timers)
    }

    mutating func wind(to time: UInt64) -> Bool {
        playClock.wind(to: time)
        referee.advance(to: clock)
        return !referee.isOver
    }

    mutating func step(_ due: PlayDue, environment: ScreenEnvironment) {
        if due == .bot { botStep() }
    }

    mutating func stand(at time: UInt64) {
        playClock.wind(to: time)
        referee.advance(to: clock)
    }

    // MARK: - The player (side 0)

    /// A one-shot action counts when the player's rules have it.
    func allows(_ action: Action) -> Bool { referee.sides[0].rules.actions.contains(action.kind) }

    /// The screen's own controls, pressed while the game runs (no restart in a match).
    mutating func command(_ control: Control, environment: ScreenEnvironment) {
        switch control {
        case .quit: quit(environment)
        case .pause, .help: pause()
        default: break
        }
    }

    /// Plays the player's `action` now through the referee; a new piece (or a hold) resets
    /// the handling's per-piece state.
    mutating func playMove(_ action: Action) {
        guard !referee.isOver else { return }
        let locked = referee.state(0).piecesLocked
        referee.input(action, side: 0, at: clock)
        if referee.state(0).piecesLocked != locked || action.kind == .hold { handling.pieceEntered(at: clock) }
    }

    // MARK: - The bot (side 1)

    /// The bot's next move, at its time; with none left, it plans its piece in play: the
    /// placement's moves spread evenly up to the time the piece is due to lock (`k / pps`
    /// s for its `k`th piece, or now when it is late).
    mutating func botStep() {
        guard !referee.isOver else { return }
        if let next = botMoves.first, next.time <= clock {
            botMoves.removeFirst()
            referee.input(next.action, side: 1, at: clock)
        }
        guard botMoves.isEmpty, !referee.isOver else { return }
        switch bot(referee.game(1)) {
        case .failure(let error):
            referee.end(.error(error.message))
        case .success(nil):
            referee.resign(side: 1)
        case .success(let actions?):
            let pieces = referee.state(1).piecesLocked
            let due = UInt64((Double(pieces + 1) / setup.piecesPerSecond * 1e9).rounded())
            let end = max(due, clock &+ 1_000_000)
            let count = UInt64(max(actions.count, 1))
            botMoves = actions.enumerated().map { index, action in
                (clock &+ (end - clock) * UInt64(index + 1) / count, action)
            }
        }
    }

    // MARK: - Games and the match

    /// A game ended: its moves into the match record; the match's end when a side has
    /// the wins it needs.
    mutating func endGame(_ environment: ScreenEnvironment) {
        let winner = referee.outcome?.winner
        if let winner { wins[winner] += 1 }
        noteGame()
        resetKeys()
        let result: String
        switch referee.outcome {
        case .won(side: 0)?: result = "YOU WIN"
        case .won?: result = "BOT WINS"
        case .error(let message)?: result = "ERROR: \(message)"
        default: result = "DRAW"
        }
        let score = "\(wins[0]) : \(wins[1])"
        if wins.contains(where: { $0 >= setup.winsNeeded }) || winner == nil {
            mode = .over
            matchHeading = [wins[0] > wins[1] ? "MATCH WON" : wins[0] < wins[1] ? "MATCH LOST" : "MATCH OVER", "", "\(result): \(score)", ""]
            message = matchHeading + ["", "q quit"]
            saveMatch(environment)
        } else {
            mode = .between
            message = [result, "", "score \(score) (first to \(setup.winsNeeded))", "", "Enter next game \u{00B7} q quit"]
        }
    }

    /// The game just played (or left) into the match record, once.
    mutating func noteGame() {
        guard !gameNoted, let moves = referee.moves, !moves.isEmpty || referee.isOver else { return }
        gameNoted = true
        let sums = [referee.state(0).checksum, referee.state(1).checksum]
        record.games.append(VersusReplay.Game(seed: VersusReplay.gameSeed(match: record.seed, index: record.games.count),
                                              winner: referee.outcome?.winner, checksums: sums, moves: moves))
        referee.end(.draw)
    }

    /// Asks the session for the next game's rules (a mod's Lua states are one game's); the
    /// game starts with the answer (`start(_:at:)`).
    mutating func nextGame(at now: UInt64, environment: ScreenEnvironment) {
        effects.append(.ask(.makeVersusSides))
    }

    /// The rules the session made for the next game: it starts now, or the match ends.
    mutating func start(_ made: Result<MadeVersusSides, RulesFailure>, at now: UInt64) {
        let sides: [VersusRules<R>]
        switch made {
        case .success(let made) where made.sides(as: R.self) != nil:
            sides = made.sides(as: R.self)!
        case .success:
            sides = []
        case .failure(let failure):
            message = ["ERROR", "", "the rules do not load: \(failure.message)", "", "q quit"]
            mode = .over
            return
        }
        guard sides.count == 2 else { return }
        let seed = VersusReplay.gameSeed(match: record.seed, index: record.games.count)
        referee = VersusReferee(sides: sides, seed: seed, schedules: [.realTime, .paced], dealing: .shared, keepsMoves: true)
        bot = setup.newBot(VersusReferee<R>.seeds(of: seed, dealing: .shared).b)
        botMoves = []
        gameNoted = false
        playClock = PlayClock(at: now)
        mode = .playing
        resetKeys()
        startCountdown(at: now)
    }

    /// READY before a game (`countdown` milliseconds; none when 0).
    mutating func startCountdown(at now: UInt64) {
        guard mode == .playing, let until = beginCountdown(config.handling.countdown, at: now) else { return }
        mode = .countdown(until: until)
    }

    /// GO: the clock and the bot start, with the keys as they are.
    mutating func go() {
        guard case .countdown(let until) = mode else { return }
        mode = .playing
        playClock.stand(at: until)
        go(at: until)
    }

    /// Asks for the match replay to be saved (once) and, for a finished match, its result
    /// kept in the versus table; the answer's lines go into the end box.
    mutating func saveMatch(_ environment: ScreenEnvironment) {
        if mode == .playing || mode == .paused { noteGame() }
        guard !saved, !record.games.isEmpty else { return }
        saved = true
        let decided = mode == .over && wins[0] != wins[1]
        let key = VersusResult.key(bot: setup.botName, piecesPerSecond: setup.piecesPerSecond, mods: setup.mods)
        effects.append(.ask(.saveVersusMatch(replay: record.text, name: "versus-" + environment.date().file,
                                             result: decided ? .init(key: key, won: wins[0] > wins[1]) : nil)))
    }
}

extension VersusScreen: HandlingHost {
    var bindings: KeyBindings { config.bindings }
    var playerState: GameState { referee.state(0) }
    var playerIsDone: Bool { referee.isOver }
}
