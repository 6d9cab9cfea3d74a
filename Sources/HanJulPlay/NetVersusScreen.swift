import HanJulCore
import HanJulNet
import HanJulRender
import HanJulSystem
import HanJulTerminal

/// What a network match is played under (`hanjul versus`), agreed at the handshake.
public struct NetVersusTerms: Equatable, Sendable {
    /// This process's side: the host 0, the joiner 1.
    public var me: Int
    /// The match seed (the host's) and the games in the match.
    public var seed: UInt64
    public var bestOf: Int
    /// The mods both play under, in order (empty: the standard rules), and who the peer is.
    public var mods: [String]
    public var peerName: String

    public init(me: Int, seed: UInt64, bestOf: Int, mods: [String], peerName: String) {
        self.me = me
        self.seed = seed
        self.bestOf = bestOf
        self.mods = mods
        self.peerName = peerName
    }

    /// Wins that take the match.
    public var winsNeeded: Int { (bestOf + 1) / 2 }

    /// Game `game`'s seed (1-based) from the match seed: the `game`th output of SplitMix64.
    public static func gameSeed(_ seed: UInt64, game: Int) -> UInt64 {
        var mix = SplitMix64(seed: seed)
        var value = mix.next()
        for _ in 1..<max(1, game) { value = mix.next() }
        return value
    }
}

/// A versus match over the network, as a screen of the play session: this side's board
/// (side `me`, played through the game's own handling, `Handling` and `KeyHolds`, as in
/// `GameScreen` and `VersusScreen`) and the peer's, re-simulated from the messages the
/// peer sends (`NetMatch`, every one checked). The connection is the driver's: messages
/// come in as `PlayInput.peer` and go out as `PlayEffect.send`. What this side sends is
/// exactly the timed actions its handling played, each at a whole millisecond of its game
/// clock, so the peer's copy plays the same game. READY/GO before each game, the result
/// between games, the match's end on a screen that waits for a key (Enter: a rematch when
/// both ask, q: leave), the match saved as an .hjvs with a versus table row.
struct NetVersusScreen<R: Rules>: PlayScreen {
    enum Mode: Equatable {
        /// READY for `game` sent at `since` (monotonic); the peer's not yet here.
        case waiting(since: UInt64)
        /// Both ready: GO at `until` (monotonic), when the game's clock starts at 0.
        case countdown(until: UInt64)
        case playing
        /// A game's result shown until `until`; then READY for the next.
        case between(until: UInt64)
        /// The match is over; Enter asks for a rematch, q leaves.
        case over
        /// This side asked for a rematch; the peer's ask not yet here.
        case rematchAsked
    }

    /// How long the result of a game shows, a game's heartbeat, and the silences that end a match.
    static var resultNanoseconds: UInt64 { 2_000_000_000 }
    static var heartbeatMilliseconds: UInt64 { 250 }
    static var silenceNanoseconds: UInt64 { 10_000_000_000 }
    /// READY before each game: the same on both sides whatever their settings (the peer's
    /// times may run at most `NetMatch.aheadMilliseconds` ahead of this side's clock).
    static var countdownMilliseconds: Int { 1_500 }

    var terms: NetVersusTerms
    var config: PlayConfig
    var size: Size
    var mode: Mode
    /// The game on the boards (1-based) and the games won by this side and the peer.
    var game = 1
    var wins = [0, 0]
    var match: NetMatch<RefereeBoards<R>>
    /// The rules of the next game, made before it is due (a mod's Lua states are one game's).
    var nextSides: [VersusRules<R>]?
    /// The game the peer said READY for, and the peer's rematch (its seed when it hosts).
    var peerReady: Int?
    var peerRematch: UInt64??
    /// The seed this side's rematch ask carried (the host's is the new match's).
    var ownRematch: UInt64??
    var peerLeft: String?
    var record: VersusReplay
    var saved = false
    /// Whether READY for the first game went out (with the session's first input).
    var readySent = false
    /// The game's play clock, and the whole millisecond last played at.
    var playClock: PlayClock
    var stamped: UInt64 = 0
    var lastHeard: UInt64
    var lastBeat: UInt64 = 0
    var holds: KeyHolds
    var countdownKeys: KeyHolds
    var handling: Handling
    var effects: [ScreenEffect] = []
    var outbox: [VersusMessage] = []
    /// What the box says between games and at the match's end (`overLines`, the result and
    /// what saving said, then the rematch as it stands).
    var message: [String] = []
    var overLines: [String] = []
    /// Whether the boards are the coming game's still (the first game's, made with the screen).
    var boardsFresh = true
    /// Whether the session is being left (a quit went out).
    var ended = false

