import Foundation
import Testing

/// End to end: the real `hanjul play` in a real pseudo-terminal under a job-control shell
/// (Tests/pty/playdrive.py), each run with its own temporary HOME and XDG folders.
@Suite("hanjul play in a pseudo-terminal", .serialized, .enabled(if: PlayHarness.isReady, PlayHarness.notReadyReason))
struct PlayPTYTests {
    @Test("quitting in each state restores the terminal; keys exit 0, signals kill by the signal", arguments: [
        ("quit-playing-q", "exited", 0), ("quit-playing-ctrl-c", "exited", 0), ("quit-playing-esc", "exited", 0),
        ("quit-playing-sigterm", "signaled", SIGTERM), ("quit-playing-sigint", "signaled", SIGINT),
        ("quit-playing-sighup", "signaled", SIGHUP),
        ("quit-paused-q", "exited", 0), ("quit-paused-sigterm", "signaled", SIGTERM),
        ("quit-help-ctrl-c", "exited", 0), ("quit-help-sighup", "signaled", SIGHUP),
        ("quit-over-q", "exited", 0), ("quit-over-sigint", "signaled", SIGINT),
    ])
    func quit(scenario: String, kind: String, value: Int32) throws {
        let home = try PlayHarness.Home()
        defer { home.remove() }
        let run = try PlayHarness.drive(scenario, arguments: ["play", "--seed", "7"], home: home)
        expectBaseline(run)
        expectNothingDrawnAfterRestore(run, scenario)
        #expect(run.rawWhileRunning == true)
        #expect(run.exit == .init(kind: kind, value: value), "status \(run.status)")
        if scenario.hasPrefix("quit-over") {
            let text = run.outputText
            #expect(text.contains("GAME OVER") && text.contains("r new game"))
            // The game that ended is saved: a replay that verifies, and a high-score table.
            let replays = home.files(in: home.hanjulData + "/replays")
            #expect(replays.count == 1 && replays[0].hasSuffix("-7.hjr"), "\(replays)")
            #expect(home.files(in: home.hanjulData).contains("scores.hjr"))
            if let replay = replays.first {
                let verify = try PlayHarness.runPiped(["replay", "--verify", home.hanjulData + "/replays/" + replay], home: home)
                #expect(verify.status == 0, "\(String(decoding: verify.stderr, as: UTF8.self))")
                #expect(String(decoding: verify.stdout, as: UTF8.self).hasPrefix("match: "))
            }
        }
    }

    @Test("keys move the piece; a one-step move redraws only a few cells")
    func moves() throws {
        let home = try PlayHarness.Home()
        defer { home.remove() }
        let run = try PlayHarness.drive("moves", arguments: ["play", "--seed", "7"], home: home)
        expectBaseline(run)
        let sizes = try #require(run.frameBytes)
        #expect(sizes.allSatisfy { $0 > 0 }, "every move changed the screen: \(sizes)")
        // Only the changed cells: a move is far smaller than the full first frame.
        let full = run.outputBytes.count
        #expect((sizes.min() ?? .max) < 400 && (sizes.min() ?? .max) * 5 < full, "\(sizes) vs \(full)")
        #expect((run.otherKeysBytes ?? 0) > 0, "vim keys and WASD reach the engine")
        #expect(run.exit == .init(kind: "exited", value: 0))
        // A quit after a locked piece still records the game.
        #expect(home.files(in: home.hanjulData + "/replays").count == 1)
        print("one-step move frames (bytes): \(sizes); first full frame and the rest: \(full) bytes in all")
    }

    @Test("Ctrl-Z stops the job in cooked mode; fg resumes paused in raw mode")
    func suspend() throws {
        let home = try PlayHarness.Home()
        defer { home.remove() }
        let run = try PlayHarness.drive("suspend", home: home)
        expectBaseline(run)
        #expect(run.stopStatus == "stopped \(SIGTSTP)")
        #expect(run.termiosRestoredWhileStopped == true)
        let whileStopped = PlayHarness.Run.bytes(run.outputWhileStopped)
        #expect((whileStopped.lastOffset(of: leaveAlternateScreen) ?? -1) > (whileStopped.lastOffset(of: enterAlternateScreen) ?? Int.max))
        #expect(run.rawAfterResume == true)
        let after = PlayHarness.Run.text(run.outputAfterResume)
        #expect(after.contains(enterAlternateScreen) && after.contains("PAUSED") && after.contains("SCORE"), "a full redraw, paused")
        // The second of stopped time is not play time.
        #expect(after.contains("0:00") || after.contains("0:01"))
        #expect(run.exit == .init(kind: "exited", value: 0))
    }

