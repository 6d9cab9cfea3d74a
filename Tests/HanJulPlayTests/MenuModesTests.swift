import HanJulBot
import HanJulCore
@testable import HanJulPlay
@testable import HanJulPlayerFiles
import HanJulRender
import HanJulTerminal
import Testing

/// The start screen's Modes page and the Play row's Classic/Modern (#20 items 1 and 2).
@Suite("start screen: modes")
struct MenuModesTests {
    /// Every mod the modes use, as the catalog would list them.
    static let mods = ["guideline", "marathon", "sprint", "blitz", "master", "cheese", "cheese100", "survival", "combo", "zen"].map {
        ModChoice(id: $0, name: $0, version: "1.0.0", description: "")
    }

    static func menu(_ log: LauncherLog, store: MemoryStore = MemoryStore(), settings: PlayerSettings = .defaults,
                     mods: [ModChoice] = mods) -> ManualClock {
        let session = PlaySession.menu(launcher: log.launcher(mods), config: PlayConfig(style: .monochrome, colorMode: .none),
                                       settings: settings, size: Size(width: 80, height: 30),
                                       environment: ManualClock.environment(store))
        return ManualClock(session: session, store: store)
    }

    @Test("Play shows Classic by default; → chooses Modern (saved at once), Enter plays the guideline; → again is Classic")
    func playRow() {
        let log = LauncherLog()
        var clock = Self.menu(log)
        #expect(clock.screen.contains("Play  \u{25C0} Classic \u{25B6}"), "\(clock.screen)")
        #expect(clock.screen.contains("The standard rules"), "what Classic is, under the list")
        clock.press(.arrow(.right, []), at: 10)
        #expect(clock.screen.contains("Play  \u{25C0} Modern \u{25B6}"))
        #expect(clock.screen.contains("The guideline rules"))
        #expect(log.saved.last?.mods == ["guideline"], "remembered in settings.conf at once")
        clock.press(.enter, at: 20)
        #expect(log.games == [["guideline"]])
        clock.press(.character("q"), at: 30)
        clock.press(.arrow(.left, []), at: 40)
        #expect(clock.screen.contains("Play  \u{25C0} Classic \u{25B6}"))
        #expect(log.saved.last?.mods == [])
        clock.press(.enter, at: 50)
        #expect(log.games == [["guideline"], []], "Classic: the standard rules, no mod")
    }

    @Test("←/→ on another row change nothing; mods last played from the Mods page are a third choice until left")
    func playRowOnly() {
        let log = LauncherLog()
        var settings = PlayerSettings.defaults
        settings.mods = ["zen", "sprint"]
        var clock = Self.menu(log, settings: settings)
        #expect(clock.screen.contains("Play  \u{25C0} zen + sprint \u{25B6}"))
        clock.press(.arrow(.down, []), at: 10)
        clock.press(.arrow(.right, []), at: 20)
        #expect(log.saved.isEmpty)
        clock.press(.arrow(.up, []), at: 30)
        clock.press(.arrow(.right, []), at: 40)
        #expect(log.saved.last?.mods == [], "from the Mods page's rules, → goes round to Classic")
        clock.press(.arrow(.right, []), at: 50)
        clock.press(.arrow(.right, []), at: 60)
        #expect(log.saved.last?.mods == [], "Classic, Modern, Classic: the Mods page's rules are gone")
    }

    @Test("Modes lists every mode under Play, with what it ranks by; Enter plays its mods in order and leaves Play as it was")
    func modesPage() {
        let log = LauncherLog()
        var clock = Self.menu(log)
        clock.press(.arrow(.down, []), at: 10)
        #expect(clock.screen.contains("\u{25B6} Modes"))
        clock.press(.enter, at: 20)
        for mode in GameMode.all {
            #expect(clock.screen.contains(mode.name), "\(mode.name)")
        }
        #expect(clock.screen.contains("Ranks by: score. Rules: guideline + marathon"), "\(clock.screen)")
        clock.press(.arrow(.down, []), at: 30)
        #expect(clock.screen.contains("clear 40 lines") && clock.screen.contains("Ranks by: time, lower is better"))
        clock.press(.enter, at: 40)
        #expect(log.games == [["guideline", "sprint"]])
        #expect(log.saved.isEmpty, "a mode does not become what Play plays")
        clock.press(.character("q"), at: 50)
        #expect(clock.screen.contains("Play  \u{25C0} Classic \u{25B6}"))
        clock.press(.enter, at: 60)
        clock.press(.arrow(.down, []), at: 70)
        clock.press(.arrow(.down, []), at: 80)
        clock.press(.arrow(.down, []), at: 90)
        clock.press(.arrow(.down, []), at: 95)
        clock.press(.enter, at: 100)
        #expect(log.games.last == ["guideline", "cheese", "cheese100"], "Cheese race 100L: three mods in order")
    }

    @Test("the Versus row shows each level's measured figures whole (the page at its widest, 72 columns)")
    func versusLevels() {
        let log = LauncherLog()
        var clock = Self.menu(log)
        clock.press(.arrow(.down, []), at: 10)
        clock.press(.enter, at: 20)
        for step in 0..<GameMode.all.count { clock.press(.arrow(.down, []), at: 30 + step) }
        var seen: [String] = []
        for (index, choice) in MenuScreen.versusChoices.enumerated() {
            let text = MenuScreen.versusText(choice, dot: "\u{00B7}")
            #expect(clock.screen.contains(text), "choice \(index): \(text) is whole on the page:\n\(clock.screen)")
            seen.append(text)
            clock.press(.arrow(.right, []), at: 100 + index)
        }
        #expect(seen.contains("attack (hard), 1.5 pps \u{00B7} wins 99.5% \u{00B7} 0.50 atk/piece"), "\(seen)")
        #expect(seen.contains("attack (easy), 0.5 pps \u{00B7} wins 0% \u{00B7} 0.23 atk/piece"), "\(seen)")
        #expect(!seen.contains { $0.contains("not measured") })
    }

