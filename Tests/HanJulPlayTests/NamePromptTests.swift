import HanJulCore
@testable import HanJulPlay
@testable import HanJulPlayerFiles
import HanJulRender
import HanJulTerminal
import Testing

/// The name prompt at the end of a game that made its table's top 10 (issue 11 item 2).
@Suite("the name prompt of a top-10 game")
struct NamePromptTests {
    /// A standard game (seed 1) with `name` as the remembered name; what `keep` was asked
    /// to write goes to `kept`.
    final class Kept { var names: [String] = [] }

    static func clock(name: String? = "ana", store: MemoryStore = MemoryStore(), kept: Kept = Kept()) -> ManualClock {
        var config = PlayConfig(seed: 1, style: .monochrome, colorMode: .none)
        config.playerName = name
        var environment = ManualClock.environment(store)
        environment.names = RememberedName(keep: { kept.names.append($0); return nil })
        let provider = RulesProvider<StandardRules>(make: { .success(StandardRules()) }, identity: { _ in .standard })
        let session = PlaySession.game(provider: provider, rules: StandardRules(), config: config,
                                       size: Size(width: 80, height: 24), reportsReleases: true, now: 0, environment: environment)
        return ManualClock(session: session, store: store)
    }

    /// Hard drops until the game ends; the first millisecond the name prompt takes keys.
    static func playToEnd(_ clock: inout ManualClock, from start: Int = 100) -> Int {
        var ms = start
        while !clock.game.game.state.isOver && ms < start + 10_000 {
            clock.press(.space, at: ms)
            clock.release(.space, at: ms + 5)
            ms += 20
        }
        // Game keys (space among them) type once the first moments are over.
        return ms + Int(GameScreen<StandardRules>.namePromptGrace / 1_000_000)
    }

