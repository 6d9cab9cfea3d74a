import HanJulCore
@testable import HanJulPlay
import HanJulRender
import HanJulTerminal
import Testing

/// Seeking in `hanjul replay FILE` (and Replays on the start screen): ±10%, a piece by
/// number, one action back, past the end, and a replay whose rules changed.
@Suite("play session: replay seek")
struct ReplaySeekTests {
    /// 40 pieces of the standard game (seed 3), each moved and hard-dropped, 100 ms apart.
    static func replay() -> Replay {
        var recorder = ReplayRecorder(rules: .standard, source: .seeded(3))
        var game = Game(rules: StandardRules(), source: .seeded(3))
        for piece in 0..<40 {
            for action in [piece % 2 == 0 ? Action.left : .right, piece % 3 == 0 ? .rotate : .gravity, .hardDrop] {
                guard !game.state.isOver else { break }
                game.apply(action)
                recorder.record(action, after: 100, state: game.state)
            }
        }
        return recorder.finish(game.state)
    }

    static func session<R: Rules>(_ replay: Replay, rules: @escaping () -> R) -> ManualClock {
        let store = MemoryStore()
        return ManualClock(session: .replay(replay, provider: RulesProvider(make: { .success(rules()) }, identity: { $0.identity }), rules: rules(),
                                            config: PlayConfig(style: .monochrome, colorMode: .none),
                                            size: Size(width: 80, height: 24), now: 0, environment: ManualClock.environment(store)),
                           store: store)
    }

    static func screen(_ clock: ManualClock) -> ReplayScreen<StandardRules> { clock.session.screen as! ReplayScreen<StandardRules> }

    @Test("→ and ] go on a tenth of the actions, ← and [ back a tenth; the bar and the piece show where")
    func tenths() {
        let replay = Self.replay()
        var clock = Self.session(replay) { StandardRules() }
        let count = replay.actions.count
        clock.press(.character("p"), at: 10)
        clock.press(.arrow(.right, []), at: 20)
        #expect(Self.screen(clock).index == count / 10)
        clock.press(.character("]"), at: 30)
        #expect(Self.screen(clock).index == 2 * (count / 10))
        clock.press(.arrow(.left, []), at: 40)
        #expect(Self.screen(clock).index == count / 10)
        #expect(clock.screen.contains("action \(count / 10)/\(count)"))
        clock.press(.character("["), at: 50)
        clock.press(.character("["), at: 60)
        #expect(Self.screen(clock).index == 0 && clock.screen.contains("at the start"))
    }

    @Test("g, a number and Enter go to the entry of that piece; the clock shows the replay's time there")
    func toPiece() {
        let replay = Self.replay()
        var clock = Self.session(replay) { StandardRules() }
        clock.press(.character("p"), at: 10)
        clock.press(.character("g"), at: 20)
        clock.press(.character("1"), at: 21)
        clock.press(.character("2"), at: 22)
        #expect(clock.screen.contains("go to piece: 12_"))
        clock.press(.enter, at: 23)
        let screen = Self.screen(clock)
        #expect(screen.timeline.piece == 12 && screen.game.state.piecesLocked == 11)
        #expect(clock.screen.contains("piece 12/"))
        #expect(screen.played == Double(screen.index * 100) * 1_000_000, "the replay's own time at that action")
        // The same state as playing the actions there one by one.
        var direct = Game(rules: StandardRules(), source: replay.source)
        for action in replay.actions.prefix(screen.index) { direct.apply(action) }
        #expect(direct.state == screen.game.state)
    }

    @Test(", steps back one action (and pauses); . steps forward; both show the board")
    func stepBack() {
        let replay = Self.replay()
        var clock = Self.session(replay) { StandardRules() }
        clock.run(to: 1_050)
        let at = Self.screen(clock).index
        #expect(at == 10)
        clock.press(.character(","), at: 1_050)
        #expect(Self.screen(clock).index == at - 1 && Self.screen(clock).paused)
        clock.press(.character(","), at: 1_060)
        clock.press(.character("."), at: 1_070)
        #expect(Self.screen(clock).index == at - 1)
        clock.run(to: 5_000)
        #expect(Self.screen(clock).index == at - 1, "paused")
    }

    @Test("a piece past the end stops at the last piece and says so; → at the end stays at the end")
    func pastTheEnd() {
        let replay = Self.replay()
        var clock = Self.session(replay) { StandardRules() }
        for (t, key) in [Key.character("g"), .character("9"), .character("9"), .character("9"), .enter].enumerated() {
            clock.press(key, at: 10 + t)
        }
        #expect(clock.screen.contains("no piece 999"))
        for t in 0..<12 { clock.press(.arrow(.right, []), at: 20 + t) }
        #expect(Self.screen(clock).isFinished && clock.screen.contains("END OF REPLAY"))
        clock.press(.character(","), at: 40)
        #expect(Self.screen(clock).index == replay.actions.count - 1)
    }

    /// The standard game under another name: what a replay meets when its mod changed.
    struct Changed: Rules {
        var name: String { "standard" }
        var identity: RulesIdentity { RulesIdentity(name: "standard", mods: [.init(id: "standard", version: "9.9", sha256: "00")]) }
        func lineClearPoints(lines: Int, level: Int, state: GameState) throws(RuleError) -> Int { 7 * lines }
    }

    @Test("a replay whose rules changed: the panel says so, and seeking still works under the rules loaded")
    func rulesChanged() {
        let replay = Self.replay()
        var clock = Self.session(replay) { Changed() }
        #expect(clock.screen.contains("! rules differ"))
        clock.press(.character("p"), at: 10)
        for (t, key) in [Key.character("g"), .character("5"), .enter].enumerated() { clock.press(key, at: 20 + t) }
        let screen = clock.session.screen as! ReplayScreen<Changed>
        #expect(screen.timeline.piece == 5)
        clock.press(.character(","), at: 30)
        #expect((clock.session.screen as! ReplayScreen<Changed>).index == screen.index - 1)
    }
}
