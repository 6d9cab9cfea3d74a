import HanJulCore
import HanJulNet
import HanJulReplay
import HanJulTerminal

extension NetVersusScreen {
    // MARK: - The clock

    /// The whole millisecond of this side's game its next action or tick is played at: the
    /// play clock rounded up, never going back. Everything this side plays and says happens
    /// at these, so the peer, playing the same messages, plays the same game.
    mutating func stamp() -> UInt64 {
        stamped = max(stamped, (clock + 999_999) / 1_000_000)
        return stamped
    }

    static var maxClockSteps: Int { 20_000 }

    /// Brings the play clock up to `now` (`advanceClock`): what falls due on the way, each
    /// at its own time: this side's gravity and lock delay, the key stream's releases and
    /// the handling's auto-shift; the countdown's GO; the next game after a result.
    mutating func advance(to now: UInt64, environment: ScreenEnvironment) {
        if case .countdown(let until) = mode {
            playClock.countdown(to: until, at: now)
            if now >= until { go() }
        }
        if case .between(let until) = mode, now >= until { nextGame(at: now) }
        guard advanceClock(to: now, environment: environment) else { return }
        finishIfDecided(at: now, environment: environment)
    }

    /// This side's game goes first at one time (`wind(to:)` brings the match there).
    func nextDue() -> (time: UInt64, due: PlayDue)? {
        var timers = keyTimers
        timers.append((match.boards.nextDeadline(side: me), .games))
        return TimeLoop.soonest(timers)
    }

    mutating func wind(to time: UInt64) -> Bool {
        playClock.wind(to: time)
        match.tick(at: stamp())
        return true
    }

    mutating func step(_ due: PlayDue, environment: ScreenEnvironment) {}

    /// The end of an advance: the match told the time, and a heartbeat when one is due.
    mutating func stand(at time: UInt64) {
        _ = wind(to: time)
        if stamped >= lastBeat + Self.heartbeatMilliseconds {
            lastBeat = stamped
            match.heartbeat(at: stamped)
        }
    }

    // MARK: - This side

    /// A one-shot action counts when this side's rules have it and the protocol carries it.
    func allows(_ action: Action) -> Bool {
        VersusMessage.playerActions.contains(action) && match.boards.live.sides[me].rules.actions.contains(action.kind)
    }

    /// No control of the screen's own acts while a network game runs (q is read before).
    mutating func command(_ control: Control, environment: ScreenEnvironment) {}

    /// Plays this side's `action` at the current whole millisecond: in its game, and into
    /// the messages for the peer. A new piece (or a hold) resets the handling's per-piece
    /// state.
    mutating func playMove(_ action: Action) {
        guard !playerIsDone else { return }
        let locked = playerState.piecesLocked
        match.local(action, at: stamp())
        if playerState.piecesLocked != locked || action.kind == .hold { handling.pieceEntered(at: clock) }
    }

    // MARK: - The peer

    /// One message of the peer's, checked: the game's go to the match (an impossible one
    /// ends it), the others move the match along.
    mutating func receive(_ message: VersusMessage, at now: UInt64, environment: ScreenEnvironment) {
        switch message {
        case .bye(let reason):
            if mode == .playing, let result = match.result {
                finish(result, at: now, environment: environment)
            }
            if mode == .over || mode == .rematchAsked {
                peerLeft = "the peer left"
                showOver()
            } else {
                end("the peer left the match: \(VersusMessage.printable(reason))", .failed, bye: nil, environment)
            }
        case .hello:
            end("the peer sent an impossible input: a second hello; match ended", .failed, bye: "HELLO after the handshake", environment)
        case .ready(let number):
            let expected: Int
            switch mode {
            case .waiting: expected = game
            case .between: expected = game + 1
            case .playing where match.result != nil: expected = game + 1
            default: expected = -1
            }
            guard number == expected, peerReady == nil else {
                end("the peer sent an impossible input: ready for game \(number) while game \(game) was next; match ended", .failed,
                    bye: "READY \(number) while game \(game) was next", environment)
                return
            }
            peerReady = number
        case .rematch(let seed):
            guard mode == .over || mode == .rematchAsked, peerRematch == nil, (seed == nil) == (peer == 1) else {
                end("the peer sent an impossible input: a rematch out of place; match ended", .failed, bye: "REMATCH out of place", environment)
                return
            }
            peerRematch = .some(seed)
            showOver()
            startRematchIfAgreed(at: now)
        case .input, .accept, .time, .over:
            // The last messages of a game already decided change nothing (its result stands).
            guard mode == .playing || isCountdown, match.result == nil else { return }
            do throws(ImpossibleInput) { try match.receive(message, wallMilliseconds: stamp()) } catch {
                end("\(error); match ended", .failed, bye: "impossible input: \(error.what)", environment)
                return
            }
            finishIfDecided(at: now, environment: environment)
        }
    }

    var isCountdown: Bool { if case .countdown = mode { true } else { false } }

