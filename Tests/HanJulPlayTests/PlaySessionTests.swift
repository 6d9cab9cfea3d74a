import HanJulCore
@testable import HanJulPlay
import HanJulRender
import HanJulTerminal
import Testing

/// The play session in-process, with a manual clock: pause, help, notices, the clock,
/// resizes, hot reload, the game's end, quitting and signals.
@Suite("play session")
struct PlaySessionTests {
    @Test("gravity: a row every 700 ms of play")
    func gravity() {
        var clock = ManualClock()
        clock.run(to: 2_200)
        #expect(clock.times(of: .gravity) == [700, 1_400, 2_100])
    }

    @Test("pause stops the clock: no gravity while paused, and the interval goes on where it was")
    func pauseStopsTheClock() {
        var clock = ManualClock()
        clock.press(.character("p"), at: 300)
        #expect(clock.screen.contains("PAUSED"))
        clock.run(to: 5_000)
        #expect(clock.times(of: .gravity).isEmpty)
        clock.press(.character("p"), at: 5_000)
        clock.run(to: 5_500)
        // 300 ms were played before the pause: the first step comes 400 ms after it ends.
        #expect(clock.times(of: .gravity) == [700])
        #expect(clock.game.clock == ManualClock.ns(800))
    }

    @Test("the help stops the clock; any key closes it to the pause, p plays on")
    func help() {
        var clock = ManualClock()
        clock.press(.character("?"), at: 200)
        #expect(clock.screen.contains("KEYS") && clock.screen.contains("hard drop Space"))
        clock.run(to: 3_000)
        clock.press(.character("x"), at: 3_000)
        #expect(clock.screen.contains("PAUSED"))
        clock.press(.character("p"), at: 3_100)
        clock.run(to: 3_700)
        #expect(clock.times(of: .gravity) == [700])
    }

    @Test("keys released while paused are forgotten: a held → does not shift after the pause")
    func pauseForgetsHeldKeys() {
        var clock = HandlingTests.withT()
        clock.press(.right, at: 500)
        clock.press(.character("p"), at: 520)
        clock.release(.right, at: 600)
        clock.press(.character("p"), at: 1_000)
        clock.run(to: 2_000)
        #expect(clock.times(of: .right) == [500])
    }

    @Test("a terminal too small pauses and says what it needs; grown back, the game is paused")
    func tooSmall() {
        var clock = ManualClock()
        clock.at(100, .resized(Size(width: 20, height: 10)))
        #expect(clock.screen.contains("need") && clock.screen.contains("have 20×10"))
        clock.run(to: 3_000)
        #expect(clock.times(of: .gravity).isEmpty)
        clock.at(3_000, .resized(Size(width: 80, height: 24)))
        #expect(clock.screen.contains("PAUSED"))
    }

    @Test("stopped from outside and continued: the time stopped is not play time, and the game is paused")
    func resumed() {
        var clock = ManualClock()
        clock.run(to: 500)
        let effects = clock.at(60_000, .resumed)
        #expect(effects.contains(.redrawAll))
        #expect(clock.screen.contains("PAUSED"))
        #expect(clock.game.clock == ManualClock.ns(500))
        #expect(clock.times(of: .gravity).isEmpty)
    }

    @Test("Ctrl-Z draws the pause, then suspends; Ctrl-L redraws everything")
    func suspendAndRedraw() {
        var clock = ManualClock()
        let effects = clock.at(100, .key(.press(.control("z"))))
        guard effects.count == 2, case .draw(let frame) = effects[0] else {
            Issue.record("\(effects)")
            return
        }
        #expect(frame.text.contains("PAUSED") && effects[1] == .suspend)
        #expect(clock.at(200, .key(.press(.control("l")))).first == .redrawAll)
    }

