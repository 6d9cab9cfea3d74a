import Foundation
import HanJulCore
import HanJulMods
import HanJulPlay
import Testing

/// Seeking in a replay (`hanjul replay`'s timeline): every seek lands on the very state a
/// straight run of the same actions reaches, for value rules (from saved states) and for
/// Lua rules (from a fresh game); the ends, a changed mod and a reloaded game are reported.
@Suite("Replay timeline")
struct ReplayTimelineTests {
    /// O pieces only: five drops fill two rows (columns 0–1, 2–3, 4–5, 6–7, 8–9), so the board
    /// is empty again after each cycle of 23 actions and the game never ends.
    static let cycle = try! ActionScript.parse("GGLLLLHGLLHGHGRRHGRRRRH")
    static let oPieces = PieceSource.sequence([1])  // O, in the standard order IOTSZJL

    /// A replay of `cycles` cycles recorded under `rules`, with a time of 16 ms per action.
    static func recorded<R: Rules>(_ rules: R, cycles: Int) -> Replay {
        var game = Game(rules: rules, source: oPieces)
        var recorder = ReplayRecorder(rules: rules.identity, source: oPieces)
        for _ in 0..<cycles {
            for action in cycle {
                game.apply(action)
                recorder.record(action, after: 16, state: game.state)
            }
        }
        return recorder.finish(game.state)
    }

    /// The state after the first `count` actions, played straight through.
    static func straight<R: Rules>(_ replay: Replay, _ count: Int, _ makeGame: () -> Game<R>) -> GameState {
        var game = makeGame()
        for action in replay.actions.prefix(count) { game.apply(action) }
        return game.state
    }

    @Test("a seek to an action, forwards or back, lands on the state of a straight run; one cycle is 5 pieces, 2 lines, 468 points")
    func seekToAction() {
        let replay = Self.recorded(StandardRules(), cycles: 40)
        let makeGame = { Game(rules: StandardRules(), source: Self.oPieces) }
        var timeline = ReplayTimeline(replay: replay, game: makeGame(), snapshotInterval: 50)
        #expect(timeline.restoresStates, "StandardRules is a value: saved states continue it")
        #expect(timeline.actionCount == 920 && timeline.position == 0 && timeline.problems.isEmpty)
        let moved1 = timeline.seek(toAction: 23)
        #expect(moved1)
        #expect(timeline.state.piecesLocked == 5 && timeline.state.lines == 2 && timeline.state.score == 468)
        for target in [700, 23, 0, 919, 51, 50, 49, 600, 920, 1] {
            let moved2 = timeline.seek(toAction: target)
            #expect(moved2)
            #expect(timeline.position == target)
            #expect(timeline.state == Self.straight(replay, target, makeGame), "at \(target)")
        }
        #expect(timeline.problems.isEmpty)
    }

    @Test("a seek to piece N stops where it entered; step back undoes one action")
    func seekToPieceAndStepBack() {
        let replay = Self.recorded(StandardRules(), cycles: 10)
        let makeGame = { Game(rules: StandardRules(), source: Self.oPieces) }
        var timeline = ReplayTimeline(replay: replay, game: makeGame(), snapshotInterval: 7)
        #expect(timeline.pieceCount == 50, "from the replay's final checkpoint")
        let moved3 = timeline.seek(toPiece: 6)
        #expect(moved3)
        #expect(timeline.position == 23 && timeline.piece == 6 && timeline.state.piecesLocked == 5)
        let moved4 = timeline.seek(toPiece: 2)
        #expect(moved4)
        #expect(timeline.position == 7, "GGLLLLH locks the first piece after 7 actions")
        let moved5 = timeline.seek(toPiece: 1)
        #expect(moved5 && timeline.position == 0)
        timeline.seek(toAction: 100)
        let before = Self.straight(replay, 99, makeGame)
        let moved6 = timeline.stepBack()
        #expect(moved6)
        #expect(timeline.position == 99 && timeline.state == before)
        let moved7 = timeline.step()
        #expect(moved7 && timeline.state == Self.straight(replay, 100, makeGame))
        timeline.seek(toAction: 0)
        let backFromStart = timeline.stepBack()
        #expect(!backFromStart, "nothing before the start")
        #expect(timeline.position == 0)
    }

