import Foundation
import HanJulCore
import HanJulMods
@testable import HanJulPlay
import HanJulRender
import HanJulTerminal
import Testing

/// The replay viewer under a mod's rules holds no rules factory: to go back it uses a fresh
/// game it asked the session for (`RulesPurpose.rewind`), and says so when the mod no
/// longer loads.
@Suite("play session: replay rewind under a mod")
struct ReplayRewindTests {
    /// Counts the rules the session's provider made, and fails them on demand.
    final class Provider: @unchecked Sendable {
        var made = 0
        var failure: String?
    }

    @Test("each seek back under Mods/standard uses a fresh game the session made; a mod that stops loading leaves the viewer where it is, saying why, until it loads again")
    func rewind() throws {
        let mods = ModCatalog(searchPath: ModSearchPath(folders: [ReplayTimelineTests.repositoryMods]),
                              workingDirectory: ReplayTimelineTests.repositoryMods)
        let makeGame = { Game(rules: try! mods.rules(["standard"]), source: .seeded(7)) }
        let drops = try ["GLLLLH", "GRRRRH", "GLH", "GRRH", "GCLLLH", "GCRRRH", "GH", "GCH", "GLH", "GRRRH"].map { try ActionScript.parse($0) }
        var game = makeGame()
        var recorder = ReplayRecorder(rules: game.rules.identity, source: .seeded(7))
        for action in (0..<30).flatMap({ drops[$0 % drops.count] }) {
            game.apply(action)
            recorder.record(action, after: 50, state: game.state)
        }
        let replay = recorder.finish(game.state)
        let count = replay.actions.count

        let log = Provider()
        let provider = RulesProvider<LuaRules>(make: {
            log.made += 1
            if let failure = log.failure { return .failure(RulesFailure(failure)) }
            return .success(try! mods.rules(["standard"]))
        }, identity: { $0.identity })
        let store = MemoryStore()
        var clock = ManualClock(session: .replay(replay, provider: provider, rules: try mods.rules(["standard"]),
                                                 config: PlayConfig(style: .monochrome, colorMode: .none),
                                                 size: Size(width: 80, height: 24), now: ManualClock.ns(1_000),
                                                 environment: ManualClock.environment(store)),
                                store: store)
        func screen() -> ReplayScreen<LuaRules> { clock.session.screen as! ReplayScreen<LuaRules> }
        // One fresh game asked for before the first frame, kept for the first seek back; no
        // factory or loader on the screen.
        #expect(log.made == 1)
        #expect(SessionEffectsTests.screensHoldNothing(clock.session))
        #expect(!screen().timeline.wantsFreshGame)
        // Opened a second into the clock: nothing has played yet (the answer before the first
        // frame came at the opening's time).
        clock.press(.character("p"), at: 1_010)
        #expect(screen().index == 0)
        for t in [1_020, 1_030, 1_040] { clock.press(.character("]"), at: t) }
        #expect(screen().index == 3 * (count / 10) && log.made == 1)
        clock.press(.character("["), at: 1_050)
        #expect(screen().index == 2 * (count / 10) && log.made == 2)
        #expect(screen().timeline.state == ReplayTimelineTests.straight(replay, 2 * (count / 10), makeGame))

        // The mod breaks: this seek back uses the game kept; the next one cannot go.
        log.failure = "standard/mod.lua:3: unexpected symbol near '+'"
        clock.press(.character("["), at: 1_060)
        #expect(screen().index == count / 10 && log.made == 3)
        clock.press(.character("["), at: 1_070)
        #expect(screen().index == count / 10 && log.made == 4)
        #expect(clock.screen.contains("cannot go back"), "\(clock.screen)")
        #expect(screen().seekNote == "cannot go back: standard/mod.lua:3: unexpected symbol near '+'")
        // Nothing asked while it stays broken and no one seeks back.
        clock.press(.character("]"), at: 1_080)
        #expect(log.made == 4 && screen().index == 2 * (count / 10))

        // Fixed: the next seek back asks again and goes at once.
        log.failure = nil
        clock.press(.character("r"), at: 1_090)
        #expect(screen().index == 0 && screen().seekNote == nil && log.made == 6)
        #expect(screen().timeline.state == ReplayTimelineTests.straight(replay, 0, makeGame))
    }
}