    @Test("the game's end: the board stays visible, the summary beside it, the replay saved, the score ranked")
    func gameOver() {
        var clock = ManualClock()
        var ms = 100
        while !clock.game.game.state.isOver && ms < 10_000 {
            clock.press(.space, at: ms)
            clock.release(.space, at: ms + 5)
            ms += 20
        }
        // A first game makes the top 10: the name prompt is up; Esc keeps the name.
        #expect(clock.screen.contains("saved as "))
        clock.press(.escape, at: ms)
        ms += 10
        let text = clock.screen
        #expect(text.contains("GAME OVER") && text.contains("no room for the next piece"))
        #expect(text.contains("r new game · q quit"))
        // The board's left border and its cells are all there: the box is beside it.
        let rows = text.split(separator: "\n").filter { $0.contains("│ ") }
        #expect(rows.count >= 20 && rows.allSatisfy { $0.contains("[]") || $0.contains(" .") })
        let saved = clock.effects.compactMap { effect -> String? in
            if case .saveReplay(_, let name) = effect { return name } else { return nil }
        }
        #expect(saved == ["20250301-142233-1"])
        #expect(clock.store.tables["standard"]?.count == 1)
        // r starts again; q quits without saving the replay twice.
        clock.press(.character("r"), at: ms + 100)
        #expect(!clock.screen.contains("GAME OVER"))
        #expect(clock.at(ms + 200, .key(.press(.character("q")))) == [.quit(.quit)])
    }

    @Test("quitting after a piece locked saves the game's replay; quitting before saves nothing")
    func quitSaves() {
        var early = ManualClock()
        #expect(early.at(100, .key(.press(.character("q")))) == [.quit(.quit)])
        var later = ManualClock()
        later.press(.space, at: 100)
        let effects = later.at(200, .key(.press(.escape)))
        #expect(effects.count == 2 && effects.last == .quit(.quit))
        guard case .saveReplay(let replay, _)? = effects.first else {
            Issue.record("\(effects)")
            return
        }
        #expect(replay.actions == [.hardDrop] && replay.times == [100])
        #expect(replay.verify(with: Game(rules: StandardRules(), source: replay.source)) ==
                .match(checkpoints: replay.checkpoints.count, final: replay.checkpoints.last!))
    }

    @Test("a terminating signal saves the replay, then asks to die by the signal")
    func terminate() {
        var clock = ManualClock()
        clock.press(.space, at: 100)
        let effects = clock.at(300, .terminate(signal: 15))
        #expect(effects.count == 2 && effects.last == .exitBySignal(15))
        #expect(clock.at(400, .inputClosed).last == .quit(.inputClosed))
    }

    @Test("the help names every key one way: Ctrl-C, Ctrl-Z, Ctrl-L")
    func helpNames() {
        let lines = KeyBindings.defaults.helpLines(rules: Action.standard)
        #expect(lines == [
            "left      ← h a", "right     → l d", "rotate    ↑ k w", "soft drop ↓ j s", "hard drop Space",
            "pause     p", "new game  r", "quit      q Esc", "          Ctrl-C", "keys      ?",
            "suspend   Ctrl-Z", "redraw    Ctrl-L",
        ])
    }

    @Test("--ascii: the pause box and the help in ASCII, with | and < > arrows, no ?-for-unknown")
    func asciiHints() {
        var clock = ManualClock(style: .ascii)
        clock.press(.character("?"), at: 100)
        #expect(clock.screen.contains("left      < h a"))
        #expect(clock.screen.unicodeScalars.allSatisfy { $0.isASCII })
        var over = ManualClock(style: .ascii)
        var ms = 100
        while !over.game.game.state.isOver && ms < 10_000 {
            over.press(.space, at: ms)
            ms += 20
        }
        #expect(over.screen.contains("saved as (no name) | Enter ok |") && over.screen.contains("Backspace edit"), "\(over.screen)")
        over.press(.backspace, at: ms)
        #expect(over.screen.contains("your name: _ | Enter save | Esc keep"), "\(over.screen)")
        over.press(.escape, at: ms)
        #expect(over.screen.contains("r new game | q quit"))
    }
}