    /// The levels were measured (BotLevel.measured, README "Bot levels"): a stronger level
    /// wins as often or more and sends more per piece, or the levels need retuning.
    @Test("stronger levels win more and send more per piece")
    func levelsOrder() throws {
        let figures = try BotLevel.allCases.map { try #require($0.measured, "\($0) is measured") }
        for (weaker, stronger) in zip(figures, figures.dropFirst()) {
            #expect(stronger.winRate >= weaker.winRate && stronger.attackPerPiece > weaker.attackPerPiece, "\(figures)")
        }
        #expect(MenuScreen.percent(0.995) == "99.5%" && MenuScreen.percent(1) == "100%" && MenuScreen.hundredths(0.5) == "0.50")
    }

    @Test("a mode whose mods are missing says so and does not start")
    func missingMod() {
        let log = LauncherLog()
        var clock = Self.menu(log, mods: Self.mods.filter { $0.id != "combo" })
        clock.press(.arrow(.down, []), at: 10)
        clock.press(.enter, at: 20)
        let combo = GameMode.all.firstIndex { $0.name == "Combo" }!
        for step in 0..<combo { clock.press(.arrow(.down, []), at: 30 + step) }
        #expect(clock.screen.contains("needs the mod combo, which is not installed"))
        clock.press(.enter, at: 50)
        #expect(log.games.isEmpty)
        #expect(clock.screen.contains("Combo: needs the mod combo"))
    }

    @Test("a mode's best shows beside it; High scores titles each mode's table with its name")
    func tables() {
        let store = MemoryStore()
        store.tables["guideline@1.0.0+sprint@1.0.0"] = [HighScore(score: 300, lines: 40, level: 1, result: 81_234, resultLabel: "time",
                                                                  resultUnit: "ms", date: "2025-03-02 09:00", seed: "8")]
        store.tables["standard"] = [HighScore(score: 1200, lines: 12, level: 2, date: "2025-03-01 14:22", seed: "7")]
        store.tables["guideline@0.9.0+cheese@1.0.0+cheese100@1.0.0"] = []
        store.tables["sprint@1.0.0"] = []
        var clock = Self.menu(LauncherLog(), store: store)
        clock.press(.arrow(.down, []), at: 10)
        clock.press(.enter, at: 20)
        #expect(clock.screen.contains("best 1:21.234"), "\(clock.screen)")
        #expect(clock.screen.contains("best 1200 points"), "Classic's best")
        clock.press(.escape, at: 30)
        for step in 0..<3 { clock.press(.arrow(.down, []), at: 40 + step) }
        clock.press(.enter, at: 50)
        let screen = clock.screen
        for title in ["Sprint 40L", "Classic", "Cheese race 100L", "sprint@1.0.0"] {
            #expect(screen.contains(title), "\(title): \(screen)")
        }
        #expect(!screen.contains("guideline@1.0.0+sprint"), "the mode's name, not its key")
        // The tables are listed by key: cheese's (any version), the sprint race, sprint alone, standard.
        clock.press(.arrow(.down, []), at: 60)
        #expect(clock.screen.contains("Rules: guideline@1.0.0+sprint@1.0.0"), "the rules under the cursor's table")
        clock.press(.enter, at: 70)
        #expect(clock.screen.contains("High scores: Sprint 40L") && clock.screen.contains("1:21.234"))
    }

    @Test("table keys name their modes whatever the versions, in their order only")
    func names() {
        #expect(GameMode.name(ofTable: "standard") == "Classic")
        #expect(GameMode.name(ofTable: "guideline@1.0.0") == "Modern")
        #expect(GameMode.name(ofTable: "guideline@2.0.0+marathon@1.0.0") == "Marathon")
        #expect(GameMode.name(ofTable: "zen@1.0.0") == "Zen")
        #expect(GameMode.name(ofTable: "sprint@1.1.0+guideline@1.0.0") == nil)
        #expect(GameMode.name(ofTable: "sprint@1.1.0") == nil)
        #expect(Set(GameMode.all.map(\.name)).count == GameMode.all.count)
        #expect(Set(GameMode.all.map(\.mods)).count == GameMode.all.count, "each mode its own table")
    }

    @Test("settings.conf saved over an existing file keeps its comments, blank lines, order and line ends")
    func settingsKeepComments() throws {
        let old = "\u{FEFF}# my settings\r\n\r\ndas = 100   # fast, I like it\r\n# mods = zen\r\nmods = \r\n  ghost = off\r\n"
        var settings = try PlayerSettings.parse(old, path: "s")
        #expect(settings.handling.das == 100 && settings.ghost == false && settings.mods == [])
        settings.mods = ["guideline"]
        settings.handling.das = 90
        let text = settings.fileText(keeping: old)
        #expect(text.hasPrefix("\u{FEFF}# my settings\r\n\r\ndas = 90   # fast, I like it\r\n# mods = zen\r\nmods = guideline\r\n  ghost = off\r\n"),
                "\(text.debugDescription)")
        #expect(text.contains("\r\npreview = 6  # "), "a setting the file lacked is added at the end")
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "one kind of line end")
        let again = try PlayerSettings.parse(text, path: "s")
        #expect(again == settings)
        #expect(settings.fileText(keeping: text) == text, "saving twice changes nothing")
        #expect(try PlayerSettings.parse(settings.fileText(keeping: ""), path: "s") == settings)
    }
}
