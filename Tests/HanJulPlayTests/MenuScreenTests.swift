import HanJulCore
import HanJulFiles
@testable import HanJulPlay
@testable import HanJulPlayerFiles
import HanJulRender
import HanJulTerminal
import Testing

/// What the start screen's launcher was asked, for tests.
final class LauncherLog {
    var games: [[String]] = []
    var saved: [PlayerSettings] = []
    var verified: [PathBytes] = []
    var failing: Set<String> = []

    /// A launcher over `mods` whose games are all the standard game (seed 1), so a test
    /// can play them.
    func launcher(_ mods: [ModChoice]) -> Launcher {
        Launcher(
            mods: { mods },
            game: { ids, config, size, now, environment in
                self.games.append(ids)
                if let bad = ids.first(where: { self.failing.contains($0) }) { return .failure(RulesFailure("\(bad): syntax error on line 3")) }
                let provider = RulesProvider<StandardRules>(make: { .success(StandardRules()) }, identity: { _ in .standard })
                var seeded = config
                seeded.seed = 1
                return .success((PlaySession.game(provider: provider, rules: StandardRules(), config: seeded, size: size, now: now,
                                                  environment: environment), ids.map { "/mods/" + $0 }))
            },
            replay: { path, _, _, _, _ in .failure(RulesFailure("\(path): not in this test")) },
            verify: { path in
                self.verified.append(path)
                return "match: 12 actions"
            },
            saveSettings: { settings in
                self.saved.append(settings)
                return nil
            })
    }
}

@Suite("start screen")
struct MenuScreenTests {
    static let mods = [
        ModChoice(id: "sprint", name: "Sprint", version: "1.0.0", description: "Clear 40 lines."),
        ModChoice(id: "zen", name: "Zen", version: "0.2", description: "No game over."),
        ModChoice(id: "broken", name: "broken", version: "", description: "", problem: "main.lua:3: syntax error"),
    ]

    static func menu(_ log: LauncherLog, store: MemoryStore = MemoryStore(), settings: PlayerSettings = .defaults) -> ManualClock {
        let session = PlaySession.menu(launcher: log.launcher(mods), config: PlayConfig(style: .monochrome, colorMode: .none),
                                       settings: settings, size: Size(width: 80, height: 24),
                                       environment: ManualClock.environment(store))
        return ManualClock(session: session, store: store)
    }

    static let down = Key.arrow(.down, [])
    static let up = Key.arrow(.up, [])

    @Test("the start screen shows Play (the last rules played), Modes, Mods, Settings, High scores, Replays and Quit")
    func mainMenu() {
        var settings = PlayerSettings.defaults
        settings.mods = ["sprint"]
        let clock = Self.menu(LauncherLog(), settings: settings)
        for word in ["Play  \u{25C0} sprint \u{25B6}", "Modes", "Mods", "Settings", "High scores", "Replays", "Quit"] {
            #expect(clock.screen.contains(word), "\(word)")
        }
        #expect(clock.session.deadline == nil, "the menu waits for keys")
    }

    @Test("Mods lists every mod with its version and name; a broken one says it fails to load and why")
    func modsPage() {
        let log = LauncherLog()
        var clock = Self.menu(log)
        clock.press(Self.down, at: 10)
        clock.press(Self.down, at: 15)
        clock.press(.enter, at: 20)
        #expect(clock.screen.contains("[ ] sprint 1.0.0  Sprint"))
        #expect(clock.screen.contains("[ ] zen 0.2  Zen"))
        #expect(clock.screen.contains("[ ] broken  FAILS TO LOAD"))
        #expect(clock.screen.contains("Clear 40 lines."), "the description of the mod under the cursor")
        clock.press(.character("j"), at: 30)
        clock.press(.character("j"), at: 40)
        #expect(clock.screen.contains("main.lua:3: syntax error"))
        clock.press(.space, at: 50)
        #expect(clock.screen.contains("broken cannot be played: main.lua:3: syntax error"))
    }

