import Foundation
import HanJulCore
import HanJulReplay
import PTYSupport
import TestTiers
import Testing

/// End to end: the real `hanjul play` in a real pseudo-terminal under a job-control shell
/// (the shared harness, `PTYDriver`), each run with its own temporary HOME and XDG folders.
/// What the session does is tested in-process (PlaySessionTests, HandlingTests); these
/// cover what needs a terminal.
@Suite("hanjul play in a pseudo-terminal", .serialized, .enabled(if: GameHarness.isReady, GameHarness.notReady), .needsTerminal)
struct PlayPTYTests {
    @Test("quitting in each state restores the terminal; keys exit 0, signals kill by the signal", arguments: [
        ("playing", "q", "exited", 0), ("playing", "\u{03}", "exited", 0), ("playing", "\u{1B}", "exited", 0),
        ("playing", "SIGTERM", "signaled", SIGTERM), ("playing", "SIGINT", "signaled", SIGINT),
        ("playing", "SIGHUP", "signaled", SIGHUP), ("paused", "q", "exited", 0), ("paused", "SIGTERM", "signaled", SIGTERM),
        ("help", "\u{03}", "exited", 0), ("help", "SIGHUP", "signaled", SIGHUP),
        // At the end the name prompt is up: q would type; Enter saves the name, then q quits.
        ("over", "\rq", "exited", 0), ("over", "\u{03}", "exited", 0), ("over", "SIGINT", "signaled", SIGINT),
    ])
    func quit(state: String, how: String, kind: String, value: Int32) throws {
        let home = try GameHarness.Home()
        defer { home.remove() }
        let end: PTYStep = how.hasPrefix("SIG") ? .signal(how) : .send(how)
        let run = try GameHarness.run(home: home, steps: GameHarness.started + GameHarness.reach(state) + [end, .exit()])
        expectBaseline(run)
        expectNothingDrawnAfterRestore(run, "\(state) \(how.debugDescription)")
        #expect(run.flag("rawWhileRunning") == true)
        #expect(run.exit == PTYRun.Exit(kind: kind, value: value), "status \(run.status)")
        if state == "over" {
            #expect(run.screen().contains("GAME OVER") || run.outputText.contains("GAME OVER"))
            // The game that ended is saved: a replay that verifies, and a high-score table.
            let replays = home.files(in: home.replays)
            #expect(replays.count == 1 && replays[0].hasSuffix("-7.hjr"), "\(replays)")
            #expect(home.files(in: home.hanjulData).contains("scores.hjr"))
            if let replay = replays.first {
                let verify = try GameHarness.runPiped(["replay", "--verify", home.replays + "/" + replay], home: home)
                #expect(verify.status == 0, "\(String(decoding: verify.stderr, as: UTF8.self))")
                #expect(String(decoding: verify.stdout, as: UTF8.self).hasPrefix("match: "))
            }
        }
    }

    @Test("keys move the piece; a one-step move redraws only a few cells")
    func moves() throws {
        let home = try GameHarness.Home()
        defer { home.remove() }
        var steps = GameHarness.started
        for (index, key) in (["\u{1B}[D", "\u{1B}[C"] + ["\u{1B}[D", "\u{1B}[C"] + ["\u{1B}[D", "\u{1B}[C"]).enumerated() {
            steps += [.settle(), .mark("m\(index)"), .send(key), .settle(quiet: 0.05), .capture(as: "m\(index)", from: "m\(index)")]
        }
        steps += [.settle(), .mark("other"), .send("hlkwad"), .settle(), .capture(as: "other", from: "other"), .send(" "), .settle(),
                  .send("q"), .exit()]
        let run = try GameHarness.run(home: home, steps: steps)
        expectBaseline(run)
        let sizes = (0..<6).map { run.captured("m\($0)").count }
        #expect(sizes.allSatisfy { $0 > 0 }, "every move changed the screen: \(sizes)")
        // Only the changed cells: a move is far smaller than the first full frame.
        let full = run.outputBytes.count
        #expect((sizes.min() ?? .max) < 400 && (sizes.min() ?? .max) * 5 < full, "\(sizes) vs \(full)")
        #expect(!run.captured("other").isEmpty, "vim keys and WASD reach the engine")
        #expect(run.exit == .exited(0))
        #expect(home.files(in: home.replays).count == 1, "a quit after a locked piece still records the game")
        print("one-step move frames (bytes): \(sizes); all output: \(full) bytes")
    }

