import Foundation
import HanJulCore
@testable import HanJulPlay
import HanJulRender
import PTYSupport
import TestTiers
import Testing

/// The race clock a racer reads (issue 21 item 1): milliseconds while racing, and the pace
/// against the best game of the table at every 10 lines.
@Suite("race clock and pace")
struct RaceClockTests {
    @Test("differences read as signed seconds with milliseconds; the PACE row shows one, or '-' before the first split")
    func differences() {
        #expect(HUD.formatDifference(-1_234) == "-1.234")
        #expect(HUD.formatDifference(512) == "+0.512")
        #expect(HUD.formatDifference(0) == "+0.000")
        #expect(HUD.formatDifference(-61_005) == "-1:01.005")
        #expect(HUD.formatDifference(Int.min).hasPrefix("-"), "no trap on the extreme")
        #expect(HUD.Pace().text == "-")
        #expect(HUD.Pace(difference: 40).text == "+0.040")
    }

    @Test("the best game's splits come from its replay: the game clock when it reached 10, 20, 30 and 40 lines")
    func splitsFromReplay() throws {
        let plan = MenuPTYTests.plan(seed: 5, lines: 40)
        // Each placement 250 ms after the one before (W250 before each piece's first key).
        var actions: [Action] = []
        var game = Game(rules: StandardRules(), source: .seeded(5))
        var expected: [Int] = []
        var pieceStart = true
        for action in plan.actions {
            if pieceStart {
                actions.append(.wait(milliseconds: 250))
                game.apply(.wait(milliseconds: 250))
            }
            actions.append(action)
            game.apply(action)
            pieceStart = action == .hardDrop
            while expected.count < 4 && game.state.lines >= (expected.count + 1) * 10 {
                expected.append(game.state.elapsedMilliseconds)
            }
        }
        #expect(expected.count == 4 && expected[0] > 0 && expected[0] % 250 == 0, "\(expected)")
        let replay = Replay(rules: .standard, source: .seeded(5), actions: actions)
        let splits = RacePace.splits(of: replay, game: Game(rules: StandardRules(), source: .seeded(5)), goal: 40)
        #expect(splits == expected)
        #expect(RacePace.splits(of: Replay(rules: .standard, source: .seeded(5), actions: [.hardDrop]),
                                game: Game(rules: StandardRules(), source: .seeded(5)), goal: 40) == nil, "no split reached: no pace")

        var pace = RacePace(best: [10_000, 21_000, 30_000, 40_000])
        #expect(pace.difference == nil)
        pace.note(lines: 9, at: 9_000)
        #expect(pace.difference == nil)
        pace.note(lines: 12, at: 9_500)
        #expect(pace.difference == -500, "ahead by half a second at 10 lines")
        pace.note(lines: 31, at: 32_000)
        #expect(pace.splits == [9_500, 32_000, 32_000] && pace.difference == 2_000, "20 and 30 lines at once: behind by 2 s")
    }

    @Test("the PACE row: green ahead, red behind in colour, the sign in any style; no row without a best")
    func paceRow() {
        let state = Game(rules: StandardRules(), source: .seeded(1)).state
        var hud = HUD(state: state, millisecondsPerRow: 700)
        hud.lines = 10
        hud.timeText = "0:12.345"
        var scene = Scene(state: state, hud: hud, style: .color)
        #expect(!Layout.frame(for: scene, size: Size(width: 80, height: 24)).text.contains("PACE"))
        scene.hud.pace = HUD.Pace(difference: -1_234)
        let ahead = Layout.frame(for: scene, size: Size(width: 80, height: 24))
        #expect(ahead.text.contains("TIME      0:12.345"), "\(ahead.text)")
        #expect(ahead.text.range(of: #"PACE +-1\.234"#, options: .regularExpression) != nil, "\(ahead.text)")
        let row = ahead.lines.firstIndex { $0.contains("PACE") }!
        let column = ahead.lines[row].distance(from: ahead.lines[row].startIndex, to: ahead.lines[row].range(of: "-1.234")!.lowerBound)
        #expect(ahead.cells[row * ahead.width + column].style.foreground == .rgb(Layout.aheadColor))
        scene.hud.pace = HUD.Pace(difference: 700)
        let behind = Layout.frame(for: scene, size: Size(width: 80, height: 24))
        #expect(behind.cells[row * behind.width + column].style.foreground == .rgb(Layout.behindColor))
    }

    @Test("under timed rules TIME shows milliseconds, advancing between keys (the screen wakes for it)")
    func liveMilliseconds() {
        let provider = RulesProvider<TimedRules>(make: { .success(TimedRules()) }, identity: { $0.identity })
        let session = PlaySession.game(provider: provider, rules: TimedRules(), config: PlayConfig(seed: 1, style: .monochrome, colorMode: .none),
                                       size: Size(width: 80, height: 24), reportsReleases: true, now: 0,
                                       environment: ManualClock.environment(MemoryStore()))
        var clock = ManualClock(session: session, store: MemoryStore())
        clock.run(to: 1_234)
        #expect(clock.screen.contains("TIME      0:01.234"), "\(clock.screen)")
        let deadline = clock.session.deadline ?? .max
        #expect(deadline <= ManualClock.ns(1_250), "woken within 50 ms to draw the clock: \(deadline)")
    }
}