/// Hot reload between pieces, with a provider that counts its builds.
@Suite("play session: hot reload")
struct ReloadTests {
    final class Builds: @unchecked Sendable { var count = 0; var fail = false }

    static func clock(_ builds: Builds) -> ManualClock {
        let provider = RulesProvider<StandardRules>(
            make: {
                builds.count += 1
                return builds.fail ? .failure(RulesFailure("mod.lua:3: unexpected symbol")) : .success(StandardRules())
            },
            identity: { _ in RulesIdentity(name: "tweak", mods: [.init(id: "tweak", version: "1.0.\(builds.count)", sha256: "00")]) })
        let store = MemoryStore()
        // A mod's rules: no READY countdown in these tests (its own have one).
        return ManualClock(session: .game(provider: provider, rules: StandardRules(),
                                          config: PlayConfig(seed: 1, handling: HandlingSettings(countdown: 0), style: .monochrome, colorMode: .none),
                                          size: Size(width: 80, height: 24), reportsReleases: true, now: 0,
                                          environment: ManualClock.environment(store)), store: store)
    }

    @Test("a change is reloaded when the next piece enters, keeping the board; the replay is marked")
    func betweenPieces() {
        let builds = Builds()
        var clock = Self.clock(builds)
        // Built when the change is seen (the session answers the game's ask), played when
        // the next piece enters.
        clock.at(200, .modsChanged)
        #expect(builds.count == 1 && !clock.screen.contains("RELOADED"))
        clock.press(.space, at: 300)
        #expect(builds.count == 1)
        #expect(clock.screen.contains("RELOADED") && clock.screen.contains("tweak 1.0.1"))
        #expect(clock.game.recorder.replay.reloads == [1])
        // The notice stops the clock for three seconds (or until a key).
        clock.run(to: 3_200)
        #expect(clock.times(of: .gravity).isEmpty)
        clock.run(to: 4_100)
        #expect(clock.times(of: .gravity) == [700 + 300])
    }

    @Test("a reload that fails keeps the rules in play and says why")
    func failing() {
        let builds = Builds()
        builds.fail = true
        var clock = Self.clock(builds)
        clock.at(200, .modsChanged)
        clock.press(.space, at: 300)
        #expect(clock.screen.contains("RELOAD FAILED") && clock.screen.contains("mod.lua:3"))
        clock.press(.character("x"), at: 400)
        clock.press(.space, at: 500)
        #expect(clock.game.game.state.piecesLocked == 2)
    }

    @Test("two changes before the next piece: the rules built last are played")
    func lastChangeWins() {
        let builds = Builds()
        var clock = Self.clock(builds)
        clock.at(200, .modsChanged)
        clock.at(250, .modsChanged)
        #expect(builds.count == 2 && !clock.screen.contains("RELOADED"))
        clock.press(.space, at: 300)
        #expect(clock.screen.contains("RELOADED") && clock.screen.contains("tweak 1.0.2"), "\(clock.screen)")
        #expect(clock.game.recorder.replay.reloads == [1])
    }

    @Test("while paused, a change is reloaded at once")
    func whilePaused() {
        let builds = Builds()
        var clock = Self.clock(builds)
        clock.press(.character("p"), at: 100)
        clock.at(200, .modsChanged)
        #expect(builds.count == 1 && clock.screen.contains("RELOADED"))
    }
}

/// `hanjul replay FILE` as a session: speeds, pause and step.
@Suite("play session: replay playback")
struct ReplayPlaybackTests {
    static func session() -> ManualClock {
        var recorder = ReplayRecorder(rules: .standard, source: .seeded(3))
        var game = Game(rules: StandardRules(), source: .seeded(3))
        for action in [Action.left, .left, .hardDrop, .right, .hardDrop, .gravity, .hardDrop] {
            game.apply(action)
            recorder.record(action, after: 100, state: game.state)
        }
        let replay = recorder.finish(game.state)
        let store = MemoryStore()
        return ManualClock(session: .replay(replay, provider: .standard, rules: StandardRules(),
                                            config: PlayConfig(style: .monochrome, colorMode: .none),
                                            size: Size(width: 80, height: 24), now: 0, environment: ManualClock.environment(store)),
                           store: store)
    }