    @Test("Ctrl-Z stops the job in cooked mode; fg resumes paused in raw mode; the time stopped is not play time")
    func suspend() throws {
        let home = try GameHarness.Home()
        defer { home.remove() }
        let run = try GameHarness.run(home: home, steps: GameHarness.started + [
            .send("\u{1A}"), .status(["stopped", "exited", "signaled"], as: "stop"), .pump(1.0), .restored(as: "cooked"),
            .mark("fg"), .fg, .status(["continued"]), .wait("PAUSED"), .settle(), .raw(as: "raw"), .capture(as: "after", from: "fg"),
            .send("q"), .exit(),
        ])
        expectBaseline(run)
        #expect(run.text("stop") == "stopped \(SIGTSTP)")
        #expect(run.flag("cooked") == true && run.flag("raw") == true)
        let after = run.capturedText("after")
        #expect(after.contains(Escape.enterAlternateScreen) && after.contains("PAUSED") && after.contains("SCORE"), "a full redraw, paused")
        #expect(after.contains("0:00") || after.contains("0:01"))
        #expect(run.exit == .exited(0))
    }

    @Test("a mod failing during play shows mod, hook and file:line beside the board; the game's replay is kept")
    func modError() throws {
        let home = try GameHarness.Home()
        defer { home.remove() }
        try home.write("""
            return {
              id = "broken", name = "Broken", version = "1.0.0", description = "fails when a piece locks", api = 1,
              on_lock = function(game)
                local row = nil
                return row.cells
              end,
            }
            """, to: "mods/broken/mod.lua")
        let run = try GameHarness.run(["play", "--mods-dir", home.root + "/mods", "--mod", "broken"], home: home, steps:
            GameHarness.started + [.send(" "), .wait("MOD ERROR"), .settle(), .send("q"), .exit()])
        expectBaseline(run)
        let screen = run.screen(upTo: run.outputBytes.lastOffset(of: Escape.restoreTail))
        #expect(screen.contains("MOD ERROR") && screen.contains("mod.lua:5") && screen.contains("on_lock"), "\(screen)")
        // The traceback keeps its lines and indentation, and the board is still there.
        let lines = screen.split(separator: "\n").map(String.init)
        let traceback = lines.firstIndex { $0.contains("│ stack traceback:") }
        #expect(traceback != nil && lines[traceback! + 1].contains("│   ") && lines[traceback! + 1].contains("mod.lua:5: in"), "\(screen)")
        #expect(screen.split(separator: "\n").filter { $0.contains("│ .") }.count >= 15, "\(screen)")
        #expect(run.exit == .exited(0))
        #expect(home.files(in: home.replays).count == 1)
    }

    @Test("hot reload: a changed mod is reloaded with the board kept; a broken save keeps the old version")
    func hotReload() throws {
        let home = try GameHarness.Home()
        defer { home.remove() }
        let mod = """
            return {
              id = "tweak", name = "Tweak", version = "1.0.0", description = "scores double", api = 1,
              scoring = function(_, lines, level, base) return base * 2 end,
            }
            """
        try home.write(mod, to: "mods/tweak/mod.lua")
        let path = home.root + "/mods/tweak/mod.lua"
        let run = try GameHarness.run(["play", "--mods-dir", home.root + "/mods", "--mod", "tweak"], home: home, steps:
            GameHarness.started + [
                .mark("reload"), .writeFile(path, text: mod.replacingOccurrences(of: "1.0.0", with: "1.0.1")), .pump(0.3),
                .send(" "), .wait("RELOADED"), .settle(), .capture(as: "reloaded", from: "reload"), .send("x"), .settle(),
                .mark("broken"), .writeFile(path, text: mod + "\nthis is not lua\n"), .pump(0.3),
                .send(" "), .wait("RELOAD FAILED"), .settle(), .capture(as: "failed", from: "broken"), .send("x"), .settle(),
                .send(" "), .settle(), .send("q"), .exit(),
            ])
        expectBaseline(run)
        let reloaded = run.capturedText("reloaded")
        #expect(reloaded.contains("RELOADED") && reloaded.contains("tweak 1.0.1"), "\(reloaded.debugDescription)")
        let failed = run.capturedText("failed")
        #expect(failed.contains("RELOAD FAILED") && failed.contains("mod.lua:"), "\(failed.debugDescription)")
        #expect(run.exit == .exited(0))
        // The game's replay says it was reloaded, and --verify refuses it with that reason.
        let replays = home.files(in: home.replays)
        #expect(replays.count == 1)
        if let replay = replays.first {
            let verify = try GameHarness.runPiped(["replay", "--verify", "--mods-dir", home.root + "/mods", home.replays + "/" + replay], home: home)
            #expect(verify.status == 1)
            #expect(String(decoding: verify.stderr, as: UTF8.self).contains("reloaded during this game"))
        }
    }