    @Test("Space adds mods in order (shown as [1], [2] and the order line); Enter plays them in that order")
    func modsInOrder() {
        let log = LauncherLog()
        var clock = Self.menu(log)
        clock.press(Self.down, at: 10)
        clock.press(Self.down, at: 15)
        clock.press(.enter, at: 20)
        clock.press(Self.down, at: 30)
        clock.press(.space, at: 40)       // zen first
        clock.press(Self.up, at: 50)
        clock.press(.space, at: 60)       // then sprint
        #expect(clock.screen.contains("[2] sprint") && clock.screen.contains("[1] zen"))
        #expect(clock.screen.contains("Order: zen \u{2192} sprint"))
        let effects = clock.at(70, .key(.press(.enter)))
        #expect(log.games == [["zen", "sprint"]])
        #expect(effects.contains(.watch(["/mods/zen", "/mods/sprint"])))
        #expect(clock.screen.contains("SCORE"), "the game is on")
        #expect(log.saved.last?.mods == ["zen", "sprint"], "Play plays them next time")
    }

    @Test("Enter on a mod with nothing added plays that mod alone")
    func modUnderCursor() {
        let log = LauncherLog()
        var clock = Self.menu(log)
        clock.press(Self.down, at: 10)
        clock.press(Self.down, at: 15)
        clock.press(.enter, at: 20)
        clock.press(.enter, at: 30)
        #expect(log.games == [["sprint"]])
    }

    @Test("a mod that does not load: the menu stays and says why in one line")
    func failingMod() {
        let log = LauncherLog()
        log.failing = ["sprint"]
        var clock = Self.menu(log)
        clock.press(Self.down, at: 10)
        clock.press(Self.down, at: 15)
        clock.press(.enter, at: 20)
        clock.press(.enter, at: 30)
        #expect(clock.screen.contains("sprint: syntax error on line 3"))
        #expect(clock.screen.contains("[ ] sprint 1.0.0"))
    }

    @Test("q in a game started from the menu saves its replay and comes back to the menu, watching nothing")
    func backFromAGame() {
        let log = LauncherLog()
        var clock = Self.menu(log)
        clock.press(.enter, at: 10)         // Play: the standard game
        #expect(log.games == [[]])
        #expect(clock.screen.contains("SCORE"))
        clock.press(.space, at: 500)        // a hard drop: the game is worth a replay
        let effects = clock.at(900, .key(.press(.character("q"))))
        #expect(effects.contains { if case .saveReplay = $0 { true } else { false } })
        #expect(!effects.contains(.quit(.quit)))
        #expect(effects.contains(.watch([])))
        #expect(clock.screen.contains("High scores") && clock.screen.contains("Play  \u{25C0} Classic \u{25B6}"))
        #expect(clock.session.deadline == nil)
        let quit = clock.at(1_000, .key(.press(.character("q"))))
        #expect(quit == [.quit(.quit)])
    }

    @Test("the game's hints say q goes to the menu")
    func gameHints() {
        var clock = Self.menu(LauncherLog())
        clock.press(.enter, at: 10)
        clock.press(.character("p"), at: 20)
        #expect(clock.screen.contains("q menu"))
    }

    @Test("Esc goes back a page; q on a page goes back to the menu; q on the menu quits")
    func navigation() {
        var clock = Self.menu(LauncherLog())
        clock.press(Self.down, at: 10)
        clock.press(Self.down, at: 20)
        clock.press(Self.down, at: 25)
        clock.press(.enter, at: 30)
        #expect(clock.screen.contains("das"))
        clock.press(.escape, at: 40)
        #expect(clock.screen.contains("Quit"))
        clock.press(.enter, at: 50)
        clock.press(.character("q"), at: 60)
        #expect(clock.screen.contains("Quit") && !clock.screen.contains("das "))
        #expect(clock.at(70, .key(.press(.character("q")))) == [.quit(.quit)])
    }