    @Test("seeking past the end stops at the end (or the last piece) and says so")
    func pastTheEnd() {
        let replay = Self.recorded(StandardRules(), cycles: 4)
        let makeGame = { Game(rules: StandardRules(), source: Self.oPieces) }
        var timeline = ReplayTimeline(replay: replay, game: makeGame())
        let moved8 = timeline.seek(toAction: 10_000)
        #expect(!moved8)
        #expect(timeline.position == 92 && timeline.isAtEnd)
        #expect(timeline.state == Self.straight(replay, 92, makeGame))
        let stepAtEnd = timeline.step()
        #expect(!stepAtEnd, "no action after the last")
        let moved9 = timeline.seek(toPiece: 1_000)
        #expect(!moved9)
        #expect(timeline.piece == 21 && timeline.position == 92, "20 pieces locked; the 21st entered with the last drop")
        let moved10 = timeline.seek(toPiece: 0)
        #expect(!moved10 && timeline.position == 0)
        let moved11 = timeline.seek(toAction: -5)
        #expect(!moved11 && timeline.position == 0)
        #expect(timeline.problems.isEmpty)
    }

    @Test("±10% moves a tenth of the actions and stops at either end")
    func byPercent() {
        let replay = Self.recorded(StandardRules(), cycles: 10)  // 230 actions
        var timeline = ReplayTimeline(replay: replay, game: { Game(rules: StandardRules(), source: Self.oPieces) }())
        let moved12 = timeline.seek(byPercent: 10)
        #expect(moved12 && timeline.position == 23)
        let moved13 = timeline.seek(byPercent: 10)
        #expect(moved13 && timeline.position == 46)
        let moved14 = timeline.seek(byPercent: -10)
        #expect(moved14 && timeline.position == 23)
        let moved15 = timeline.seek(byPercent: -50)
        #expect(!moved15 && timeline.position == 0)
        timeline.seek(toAction: 220)
        let moved16 = timeline.seek(byPercent: 10)
        #expect(!moved16 && timeline.isAtEnd && timeline.fraction == 1)
        let moved17 = timeline.seek(byPercent: Int.max)
        #expect(!moved17 && timeline.isAtEnd)
        let moved18 = timeline.seek(byPercent: Int.min)
        #expect(!moved18 && timeline.position == 0)
    }

    @Test("the time at a position sums the recorded times; replays without times have none")
    func elapsed() {
        var replay = Self.recorded(StandardRules(), cycles: 2)
        var timeline = ReplayTimeline(replay: replay, game: { Game(rules: StandardRules(), source: Self.oPieces) }())
        timeline.seek(toAction: 10)
        #expect(timeline.elapsedMilliseconds == 160)
        #expect(timeline.elapsedMilliseconds(at: 46) == 736)
        replay.times = []
        let untimed = ReplayTimeline(replay: replay, game: { Game(rules: StandardRules(), source: Self.oPieces) }())
        #expect(untimed.elapsedMilliseconds == nil)
    }