    @Test("hanjul replay FILE plays a recorded game back: pause, step, speed, the end")
    func replayPlayback() throws {
        let home = try GameHarness.Home()
        defer { home.remove() }
        let path = home.root + "/game.hjr"
        let saved = try GameHarness.runPiped(["run", "--seed", "3", "--actions", "LLH RRH CH LH RH GGGH H H", "--save-replay", path], home: home)
        #expect(saved.status == 0)
        let run = try GameHarness.run(["replay", path], home: home, steps: [
            .wait("REPLAY 1x", from: "start"), .send("p"), .wait("PAUSED"), .settle(), .send("."), .settle(),
            .capture(as: "afterStep", from: "start"), .send("p+++"), .settle(), .wait("END OF REPLAY", timeout: 15), .settle(),
            .send("q"), .exit(),
        ])
        expectBaseline(run)
        // One action stepped while paused: the counter went 0/18 → 1/18, and no box covers
        // the board (all 20 rows show).
        let afterStep = PTYRun.screen(of: run.captured("afterStep"))
        #expect(afterStep.contains("REPLAY 1x PAUSED") && afterStep.contains("action 1/18"), "\(afterStep)")
        #expect(afterStep.split(separator: "\n").filter { $0.contains("│ .") || $0.contains("│█") }.count == 20, "\(afterStep)")
        let end = run.screen(upTo: run.outputBytes.lastOffset(of: Escape.restoreTail))
        #expect(end.contains("END OF REPLAY") && end.contains("REPLAY 8x") && end.contains("action 18/18"), "\(end)")
        #expect(run.exit == .exited(0))
        // Without a terminal: one line pointing to --verify.
        let piped = try GameHarness.runPiped(["replay", path], home: home)
        #expect(piped.status == 2 && !piped.stderr.contains(0x1B))
        #expect(String(decoding: piped.stderr, as: UTF8.self).contains("hanjul replay --verify FILE"))
    }

    @Test("ten seconds of play without keys costs little CPU")
    func idle() throws {
        let home = try GameHarness.Home()
        defer { home.remove() }
        let run = try GameHarness.run(home: home, steps: GameHarness.started + [
            .cpu(as: "before"), .mark("idle"), .pump(10), .cpu(as: "after"), .capture(as: "idle", from: "idle"), .send("q"), .exit(),
        ])
        expectBaseline(run)
        let cpu = (run.number("after") ?? 99) - (run.number("before") ?? 0)
        // Not a timed assertion: a busy loop would burn ~10 s; the loop sleeps in poll.
        #expect(cpu < 2.0, "\(cpu) s of CPU in 10 s")
        print("idle: \(cpu) s CPU (utime+stime from /proc) over 10 s of play without keys; \(run.captured("idle").count) bytes written")
    }

    @Test("standard input or output not a terminal: one line pointing to hanjul run, no escape bytes, exit 2")
    func notATerminal() throws {
        let home = try GameHarness.Home()
        defer { home.remove() }
        for arguments in [["play"], []] {
            let piped = try GameHarness.runPiped(arguments, home: home)
            #expect(piped.status == 2)
            #expect(piped.stdout.isEmpty && !piped.stderr.contains(0x1B))
            let text = String(decoding: piped.stderr, as: UTF8.self)
            #expect(text == "hanjul play: standard input is not a terminal; to play without one, use 'hanjul run' (see 'hanjul help')\n")
        }
        // Standard output a pipe, input the terminal.
        let run = try GameHarness.run(["play"], home: home, stdoutIsPipe: true, steps: [.exit()])
        #expect(run.exit == .exited(2))
        #expect(!run.outputBytes.contains(0x1B))
        #expect(run.outputText.contains("standard output is not a terminal"))
        #expect(run.termiosRestored)
    }