    @Test("Settings: → and ← change the setting under the cursor within its range, Esc keeps them in the settings file")
    func settingsPage() {
        let log = LauncherLog()
        var clock = Self.menu(log)
        clock.press(Self.down, at: 10)
        clock.press(Self.down, at: 20)
        clock.press(Self.down, at: 25)
        clock.press(.enter, at: 30)
        #expect(clock.screen.contains("das         167 ms"))
        clock.press(.arrow(.right, []), at: 40)
        clock.press(.arrow(.right, []), at: 50)
        #expect(clock.screen.contains("das         169 ms"))
        clock.press(Self.down, at: 60)            // arr
        clock.press(.navigation(.pageDown, []), at: 70)
        clock.press(.navigation(.pageDown, []), at: 80)
        clock.press(.navigation(.pageDown, []), at: 90)
        clock.press(.navigation(.pageDown, []), at: 100)
        #expect(clock.screen.contains("arr         0 ms"), "never under the range")
        for (index, _) in (0..<4).enumerated() { clock.press(Self.down, at: 110 + index) }
        clock.press(.enter, at: 120)             // ghost off
        #expect(clock.screen.contains("ghost       off"))
        #expect(log.saved.isEmpty)
        clock.press(.escape, at: 130)
        #expect(log.saved.count == 1)
        #expect(log.saved[0].handling.das == 169 && log.saved[0].handling.arr == 0 && log.saved[0].ghost == false)
        // The next game is played with them.
        clock.press(Self.up, at: 140)
        clock.press(Self.up, at: 145)
        clock.press(Self.up, at: 150)
        clock.press(.enter, at: 160)
        #expect(clock.session.stack.count == 2 && clock.session.stack[0] is MenuScreen)
        let child = clock.session.screen as! GameScreen<StandardRules>
        #expect(child.config.handling.das == 169 && child.scene().showsGhost == false)
    }

    @Test("High scores lists each table; Enter shows its entries with every column")
    func highScores() {
        let store = MemoryStore()
        store.tables["standard"] = [HighScore(score: 1200, lines: 12, level: 2, date: "2025-03-01 14:22", seed: "7")]
        store.tables["sprint@1.0.0"] = [HighScore(score: 300, lines: 40, level: 1, result: 81_234, resultLabel: "ms",
                                                  date: "2025-03-02 09:00", seed: "8")]
        var clock = Self.menu(LauncherLog(), store: store)
        for t in 1...4 { clock.press(Self.down, at: t * 8) }
        clock.press(.enter, at: 40)
        #expect(clock.screen.contains("Classic") && clock.screen.contains("sprint@1.0.0"), "a mode's table under its name")
        clock.press(.enter, at: 50)
        #expect(clock.screen.contains("RESULT") && clock.screen.contains("81234 ms"), "a race's table shows its result first")
        clock.press(.escape, at: 60)
        clock.press(Self.down, at: 70)
        clock.press(.enter, at: 80)
        #expect(clock.screen.contains("SCORE") && clock.screen.contains("1200") && clock.screen.contains("2025-03-01 14:22"))
        #expect(!clock.screen.contains("RESULT"))
    }

    /// The column (cell) where `needle` (ASCII) starts on row `y` of `frame`.
    static func column(of needle: String, row y: Int, in frame: Frame) -> Int? {
        let cells = (0..<frame.width).map { frame[$0, y].text }
        let wanted = needle.map(String.init)
        return (0...(frame.width - wanted.count)).first { Array(cells[$0..<($0 + wanted.count)]) == wanted }
    }

    static let zalgo = "e" + String(repeating: "\u{301}", count: 40)

    /// The High scores page of table `standard`, whose names are Zalgo text, Hangul, emoji,
    /// sixteen Hangul syllables (too wide for the column) and plain letters, in `style`.
    static func namesTable(style: RenderStyle) -> Frame {
        let store = MemoryStore()
        let names = [zalgo, "한줄", "🎮🎮", String(repeating: "한", count: HighScore.nameLimit), "ana"]
        store.tables["standard"] = names.enumerated().map { index, name in
            HighScore(score: 9111 - 1111 * index, lines: 41 + 10 * index, level: 2, date: "2025-03-0\(index + 1) 14:22",
                      seed: "7", name: name)
        }
        let session = PlaySession.menu(launcher: LauncherLog().launcher(mods), config: PlayConfig(style: style, colorMode: .none),
                                       settings: .defaults, size: Size(width: 80, height: 24),
                                       environment: ManualClock.environment(store))
        var clock = ManualClock(session: session, store: store)
        for t in 1...4 { clock.press(down, at: t * 8) }
        clock.press(.enter, at: 40)
        clock.press(.enter, at: 50)
        return clock.session.frame
    }