    @Test("under Lua rules (Mods/standard keeps its bag in Lua locals) a seek back starts a fresh game and lands on the straight run's state")
    func luaRules() throws {
        let mods = ModCatalog(searchPath: ModSearchPath(folders: [Self.repositoryMods]), workingDirectory: Self.repositoryMods)
        let makeGame = { Game(rules: try! mods.rules(["standard"]), source: .seeded(7)) }
        // A seeded 7-bag game: the bag lives in the mod, so a copied state would deal wrongly.
        let drops = try ["GLLLLH", "GRRRRH", "GLH", "GRRH", "GCLLLH", "GCRRRH", "GH", "GCH", "GLH", "GRRRH"].map { try ActionScript.parse($0) }
        let actions = (0..<30).flatMap { drops[$0 % drops.count] }
        var game = makeGame()
        var recorder = ReplayRecorder(rules: game.rules.identity, source: .seeded(7))
        for action in actions {
            game.apply(action)
            recorder.record(action, state: game.state)
        }
        let replay = recorder.finish(game.state)
        var timeline = ReplayTimeline(replay: replay, game: makeGame())
        #expect(!timeline.restoresStates)
        let end = replay.actions.count
        #expect(timeline.wantsFreshGame)
        for target in [150, 40, end, 3, 100, end - 1] {
            if timeline.wantsFreshGame { timeline.provide(freshGame: makeGame()) }
            timeline.seek(toAction: target)
            #expect(timeline.state == Self.straight(replay, target, makeGame), "at \(target)")
        }
        #expect(timeline.problems.isEmpty)
        // Without a fresh game it cannot go back: it stays where it is and says so.
        timeline.seek(toAction: 100)
        #expect(timeline.wantsFreshGame)
        let stayed = timeline.seek(toAction: 20)
        #expect(!stayed && timeline.blockedTarget == 20 && timeline.position == 100)
        #expect(timeline.state == Self.straight(replay, 100, makeGame))
        // Forward needs none.
        let forward = timeline.seek(toAction: 120)
        #expect(forward && timeline.blockedTarget == nil)
        // Why: a copied state under the same Lua states deals from the bag where it stopped.
        var copying = ReplayTimeline(replay: replay, game: makeGame(), restoresStates: true)
        copying.seek(toAction: 150)
        copying.seek(toAction: 40)
        #expect(copying.state != Self.straight(replay, 40, makeGame))
    }

    @Test("a replay whose mod changed: the rules and the first differing checkpoint are reported, and it still plays")
    func modChanged() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-timeline-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let modFolder = folder + "/double"
        try FileManager.default.createDirectory(atPath: modFolder, withIntermediateDirectories: true)
        func writeMod(_ factor: Int) throws {
            try """
            return {
              id = "double", name = "Double", version = "1.0.0", description = "clears score \(factor)x", api = 1,
              scoring = function(game, lines, level, points) return points * \(factor) end,
            }
            """.write(toFile: modFolder + "/mod.lua", atomically: true, encoding: .utf8)
        }
        let mods = ModCatalog(searchPath: ModSearchPath(folders: [folder]), workingDirectory: folder)
        try writeMod(2)
        let replay = Self.recorded(try mods.rules(["double"]), cycles: 4)
        try writeMod(3)
        let makeGame = { Game(rules: try! mods.rules(["double"]), source: Self.oPieces) }
        var timeline = ReplayTimeline(replay: replay, game: makeGame())
        guard case .rulesDiffer(let recorded, let loaded)? = timeline.problems.first else {
            Issue.record("no rules difference: \(timeline.problems)")
            return
        }
        #expect(recorded.mods.map(\.id) == ["double"] && loaded.mods.map(\.id) == ["double"])
        #expect(recorded.mods[0].sha256 != loaded.mods[0].sha256)
        let moved19 = timeline.seek(toAction: 1_000)
        #expect(!moved19)
        #expect(timeline.isAtEnd && timeline.state.lines == 8)
        // The first checkpoint (10 pieces, after 46 actions) already holds 4 cleared lines.
        #expect(timeline.problems.count == 2)
        guard case .diverged(let expected, let actual)? = timeline.problems.last else {
            Issue.record("no divergence: \(timeline.problems)")
            return
        }
        #expect(expected.action == 46 && actual.action == 46)
        #expect(expected.piecesLocked == 10 && actual.piecesLocked == 10)
        // Two cycles: 2 × (300 × 2) then 2 × (300 × 3) for the clears, 2 × 168 for the drops.
        #expect(expected.score == 1_536 && actual.score == 2_136)
    }

    @Test("a replay whose mods were reloaded mid-game says before which action")
    func reloaded() {
        var replay = Self.recorded(StandardRules(), cycles: 2)
        replay.reloads = [30]
        let timeline = ReplayTimeline(replay: replay, game: { Game(rules: StandardRules(), source: Self.oPieces) }())
        #expect(timeline.problems == [.reloaded(beforeAction: 30)])
    }

    /// The repository's own Mods folder.
    static let repositoryMods: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Mods").path
    }()
}