    @Test("TERM=dumb: one line that says how to play (a terminal with cursor addressing), not only hanjul run")
    func dumbTerminal() throws {
        let home = try GameHarness.Home()
        defer { home.remove() }
        let run = try GameHarness.run(["play"], home: home, environment: ["TERM=dumb"], steps: [.exit()])
        #expect(run.exit == .exited(2))
        #expect(!run.outputBytes.contains(0x1B))
        #expect(run.outputText.contains("TERM=dumb") && run.outputText.contains("to play, run it in a terminal with cursor addressing"),
                "\(run.outputText)")
    }

    @Test("a bad line in keys.conf or settings.conf names the file and line, and the game does not start")
    func badConfigurationFiles() throws {
        for (file, text, message) in [
            ("keys.conf", "left = h\nrigth = l\n", "keys.conf:2: unknown command 'rigth'"),
            ("settings.conf", "das = 120\r\narr = -5\r\n", "settings.conf:2: arr '-5' is out of range: give a whole number of milliseconds from 0 to 500"),
            ("settings.conf", "soft_drop = 20\nlock = 3\n", "settings.conf:2: unknown setting 'lock' (known: das, arr, soft_drop, das_cut, countdown, ghost, preview, mods, name, replays_kept, palette, theme)"),
        ] {
            let home = try GameHarness.Home()
            defer { home.remove() }
            try home.write(text, to: "config/hanjul/" + file)
            let run = try GameHarness.run(["play"], home: home, steps: [.exit()])
            #expect(run.exit == .exited(2))
            #expect(!run.outputBytes.contains(0x1B))
            #expect(run.outputText.contains(home.config + "/hanjul/" + message), "\(run.outputText)")
            #expect(run.termiosRestored)
        }
    }

    @Test("--das/--arr/--soft-drop/--das-cut out of range: one line naming the option, the value and the range; exit 2")
    func badOptions() throws {
        let home = try GameHarness.Home()
        defer { home.remove() }
        for (arguments, message) in [
            (["--das", "2000"], "--das '2000' is out of range: give a whole number of milliseconds from 0 to 1000"),
            (["--arr", "fast"], "--arr 'fast' is out of range: give a whole number of milliseconds from 0 to 500"),
            (["--soft-drop", "-1"], "--soft-drop '-1' is out of range: give a whole number of milliseconds from 0 to 1000"),
        ] {
            let piped = try GameHarness.runPiped(["play"] + arguments, home: home)
            #expect(piped.status == 2)
            let text = String(decoding: piped.stderr, as: UTF8.self)
            #expect(text.hasPrefix("hanjul: ") || text.hasPrefix("hanjul play: "), "\(text)")
            #expect(text.contains(message), "\(text)")
        }
    }
}

/// Handling through a real terminal: the game's own DAS and ARR from the key events, with
/// the exact bytes kitty sends, and with a terminal's plain auto-repeat.
@Suite("handling in a pseudo-terminal", .serialized, .enabled(if: GameHarness.isReady, GameHarness.notReady), .needsTerminal)
struct PTYHandlingTests {
    /// The times (ms of play) of the actions `letter` in a replay.
    static func times(of action: Action, in replay: Replay) -> [Int] {
        var time = 0
        return zip(replay.actions, replay.times).compactMap { item, delta in
            time += delta
            return item == action ? time : nil
        }
    }

    @Test("kitty: ← held one second with --das 150 --arr 50: moves at the press, 150 ms later, then every 50 ms to the wall; none after the release")
    func kittyHeldLeft() throws {
        let home = try GameHarness.Home()
        defer { home.remove() }
        // What kitty sends for ← held (measured in kitty 0.26 under Xvfb): the press, then
        // repeats every 40 ms after its 600 ms delay, then the release.
        var events: [(Double, [UInt8])] = [(0, Array("\u{1B}[D".utf8))]
        var at = 0.6
        while at < 1.0 {
            events.append((at, Array("\u{1B}[1;1:2D".utf8)))
            at += 0.04
        }
        events.append((1.0, Array("\u{1B}[1;1:3D".utf8)))
        let run = try GameHarness.run(["play", "--seed", "1", "--das", "150", "--arr", "50"], home: home, answer: .kitty, steps: [
            .wait("SCORE", from: "start"), .pump(0.3), .timed(events), .pump(0.5), .send("\u{1B}[113u"), .exit(),
        ])
        expectBaseline(run)
        #expect(run.kitty.pushes == [15] && run.kitty.depthAtExit == 0)
        // I piece first (seed 1): three columns to the left wall. The quit saves the replay.
        guard let replay = home.savedReplays().first else {
            Issue.record("no replay saved: \(home.files(in: home.replays))")
            return
        }
        let lefts = Self.times(of: .left, in: replay)
        #expect(lefts.count == 3, "\(lefts)")
        if lefts.count == 3 {
            #expect(lefts[1] - lefts[0] == 150 && lefts[2] - lefts[1] == 50, "\(lefts)")
        }
    }

    @Test("no kitty: ↓ held for three seconds (the terminal's repeats) locks exactly one piece")
    func legacyHeldDown() throws {
        let home = try GameHarness.Home()
        defer { home.remove() }
        var events: [(Double, [UInt8])] = [(0, Array("\u{1B}[B".utf8))]
        var at = 0.5
        while at <= 3.0 {
            events.append((at, Array("\u{1B}[B".utf8)))
            at += 0.04
        }
        let run = try GameHarness.run(["play", "--seed", "1"], home: home, answer: .da1, steps: [
            .wait("SCORE", from: "start"), .pump(0.2), .timed(events), .pump(0.5), .send("q"), .exit(),
        ])
        expectBaseline(run)
        #expect(run.kitty.pushes.isEmpty)
        let replay = try #require(home.savedReplays().first)
        #expect(replay.checkpoints.last?.piecesLocked == 1, "checkpoints: \(replay.checkpoints.count)")
    }
}