    @Test("a high-score table keeps its columns whatever the names hold; a name too wide is cut whole, with …",
          arguments: [RenderStyle.monochrome, .ascii])
    func namesInAnyScript(style: RenderStyle) throws {
        let frame = Self.namesTable(style: style)
        let header = try #require((0..<frame.height).first { Self.column(of: "SCORE", row: $0, in: frame) != nil })
        let score = Self.column(of: "SCORE", row: header, in: frame), lines = Self.column(of: "LINES", row: header, in: frame)
        let date = Self.column(of: "DATE", row: header, in: frame)
        for index in 0..<5 {
            let row = header + 1 + index
            #expect(Self.column(of: "\(9111 - 1111 * index)", row: row, in: frame) == score, "\(frame.lines[row])")
            #expect(Self.column(of: "\(41 + 10 * index)", row: row, in: frame) == lines, "\(frame.lines[row])")
            #expect(Self.column(of: "2025-03-0\(index + 1)", row: row, in: frame) == date, "\(frame.lines[row])")
        }
        let text = frame.text
        if style.isASCII {
            #expect(text.unicodeScalars.allSatisfy { $0.value < 0x80 }, "\(text)")
            #expect(text.contains("? ") && text.contains("?? ") && text.contains(String(repeating: "?", count: 16) + " "), "\(text)")
        } else {
            #expect(text.contains("e" + String(repeating: "\u{301}", count: 4) + " "), "the accents shown, at most four")
            #expect(text.contains("한줄") && text.contains("🎮🎮"), "\(text)")
            #expect(text.contains(String(repeating: "한", count: 7) + "\u{2026}"), "cut to 15 columns and …: \(text)")
            #expect(!text.contains("?"), "\(text)")
        }
    }

    @Test("Replays lists them newest first; v verifies in one line; d asks, a second d deletes")
    func replays() {
        let store = MemoryStore()
        store.replayList = [
            ReplayListing(path: "/r/20250302-090000-8.hjr", rules: "sprint 1.0.0", actions: 300),
            ReplayListing(path: "/r/20250301-142233-7.hjr", rules: "standard", actions: 120),
        ]
        let log = LauncherLog()
        var clock = Self.menu(log, store: store)
        for t in 1...5 { clock.press(Self.down, at: t * 8) }
        clock.press(.enter, at: 50)
        let lines = clock.session.frame.lines
        let newer = lines.firstIndex { $0.contains("20250302-090000-8.hjr  sprint 1.0.0, 300 actions") }
        let older = lines.firstIndex { $0.contains("20250301-142233-7.hjr  standard, 120 actions") }
        #expect(newer != nil && older != nil && newer! < older!)
        clock.press(.character("v"), at: 60)
        #expect(log.verified == ["/r/20250302-090000-8.hjr"] && clock.screen.contains("match: 12 actions"))
        clock.press(.character("d"), at: 70)
        #expect(clock.screen.contains("press d again to delete 20250302-090000-8.hjr"))
        #expect(store.deleted.isEmpty)
        clock.press(.character("d"), at: 80)
        #expect(store.deleted == ["/r/20250302-090000-8.hjr"])
        #expect(!clock.screen.contains("20250302-090000-8.hjr  sprint"))
        clock.press(.enter, at: 90)
        #expect(clock.screen.contains("/r/20250301-142233-7.hjr: not in this test"), "a replay that cannot be watched says why")
    }

