import HanJulCore
@testable import HanJulPlay
import HanJulRender
import HanJulTerminal
import Testing

/// A race for tests: the standard game, announcing at the first lock and finishing after the
/// third with a time of 61.234 s (lower is better).
struct RaceRules: Rules {
    var name: String { "race" }
    var identity: RulesIdentity { RulesIdentity(name: "race") }
    func didFinishLock(cleared: Int, _ state: inout GameState) throws(RuleError) {
        if state.piecesLocked == 1 { state.announce("FIRST BLOOD") }
        if state.piecesLocked >= 3 { state.end(.finished(GameResult(label: "time", value: 61_234 + state.score, lowerIsBetter: true, unit: .milliseconds))) }
    }
}

/// A timed race for tests: 2 lines to clear, the time as the result.
/// A blitz: a score after two minutes of game time (the time goal counts down).
struct BlitzRules: Rules {
    var name: String { "blitz" }
    var resultFormat: ResultFormat? { ResultFormat(name: "score", unit: .points, lowerIsBetter: false, clock: true) }
    var goal: GameGoal? { GameGoal(milliseconds: 120_000) }
}

struct TimedRules: Rules {
    var name: String { "timed" }
    var resultFormat: ResultFormat? { ResultFormat(name: "time", unit: .milliseconds, lowerIsBetter: true) }
    var goal: GameGoal? { GameGoal(lines: 2) }
}

/// Live statistics, callouts and races on the game screen.
@Suite("statistics, callouts and races")
struct StatisticsTests {
    static func facts(lines: Int, spin: Spin = .none, combo: Int = 0, backToBack: Bool = false) -> LockFacts {
        LockFacts(piece: Piece(kind: 5, rotation: 0, x: 4, y: 18), lastMove: nil, kick: nil, lines: lines, spin: spin,
                  combo: combo, backToBack: backToBack)
    }

    @Test("every lock counts: pieces, clears by size, spins, the longest combo, back-to-back clears")
    func counts() {
        var statistics = PlayStatistics()
        for lines in [0, 1, 1, 2, 3, 4, 4, 0] { statistics.count(Self.facts(lines: lines, combo: lines == 0 ? 0 : 1)) }
        statistics.count(Self.facts(lines: 2, spin: .full, combo: 3, backToBack: true))
        statistics.count(Self.facts(lines: 0, spin: .mini))
        #expect(statistics.pieces == 10)
        var single = PlayStatistics()
        single.count(Self.facts(lines: 1, combo: 1))
        #expect(single.maxCombo == 0, "D12: one clear is no combo")
        #expect([statistics.singles, statistics.doubles, statistics.triples, statistics.fours] == [2, 2, 1, 2])
        #expect(statistics.spins == 2 && statistics.maxCombo == 2 && statistics.backToBacks == 1)
        #expect(statistics.piecesPerSecond(milliseconds: 5_405) == "1.85")
        #expect(statistics.piecesPerSecond(milliseconds: 0) == "0.00")
        #expect(statistics.piecesPerSecond(milliseconds: 100_000) == "0.10")
    }

