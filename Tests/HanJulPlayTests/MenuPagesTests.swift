import HanJulCore
@testable import HanJulPlay
@testable import HanJulPlayerFiles
import HanJulRender
import HanJulTerminal
import Testing

/// Start-screen pages as a racer reads them (issue 21 D9 and the Settings columns).
@Suite("start screen pages, issue 21")
struct MenuPagesTests {
    static func menu(_ store: MemoryStore, width: Int) -> ManualClock {
        let session = PlaySession.menu(launcher: LauncherLog().launcher(MenuScreenTests.mods),
                                       config: PlayConfig(style: .monochrome, colorMode: .none), settings: .defaults,
                                       size: Size(width: width, height: 30), environment: ManualClock.environment(store))
        return ManualClock(session: session, store: store)
    }

    /// The presses of ↓ from the top of the start screen to `item`, numbered from 1.
    static func steps(to item: String) -> ClosedRange<Int> { 1...MenuScreen.items.firstIndex(of: item)! }

    @Test("D9: a sprint table in a 133-column window shows its DATE column whole")
    func sprintTableDate() {
        let store = MemoryStore()
        store.tables["sprint@1.1.0"] = [HighScore(score: 300, lines: 40, level: 1, result: 81_234, resultLabel: "time", resultUnit: "ms",
                                                  date: "2026-12-01 22:14", seed: "8", name: "Kim Ha")]
        var clock = Self.menu(store, width: 133)
        for t in Self.steps(to: "High scores") { clock.press(MenuScreenTests.down, at: t * 10) }
        clock.press(.enter, at: 40)
        clock.press(.enter, at: 50)
        #expect(clock.screen.contains("DATE") && clock.screen.contains("2026-12-01 22:14"), "\(clock.screen)")
        #expect(clock.screen.contains("1:21.234") && clock.screen.contains("Kim Ha"))
    }

    @Test("Settings: every description starts in one column")
    func settingsColumns() {
        var clock = Self.menu(MemoryStore(), width: 100)
        for t in Self.steps(to: "Settings") { clock.press(MenuScreenTests.down, at: t * 10) }
        clock.press(.enter, at: 40)
        let lines = clock.session.frame.lines
        let described = ["auto-shift", "next pieces shown", "colours (auto", "bind keys"]
        var columns: Set<Int> = []
        for line in lines {
            for field in HandlingSettings.fields where line.contains(field.summary) {
                columns.insert(line.distance(from: line.startIndex, to: line.range(of: field.summary)!.lowerBound))
            }
            for text in described.dropFirst() where line.contains(text) {
                columns.insert(line.distance(from: line.startIndex, to: line.range(of: text)!.lowerBound))
            }
        }
        #expect(columns.count == 1, "\(columns): \(clock.screen)")
    }

    @Test("Replays: each saved game with its date, mode and result or score; q in the replay viewer goes back to the list (D11)")
    func replaysPage() {
        let store = MemoryStore()
        var sprint = ReplayListing(path: "/r/20261201-221400-8.hjr", rules: "sprint 1.1.0", actions: 300)
        sprint.date = FileStore.date(ofReplayNamed: "20261201-221400-8.hjr")
        sprint.outcome = "1:21.234"
        var standard = ReplayListing(path: "/r/20261130-090000-7.hjr", rules: "standard", actions: 120)
        standard.date = FileStore.date(ofReplayNamed: "20261130-090000-7.hjr")
        standard.outcome = "score 1200, 12 lines"
        store.replayList = [sprint, standard]
        #expect(FileStore.date(ofReplayNamed: "a.hjr") == nil && FileStore.date(ofReplayNamed: "2026120x-221400-8.hjr") == nil)
        let replay = ReplaySeekTests.replay()
        var launcher = LauncherLog().launcher(MenuScreenTests.mods)
        launcher.replay = { _, config, size, now, environment in
            .success(PlaySession.replay(replay, provider: .standard, rules: StandardRules(), config: config, size: size, now: now, environment: environment))
        }
        let session = PlaySession.menu(launcher: launcher, config: PlayConfig(style: .monochrome, colorMode: .none), settings: .defaults,
                                       size: Size(width: 100, height: 30), environment: ManualClock.environment(store))
        var clock = ManualClock(session: session, store: store)
        for t in Self.steps(to: "Replays") { clock.press(MenuScreenTests.down, at: t * 10) }
        clock.press(.enter, at: 50)
        #expect(clock.screen.contains("2026-12-01 22:14  sprint 1.1.0  1:21.234"), "\(clock.screen)")
        #expect(clock.screen.contains("2026-11-30 09:00  standard  score 1200, 12 lines"), "\(clock.screen)")
        clock.press(.enter, at: 60)
        #expect(clock.screen.contains("REPLAY"), "watching: \(clock.screen)")
        clock.press(.character("q"), at: 70)
        #expect(clock.screen.contains("Replays (newest first)") && clock.screen.contains("sprint 1.1.0  1:21.234"), "back to the list: \(clock.screen)")
    }
}