    @Test("settings.conf keeps ghost, preview and what Play plays; bad values name the line")
    func settingsFile() throws {
        let parsed = try PlayerSettings.parse("ghost = off\npreview = 2\nmods = zen, sprint\n", path: "s")
        #expect(parsed.ghost == false && parsed.preview == 2 && parsed.mods == ["zen", "sprint"])
        #expect(try PlayerSettings.parse(parsed.fileText, path: "s") == parsed)
        #expect(try PlayerSettings.parse("mods =\n", path: "s").mods.isEmpty)
        let named = try PlayerSettings.parse("name =  Zo\u{EB}\u{202E}  K\n" + "replays_kept = 7\n", path: "s")
        #expect(named.name == "Zo\u{EB} K" && named.replaysKept == 7, "the name cleaned as high scores keep it")
        #expect(try PlayerSettings.parse(named.fileText, path: "s") == named)
        #expect(PlayerSettings.defaults.replaysKept == 100)
        for (text, message) in [
            ("ghost = maybe", "s:1: ghost 'maybe' is not on or off"),
            ("preview = 9", "s:1: preview '9' is out of range: give a count from 0 to 6"),
            ("mods = a b", "s:1: mods: 'a b' is not a mod id"),
        ] {
            #expect(throws: PlayerSettings.ParseError.self) { try PlayerSettings.parse(text, path: "s") }
            do { _ = try PlayerSettings.parse(text, path: "s") } catch { #expect(error.description == message) }
        }
    }

    @Test("every page fits the smallest terminal and draws in ASCII only with --ascii")
    func smallAndASCII() {
        let session = PlaySession.menu(launcher: LauncherLog().launcher(Self.mods), config: PlayConfig(style: .ascii, colorMode: .none),
                                       settings: .defaults, size: Size(width: 30, height: 10),
                                       environment: ManualClock.environment(MemoryStore()))
        var clock = ManualClock(session: session, store: MemoryStore())
        #expect(clock.screen.contains("> Play"))
        for (t, key) in [Self.down, Self.down, .enter].enumerated() { clock.press(key, at: 10 + t) }
        #expect(clock.screen.contains("sprint"))
        var t = 100
        for page in 1...5 {
            clock.press(.escape, at: t)
            for _ in 0..<7 { t += 1; clock.press(Self.up, at: t) }
            for _ in 0..<page { t += 1; clock.press(Self.down, at: t) }
            t += 1
            clock.press(.enter, at: t)
            #expect(!clock.screen.contains("Quit"), "page \(page) is open")
            #expect(clock.screen.unicodeScalars.allSatisfy { $0.value < 0x80 }, "page \(page)")
        }
    }
}

/// The Mods page adds what a chosen mod requires, before it (#22 item 3).
@Suite("start screen: required mods")
struct MenuRequiresTests {
    static let mods = [
        ModChoice(id: "bonus", name: "Bonus", version: "1.0.0", description: "Doubles clears over garbage.", requires: ["garbage"]),
        ModChoice(id: "garbage", name: "Garbage", version: "1.0.0", description: "Rising rows."),
        ModChoice(id: "zen", name: "Zen", version: "0.2", description: "No game over."),
    ]

    static func menu(_ log: LauncherLog) -> ManualClock {
        let store = MemoryStore()
        let session = PlaySession.menu(launcher: log.launcher(mods), config: PlayConfig(style: .monochrome, colorMode: .none),
                                       settings: .defaults, size: Size(width: 80, height: 24),
                                       environment: ManualClock.environment(store))
        return ManualClock(session: session, store: store)
    }

    @Test("Space on bonus adds garbage first and says so; Enter plays garbage then bonus")
    func spaceAddsRequired() {
        let log = LauncherLog()
        var clock = Self.menu(log)
        clock.press(MenuScreenTests.down, at: 10)
        clock.press(MenuScreenTests.down, at: 15)
        clock.press(.enter, at: 20)
        clock.press(.space, at: 30)
        #expect(clock.screen.contains("[1] garbage") && clock.screen.contains("[2] bonus"))
        #expect(clock.screen.contains("added garbage before bonus: bonus requires it"))
        clock.press(.enter, at: 40)
        #expect(log.games == [["garbage", "bonus"]])
    }

    @Test("Enter on bonus with nothing chosen plays garbage then bonus")
    func enterAddsRequired() {
        let log = LauncherLog()
        var clock = Self.menu(log)
        clock.press(MenuScreenTests.down, at: 10)
        clock.press(MenuScreenTests.down, at: 15)
        clock.press(.enter, at: 20)
        clock.press(.enter, at: 30)
        #expect(log.games == [["garbage", "bonus"]])
    }
}
