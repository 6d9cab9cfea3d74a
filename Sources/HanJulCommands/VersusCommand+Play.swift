import HanJulSystem
import HanJulCommandLine
import HanJulCore
import HanJulNet
import HanJulPlay
import HanJulSim
import HanJulTerminal

/// The terminal side of `hanjul versus`: the keyboard drives this side's game, the socket
/// the peer's, both drawn side by side; every way out restores the terminal and says one line.
enum NetPlay {
    /// How often this side tells the peer its time, and how long a screen between games shows.
    static let heartbeatMilliseconds: UInt64 = 250, resultMilliseconds: UInt64 = 2_000

    /// Game `game`'s seed (1-based) from the match seed.
    static func gameSeed(_ seed: UInt64, game: Int) -> UInt64 {
        var mix = SplitMix64(seed: seed)
        var value = mix.next()
        for _ in 1..<max(1, game) { value = mix.next() }
        return value
    }

    /// A game's end as this process sees it.
    enum Stop {
        case result(VersusGameResult)
        case ended(String, ExitStatus)
    }

    static func run<R: Rules>(link: inout PeerLink, me: Int, seed: UInt64, bestOf: Int, peerName: String, bindings: KeyBindings,
                              make: @escaping () throws -> VersusRules<R>) -> ExitStatus {
        let terminal: TerminalSession
        do throws(TerminalError) { terminal = try TerminalSession() } catch {
            try? link.send(.bye(reason: "the player's terminal cannot play"))
            link.drain(milliseconds: 500)
            StandardError.write("hanjul versus: \(error)")
            return .usage
        }
        var screen = VersusText(peerName: peerName, environment: TerminalEnvironment.current())
        var wins = [0, 0]
        var line: String, status: ExitStatus = .success
        var game = 1
        match: while true {
            if let stop = waitReady(&link, game: game, terminal: terminal, screen: &screen, wins: wins, bindings: bindings) {
                if case .ended(let text, let code) = stop { (line, status) = (text, code) } else { line = "match ended" }
                break match
            }
            let boards: RefereeBoards<R>
            do { boards = RefereeBoards(sides: [try make(), try make()], seed: gameSeed(seed, game: game)) } catch {
                try? link.send(.bye(reason: "the rules failed to start a game"))
                (line, status) = ("the rules failed to start game \(game): \(error)", .modError)
                break match
            }
            var match = NetMatch(boards: boards, me: me)
            switch play(&match, link: &link, terminal: terminal, screen: &screen, game: game, wins: wins, bindings: bindings) {
            case .ended(let text, let code):
                (line, status) = (text, code)
                break match
            case .result(let result):
                if result == .won { wins[0] += 1 } else if result == .lost { wins[1] += 1 }
                let over = wins.contains { $0 > bestOf / 2 }
                screen.draw(terminal, match: match, game: game, wins: wins, note: result == .won ? "you won game \(game)" : result == .lost ? "you lost game \(game)" : "game \(game) is a draw")
                pause(terminal, milliseconds: over ? 1_000 : resultMilliseconds, link: &link)
                if over {
                    line = wins[0] > wins[1] ? "you won the match \(wins[0])-\(wins[1])" : "you lost the match \(wins[0])-\(wins[1])"
                    try? link.send(.bye(reason: "match over"))
                    break match
                }
                game += 1
            }
        }
        link.drain(milliseconds: 500)
        // A signal was acted on (the peer told, a line below): exit 1 as documented, not by the signal.
        terminal.close(signalHandled: true)
        if status == .success { say("hanjul versus: \(line)") } else { StandardError.write("hanjul versus: \(line)") }
        fflush(nil)
        return status
    }

    /// Waits out `milliseconds`, still reading the peer (whose last messages of a game are ignored).
    static func pause(_ terminal: TerminalSession, milliseconds: UInt64, link: inout PeerLink) {
        let end = SystemClock.monotonic.milliseconds() + milliseconds
        while SystemClock.monotonic.milliseconds() < end {
            _ = terminal.waitForEvents(timeoutMilliseconds: 50, alsoWatching: link.descriptor.rawValue)
            try? link.flush()
        }
    }

    /// Says ready for `game` and waits for the peer's ready (nil: both ready).
    static func waitReady(_ link: inout PeerLink, game: Int, terminal: TerminalSession, screen: inout VersusText, wins: [Int],
                          bindings: KeyBindings) -> Stop? {
        do throws(LinkError) { try link.send(.ready(game: game)) } catch { return .ended("\(error); match ended", .failure) }
        screen.waiting(terminal, game: game, wins: wins)
        let started = SystemClock.monotonic.milliseconds()
        while true {
            if SystemClock.monotonic.milliseconds() - started > UInt64(VersusCommand.stallMilliseconds) {
                try? link.send(.bye(reason: "no READY"))
                return .ended("the peer did not start game \(game) within \(VersusCommand.stallMilliseconds / 1000) s; match ended", .failure)
            }
            for event in terminal.waitForEvents(timeoutMilliseconds: 100, alsoWatching: link.descriptor.rawValue) {
                if let stop = leaving(event, link: &link, bindings: bindings) { return stop }
            }
            do throws(LinkError) {
                try link.flush()
                let messages = try link.takeAll(now: SystemClock.monotonic.nanoseconds())
                for (index, message) in messages.enumerated() {
                    switch message {
                    case .ready(let number) where number == game:
                        // What came with it belongs to the game.
                        link.unread(messages[(index + 1)...])
                        return nil
                    case .ready(let number):
                        try? link.send(.bye(reason: "READY \(number) while game \(game) was next"))
                        return .ended("the peer sent an impossible input: ready for game \(number) while game \(game) was next; match ended", .failure)
                    case .bye(let reason): return .ended("the peer left the match: \(VersusMessage.printable(reason))", .failure)
                    case .hello:
                        try? link.send(.bye(reason: "HELLO after the handshake"))
                        return .ended("the peer sent an impossible input: a second hello; match ended", .failure)
                    default: continue  // the end of the game before: its result is settled
                    }
                }
            } catch {
                return .ended("\(error); match ended", .failure)
            }
        }
    }