    var index: (ManualClock) -> Int = { ($0.session.screen as! ReplayScreen<StandardRules>).index }

    @Test("1x plays each action at its time; + doubles the speed; - halves it")
    func speeds() {
        var clock = Self.session()
        clock.run(to: 250)
        #expect(index(clock) == 2)
        #expect(clock.screen.contains("REPLAY 1x") && clock.screen.contains("action 2/7"))
        clock.press(.character("+"), at: 250)
        clock.run(to: 300)                     // 2x: 100 ms of replay in 50 ms
        #expect(index(clock) == 3)
        clock.press(.character("-"), at: 300)
        clock.press(.character("-"), at: 300)  // 1/2x: the 50 ms of replay left take 100 ms
        clock.run(to: 399)
        #expect(index(clock) == 3)
        clock.run(to: 400)
        #expect(index(clock) == 4 && clock.screen.contains("REPLAY 1/2x"))
        clock.run(to: 599)
        #expect(index(clock) == 4)
        clock.run(to: 600)
        #expect(index(clock) == 5)
    }

    @Test("paused, . steps one action, and the board stays visible (no box over it)")
    func step() {
        var clock = Self.session()
        clock.press(.character("p"), at: 50)
        clock.run(to: 5_000)
        #expect(index(clock) == 0 && clock.screen.contains("PAUSED"))
        clock.press(.character("."), at: 5_000)
        #expect(index(clock) == 1 && clock.screen.contains("action 1/7"))
        // All 20 rows of the board show: the piece that moved is not under a box.
        let rows = clock.screen.split(separator: "\n").filter { $0.contains("│ .") || $0.contains("│[]") }
        #expect(rows.count == 20, "\(clock.screen)")
        clock.run(to: 10_000)
        #expect(index(clock) == 1)
    }

    @Test("at the end: END OF REPLAY; r plays it again")
    func end() {
        var clock = Self.session()
        clock.run(to: 1_000)
        #expect(clock.screen.contains("END OF REPLAY"))
        clock.press(.character("r"), at: 1_000)
        #expect(index(clock) == 0 && !clock.screen.contains("END OF REPLAY"))
    }
}

/// Under rules with a lock delay the session tells the engine how long a resting piece has
/// waited (`W<ms>`), only while it rests.
@Suite("play session: lock delay")
struct LockDelaySessionTests {
    struct Delayed: Rules {
        var name: String { "delayed" }
        var lockDelay: LockDelay? { .guideline }
    }

    static func clock() -> ManualClock {
        let store = MemoryStore()
        let provider = RulesProvider<Delayed>(make: { .success(Delayed()) }, identity: { _ in RulesIdentity(name: "delayed") })
        return ManualClock(session: .game(provider: provider, rules: Delayed(),
                                          config: PlayConfig(seed: 1, handling: HandlingSettings(das: 150, arr: 50, softDrop: 0, dasCut: 17),
                                                             style: .monochrome, colorMode: .none),
                                          size: Size(width: 80, height: 24), reportsReleases: true, now: 0,
                                          environment: ManualClock.environment(store)), store: store)
    }

    var game: (ManualClock) -> GameScreen<Delayed> = { $0.session.screen as! GameScreen<Delayed> }

    @Test("a piece on the floor locks 500 ms after it landed, by one W500; no W while it falls")
    func locksAfterTheDelay() {
        var clock = Self.clock()
        clock.press(.down, at: 100)               // soft drop 0: to the floor at 100
        clock.release(.down, at: 120)
        clock.run(to: 599)
        #expect(game(clock).game.state.piecesLocked == 0)
        clock.run(to: 700)
        #expect(game(clock).game.state.piecesLocked == 1)
        let tokens = game(clock).recorder.replay.actions.map(\.token)
        #expect(tokens == Array(repeating: "D", count: 18) + ["W500"], "\(tokens)")
        #expect(game(clock).recorder.replay.times.last == 500)
    }