    @Test("D10: keys still pressed at the top-out (game keys, q, r, that key repeating) type nothing; editing starts only on Backspace")
    func gameKeysAfterTheEndDoNotType() {
        var clock = Self.clock(name: nil)
        var ms = 100
        while !clock.game.game.state.isOver && ms < 10_100 {
            clock.press(.space, at: ms)
            ms += 20
        }
        #expect(clock.screen.contains("saved as (no name)") && clock.screen.contains("Backspace edit"), "\(clock.screen)")
        // A WASD-style letter at once, then space keeps coming (a held key repeating), then
        // game keys long after the end: none of them types.
        clock.press(.character("s"), at: ms + 1)
        for _ in 0..<40 {
            clock.press(.space, at: ms + 10)
            ms += 30
        }
        for (offset, key) in ["c", "z", "q", "r", "f"].enumerated() { clock.press(.character(Character(key)), at: ms + 1_000 + offset * 300) }
        ms += 3_000
        #expect(clock.screen.contains("saved as (no name)") && !clock.screen.contains("your name"),
                "game keys typed into the name: \(clock.screen)")
        clock.press(.backspace, at: ms)
        #expect(clock.screen.contains("your name: _"), "\(clock.screen)")
        clock.press(.character("z"), at: ms + 10)
        #expect(clock.screen.contains("your name: z_"), "\(clock.screen)")
        clock.press(.space, at: ms + 200)
        clock.press(.character("q"), at: ms + 300)
        #expect(clock.screen.contains("your name: z q_"), "\(clock.screen)")
        // Esc works at once: it keeps the name saved.
        var quick = Self.clock(name: "ana")
        let end = Self.playToEnd(&quick)
        quick.press(.escape, at: end - 450)
        #expect(quick.screen.contains("r new game"), "\(quick.screen)")
    }

    static func type(_ text: String, _ clock: inout ManualClock, at ms: inout Int) {
        for character in text {
            clock.press(character == " " ? .space : .character(character), at: ms)
            ms += 10
        }
    }

    @Test("a top-10 game asks for a name, prefilled with the remembered one; q and r type, Enter saves and remembers it")
    func typeAndSave() {
        let kept = Kept()
        var clock = Self.clock(kept: kept)
        var ms = Self.playToEnd(&clock)
        #expect(clock.screen.contains("GAME OVER"))
        #expect(clock.screen.contains("saved as ana"), "\(clock.screen)")
        #expect(clock.store.tables["standard"]?.first?.name == "ana", "saved at once with the remembered name")
        for _ in 0..<3 { clock.press(.backspace, at: ms); ms += 10 }
        Self.type("qr  Zoë", &clock, at: &ms)
        #expect(clock.screen.contains("your name: qr Zoë_"), "q and r type; space runs are one space: \(clock.screen)")
        clock.press(.enter, at: ms)
        #expect(clock.store.tables["standard"]?.first?.name == "qr Zoë")
        #expect(kept.names == ["qr Zoë"], "remembered in settings.conf")
        #expect(clock.screen.contains("r new game · q quit") && clock.screen.contains("qr Zoë"), "\(clock.screen)")
        // Now the keys of the end screen work again; the next game offers the name typed.
        clock.press(.character("r"), at: ms + 10)
        #expect(!clock.screen.contains("GAME OVER"))
        ms = Self.playToEnd(&clock, from: ms + 20)
        #expect(clock.screen.contains("saved as qr Zoë"), "\(clock.screen)")
        #expect(clock.store.tables["standard"]?.count == 2 && clock.store.tables["standard"]!.allSatisfy { $0.name == "qr Zoë" })
        clock.press(.enter, at: ms)
        #expect(kept.names == ["qr Zoë"], "an unchanged name is not written again")
        #expect(clock.at(ms + 10, .key(.press(.character("q")))) == [.quit(.quit)])
    }

    @Test("printable characters only, at most HighScore.nameLimit; controls and invisibles are not typed")
    func printableAndCapped() {
        var clock = Self.clock(name: nil)
        var ms = Self.playToEnd(&clock)
        #expect(clock.screen.contains("saved as (no name)"), "no name to offer: empty: \(clock.screen)")
        clock.press(.backspace, at: ms)
        ms += 10
        for character in ["\u{202E}", "\u{200B}", "\u{7F}"] as [Character] {
            clock.press(.character(character), at: ms)
            ms += 10
        }
        clock.press(.space, at: ms)
        ms += 10
        #expect(clock.screen.contains("your name: _"), "nothing typed: \(clock.screen)")
        Self.type(String(repeating: "한", count: 30), &clock, at: &ms)
        clock.press(.enter, at: ms)
        #expect(clock.store.tables["standard"]?.first?.name == String(repeating: "한", count: HighScore.nameLimit))
    }

    @Test("Esc keeps the name the entry was saved with (nothing remembered); an empty name saves none")
    func escapeKeeps() {
        let kept = Kept()
        var clock = Self.clock(kept: kept)
        var ms = Self.playToEnd(&clock)
        Self.type("xyz", &clock, at: &ms)
        clock.press(.escape, at: ms)
        #expect(clock.store.tables["standard"]?.first?.name == "ana")
        #expect(kept.names.isEmpty)
        #expect(clock.screen.contains("r new game · q quit"))
        #expect(clock.at(ms + 10, .key(.press(.escape))) == [.quit(.quit)], "Esc quits once the prompt is gone")

        var emptied = Self.clock(kept: kept)
        ms = Self.playToEnd(&emptied)
        for _ in 0..<3 { emptied.press(.backspace, at: ms); ms += 10 }
        emptied.press(.enter, at: ms)
        #expect(emptied.store.tables["standard"]?.first?.name == nil)
        #expect(kept.names.isEmpty)
    }

    @Test("Ctrl-C while the prompt is up quits, the entry keeping its saved name; a signal too")
    func interrupted() {
        var clock = Self.clock()
        var ms = Self.playToEnd(&clock)
        Self.type("bo", &clock, at: &ms)
        let effects = clock.at(ms, .key(.press(.control("c"))))
        #expect(effects.last == .quit(.quit), "\(effects)")
        #expect(clock.store.tables["standard"]?.first?.name == "ana")
        var signalled = Self.clock()
        ms = Self.playToEnd(&signalled)
        #expect(signalled.at(ms, .terminate(signal: 15)).last == .exitBySignal(15))
        #expect(signalled.store.tables["standard"]?.first?.name == "ana")
    }

    @Test("a game that does not make the top 10 asks nothing")
    func notInTopTen() {
        let store = MemoryStore()
        store.tables["standard"] = (0..<10).map { HighScore(score: 1_000_000 + $0, lines: 0, level: 1, date: "2025-02-01 10:00", seed: "\($0)") }
        var clock = Self.clock(store: store)
        let ms = Self.playToEnd(&clock)
        #expect(clock.screen.contains("GAME OVER") && !clock.screen.contains("your name"))
        #expect(clock.at(ms, .key(.press(.character("q")))) == [.quit(.quit)], "q quits at once")
    }
}