    @Test("SIGSTOP, a shell resetting the tty, SIGCONT: raw mode again, redrawn, paused")
    func stopAndContinue() throws {
        let home = try PlayHarness.Home()
        defer { home.remove() }
        let run = try PlayHarness.drive("sigstop", home: home)
        expectBaseline(run)
        #expect(run.stopStatus == "stopped \(SIGSTOP)")
        #expect(run.rawAfterResume == true)
        let after = PlayHarness.Run.text(run.outputAfterResume)
        #expect(after.contains("PAUSED") && after.contains("SCORE"))
        #expect(run.exit == .init(kind: "exited", value: 0))
    }

    @Test("a terminal too small says what it needs and pauses; growing back shows the game, paused")
    func resize() throws {
        let home = try PlayHarness.Home()
        defer { home.remove() }
        let run = try PlayHarness.drive("resize", home: home)
        expectBaseline(run)
        let small = PlayHarness.Run.text(run.outputSmall)
        #expect(small.contains("need") && small.contains("have 20×10"), "\(small.debugDescription)")
        let back = PlayHarness.Run.text(run.outputBack)
        #expect(back.contains("PAUSED") && back.contains("SCORE"))
        #expect(run.exit == .init(kind: "exited", value: 0))
    }

    @Test("a mod failing during play shows mod, hook and file:line over the board; the game's replay is kept")
    func modError() throws {
        let home = try PlayHarness.Home()
        defer { home.remove() }
        let folder = home.root + "/mods/broken"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try """
            return {
              id = "broken", name = "Broken", version = "1.0.0", description = "fails when a piece locks", api = 1,
              on_lock = function(game)
                local row = nil
                return row.cells
              end,
            }
            """.write(toFile: folder + "/mod.lua", atomically: true, encoding: .utf8)
        let run = try PlayHarness.drive("mod-error", arguments: ["play", "--mods-dir", home.root + "/mods", "--mod", "broken"], home: home)
        expectBaseline(run)
        let screen = PlayHarness.Run.text(run.errorScreen)
        #expect(screen.contains("MOD ERROR"))
        #expect(screen.contains("mod.lua:5") && screen.contains("on_lock"), "\(screen.debugDescription)")
        #expect(run.exit == .init(kind: "exited", value: 0))
        #expect(home.files(in: home.hanjulData + "/replays").count == 1)
    }

    @Test("hot reload: a changed mod is reloaded with the board kept; a broken save keeps the old version")
    func hotReload() throws {
        let home = try PlayHarness.Home()
        defer { home.remove() }
        let folder = home.root + "/mods/tweak"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try """
            return {
              id = "tweak", name = "Tweak", version = "1.0.0", description = "scores double", api = 1,
              scoring = function(_, lines, level, base) return base * 2 end,
            }
            """.write(toFile: folder + "/mod.lua", atomically: true, encoding: .utf8)
        let run = try PlayHarness.drive("hot-reload", arguments: ["play", "--mods-dir", home.root + "/mods", "--mod", "tweak"],
                                        home: home, environment: ["MOD_FILE=\(folder)/mod.lua"])
        expectBaseline(run)
        let reloaded = PlayHarness.Run.text(run.reloaded)
        #expect(reloaded.contains("RELOADED") && reloaded.contains("tweak 1.0.1"), "\(reloaded.debugDescription)")
        let failed = PlayHarness.Run.text(run.failed)
        #expect(failed.contains("RELOAD FAILED") && failed.contains("mod.lua:"), "\(failed.debugDescription)")
        #expect(run.exit == .init(kind: "exited", value: 0))
        // The game's replay says it was reloaded, and --verify refuses it with that reason.
        let replays = home.files(in: home.hanjulData + "/replays")
        #expect(replays.count == 1)
        if let replay = replays.first {
            let verify = try PlayHarness.runPiped(["replay", "--verify", "--mods-dir", home.root + "/mods", home.hanjulData + "/replays/" + replay], home: home)
            #expect(verify.status == 1)
            #expect(String(decoding: verify.stderr, as: UTF8.self).contains("reloaded during this game"))
        }
    }

