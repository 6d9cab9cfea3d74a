import Foundation
import HanJulCore
import PTYSupport
import TestTiers
import Testing

/// The start screen through the real `hanjul` in a pseudo-terminal: what a new player sees
/// and does, by keys only.
@Suite("the start screen in a pseudo-terminal", .serialized, .enabled(if: GameHarness.isReady, GameHarness.notReady), .needsTerminal)
struct MenuPTYTests {
    static let down = "\u{1B}[B"

    /// What kitty sends for a key tapped (pressed and released at once) under the flags the
    /// game pushes: the press, then the release event.
    static func tap(_ key: String) -> String {
        switch key {
        case "left": "\u{1B}[D\u{1B}[1;1:3D"
        case "right": "\u{1B}[C\u{1B}[1;1:3C"
        case "up": "\u{1B}[A\u{1B}[1;1:3A"
        default: "\u{1B}[32u\u{1B}[32;1:3u"   // Space: hard drop
        }
    }

    /// The ids `hanjul mods --ids` prints in the package folder (its ./Mods), in order.
    static func modIDs(_ home: GameHarness.Home) throws -> [String] {
        let listed = try GameHarness.runPiped(["mods", "--ids"], home: home, directory: PTYDriver.packageRoot.path)
        return String(decoding: listed.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test("hanjul alone shows Play, Mods, Settings, High scores, Replays and Quit; Mods lists every mod hanjul mods lists")
    func menuAndMods() throws {
        let home = try GameHarness.Home()
        defer { home.remove() }
        let ids = try Self.modIDs(home)
        #expect(ids.contains("sprint") && ids.count >= 5, "\(ids)")
        let run = try GameHarness.run([], home: home, directory: PTYDriver.packageRoot.path, steps: [
            .wait("Quit", from: "start"), .settle(), .capture(as: "menu", from: "start"),
            .mark("move"), .send(Self.down), .settle(), .capture(as: "move", from: "move"),
            .mark("moveBack"), .send("\u{1B}[A"), .settle(), .capture(as: "moveBack", from: "moveBack"),
            .mark("mods"), .send(Self.down + Self.down), .send("\r"), .wait("Order:", from: "mods"), .settle(), .capture(as: "mods", from: "start"),
            // More mods than rows: the end of the list, scrolled to.
            .send(String(repeating: Self.down, count: ids.count)), .settle(), .capture(as: "modsEnd", from: "start"),
            .send("\u{1B}"), .wait("Quit", from: "mods"), .settle(), .send("q"), .exit(),
        ])
        expectBaseline(run)
        #expect(run.exit == .exited(0), "status \(run.status)")
        let menu = PTYRun.screen(of: run.captured("menu"))
        for word in ["Play", "Modes", "Mods", "Settings", "High scores", "Replays", "Quit"] {
            #expect(menu.contains(word), "\(word): \(menu)")
        }
        // Bytes per frame on the menu: the first (whole) frame, and a cursor move (only the
        // two lines that changed are written).
        let first = run.captured("menu").count, move = run.captured("move").count, back = run.captured("moveBack").count
        #expect(move > 0 && move < 400, "a cursor move rewrites two lines, not the screen: \(move) bytes")
        print("menu bytes per frame: first frame (with the terminal set-up) \(first), cursor down \(move), cursor up \(back)")
        let mods = PTYRun.screen(of: run.captured("mods")), end = PTYRun.screen(of: run.captured("modsEnd"))
        for id in ids {
            #expect(mods.contains("] \(id) ") || end.contains("] \(id) "), "\(id) on the Mods page: \(mods)\n\(end)")
        }
    }

    /// The placements of a greedy player for `seed`, as the taps that make them, until
    /// `lines` are cleared: each piece turned, shifted, hard-dropped where the board is
    /// lowest and has the fewest holes. Sprint deals as the standard game does.
    static func plan(seed: UInt64, lines goal: Int) -> (taps: String, pieces: Int, actions: [Action]) {
        var game = Game(rules: StandardRules(), source: .seeded(seed))
        var taps = ""
        var actions: [Action] = []
        var pieces = 0
        while game.state.lines < goal && !game.state.isOver && pieces < 400 {
            var best: (score: Int, keys: [String], game: Game<StandardRules>)?
            for turns in 0..<4 {
                for shift in -5...5 {
                    var trial = game
                    var keys: [String] = []
                    var ok = true
                    for _ in 0..<turns {
                        let before = trial.state.piece
                        trial.apply(.rotate)
                        keys.append("up")
                        if trial.state.piece == before { ok = false }
                    }
                    for _ in 0..<abs(shift) where ok {
                        let before = trial.state.piece.x
                        trial.apply(shift < 0 ? .left : .right)
                        keys.append(shift < 0 ? "left" : "right")
                        if trial.state.piece.x == before { ok = false }
                    }
                    guard ok else { continue }
                    trial.apply(.hardDrop)
                    keys.append("drop")
                    let score = Self.evaluate(trial.state)
                    if best == nil || score > best!.score { best = (score, keys, trial) }
                }
            }
            guard let chosen = best else { break }
            game = chosen.game
            taps += chosen.keys.map(tap).joined()
            actions += chosen.keys.map { $0 == "up" ? .rotate : $0 == "left" ? .left : $0 == "right" ? .right : .hardDrop }
            pieces += 1
        }
        return (taps, pieces, actions)
    }

    /// Higher is better: lines cleared, then a low, flat, hole-free stack.
    static func evaluate(_ state: GameState) -> Int {
        let board = state.board
        if state.isOver { return .min }
        var heights: [Int] = []
        var holes = 0
        for x in 0..<board.width {
            var top = board.height
            for y in 0..<board.height where board.isFilled(x: x, y: y) {
                top = y
                break
            }
            heights.append(board.height - top)
            for y in top..<board.height where !board.isFilled(x: x, y: y) { holes += 1 }
        }
        let bumpiness = zip(heights, heights.dropFirst()).reduce(0) { $0 + abs($1.0 - $1.1) }
        return state.lines * 760 - heights.reduce(0, +) * 510 - holes * 3_570 - bumpiness * 184
    }

    @Test("from the start screen: pick sprint, play it to the end by keys, see FINISHED with the time, type a name, find it in High scores and Replays")
    func sprintWalk() throws {
        let home = try GameHarness.Home()
        defer { home.remove() }
        let ids = try Self.modIDs(home)
        guard let index = ids.firstIndex(of: "sprint") else {
            Issue.record("no sprint in \(ids)")
            return
        }
        let plan = Self.plan(seed: 5, lines: 40)
        #expect(plan.pieces > 90 && plan.pieces < 200, "\(plan.pieces) pieces for 40 lines")
        let run = try GameHarness.run([], home: home, environment: ["HANJUL_TEST_SEED=5"], answer: .kitty,
                                      directory: PTYDriver.packageRoot.path, steps: [
            .wait("Quit", from: "start"), .settle(),
            .mark("mods"), .send(Self.down + Self.down), .send("\r"), .wait("Order:", from: "mods"), .settle(),
            .send(String(repeating: Self.down, count: index)), .settle(), .mark("game"), .send("\r"),
            .wait("SCORE", from: "game"), .settle(),
            .mark("race"), .send(plan.taps), .wait("FINISHED", from: "race", timeout: 60), .settle(), .capture(as: "finished", from: "start"),
            // The name prompt (a first game makes the top 10): clear the offered name, type one.
            // The name prompt takes game keys (space) once the game's last moments are over. The field is
            // drawn by difference, so only "a_" is sure to be written together when the a arrives.
            .pump(0.6), .mark("name"), .send(String(repeating: "\u{7F}", count: 20) + "Kim  Ha"), .wait("a_", from: "name"), .settle(),
            .mark("named"), .send("\r"), .wait("r new game", from: "named"), .settle(),
            .mark("menu"), .send("q"), .wait("High scores", from: "menu"), .settle(),
            .mark("scores"), .send(String(repeating: "\u{1B}[A", count: 6) + Self.down + Self.down + Self.down + Self.down), .send("\r"), .wait("sprint@", from: "scores"), .settle(),
            .mark("table"), .send("\r"), .wait("RESULT", from: "table"), .settle(), .capture(as: "table", from: "start"),
            .mark("replays"), .send("\u{1B}"), .send("\u{1B}"), .settle(), .send(Self.down), .send("\r"),
            .wait("v verify", from: "replays"), .settle(), .capture(as: "replays", from: "start"),
            .send("q"), .settle(), .send("q"), .exit(),
        ])
        expectBaseline(run)
        #expect(run.exit == .exited(0), "status \(run.status)")
        let finished = PTYRun.screen(of: run.captured("finished"))
        #expect(finished.contains("FINISHED"), "\(finished)")
        #expect(finished.range(of: #"Time +\d+:\d\d\.\d\d\d"#, options: .regularExpression) != nil, "the time as m:ss.mmm: \(finished)")
        #expect(finished.contains("PIECES") && finished.contains("RESULT"), "the statistics stay beside the board; the table ranks by the result: \(finished)")
        let table = PTYRun.screen(of: run.captured("table"))
        #expect(table.contains("High scores: sprint@1.") && table.contains("RESULT"), "\(table)")
        #expect(table.range(of: #"1  \d+:\d\d\.\d\d\d "#, options: .regularExpression) != nil, "the game is first in its table, its time first: \(table)")
        #expect(table.contains("Kim Ha"), "the name typed at the end is in the table: \(table)")
        let settings = (try? String(contentsOfFile: home.config + "/hanjul/settings.conf", encoding: .utf8)) ?? ""
        #expect(settings.contains("name = Kim Ha "), "and remembered in settings.conf: \(settings)")
        let replays = PTYRun.screen(of: run.captured("replays"))
        #expect(replays.range(of: #"\d{4}-\d\d-\d\d \d\d:\d\d  sprint 1\.\d+\.\d+  \d+:\d\d\.\d\d\d"#, options: .regularExpression) != nil
                && replays.contains("-5.hjr"), "the date, the mode and the result; the file below: \(replays)")
        print("sprint walk: \(plan.pieces) pieces, 40 lines, by keys from the start screen")
    }
}
