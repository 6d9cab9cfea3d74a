import HanJulCommandLine
import HanJulBench
@testable import HanJulCommands
import HanJulCore
import HanJulSim
import HanJulSweep
import Testing

/// What the headless commands print, made in-process: a game's JSON and text, progress
/// lines, the bench's figures, seed lists, the installed mods folder.
@Suite struct ReportTests {
    @Test func aGameReportsTheSameAsJSONAndText() {
        var game = Game(rules: StandardRules(), source: .seeded(1))
        game.apply(.hardDrop)
        let json = GameReport.json(game.state, rules: .standard, gravityMilliseconds: 1000)
        #expect(json.hasPrefix("{\"board\":[\""))
        #expect(json.contains("\"over\":false") && json.contains("\"reason\":\"playing\"") && json.contains("\"mods\":[]"))
        #expect(json.contains("\"gravity_ms\":1000") && json.hasSuffix("\"rule_error\":null,\"warnings\":[]}"))
        let text = GameReport.text(game.state)
        #expect(text.hasPrefix("+----------+\n|") && text.hasSuffix("playing"))
        #expect(text.split(separator: "\n").count == 20 + 2 + 2)
    }

    /// Ends the game with a result after every lock (a rule's `finish` in `after_lock`).
    struct FinishAtLock: Rules {
        var name: String { "finish" }
        var boardWidth: Int { 4 }
        func didFinishLock(cleared: Int, _ state: inout GameState) throws(RuleError) {
            state.end(.finished(GameResult(label: "lines", value: state.lines, lowerIsBetter: false)))
        }
    }

    @Test func aGameFinishedAtALockHasNoPieceInPlay() {
        // An I on a 4-wide board clears its row; the rule then finishes the game.
        var game = Game(rules: FinishAtLock(), source: .sequence([0]))
        game.apply(.hardDrop)
        #expect(game.state.isOver && game.state.board.filledCount == 0)
        let json = GameReport.json(game.state, rules: .standard, gravityMilliseconds: 700)
        #expect(json.contains("\"over\":true,\"piece\":null,"), "\(json)")
        let text = GameReport.text(game.state)
        #expect(text.split(separator: "\n").dropFirst().prefix(20).allSatisfy { $0 == "|....|" }, "\(text)")
        // In play, the piece is there.
        let playing = Game(rules: StandardRules(), source: .seeded(1))
        #expect(GameReport.json(playing.state, rules: .standard, gravityMilliseconds: 700).contains("\"piece\":{\"kind\":"))
    }

    @Test func jsonStringsEscapeControlCharacters() {
        #expect(GameReport.jsonString("a\"b\\c\u{1}\u{7F}é") == "\"a\\\"b\\\\c\\u0001\\u007fé\"")
    }

    @Test func progressStylesFollowTheTerminalAndTheOptions() {
        let utf8 = OutputManners(environment: ["LANG": "C.UTF-8", "TERM": "xterm"])
        let dumb = OutputManners(environment: ["LANG": "C", "TERM": "dumb"])
        #expect(ProgressBar.style(terminal: true, lines: false, quiet: false, manners: utf8) == .terminal(unicode: true))
        #expect(ProgressBar.style(terminal: true, lines: false, quiet: false, manners: dumb) == .lines(every: 10))
        #expect(ProgressBar.style(terminal: false, lines: true, quiet: false, manners: utf8) == .lines(every: 30))
        #expect(ProgressBar.style(terminal: false, lines: false, quiet: false, manners: utf8) == nil)
        #expect(ProgressBar.style(terminal: true, lines: true, quiet: true, manners: utf8) == nil)
        #expect(ProgressBar.clock(59.6) == "1:00" && ProgressBar.clock(3 * 3600 + 5 * 60) == "3h05m")
        #expect(ProgressBar.rate(0.423) == "0.42" && ProgressBar.rate(12.54) == "12.5" && ProgressBar.rate(340.2) == "340")
    }

    @Test func benchKeepsTheBestRound() {
        let slow = Bench.Figures(pieces: 100, placements: 1000, games: 1, seconds: 2)
        let fast = Bench.Figures(pieces: 100, placements: 1000, games: 1, seconds: 1)
        let rounds = Bench.Rounds.adding(fast, to: Bench.Rounds.adding(slow, to: nil))
        #expect(rounds.best.piecesPerSecond == 100 && rounds.slowest == 50 && rounds.count == 2)
        #expect(rounds.spread == "; rounds 50–100 pieces/s")
        #expect(Format.grouped(1_234_567.4) == "1,234,567" && Format.grouped(999) == "999")
        let figures = Bench.measure(.standard, seeds: [1, 2], cap: 30)
        #expect(figures.games == 2 && figures.pieces > 0 && figures.pieces <= 60)
    }

    @Test func seedListsAreRunsAndGaps() {
        #expect(SeedList.text([7, 3, 4, 5, 12, 40, 41, 4]) == "3..5, 7, 12, 40..41")
        #expect(SeedList.gaps(in: 1...10, covered: [3...4, 8...20]) == [1...2, 5...7])
        #expect(SeedList.gaps(in: 1...3, covered: []) == [1...3])
    }

    @Test func theInstalledModsFolderSitsBesideTheBinary() {
        #expect(ModOptions.installedDataDirectory(binary: "/usr/local/bin/hanjul") == "/usr/local/share/hanjul")
        #expect(ModOptions.installedDataDirectory(binary: "/usr/games/hanjul") == "/usr/share/games/hanjul")
        #expect(ModOptions.installedDataDirectory(binary: "/home/me/.build/debug/hanjul") == nil)
    }

    @Test func aSlipForVersionIsCaught() {
        #expect(CommandLineTool.versionTypo("--verison") == "--verison")
        #expect(CommandLineTool.versionTypo("-v") == "-v")
        #expect(CommandLineTool.versionTypo("--mod") == nil)
        #expect(CommandLineTool.versionTypo("--seed=4") == nil)
    }
}
