import Foundation
import HanJulCore
import HanJulFiles
@testable import HanJulPlay
@testable import HanJulPlayerFiles
import HanJulRender
import HanJulReplay
import HanJulTerminal
import Testing

/// The whole session in-process (#23 item 2): the menu, a game played to its end, the name
/// prompt, the high-score file, a replay watched from the list. The screens only ask; the
/// session does it on a real data folder, and the test carries out what the driver would
/// (saving replays with the driver's own function).
@Suite("the session does what its screens ask")
struct SessionEffectsTests {
    /// A data folder of its own, removed after.
    final class DataFolder {
        let path: String
        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-session-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    /// The session with the driver's part played by the test: each input at its time, the
    /// replays it asks the driver to save written as the driver writes them.
    struct Run {
        var session: PlaySession
        let data: String
        var now: UInt64 = 0
        var replaysSaved: [String] = []

        mutating func at(_ milliseconds: Int, _ input: PlayInput) {
            now = max(now, UInt64(milliseconds) * 1_000_000)
            for effect in session.handle(input, at: now) {
                if case .saveReplay(let replay, let name) = effect {
                    #expect(PlayDriver.save(replay, name: name, dataDirectory: data) == nil)
                    replaysSaved.append(name)
                }
            }
        }

        mutating func press(_ key: Key, at milliseconds: Int) { at(milliseconds, .key(.press(key))) }
        var screen: String { session.frame.text }
    }

    /// A launcher whose games are the standard game (seed 1) and whose replays are read
    /// from the file the Replays page listed, as `hanjul replay` reads a standard one.
    static func launcher() -> Launcher {
        Launcher(
            mods: { [] },
            game: { _, config, size, now, environment in
                let provider = RulesProvider<StandardRules>(make: { .success(StandardRules()) }, identity: { _ in .standard })
                var seeded = config
                seeded.seed = 1
                return .success((PlaySession.game(provider: provider, rules: StandardRules(), config: seeded, size: size, now: now,
                                                  environment: environment), []))
            },
            replay: { path, config, size, now, environment in
                guard let replay = try? ReplayFile.read(path) else { return .failure(RulesFailure("\(path): unreadable")) }
                return .success(PlaySession.replay(replay, provider: .standard, rules: StandardRules(), config: config, size: size, now: now, environment: environment))
            },
            verify: { _ in "match" },
            saveSettings: { _ in nil })
    }

    /// No screen on the stack holds a store, a launcher, a rules provider or a remembered
    /// name, nor a function of any kind (a rules factory, a loader) at any depth of what it
    /// holds (`held(by:)`).
    static func screensHoldNothing(_ session: PlaySession) -> Bool {
        session.stack.allSatisfy { screen in
            let held = held(by: screen)
            let found = held.filter { path, value in
                value is any PlayStore || value is Launcher || value is RulesSource || value is RememberedName
                    || "\(type(of: value))".contains("->")
            }
            if !found.isEmpty { Issue.record("\(type(of: screen)) holds \(found.map(\.path))") }
            return found.isEmpty
        }
    }

    @Test("the screens' check sees a rules factory however deep a screen holds it")
    func checkSeesFactories() {
        struct Inner { var make: () -> Game<StandardRules>? = { nil } }
        struct Outer { var parts: [Inner?] = [Inner()] }
        let found = Self.held(by: Outer()).filter { "\(type(of: $0.value))".contains("->") }
        #expect(found.map(\.path) == [".parts.0.some.make"])
    }

    /// Everything `value` holds, through its stored properties, collections and optionals
    /// (not into objects: a Lua rules object is the game's, not a loader), with its path.
    static func held(by value: Any, path: String = "", depth: Int = 0) -> [(path: String, value: Any)] {
        let mirror = Mirror(reflecting: value)
        guard depth < 12, mirror.displayStyle != .class else { return [] }
        return mirror.children.enumerated().flatMap { index, child in
            let here = path + "." + (child.label ?? "\(index)")
            return [(here, child.value)] + held(by: child.value, path: here, depth: depth + 1)
        }
    }

