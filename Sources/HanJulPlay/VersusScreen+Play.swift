import HanJulCore
import HanJulTerminal

extension VersusScreen {
    // MARK: - The clock

    /// Brings the play clock up to `now`: everything due on the way at its own time, in
    /// order: both games' gravity and lock delay (the referee), the player's releases and
    /// auto-shift, the bot's moves.
    mutating func advance(to now: UInt64, environment: PlayEnvironment) {
        guard isRunning else {
            lastWall = now
            return
        }
        let target = clock &+ (now > lastWall ? now - lastWall : 0)
        lastWall = now
        var steps = 0
        while isRunning && steps < 20_000 {
            steps += 1
            // The bot plans its piece in play as soon as it has nothing left to play.
            if botMoves.isEmpty { botStep() }
            let release = holds.nextRelease(), move = handling.nextDeadline(), botMove = botMoves.first?.time
            let due = referee.nextDeadline
            guard let soonest = [release, move, botMove, due].compactMap({ $0 }).min(), soonest <= target else { break }
            clock = max(clock, soonest)
            referee.advance(to: clock)
            if referee.isOver { break }
            if let release, release <= soonest {
                for lapse in holds.releases(upTo: soonest) {
                    switch lapse {
                    case .confirmed(let key, _):
                        if let command = tentative.removeValue(forKey: key), let action = command.action { apply(action) }
                    case .released(let key, let at):
                        tentative[key] = nil
                        guard let command = config.bindings.command(for: key), let control = Self.control(for: command),
                              !otherKeyHolds(command, except: key) else { continue }
                        perform(handling.release(control, at: at))
                    }
                }
            } else if let move, move <= soonest {
                let holds = self.holds, bindings = config.bindings
                perform(handling.fire(at: clock) { control, time in
                    let command: Command = control == .left ? .left : control == .right ? .right : .softDrop
                    return (bindings.keys[command] ?? []).contains { holds.confirmsHeld($0, at: time) }
                })
            } else if let botMove, botMove <= soonest {
                botStep()
            }
        }
        if isRunning {
            clock = max(clock, target)
            referee.advance(to: clock)
        }
        if referee.isOver && mode == .playing { endGame(environment) }
    }

    // MARK: - The player (side 0)

    /// A key while the game runs: through the key holds and the handling, as `GameScreen`.
    mutating func play(_ event: KeyEvent, command: Command?, environment: PlayEnvironment) {
        guard let command else { return }
        guard let arrival = holds.receive(event, at: clock) else { return }
        let control = Self.control(for: command)
        switch arrival.kind {
        case .press:
            switch command {
            case .quit: quit(environment)
            case .pause, .help: pause()
            case .restart: break
            case .left, .right, .softDrop:
                perform(handling.press(control!, at: clock))
            case .hardDrop, .rotate, .rotateCounterclockwise, .rotateHalfTurn, .hold:
                guard let action = command.action, referee.sides[0].rules.actions.contains(action.kind) else { return }
                if arrival.isTentative { tentative[event.key] = command } else { apply(action) }
            }
        case .repeat:
            if arrival.heldSince != nil { tentative[event.key] = nil }
            guard let control else { return }
            if let since = arrival.heldSince { perform(handling.heldSince(control, since, at: clock)) }
            perform(handling.stillHeld(control, at: clock))
        case .release:
            guard let control, !otherKeyHolds(command, except: event.key) else { return }
            perform(handling.release(control, at: clock))
        }
        if referee.isOver && mode == .playing { endGame(environment) }
    }

    func otherKeyHolds(_ command: Command, except key: Key) -> Bool {
        (config.bindings.keys[command] ?? []).contains { $0 != key && holds.isDown($0) }
    }

    static func control(for command: Command) -> Handling.Control? {
        switch command {
        case .left: .left
        case .right: .right
        case .softDrop: .softDrop
        default: nil
        }
    }