    @Test("callouts name the notable clears: four rows, spins, combos, back-to-back; an ordinary clear has none")
    func callouts() {
        #expect(PlayStatistics.callout(for: Self.facts(lines: 4, combo: 1)) == ["QUAD"])
        #expect(PlayStatistics.callout(for: Self.facts(lines: 2, spin: .full, combo: 3, backToBack: true))
                == ["T-SPIN DOUBLE", "COMBO \u{00D7}2", "BACK-TO-BACK"])
        #expect(PlayStatistics.callout(for: Self.facts(lines: 1, spin: .mini, combo: 2), ascii: true) == ["MINI T-SPIN SINGLE", "COMBO x1"])
        #expect(PlayStatistics.callout(for: Self.facts(lines: 0, spin: .full)) == ["T-SPIN"])
        #expect(PlayStatistics.callout(for: Self.facts(lines: 3, combo: 1)).isEmpty)
        #expect(PlayStatistics.callout(for: Self.facts(lines: 0)).isEmpty)
    }

    /// A standard game (seed 1: an I first) whose bottom four rows are full but for the
    /// right column.
    static func wellGame() -> ManualClock {
        var clock = ManualClock()
        var screen = clock.session.screen as! GameScreen<StandardRules>
        var state = screen.game.state
        state.editBoard { board in
            for y in 16..<20 { for x in 0..<9 { board.set(x: x, y: y, to: 1) } }
        }
        screen.timed = TimedGame(game: Game(rules: StandardRules(), state: state), recorder: screen.recorder)
        clock.session.screen = screen
        return clock
    }

    /// The column `text` first shows at in `lines`.
    static func column(of text: String, in lines: [String]) -> Int? {
        for line in lines {
            if let range = line.range(of: text) { return line.distance(from: line.startIndex, to: range.lowerBound) }
        }
        return nil
    }

    @Test("a four-row clear: QUADS counts it and QUAD shows beside the board for two seconds of play, the board and panel unmoved")
    func quadCallout() {
        var clock = Self.wellGame()
        let before = clock.session.frame.lines
        #expect(clock.screen.contains("PIECES") && clock.screen.contains("QUADS"))
        clock.press(.arrow(.up, []), at: 10)
        clock.release(.arrow(.up, []), at: 11)
        for t in stride(from: 20, to: 90, by: 10) {
            clock.press(.arrow(.right, []), at: t)
            clock.release(.arrow(.right, []), at: t + 1)
        }
        clock.press(.space, at: 100)
        clock.release(.space, at: 101)
        let game = clock.session.screen as! GameScreen<StandardRules>
        #expect(game.game.state.lines == 4, "the I filled the right column")
        #expect(game.statistics.fours == 1 && game.statistics.pieces == 1)
        let after = clock.session.frame.lines
        #expect(after.contains { $0.contains("QUAD ") }, "the callout: \(clock.screen)")
        #expect(after.contains { $0.contains("QUADS        1") } && after.contains { $0.contains("PIECES       1") })
        #expect(Self.column(of: "SCORE", in: after) == Self.column(of: "SCORE", in: before), "the panel did not move")
        #expect(Self.column(of: "PIECES", in: after) == Self.column(of: "PIECES", in: before))
        #expect(before.firstIndex { $0.contains("SCORE") } == after.firstIndex { $0.contains("SCORE") })
        clock.run(to: 2_050)
        #expect(clock.session.frame.lines.contains { $0.contains("QUAD ") }, "still shown within two seconds")
        clock.run(to: 2_200)
        #expect(!clock.session.frame.lines.contains { $0.contains("QUAD ") }, "gone after two seconds of play")
    }

    static func raceClock() -> ManualClock {
        let store = MemoryStore()
        let provider = RulesProvider<RaceRules>(make: { .success(RaceRules()) }, identity: { $0.identity })
        var config = PlayConfig(seed: 1, style: .monochrome, colorMode: .none)
        config.playerName = "ana"
        let session = PlaySession.game(provider: provider, rules: RaceRules(),
                                       config: config,
                                       size: Size(width: 80, height: 24), reportsReleases: true, now: 0,
                                       environment: ManualClock.environment(store))
        return ManualClock(session: session, store: store)
    }

    @Test("what the rules announce is the callout, in place of the lock's own")
    func announced() {
        var clock = Self.raceClock()
        clock.press(.space, at: 100)
        #expect(clock.screen.contains("FIRST BLOOD"))
    }

    @Test("under timed rules all play time reaches the engine as W before each action (the race's time is in the replay); pauses do not count")
    func timedRules() {
        let provider = RulesProvider<TimedRules>(make: { .success(TimedRules()) }, identity: { $0.identity })
        let session = PlaySession.game(provider: provider, rules: TimedRules(), config: PlayConfig(seed: 1, style: .monochrome, colorMode: .none),
                                       size: Size(width: 80, height: 24), reportsReleases: true, now: 0,
                                       environment: ManualClock.environment(MemoryStore()))
        var clock = ManualClock(session: session, store: MemoryStore())
        #expect(clock.screen.contains("LINES LEFT       2"), "the goal as lines left: \(clock.screen)")
        clock.press(.arrow(.left, []), at: 250)
        clock.release(.arrow(.left, []), at: 260)
        clock.press(.character("p"), at: 300)
        clock.press(.character("p"), at: 5_300)        // five seconds paused
        clock.press(.space, at: 5_500)
        let game = clock.session.screen as! GameScreen<TimedRules>
        let tokens = game.recorder.replay.actions.map(\.token)
        #expect(tokens == ["W250", "L", "W250", "H"], "\(tokens)")
        #expect(game.game.state.elapsedMilliseconds == 500)
    }

    @Test("D12: a time goal (a blitz's two minutes) shows the time left, counting down on the play clock, not the time played")
    func timeLeft() {
        let provider = RulesProvider<BlitzRules>(make: { .success(BlitzRules()) }, identity: { $0.identity })
        let session = PlaySession.game(provider: provider, rules: BlitzRules(), config: PlayConfig(seed: 1, style: .monochrome, colorMode: .none),
                                       size: Size(width: 80, height: 24), reportsReleases: true, now: 0,
                                       environment: ManualClock.environment(MemoryStore()))
        var clock = ManualClock(session: session, store: MemoryStore())
        #expect(clock.screen.contains("TIME LEFT 2:00.000"), "\(clock.screen)")
        clock.press(.arrow(.left, []), at: 1_250)
        clock.release(.arrow(.left, []), at: 1_260)
        #expect(clock.screen.contains("TIME LEFT 1:58.740"), "\(clock.screen)")
    }

    @Test("a race ends on FINISHED with its time as m:ss.mmm; its table ranks by the result, shown first; BEST shows the best result")
    func race() {
        var clock = Self.raceClock()
        clock.store.tables["race"] = [HighScore(score: 9_999, lines: 3, level: 1, result: 70_000, resultLabel: "time", resultUnit: "ms", date: "2025-02-01 10:00", seed: "4")]
        // The table is read when a game starts: a new game shows the best result.
        clock.press(.character("p"), at: 10)
        clock.press(.character("r"), at: 20)
        #expect(clock.screen.contains("1:10.000"), "BEST as a time: \(clock.screen)")
        for t in [100, 200, 300] {
            clock.press(.space, at: t)
            clock.release(.space, at: t + 1)
        }
        let screen = clock.screen
        #expect(screen.contains("FINISHED") && !screen.contains("GAME OVER"))
        #expect(screen.contains("time: 1:01."), "the result in its unit: \(screen)")
        #expect(screen.contains("RESULT"))
        let lines = clock.session.frame.lines
        let first = lines.firstIndex { $0.contains("1:01.") && !$0.contains("time:") }
        let second = lines.firstIndex { $0.contains("1:10.000") }
        #expect(first != nil && second != nil && first! < second!, "the faster run ranks first despite its lower score")
        #expect(clock.store.tables["race"]?.first?.result.map { $0 > 61_234 } == true, "results stay exact integers")
        #expect(clock.store.tables["race"]?.first?.name == "ana" && screen.contains("NAME") && screen.contains("ana"), "the player's name in the table")
        #expect(clock.store.tables["race"]?.first?.replay == "20250301-142233-1.hjr", "the entry names its replay, which housekeeping keeps")
    }
}
