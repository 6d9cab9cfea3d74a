import HanJulCore
@testable import HanJulPlay
import HanJulRender
import HanJulTerminal
import Testing

/// D5 (issue 21): the board stays where it is for a given terminal size and rules, whatever
/// shows beside it: playing, paused, GAME OVER, each letter typed into the name prompt,
/// the name saved, the statistics page; in the replay viewer, its notes coming and going.
@Suite("the board does not move")
struct BoardPositionTests {
    /// The column and row of the board's top-left corner on `screen` (a 10-wide board).
    static func corner(_ screen: String) -> (x: Int, y: Int)? {
        let border = Array("┌" + String(repeating: "─", count: 20) + "┐")
        for (row, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let characters = Array(line)
            guard characters.count >= border.count else { continue }
            if let x = (0...(characters.count - border.count)).first(where: { Array(characters[$0..<($0 + border.count)]) == border }) {
                return (x, row)
            }
        }
        return nil
    }

    static let sizes = [Size(width: 80, height: 24), Size(width: 100, height: 30), Size(width: 133, height: 40)]

    @Test("a game: playing, paused, GAME OVER, the name typed letter by letter, saved, the statistics page", arguments: sizes)
    func game(size: Size) throws {
        var config = PlayConfig(seed: 1, style: .monochrome, colorMode: .none)
        config.playerName = "ana"
        let store = MemoryStore()
        // A table with a long name and a result, so the table beside the board is wide.
        store.tables["standard"] = [HighScore(score: 90_000, lines: 140, level: 15, date: "2025-01-02 10:00", seed: "3",
                                              name: "Someone Long")]
        let provider = RulesProvider<StandardRules>(make: { .success(StandardRules()) }, identity: { _ in .standard })
        let session = PlaySession.game(provider: provider, rules: StandardRules(), config: config, size: size,
                                       reportsReleases: true, now: 0, environment: ManualClock.environment(store))
        var clock = ManualClock(session: session, store: store)
        var screens: [(String, String)] = [("playing", clock.screen)]
        clock.press(.character("p"), at: 50)
        screens.append(("paused", clock.screen))
        clock.press(.character("p"), at: 60)
        var ms = NamePromptTests.playToEnd(&clock)
        #expect(clock.screen.contains("GAME OVER") && clock.screen.contains("saved as ana"), "\(clock.screen)")
        screens.append(("game over", clock.screen))
        for _ in 0..<3 {
            clock.press(.backspace, at: ms)
            ms += 10
            screens.append(("a letter deleted", clock.screen))
        }
        for character in "Kim Ha-Neul Jo" {
            clock.press(character == " " ? .space : .character(character), at: ms)
            ms += 10
            screens.append(("typed '\(character)'", clock.screen))
        }
        clock.press(.enter, at: ms)
        #expect(clock.screen.contains("Tab statistics"), "\(clock.screen)")
        screens.append(("saved", clock.screen))
        clock.press(.tab, at: ms + 10)
        #expect(clock.screen.contains("STATISTICS"), "\(clock.screen)")
        screens.append(("statistics", clock.screen))
        let first = try #require(Self.corner(screens[0].1), "\(screens[0].1)")
        for (state, screen) in screens {
            let corner = Self.corner(screen)
            #expect(corner?.x == first.x && corner?.y == first.y, "\(size.width)x\(size.height), \(state): \(String(describing: corner)) instead of \(first)\n\(screen)")
        }
    }

    @Test("a replay: playing, paused, 'at the start', the go-to prompt, the statistics page, its end", arguments: sizes)
    func replay(size: Size) throws {
        let replay = ReplaySeekTests.replay()
        let store = MemoryStore()
        var clock = ManualClock(session: .replay(replay, provider: .standard, rules: StandardRules(),
                                                 config: PlayConfig(style: .monochrome, colorMode: .none),
                                                 size: size, now: 0, environment: ManualClock.environment(store)),
                                store: store)
        clock.run(to: 500)
        var screens: [(String, String)] = [("playing", clock.screen)]
        clock.press(.character("p"), at: 510)
        screens.append(("paused", clock.screen))
        clock.press(.character("["), at: 520)
        clock.press(.character("["), at: 530)
        #expect(clock.screen.contains("at the start"), "\(clock.screen)")
        screens.append(("at the start", clock.screen))
        clock.press(.character("g"), at: 540)
        clock.press(.character("7"), at: 550)
        screens.append(("go to piece", clock.screen))
        clock.press(.enter, at: 560)
        screens.append(("piece 7", clock.screen))
        clock.press(.tab, at: 570)
        screens.append(("statistics", clock.screen))
        clock.press(.tab, at: 580)
        for t in 0..<12 { clock.press(.arrow(.right, []), at: 590 + t) }
        #expect(clock.screen.contains("END OF REPLAY"), "\(clock.screen)")
        screens.append(("end", clock.screen))
        let first = try #require(Self.corner(screens[0].1), "\(screens[0].1)")
        for (state, screen) in screens {
            let corner = Self.corner(screen)
            #expect(corner?.x == first.x && corner?.y == first.y, "\(size.width)x\(size.height), \(state): \(String(describing: corner)) instead of \(first)\n\(screen)")
        }
    }
}