/// The palette on the Settings page (settings.conf `palette`).
@Suite("the palette setting")
struct PaletteSettingTests {
    @Test("settings.conf palette reads, writes back and names a bad value; auto keeps the terminal's colours")
    func file() throws {
        let parsed = try PlayerSettings.parse("palette = 16\n", path: "s")
        #expect(parsed.palette == .palette16)
        #expect(try PlayerSettings.parse(parsed.fileText, path: "s") == parsed)
        #expect(try PlayerSettings.parse("", path: "s").palette == .auto)
        #expect(throws: PlayerSettings.ParseError.self) { try PlayerSettings.parse("palette = rainbow\n", path: "s") }
        let terminal = PlayConfig(style: .color, colorMode: .trueColor)
        var settings = PlayerSettings.defaults
        #expect(terminal.with(settings).colorMode == .trueColor && terminal.with(settings).style == .color)
        settings.palette = .none
        #expect(terminal.with(settings).colorMode == ColorMode.none && terminal.with(settings).style == .monochrome)
        settings.palette = .palette256
        let plain = PlayConfig(style: .ascii, colorMode: .none)
        #expect(plain.with(settings).colorMode == .palette256 && plain.with(settings).style == .asciiColor)
        // Chosen and then set back to auto: the terminal's again.
        settings.palette = .auto
        #expect(terminal.with(PlayerSettings.defaults).with(settings).colorMode == .trueColor)
    }

    @Test("Settings: → on palette steps through auto, 24bit, 256, 16, none; Esc saves it; the game is drawn with it")
    func page() {
        let log = LauncherLog()
        var clock = MenuScreenTests.menu(log)
        clock.press(MenuScreenTests.down, at: 10)
        clock.press(MenuScreenTests.down, at: 20)
        clock.press(MenuScreenTests.down, at: 25)
        clock.press(.enter, at: 30)
        for index in 0..<(HandlingSettings.fields.count + 2) { clock.press(MenuScreenTests.down, at: 40 + index) }
        #expect(clock.screen.contains("palette     auto"), "\(clock.screen)")
        for index in 0..<3 { clock.press(.arrow(.right, []), at: 60 + index) }
        #expect(clock.screen.contains("palette     16"))
        for index in 0..<5 { clock.press(.arrow(.right, []), at: 70 + index) }
        #expect(clock.screen.contains("palette     none"), "stops at the end")
        clock.press(.arrow(.left, []), at: 80)
        clock.press(.escape, at: 90)
        #expect(log.saved.last?.palette == .palette16)
        clock.press(MenuScreenTests.up, at: 100)
        clock.press(MenuScreenTests.up, at: 110)
        clock.press(MenuScreenTests.up, at: 115)
        let effects = clock.at(120, .key(.press(.enter)))
        #expect(effects.contains(.colors(.palette16)), "\(effects)")
    }
}