    @Test("hanjul replay FILE plays a recorded game back: pause, step, speed, the end")
    func replayPlayback() throws {
        let home = try PlayHarness.Home()
        defer { home.remove() }
        let path = home.root + "/game.hjr"
        let saved = try PlayHarness.runPiped(["run", "--seed", "3", "--actions", "LLH RRH CH LH RH GGGH H H", "--save-replay", path], home: home)
        #expect(saved.status == 0)
        let run = try PlayHarness.drive("replay-watch", arguments: ["replay", path], home: home)
        expectBaseline(run)
        // One action stepped while paused: the piece moved and the counter went 0/18 → 1/18
        // (only the changed cells are written).
        let step = PlayHarness.Run.text(run.afterStep)
        #expect(step.contains("\u{1B}[14;57H\u{1B}[0m1"), "\(step.debugDescription)")
        #expect(run.outputText.contains("0/18") && run.outputText.contains("REPLAY 8x"))
        #expect(PlayHarness.Run.text(run.end).contains("END OF REPLAY"))
        #expect(run.exit == .init(kind: "exited", value: 0))
        // Without a terminal: one line pointing to --verify.
        let piped = try PlayHarness.runPiped(["replay", path], home: home)
        #expect(piped.status == 2 && !piped.stderr.contains(0x1B))
        #expect(String(decoding: piped.stderr, as: UTF8.self).contains("hanjul replay --verify FILE"))
    }

    @Test("ten seconds of play without keys costs little CPU")
    func idle() throws {
        let home = try PlayHarness.Home()
        defer { home.remove() }
        let run = try PlayHarness.drive("idle-cpu", home: home, environment: ["IDLE_SECONDS=10"])
        expectBaseline(run)
        let cpu = try #require(run.idleCPUSeconds)
        // Not a timed assertion: a busy loop would burn ~10 s; the loop sleeps in poll.
        #expect(cpu < 2.0, "\(cpu) s of CPU in \(run.idleSeconds ?? 0) s")
        print("idle: \(cpu) s CPU (utime+stime from /proc) over \(run.idleSeconds ?? 0) s of play without keys; \(run.idleOutputBytes ?? 0) bytes written")
    }

    @Test("standard input or output not a terminal: one line pointing to hanjul run, no escape bytes, exit 2")
    func notATerminal() throws {
        let home = try PlayHarness.Home()
        defer { home.remove() }
        for arguments in [["play"], []] {
            let piped = try PlayHarness.runPiped(arguments, home: home)
            #expect(piped.status == 2)
            #expect(piped.stdout.isEmpty && !piped.stderr.contains(0x1B))
            let text = String(decoding: piped.stderr, as: UTF8.self)
            #expect(text == "hanjul play: standard input is not a terminal; to play without one, use 'hanjul run' (see 'hanjul help')\n")
        }
        // Standard output a pipe, input the terminal.
        let run = try PlayHarness.drive("startup", home: home, stdoutIsPipe: true)
        #expect(run.exit == .init(kind: "exited", value: 2))
        #expect(!run.outputBytes.contains(0x1B))
        #expect(run.outputText.contains("standard output is not a terminal"))
        #expect(run.termiosRestored)
    }

    @Test("a bad key-bindings line names the file and line, and the game does not start")
    func badBindings() throws {
        let home = try PlayHarness.Home()
        defer { home.remove() }
        try FileManager.default.createDirectory(atPath: home.config + "/hanjul", withIntermediateDirectories: true)
        try "left = h\nrigth = l\n".write(toFile: home.config + "/hanjul/keys.conf", atomically: true, encoding: .utf8)
        let run = try PlayHarness.drive("startup", home: home)
        #expect(run.exit == .init(kind: "exited", value: 2))
        #expect(!run.outputBytes.contains(0x1B))
        #expect(run.outputText.contains(home.config + "/hanjul/keys.conf:2: unknown command 'rigth'"))
        #expect(run.termiosRestored)
    }
}