    /// A terminal event that ends the match (q, Ctrl-C, a signal, the terminal gone).
    static func leaving(_ event: TerminalEvent, link: inout PeerLink, bindings: KeyBindings) -> Stop? {
        switch event {
        case .keys(let keys):
            for key in keys where key.kind != .release {
                if bindings.control(for: key.key) == .quit || key.key == .control("c") {
                    try? link.send(.bye(reason: "the player left"))
                    return .ended("you left the match", .success)
                }
            }
            return nil
        case .terminate(let signal):
            try? link.send(.bye(reason: "the player's program was stopped"))
            return .ended("stopped by \(signalName(signal)); match ended", .failure)
        case .inputClosed:
            try? link.send(.bye(reason: "the player's terminal closed"))
            return .ended("the terminal closed; match ended", .failure)
        default: return nil
        }
    }

    /// `SIGTERM` for 15: the name a player knows.
    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        case SIGINT: "SIGINT"
        case SIGQUIT: "SIGQUIT"
        default: "signal \(signal)"
        }
    }

    /// Plays one game to its result, or to the end of the match.
    static func play<R: Rules>(_ match: inout NetMatch<RefereeBoards<R>>, link: inout PeerLink, terminal: TerminalSession,
                     screen: inout VersusText, game: Int, wins: [Int], bindings: KeyBindings) -> Stop {
        let start = SystemClock.monotonic.milliseconds()
        var lastHeard = start, lastBeat: UInt64 = 0, lastDrawn: UInt64 = 0
        func now() -> UInt64 { SystemClock.monotonic.milliseconds() - start }
        func end(_ line: String, bye: String) -> Stop {
            match.outbox = []
            try? link.send(.bye(reason: bye))
            return .ended(line + "; match ended", .failure)
        }
        while true {
            let events = terminal.waitForEvents(timeoutMilliseconds: 15, alsoWatching: link.descriptor.rawValue)
            var time = now()
            match.tick(at: time)
            for event in events {
                if let stop = leaving(event, link: &link, bindings: bindings) { return stop }
                guard case .keys(let keys) = event else {
                    if case .resized = event { screen.invalidate() }
                    continue
                }
                for key in keys where key.kind != .release {
                    if let action = bindings.control(for: key.key)?.action, VersusMessage.playerActions.contains(action) {
                        time = now()
                        match.local(action, at: time)
                    }
                }
            }
            do throws(LinkError) {
                let messages = try link.takeAll(now: SystemClock.monotonic.nanoseconds())
                if !messages.isEmpty { lastHeard = SystemClock.monotonic.milliseconds() }
                for message in messages {
                    if case .bye(let reason) = message {
                        if let result = match.result { return .result(result) }
                        return .ended("the peer left the match: \(VersusMessage.printable(reason))", .failure)
                    }
                    do throws(ImpossibleInput) { try match.receive(message, wallMilliseconds: now()) } catch {
                        return end("\(error)", bye: "impossible input: \(error.what)")
                    }
                }
            } catch {
                match.outbox = []
                return .ended("\(error); match ended", .failure)
            }
            time = now()
            if let failure = match.boards.failure {
                try? link.send(.bye(reason: "the rules failed"))
                return .ended("the rules failed: \(failure); match ended", .modError)
            }
            if let ignored = match.ignoredGarbage {
                return end("the peer ignored garbage (attack \(ignored.attack), sent at \(VersusTime.seconds(ignored.sent)), not taken by \(VersusTime.seconds(match.peerMilliseconds)))",
                           bye: "garbage not taken")
            }
            if SystemClock.monotonic.milliseconds() - lastHeard > UInt64(VersusCommand.stallMilliseconds) {
                return end("the peer sent nothing for \(VersusCommand.stallMilliseconds / 1000) s", bye: "no message for 10 s")
            }
            if time >= lastBeat + heartbeatMilliseconds {
                lastBeat = time
                match.heartbeat(at: time)
            }
            do throws(LinkError) {
                for message in match.outbox { try link.send(message) }
                match.outbox = []
                try link.flush()
            } catch {
                return .ended("\(error); match ended", .failure)
            }
            if let result = match.result {
                // The loser may not know yet: this side's time, past the end, decides it there.
                match.heartbeat(at: now())
                for message in match.outbox { try? link.send(message) }
                match.outbox = []
                return .result(result)
            }
            if time >= lastDrawn + 33 {
                lastDrawn = time
                screen.draw(terminal, match: match, game: game, wins: wins, note: nil)
            }
        }
    }
}