    /// The silences that end a match, a rules failure, garbage left untaken.
    mutating func checkTimers(at now: UInt64, environment: ScreenEnvironment) {
        guard !ended else { return }
        if case .waiting(let since) = mode, now >= since &+ Self.silenceNanoseconds {
            end("the peer did not start game \(game) within \(Self.silenceNanoseconds / 1_000_000_000) s; match ended", .failed, bye: "no READY", environment)
        } else if mode == .playing || isCountdown, now >= lastHeard &+ Self.silenceNanoseconds {
            end("the peer sent nothing for \(Self.silenceNanoseconds / 1_000_000_000) s; match ended", .failed, bye: "no message for 10 s", environment)
        } else if let failure = match.boards.failure {
            end("the rules failed: \(failure); match ended", .rulesFailed, bye: "the rules failed", environment)
        } else if mode == .playing, let ignored = match.ignoredGarbage {
            end("the peer ignored garbage (attack \(ignored.attack), sent at \(VersusTime.seconds(ignored.sent)), "
                + "not taken by \(VersusTime.seconds(match.peerMilliseconds))); match ended", .failed, bye: "garbage not taken", environment)
        }
    }

    // MARK: - Games and the match

    /// Both sides ready for the game and its rules made: the countdown starts (the game's
    /// clock at GO).
    mutating func startIfReady(at now: UInt64) {
        guard case .waiting = mode, peerReady == game, !ended else { return }
        if !boardsFresh {
            guard let sides = nextSides, sides.count == 2 else { return }
            match = NetMatch(boards: RefereeBoards(sides: sides, seed: NetVersusTerms.gameSeed(terms.seed, game: game)), me: me)
            nextSides = nil
        }
        boardsFresh = false
        peerReady = nil
        playClock = PlayClock(at: now)
        stamped = 0
        lastBeat = 0
        lastHeard = now
        resetKeys()
        mode = .playing
        if let until = beginCountdown(Self.countdownMilliseconds, at: now) { mode = .countdown(until: until) }
    }

    /// GO: the clock starts, with the keys as they are (a direction held past DAS comes
    /// charged; a turn or hold held acts on the first piece).
    mutating func go() {
        guard case .countdown(let until) = mode else { return }
        mode = .playing
        playClock.stand(at: until)
        go(at: until)
    }

    mutating func finishIfDecided(at now: UInt64, environment: ScreenEnvironment) {
        guard mode == .playing, !ended, let result = match.result else { return }
        finish(result, at: now, environment: environment)
    }

    /// A game's result: into the record and the score; the match's end, or the next game
    /// after the result has shown.
    mutating func finish(_ result: VersusGameResult, at now: UInt64, environment: ScreenEnvironment) {
        // The loser may not know yet: this side's time, past the end, decides it there.
        match.heartbeat(at: stamped)
        record.games.append(match.boards.recorded(seed: NetVersusTerms.gameSeed(terms.seed, game: game)))
        resetKeys()
        if result == .won { wins[0] += 1 } else if result == .lost { wins[1] += 1 }
        let said = result == .won ? "YOU WIN" : result == .lost ? "PEER WINS" : "DRAW"
        if wins.contains(where: { $0 >= terms.winsNeeded }) || game >= 99 {
            mode = .over
            overLines = [wins[0] > wins[1] ? "MATCH WON" : wins[0] < wins[1] ? "MATCH LOST" : "MATCH OVER", "", "\(said): \(wins[0]) : \(wins[1])"]
            saveMatch(environment)
            showOver()
        } else {
            mode = .between(until: now &+ Self.resultNanoseconds)
            message = [said, "", "score \(wins[0]) : \(wins[1]) (first to \(terms.winsNeeded))", "", "next game in 2 s \u{00B7} q leaves"]
            effects.append(.ask(.makeVersusSides))
        }
    }

    /// After a result: READY for the next game.
    mutating func nextGame(at now: UInt64) {
        game += 1
        mode = .waiting(since: now)
        outbox.append(.ready(game: game))
    }

    /// The match-over box's last lines: the rematch as it stands, and the keys.
    mutating func showOver() {
        guard mode == .over || mode == .rematchAsked else { return }
        var lines = overLines
        if let peerLeft {
            lines += ["", peerLeft, "q quit"]
        } else if mode == .rematchAsked {
            lines += ["", "waiting for the peer to accept", "q quit"]
        } else {
            lines += ["", peerRematch != nil ? "the peer asks for a rematch" : "", "Enter rematch \u{00B7} q quit"]
        }
        message = lines
    }

    /// Both asked for a rematch: a new match from game 1, on the host's new seed.
    mutating func startRematchIfAgreed(at now: UInt64) {
        guard mode == .rematchAsked, let theirs = peerRematch, let mine = ownRematch, let seed = me == 0 ? mine : theirs else { return }
        terms.seed = seed
        record = Self.record(terms, modLocks: record.modLocks)
        saved = false
        wins = [0, 0]
        game = 0
        (peerRematch, ownRematch) = (nil, nil)
        (message, overLines) = ([], [])
        effects.append(.ask(.makeVersusSides))
        nextGame(at: now)
    }

    /// Asks for the match replay to be saved (once) and, for a match played to a winner,
    /// its result kept in the versus table; the answer's lines go into the end box.
    mutating func saveMatch(_ environment: ScreenEnvironment) {
        if mode == .playing || isCountdown, record.games.count < game, !(match.boards.live.moves ?? []).isEmpty {
            record.games.append(match.boards.recorded(seed: NetVersusTerms.gameSeed(terms.seed, game: game)))
        }
        guard !saved, !record.games.isEmpty else { return }
        saved = true
        let decided = mode == .over && wins[0] != wins[1]
        let key = (["peer"] + terms.mods).joined(separator: " ")
        effects.append(.ask(.saveVersusMatch(replay: record.text, name: "versus-" + environment.date().file,
                                             result: decided ? .init(key: key, won: wins[0] > wins[1]) : nil)))
    }
}