    @Test("menu → game over → name typed → scores.hjr names it; Replays → watch → q back to the list")
    func menuGameNameReplay() throws {
        let folder = try DataFolder()
        let names = NamesKept()
        var environment = PlayEnvironment(store: FileStore(dataDirectory: folder.path), newSeed: { 99 },
                                          date: { ("20250301-142233", "2025-03-01 14:22") })
        environment.names = RememberedName(keep: { names.kept.append($0); return nil })
        var run = Run(session: .menu(launcher: Self.launcher(),
                                     config: PlayConfig(style: .monochrome, colorMode: .none), settings: .defaults,
                                     size: Size(width: 80, height: 24), environment: environment),
                      data: folder.path)
        _ = run.session.start()
        run.at(1, .keyEvents(true))
        #expect(run.screen.contains("Play"))

        // Play: a game above the menu.
        run.press(.enter, at: 10)
        #expect(run.session.stack.count == 2 && run.session.screen is GameScreen<StandardRules>)
        #expect(Self.screensHoldNothing(run.session))

        // Hard drops to the top: the game ends, its entry goes to the table, the name is asked.
        var ms = 100
        while !(run.session.screen as! GameScreen<StandardRules>).game.state.isOver && ms < 20_000 {
            run.press(.space, at: ms)
            run.at(ms + 5, .key(.release(.space)))
            ms += 20
        }
        #expect(run.screen.contains("GAME OVER") && run.screen.contains("saved as (no name)"), "\(run.screen)")
        let scores = folder.path + "/" + HighScoreTable.fileName
        let saved = HighScoreTable.load(path: scores, key: "standard")
        #expect(saved.count == 1 && saved.first?.name == nil && saved.first?.seed == "1")
        #expect(run.replaysSaved == ["20250301-142233-1"])

        // Backspace starts the editing; Enter renames the entry in the file.
        ms += 600
        run.press(.backspace, at: ms - 10)
        for (offset, letter) in "Ana".enumerated() { run.press(.character(letter), at: ms + offset * 150) }
        #expect(run.screen.contains("your name: Ana_"), "\(run.screen)")
        run.press(.enter, at: ms + 600)
        let renamed = HighScoreTable.load(path: scores, key: "standard")
        #expect(renamed.count == 1 && renamed.first?.name == "Ana" && renamed.first?.score == saved.first?.score)
        #expect(names.kept == ["Ana"] && environment.names.name == "Ana")
        #expect(run.screen.contains("Ana") && !run.screen.contains("your name"), "\(run.screen)")

        // q: back to the menu, which reads the tables and replays again.
        run.press(.character("q"), at: ms + 700)
        #expect(run.session.stack.count == 1 && run.session.screen is MenuScreen)
        let menu = run.session.screen as! MenuScreen
        #expect(menu.tables == ["standard"] && menu.replays.map(\.name) == ["20250301-142233-1.hjr"])

        // Replays: the file saved is listed; Enter watches it; q comes back to the list.
        for step in 0..<5 { run.press(.arrow(.down, []), at: ms + 800 + step * 10) }
        run.press(.enter, at: ms + 900)
        #expect(run.screen.contains("2025-03-01 14:22  standard"), "\(run.screen)")
        run.press(.enter, at: ms + 1_000)
        #expect(run.session.stack.count == 2 && run.session.screen is ReplayScreen<StandardRules>, "\(run.screen)")
        #expect(Self.screensHoldNothing(run.session))
        let watched = run.session.screen as! ReplayScreen<StandardRules>
        #expect(watched.replay.actions == (try ReplayFile.read(folder.path + "/replays/20250301-142233-1.hjr")).actions)
        #expect(watched.best == renamed.first?.score)
        run.press(.character("q"), at: ms + 1_100)
        #expect(run.session.stack.count == 1)
        #expect((run.session.screen as! MenuScreen).page == .replays && run.screen.contains("2025-03-01 14:22  standard"))
        // Nothing else was written: the table and the one replay.
        let written = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(written == [HighScoreTable.fileName, HighScoreTable.fileName + ".lock", "replays"], "\(written)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/replays") == ["20250301-142233-1.hjr"])
    }

    final class NamesKept: @unchecked Sendable { var kept: [String] = [] }

    @Test("Esc at the name prompt keeps the saved entry: no rename, no name remembered")
    func escapeKeeps() throws {
        let folder = try DataFolder()
        let names = NamesKept()
        var environment = PlayEnvironment(store: FileStore(dataDirectory: folder.path), newSeed: { 5 },
                                          date: { ("20250301-142233", "2025-03-01 14:22") })
        environment.names = RememberedName(keep: { names.kept.append($0); return nil })
        var config = PlayConfig(seed: 1, style: .monochrome, colorMode: .none)
        config.playerName = "login"
        let provider = RulesProvider<StandardRules>(make: { .success(StandardRules()) }, identity: { _ in .standard })
        var run = Run(session: .game(provider: provider, rules: StandardRules(), config: config, size: Size(width: 80, height: 24),
                                     reportsReleases: true, now: 0, environment: environment),
                      data: folder.path)
        _ = run.session.start()
        var ms = 100
        while !(run.session.screen as! GameScreen<StandardRules>).game.state.isOver && ms < 20_000 {
            run.press(.space, at: ms)
            run.at(ms + 5, .key(.release(.space)))
            ms += 20
        }
        #expect(run.screen.contains("saved as login"), "\(run.screen)")
        run.press(.escape, at: ms + 50)
        let table = HighScoreTable.load(path: folder.path + "/" + HighScoreTable.fileName, key: "standard")
        #expect(table.count == 1 && table.first?.name == "login" && names.kept.isEmpty)
        // r: a new game (rules asked for again); its BEST is the table's best, read back.
        run.press(.character("r"), at: ms + 100)
        let game = run.session.screen as! GameScreen<StandardRules>
        #expect(!game.game.state.isOver && game.ending == nil && game.standing.best == table.first?.score)
    }
}
