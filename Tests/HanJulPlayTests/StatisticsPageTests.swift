import HanJulCore
@testable import HanJulPlay
import HanJulRender
import HanJulTerminal
import Testing

/// The end-of-game statistics page (issue 21 item 3): Tab from the end screen and in the
/// replay viewer; the replay viewer's statistics column.
@Suite("statistics page")
struct StatisticsPageTests {
    @Test("the page lists pieces, PPS, keys per piece, finesse, clears by kind, spins, combo, B2B and time, aligned")
    func pageText() {
        var statistics = PlayStatistics()
        statistics.count(StatisticsTests.facts(lines: 4, combo: 1))
        statistics.count(StatisticsTests.facts(lines: 2, spin: .full, combo: 2, backToBack: true))
        statistics.presses = 7
        statistics.finesseFaults = 1
        let text = statistics.pageText(milliseconds: 4_000)
        #expect(text == """
            Pieces             2
            PPS             0.50
            Keys/piece      3.50
            Finesse            1
            Singles            0
            Doubles            1
            Triples            0
            Quads              1
            T-spins            1
            Max combo          1
            B2B                1
            Time        0:04.000
            """, "\(text)")
    }

    @Test("Tab on the end screen shows the statistics page and Tab again the results; r still starts a new game")
    func endScreen() {
        var clock = ManualClock()
        var t = 10
        while !clock.game.game.state.isOver && t < 20_000 {
            clock.press(.space, at: t)
            clock.release(.space, at: t + 1)
            t += 20
        }
        // The name prompt first (a first game makes the table): Esc keeps the name.
        clock.press(.escape, at: t + 1_000)
        #expect(clock.screen.contains("GAME OVER") && clock.screen.contains("Tab statistics"), "\(clock.screen)")
        clock.press(.tab, at: t + 1_100)
        let page = clock.screen
        #expect(page.contains("STATISTICS") && page.contains("Keys/piece") && page.contains("Finesse"), "\(page)")
        #expect(page.range(of: #"Pieces +\#(clock.game.statistics.pieces)\b"#, options: .regularExpression) != nil, "\(page)")
        clock.press(.tab, at: t + 1_200)
        #expect(clock.screen.contains("GAME OVER") && !clock.screen.contains("Keys/piece"), "\(clock.screen)")
        clock.press(.tab, at: t + 1_300)
        clock.press(.character("r"), at: t + 1_400)
        #expect(!clock.game.game.state.isOver && !clock.screen.contains("STATISTICS") && clock.game.ending?.showsStatistics != true)
    }

    @Test("the replay viewer: the statistics column follows the position; Tab shows the page")
    func replayViewer() {
        let replay = ReplaySeekTests.replay()
        var clock = ReplaySeekTests.session(replay) { StandardRules() }
        #expect(clock.screen.contains("PIECES       0") && clock.screen.contains("FINESSE"), "\(clock.screen)")
        clock.press(.character("p"), at: 10)
        clock.press(.character("]"), at: 20)
        clock.press(.character("]"), at: 30)
        let screen = ReplaySeekTests.screen(clock)
        let pieces = screen.game.state.piecesLocked
        #expect(pieces > 0 && screen.timeline.statistics[screen.index].pieces == pieces)
        #expect(clock.screen.range(of: #"PIECES +\#(pieces)\b"#, options: .regularExpression) != nil, "\(clock.screen)")
        clock.press(.tab, at: 40)
        #expect(clock.screen.contains("STATISTICS") && clock.screen.range(of: #"Pieces +\#(pieces)\b"#, options: .regularExpression) != nil,
                "\(clock.screen)")
        clock.press(.tab, at: 50)
        #expect(!clock.screen.contains("STATISTICS"))
    }

    @Test("D10: BEST in the replay panel reads the best of the replay's table")
    func replayBest() {
        let replay = ReplaySeekTests.replay()
        let store = MemoryStore()
        store.tables["standard"] = [HighScore(score: 4_321, lines: 12, level: 2, date: "2025-02-01 10:00", seed: "4"),
                                    HighScore(score: 99, lines: 1, level: 1, date: "2025-02-02 10:00", seed: "5")]
        let clock = ManualClock(session: .replay(replay, provider: .standard, rules: StandardRules(),
                                                 config: PlayConfig(style: .monochrome, colorMode: .none),
                                                 size: Size(width: 80, height: 24), now: 0, environment: ManualClock.environment(store)),
                                store: store)
        #expect(clock.screen.range(of: #"BEST +4321"#, options: .regularExpression) != nil, "\(clock.screen)")
    }
}