    var me: Int { terms.me }
    var peer: Int { 1 - terms.me }

    /// `sides`: the first game's rules (made by the caller, so rules that do not load fail
    /// before the terminal is touched).
    init(terms: NetVersusTerms, sides: [VersusRules<R>], config: PlayConfig, size: Size, reportsReleases: Bool, now: UInt64) {
        self.terms = terms
        self.config = config
        self.size = size
        mode = .waiting(since: now)
        match = NetMatch(boards: RefereeBoards(sides: sides, seed: NetVersusTerms.gameSeed(terms.seed, game: 1)), me: terms.me)
        record = Self.record(terms, modLocks: sides.first?.rules.identity.mods ?? [])
        playClock = PlayClock(at: now)
        lastHeard = now
        holds = KeyHolds(reportsReleases: reportsReleases)
        countdownKeys = holds
        handling = Handling(settings: config.handling)
    }

    static func record(_ terms: NetVersusTerms, modLocks: [RulesIdentity.Mod]) -> VersusReplay {
        var record = VersusReplay(mods: terms.mods, bot: "peer", piecesPerSecond: 1, bestOf: terms.bestOf, seed: terms.seed)
        record.announced = true
        record.you = terms.me
        record.modLocks = modLocks
        return record
    }


    var isRunning: Bool { mode == .playing && match.result == nil }

    // MARK: - Inputs

    mutating func handle(_ input: PlayInput, at now: UInt64, environment: ScreenEnvironment) -> [ScreenEffect] {
        effects = []
        outbox = []
        if !readySent {
            readySent = true
            mode = .waiting(since: now)
            outbox.append(.ready(game: 1))
        }
        advance(to: now, environment: environment)
        switch input {
        case .key(let event):
            key(event, at: now, environment: environment)
        case .peer(let messages):
            lastHeard = now
            for message in messages where !ended { receive(message, at: now, environment: environment) }
        case .peerLost(let line):
            if mode == .over || mode == .rematchAsked {
                peerLeft = line
                showOver()
            } else {
                end(line + "; match ended", .failed, bye: nil, environment)
            }
        case .resized(let newSize):
            size = newSize
            effects.append(.redrawAll)
        case .keyEvents(let reported):
            keysReported(reported)
        case .background(let light):
            config.noteBackground(light: light)
            effects.append(.redrawAll)
        case .resumed:
            effects.append(.redrawAll)
        case .suspendRequested:
            // A network game cannot stop the other player's clock: no pause, no suspend.
            break
        case .terminate(let signal):
            end("stopped by \(Self.signalName(signal)); match ended", .failed, bye: "the player's program was stopped", environment)
        case .inputClosed:
            end("the terminal closed; match ended", .failed, bye: "the player's terminal closed", environment)
        case .answer(.versusSidesMade(let made)):
            switch made {
            case .success(let made): nextSides = made.sides(as: R.self)
            case .failure(let failure):
                end("the rules failed to start game \(game): \(failure.message)", .rulesFailed, bye: "the rules failed to start a game", environment)
            }
        case .answer(.versusMatchSaved(let lines)):
            overLines += [""] + lines
            showOver()
        case .tick, .modsChanged, .replayNotSaved, .answer:
            break
        }
        checkTimers(at: now, environment: environment)
        startIfReady(at: now)
        if !outbox.isEmpty || !match.outbox.isEmpty {
            let sending = match.outbox + outbox
            match.outbox = []
            outbox = []
            // Before a quit: the BYE goes out first.
            effects.insert(.send(sending), at: effects.firstIndex { if case .effect(.quit) = $0 { true } else { false } } ?? effects.count)
        }
        return effects
    }

    mutating func key(_ event: KeyEvent, at now: UInt64, environment: ScreenEnvironment) {
        let control = config.bindings.control(for: event.key)
        if event.kind == .press, control == .quit || event.key == .control("c") {
            if mode == .over || mode == .rematchAsked {
                end(matchLine, .finished, bye: "match over", environment)
            } else {
                end("you left the match", .finished, bye: "the player left", environment)
            }
            return
        }
        switch mode {
        case .countdown:
            countdownKey(event, at: now)
        case .playing where match.result == nil:
            guard control != nil else { return }
            play(event, environment: environment)
            finishIfDecided(at: now, environment: environment)
        case .over where event.kind == .press && (event.key == .enter || event.key == .character("r")):
            guard peerLeft == nil else { return }
            ownRematch = .some(me == 0 ? environment.newSeed() : nil)
            outbox.append(.rematch(seed: ownRematch!))
            mode = .rematchAsked
            showOver()
            startRematchIfAgreed(at: now)
        default:
            if event.kind == .press, event.key == .control("l") { effects.append(.redrawAll) }
        }
    }