/// The race clock in the real `hanjul` in a pseudo-terminal.
@Suite("race clock in a pseudo-terminal", .serialized, .enabled(if: GameHarness.isReady, GameHarness.notReady), .needsTerminal)
struct RaceClockPTYTests {
    static func time(in screen: String) -> Int? {
        guard let range = screen.range(of: #"TIME +\d+:\d\d\.\d\d\d"#, options: .regularExpression) else { return nil }
        let text = screen[range].split(separator: " ").last!
        let parts = text.split(whereSeparator: { $0 == ":" || $0 == "." }).compactMap { Int($0) }
        return parts.count == 3 ? (parts[0] * 60 + parts[1]) * 1000 + parts[2] : nil
    }

    @Test("hanjul --mod sprint: TIME as m:ss.mmm advancing while racing; once a best exists, PACE shows the difference at 10 lines and the end says it at the finish")
    func sprintPace() throws {
        let home = try GameHarness.Home()
        defer { home.remove() }
        let full = MenuPTYTests.plan(seed: 5, lines: 40)
        let ten = MenuPTYTests.plan(seed: 5, lines: 10)
        #expect(full.taps.hasPrefix(ten.taps))
        let rest = String(full.taps.dropFirst(ten.taps.count))
        let run = try GameHarness.run(["--mod", "sprint", "--seed", "5"], home: home, answer: .kitty,
                                      directory: PTYDriver.packageRoot.path, steps: [
            .wait("SCORE", from: "start"), .settle(), .pump(0.3), .capture(as: "early", from: "start"),
            .pump(0.7), .capture(as: "later", from: "start"),
            // Each race starts afresh (r) and its keys go at once, so gravity never moves a
            // piece before its keys; a race paused (p) keeps its pieces where they are. The
            // burst is read in pieces while the game draws: an Esc at a read's end is the
            // start of the next key, however long the drawing took (it once quit the game).
            .mark("race1"), .send("r" + full.taps), .pump(1.5), .capture(as: "mid", from: "start"),
            .wait("FINISHED", from: "race1", timeout: 60), .settle(),
            .capture(as: "first", from: "start"),
            .pump(0.6), .send("\u{1B}"), .settle(),
            .mark("again"), .send("rp"), .wait("PAUSED", from: "again"), .settle(), .capture(as: "fresh", from: "start"),
            .mark("race2"), .send("p" + ten.taps + "p"), .wait("PAUSED", from: "race2", timeout: 30), .settle(),
            .capture(as: "split", from: "start"),
            .mark("rest"), .send("p" + rest), .wait("FINISHED", from: "rest", timeout: 60), .settle(),
            .capture(as: "second", from: "start"),
            .pump(0.6), .send("\u{3}"), .exit(),
        ])
        expectBaseline(run, PTYRun.screen(of: run.captured("mid")))
        #expect(run.exit == .exited(0), "status \(run.status)")
        let early = PTYRun.screen(of: run.captured("early")), later = PTYRun.screen(of: run.captured("later"))
        let t0 = Self.time(in: early), t1 = Self.time(in: later)
        #expect(t0 != nil && t1 != nil, "the time with milliseconds: \(early)")
        if let t0, let t1 { #expect(t1 - t0 >= 400, "the clock advances while racing: \(t0) then \(t1)") }
        let first = PTYRun.screen(of: run.captured("first"))
        #expect(!early.contains("PACE") && !first.contains("Pace"), "no best yet, no pace: \(early)")
        let fresh = PTYRun.screen(of: run.captured("fresh"))
        #expect(fresh.range(of: #"PACE +-"#, options: .regularExpression) != nil, "a best exists: the PACE row, no split yet: \(fresh)")
        let split = PTYRun.screen(of: run.captured("split"))
        #expect(split.range(of: #"PACE +[+-]\d+\.\d\d\d"#, options: .regularExpression) != nil, "the difference at 10 lines: \(split)")
        let second = PTYRun.screen(of: run.captured("second"))
        #expect(second.range(of: #"Pace +[+-]\d+\.\d\d\d"#, options: .regularExpression) != nil,
                "the finish against the best: \(second)")
    }
}