    @Test("a move while resting: the time so far, then the move (a reset), then the whole delay again")
    func moveResets() {
        var clock = Self.clock()
        clock.press(.down, at: 100)
        clock.release(.down, at: 120)
        clock.press(.left, at: 400)
        clock.release(.left, at: 410)
        clock.run(to: 899)
        #expect(game(clock).game.state.piecesLocked == 0)
        clock.run(to: 950)
        #expect(game(clock).game.state.piecesLocked == 1)
        // The gravity step at 700 finds the piece resting: the wait so far is told first.
        let tokens = game(clock).recorder.replay.actions.map(\.token).filter { $0 != "D" }
        #expect(tokens == ["W300", "L", "W300", "G", "W200"], "\(tokens)")
    }
}

@Suite("styles for the terminal")
struct StyleChoiceTests {
    @Test("--ascii keeps colour unless NO_COLOR; NO_COLOR alone is monochrome; 16 colours get distinct pieces")
    func choices() {
        #expect(RenderStyle.choose(ascii: true, environment: ["TERM": "xterm-256color"]) == (.asciiColor, .palette256))
        #expect(RenderStyle.choose(ascii: true, environment: ["TERM": "xterm-256color", "NO_COLOR": "1"]) == (.ascii, .none))
        #expect(RenderStyle.choose(ascii: false, environment: ["TERM": "xterm", "NO_COLOR": "1"]) == (.monochrome, .none))
        #expect(RenderStyle.choose(ascii: false, environment: ["TERM": "xterm"]) == (.color, .palette16))
        let colors = GameScreen<StandardRules>.colors(for: .standard, mode: .palette16) ?? []
        #expect(Set(colors).count == 7)
        #expect(GameScreen<StandardRules>.colors(for: .standard, mode: .trueColor) == nil)
    }
}

/// A hook failure the game goes on from (`Rules.warnings`, #22 item 1) is shown once, in a
/// notice over the board; play goes on after it.
@Suite("play session: hook warnings")
struct HookWarningNoticeTests {
    /// The standard rules, but hard drop points "fail" from the second drop on: reported
    /// once, as `LuaRules` reports a mod's failing `hard_drop_points`.
    final class FailingDropPoints: Rules, @unchecked Sendable {
        var name: String { "failing" }
        private(set) var warnings: [RuleError] = []
        func hardDropPoints(rows: Int) -> Int {
            if warnings.isEmpty {
                warnings.append(RuleError(mod: "bad", hook: "hard_drop_points", location: "Mods/bad/mod.lua:7",
                                          message: "returned a bad value (the game went on with the points before it: \(2 * rows))"))
            }
            return 2 * rows
        }
    }

    @Test("the first failure shows MOD WARNING with file:line; a key goes on; it is not shown again")
    func noticeOnce() {
        let provider = RulesProvider<FailingDropPoints>(make: { .success(FailingDropPoints()) }, identity: { _ in .standard })
        let store = MemoryStore()
        var clock = ManualClock(session: .game(provider: provider, rules: FailingDropPoints(),
                                               config: PlayConfig(seed: 1, style: .monochrome, colorMode: .none),
                                               size: Size(width: 80, height: 24), reportsReleases: true, now: 0,
                                               environment: ManualClock.environment(store)), store: store)
        #expect(!clock.screen.contains("MOD WARNING"))
        clock.press(.space, at: 100)
        #expect(clock.screen.contains("MOD WARNING"))
        #expect(clock.screen.contains("Mods/bad/mod.lua:7"))
        clock.press(.character("x"), at: 200)
        #expect(!clock.screen.contains("MOD WARNING"))
        clock.press(.space, at: 300)
        #expect(!clock.screen.contains("MOD WARNING"), "once per hook")
    }
}