    /// The line said when the match was played to its end.
    var matchLine: String {
        let score = "\(wins[0])-\(wins[1])"
        return wins[0] > wins[1] ? "you won the match \(score)" : wins[0] < wins[1] ? "you lost the match \(score)" : "the match is a draw \(score)"
    }

    /// Ends the session with `line` (said after the terminal is restored), the match saved
    /// and the peer told (`bye`, nil when it is the peer that went).
    mutating func end(_ line: String, _ how: VersusEnd, bye: String?, _ environment: ScreenEnvironment) {
        guard !ended else { return }
        ended = true
        saveMatch(environment)
        match.outbox = []
        if let bye { outbox.append(.bye(reason: bye)) }
        effects.append(.quit(.versusEnded(line: line, how)))
    }

    static func signalName(_ signal: Int32) -> String { SystemProcess.signalName(signal) }

    func deadline() -> UInt64? {
        let silence = lastHeard &+ Self.silenceNanoseconds
        if !readySent { return playClock.wall }
        switch mode {
        case .waiting(let since): return since &+ Self.silenceNanoseconds
        case .countdown(let until): return min(until, playClock.wall &+ 100_000_000, silence)
        case .between(let until): return until
        case .over, .rematchAsked: return nil
        case .playing: break
        }
        guard isRunning else { return nil }
        return min(wakeTime([stamped &* 1_000_000 &+ Self.heartbeatMilliseconds * 1_000_000, match.boards.nextDeadline(side: me)]), silence)
    }

    // MARK: - Drawing

    func frame() -> Frame { VersusLayout.frame(for: scene(), size: size) }

    func scene() -> VersusScene {
        let boards = match.boards
        let sides = [me, peer].map { side -> VersusSideView in
            let state = boards.state(side)
            let counters = boards.counters(side)
            return VersusSideView.of(state: state, rules: boards.live.sides[side].rules, title: side == me ? "YOU" : "PEER",
                                     incoming: boards.incoming(side), showsGhost: side == me && config.showsGhost, config: config, figures: [
                                        VersusFigure("PCS", "\(state.piecesLocked)"), VersusFigure("LINES", "\(state.lines)"),
                                        VersusFigure("ATK", "\(counters.attack)"), VersusFigure("RECV", "\(counters.received)"),
                                     ])
        }
        let heading = "YOU \(wins[0]) : \(wins[1]) PEER \(terms.peerName)  \u{00B7}  game \(game), best of \(terms.bestOf)"
        var box: [String] = []
        switch mode {
        case .waiting: box = ["waiting for the peer", "to start game \(game)", "", "q leaves"]
        case .countdown(let until):
            box = ["READY", "", playClock.countdownText(until: until)]
        case .between, .over, .rematchAsked: box = message
        case .playing: break
        }
        return VersusScene(sides: sides, heading: heading, box: box, hint: "q leaves", style: config.style)
    }
}

extension NetVersusScreen: HandlingHost {
    var bindings: KeyBindings { config.bindings }
    var playerState: GameState { match.boards.state(me) }
    var playerIsDone: Bool { match.boards.isOver(side: me) || match.result != nil }
}

extension PlaySession {
    /// A session playing a network match (`hanjul versus`), once the handshake agreed on
    /// `terms`: `make` gives each side's rules for each game (the first game's are made here,
    /// so rules that fail are reported before the terminal is touched).
    public static func network<R: Rules>(terms: NetVersusTerms, make: @escaping () throws -> VersusRules<R>, config: PlayConfig, size: Size,
                                         reportsReleases: Bool = false, now: UInt64, environment: PlayEnvironment) throws -> PlaySession {
        let screen = NetVersusScreen(terms: terms, sides: [try make(), try make()], config: config, size: size,
                                     reportsReleases: reportsReleases, now: now)
        var session = PlaySession(screen: screen, environment: environment, now: now)
        session.layers[0].versusSides = MadeVersusSides.source(make)
        session.reportsReleases = reportsReleases
        return session
    }
}