    /// The handling's moves, at the current time.
    mutating func perform(_ moves: [Handling.Move]) {
        for move in moves {
            let state = referee.state(0)
            guard !referee.isOver else { return }
            switch move {
            case .shift(let direction):
                if state.fits(state.piece.offset(direction == .left ? -1 : 1, 0)) { apply(direction == .left ? .left : .right) }
            case .shiftToWall(let direction):
                let dx = direction == .left ? -1 : 1
                var count = 0
                while !referee.isOver, referee.state(0).fits(referee.state(0).piece.offset(dx, 0)), count < 256 {
                    count += 1
                    apply(direction == .left ? .left : .right, continuous: false)
                }
            case .softDrop:
                apply(.softDrop)
            case .dropToFloor:
                var count = 0
                while !referee.isOver, referee.state(0).fits(referee.state(0).piece.offset(0, 1)), count < 256 {
                    count += 1
                    apply(.softDrop, continuous: false)
                }
            }
        }
    }

    /// Plays the player's `action` now through the referee; a new piece resets the
    /// handling's per-piece state, and the moves that keep a piece at a wall follow.
    mutating func apply(_ action: Action, continuous: Bool = true) {
        guard !referee.isOver else { return }
        let locked = referee.state(0).piecesLocked
        referee.input(action, side: 0, at: clock)
        if referee.state(0).piecesLocked != locked || action.kind == .hold { handling.pieceEntered(at: clock) }
        guard continuous, !applyingContinuous, !referee.isOver else { return }
        applyingContinuous = true
        perform(handling.continuousMoves(at: clock))
        applyingContinuous = false
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
    mutating func endGame(_ environment: PlayEnvironment) {
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
            let table = saveMatch(environment)
            message = [wins[0] > wins[1] ? "MATCH WON" : wins[0] < wins[1] ? "MATCH LOST" : "MATCH OVER", "", "\(result): \(score)", ""]
                + table + ["", "q quit"]
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

    mutating func nextGame(at now: UInt64, environment: PlayEnvironment) {
        let seed = VersusReplay.gameSeed(match: record.seed, index: record.games.count)
        do {
            referee = VersusReferee(sides: [try setup.make(), try setup.make()], seed: seed, schedules: [.realTime, .paced], keepsMoves: true)
        } catch {
            message = ["ERROR", "", "the rules do not load: \(error)", "", "q quit"]
            mode = .over
            return
        }
        bot = setup.newBot(VersusReferee<R>.seeds(of: seed).b)
        botMoves = []
        gameNoted = false
        clock = 0
        lastWall = now
        mode = .playing
        resetKeys()
    }

    /// Saves the match replay (once) and, for a finished match, its result in the versus
    /// table; the lines the end box shows of them.
    @discardableResult
    mutating func saveMatch(_ environment: PlayEnvironment) -> [String] {
        if mode == .playing || mode == .paused { noteGame() }
        guard !saved, !record.games.isEmpty else { return [] }
        saved = true
        var lines: [String] = []
        let name = "versus-" + environment.date().file
        if let problem = environment.store.saveVersusReplay(record.text, name: name) {
            lines.append("replay not saved: \(problem)")
        } else {
            lines.append("replay saved: \(name).hjvs")
        }
        guard mode == .over, wins[0] != wins[1] else { return lines }
        let key = VersusResult.key(bot: setup.botName, piecesPerSecond: setup.piecesPerSecond, mods: setup.mods)
        if let problem = environment.store.recordVersus(key: key, won: wins[0] > wins[1]) { lines.append("results not saved: \(problem)") }
        lines.append("")
        lines.append("VERSUS RESULTS   W   L")
        for result in environment.store.versusResults().prefix(6) {
            let marker = result.key == key ? "\u{25B6}" : " "
            lines.append("\(marker)\(result.key.versusPadded(14)) \(String(result.wins).versusPadLeft(3)) \(String(result.losses).versusPadLeft(3))")
        }
        return lines
    }
}

extension String {
    fileprivate func versusPadded(_ width: Int) -> String { count >= width ? String(prefix(width)) : self + String(repeating: " ", count: width - count) }
    fileprivate func versusPadLeft(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
