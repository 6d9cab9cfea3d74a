import Foundation
import PTYSupport
import TestTiers
import Testing

/// A fault the matrix injects (RELIABILITY §2, issue 7): `playdrive.py` scenario
/// `matrix-<state>-<fault>`.
enum Fault: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case quitKey = "q"
    case ctrlCByte = "ctrl-c"
    case sigint, sigterm, sighup
    case ctrlZ = "ctrl-z"
    /// An external `kill -TSTP` (not the Ctrl-Z byte), then `fg`, then `q`.
    case sigtstp
    case sigstop
    case resize
    case burst
    /// The test-only crash (`!` with `HANJUL_TEST_CRASH=on-key`): a Swift trap.
    case crash
    /// The same key with `on-key:segv`: a bad pointer write, SIGSEGV.
    case segv
    /// The same key with `on-key:abort`: `abort()`, SIGABRT.
    case abort
    case modFail = "modfail"

    var testDescription: String { rawValue }

    /// How the process must end: keys and the recoverable faults end with a quit key
    /// (status 0); signals kill by the signal after the restore; the test crash is a Swift
    /// trap, SIGILL on x86_64.
    var expectedExit: PTYRun.Exit {
        switch self {
        case .sigint: .init(kind: "signaled", value: SIGINT)
        case .sigterm: .init(kind: "signaled", value: SIGTERM)
        case .sighup: .init(kind: "signaled", value: SIGHUP)
        case .crash: .init(kind: "signaled", value: SIGILL)
        case .segv: .init(kind: "signaled", value: SIGSEGV)
        case .abort: .init(kind: "signaled", value: SIGABRT)
        default: .init(kind: "exited", value: 0)
        }
    }

    /// `HANJUL_TEST_CRASH` for the game: how the `!` key crashes it.
    var crashSwitch: String {
        switch self {
        case .segv: "on-key:segv"
        case .abort: "on-key:abort"
        default: "on-key"
        }
    }

    /// What the backtracer's report must say for the crash faults: the crash site for the
    /// trap and the bad pointer. For abort() only the reason: the backtracer unwinds from
    /// `pthread_kill` inside libc, which has no frame pointers, so the report stops at
    /// frame 0 ("...") and never reaches `TestCrash.abort` (the same as for the probe).
    var crashReport: String? {
        switch self {
        case .crash: "TestCrash.trap"
        case .segv: "TestCrash.segv"
        case .abort: "Program crashed: Aborted"
        default: nil
        }
    }
}

/// The game states every fault is injected in.
let matrixStates = ["playing", "paused", "help", "over"]

extension Fault {
    /// The steps after the state is reached: the fault, and what to observe.
    func steps(state: String, modFile: String?) -> [PTYStep] {
        let marker = GameHarness.stateMarker[state]!
        // At the end the name prompt is up, where q types: Enter saves the name, then q quits.
        let q = state == "over" ? "\rq" : "q"
        switch self {
        case .quitKey: return [.send(q), .exit()]
        case .ctrlCByte: return [.send("\u{03}"), .exit()]
        case .sigint: return [.signal("SIGINT"), .exit()]
        case .sigterm: return [.signal("SIGTERM"), .exit()]
        case .sighup: return [.signal("SIGHUP"), .exit()]
        case .ctrlZ, .sigtstp:
            return [self == .ctrlZ ? .send("\u{1A}") : .signal("SIGTSTP"), .status(["stopped", "exited", "signaled"], as: "stop"),
                    .pump(0.1), .restored(as: "restoredWhileStopped"), .capture(as: "stopped", from: "start"), .mark("fg"), .fg,
                    .status(["continued"]), .wait(marker), .settle(), .raw(as: "rawAfterResume"), .capture(as: "resumed", from: "fg"),
                    .send(q), .exit()]
        case .sigstop:
            return [.signal("SIGSTOP"), .status(["stopped"], as: "stop"), .cooked, .mark("fg"), .fg, .status(["continued"]),
                    .wait(marker), .settle(), .raw(as: "rawAfterResume"), .capture(as: "resumed", from: "fg"),
                    // A lone q in cooked mode would wait for Enter.
                    .send(q), .exit()]
        case .resize:
            return [.mark("small"), .winsize(rows: 10, cols: 20), .wait("need"), .settle(), .capture(as: "small", from: "small"),
                    .mark("tiny1"), .winsize(rows: 1, cols: 1), .settle(), .capture(as: "tiny1", from: "tiny1"),
                    .mark("tiny0"), .winsize(rows: 0, cols: 0), .settle(), .capture(as: "tiny0", from: "tiny0"),
                    .mark("back"), .winsize(rows: 24, cols: 80), .wait(marker), .settle(), .capture(as: "back", from: "back"),
                    .send(q), .exit()]
        case .burst:
            var steps: [PTYStep] = [.mark("burst")]
            for i in 0..<100 { steps.append(.winsize(rows: 10 + i % 30, cols: 15 + (i * 7) % 80)) }
            // Signals coalesce (the loop reads the size once per wake-up), so a burst may never
            // be seen as small. Ctrl-L redraws everything: the frame of the last size.
            return steps + [.winsize(rows: 24, cols: 80), .settle(quiet: 0.3, limit: 10), .capture(as: "burst", from: "burst"),
                            .mark("back"), .send("\u{0C}"), .settle(), .capture(as: "back", from: "back"), .send(q), .exit()]
        case .crash, .segv, .abort:
            return [.send("!"), .exit(timeout: 60)]
        case .modFail:
            let broken = "\nthis is not lua\n"
            var steps: [PTYStep] = [.mark("error")]
            switch state {
            case "playing": steps += [.send(" "), .wait("MOD ERROR")]          // the piece locks; on_lock fails
            case "paused": steps += [.writeFile(modFile!, text: broken, append: true), .wait("RELOAD FAILED")]
            case "help":
                // The reload fails behind the help; any key closes it and the failure shows.
                steps += [.writeFile(modFile!, text: broken, append: true), .pump(0.5), .send("x"), .wait("RELOAD FAILED")]
            default: steps += [.writeFile(modFile!, text: broken, append: true), .send("\rr"), .wait("MOD ERROR")]  // Enter: the name
            }
            return steps + [.settle(), .capture(as: "error", from: "error"), .send(q), .exit()]
        }
    }
}

/// Every fault × every state through the real `hanjul play`, in a terminal without the
/// kitty keyboard protocol and in one that answers as kitty does (so every way out must pop
/// the keyboard mode pushed too). The eight runs of one fault run in parallel (separate
/// processes, homes and terminals); the faults run one after another.
@Suite("the fault × state matrix of hanjul play (RELIABILITY §2)", .serialized,
       .enabled(if: GameHarness.isReady, GameHarness.notReady), .needsTerminal)
struct FaultMatrixTests {
    static let brokenOnLock = """
        return {
          id = "flaky", name = "Flaky", version = "1.0.0", description = "fails when a piece locks", api = 1,
          on_lock = function(game)
            local row = nil
            return row.cells
          end,
        }
        """
    static let valid = """
        return {
          id = "flaky", name = "Flaky", version = "1.0.0", description = "scores double until its file breaks", api = 1,
          scoring = function(_, lines, level, base) return base * 2 end,
        }
        """

    struct Cell: Sendable {
        var state: String
        var answer: PTYDriver.Answer?
        var home: GameHarness.Home
        var name: String { "\(state)\(answer == .kitty ? " (kitty)" : "")" }
    }

    static func run(_ fault: Fault, _ cell: Cell) throws -> PTYRun {
        var arguments = ["play", "--seed", "7"]
        var modFile: String?
        if fault == .modFail {
            try cell.home.write(cell.state == "playing" ? brokenOnLock : valid, to: "mods/flaky/mod.lua")
            arguments += ["--mods-dir", cell.home.root + "/mods", "--mod", "flaky"]
            modFile = cell.home.root + "/mods/flaky/mod.lua"
        }
        let steps = GameHarness.started + GameHarness.reach(cell.state) + [.mark("reached")] + fault.steps(state: cell.state, modFile: modFile)
        return try GameHarness.run(arguments, home: cell.home, environment: ["HANJUL_TEST_CRASH=\(fault.crashSwitch)"],
                                   answer: cell.answer, steps: steps)
    }

    @Test("each fault in each state: baseline restored, exit status, screen text, nothing drawn after the restore",
          arguments: Fault.allCases)
    func cell(fault: Fault) throws {
        let cells = try matrixStates.flatMap { state in
            try [nil, PTYDriver.Answer.kitty].map { Cell(state: state, answer: $0, home: try GameHarness.Home()) }
        }
        defer { cells.forEach { $0.home.remove() } }
        let started = Date()
        let runs = PTYDriver.runAll(cells.map { cell in { try Self.run(fault, cell) } })
        for (cell, result) in zip(cells, runs) {
            let name = "\(fault.rawValue) × \(cell.name)"
            let run: PTYRun
            do { run = try result.get() } catch {
                Issue.record("\(name): \(error)")
                continue
            }
            expectBaseline(run, name)
            #expect(run.exit == fault.expectedExit, "\(name): status \(run.status)")
            if cell.answer == .kitty {
                // Pushed once the terminal answered; popped on the way out, whichever it was;
                // popped and pushed again around a suspend; set in place after SIGCONT.
                let middle: [String] = switch fault {
                case .ctrlZ, .sigtstp: ["pop", "push 15"]
                case .sigstop: ["set 15;1"]
                default: []
                }
                #expect(run.kitty.events == ["query", "query-device", "push 15"] + middle + ["pop"], "\(name): \(run.kitty.events)")
            } else {
                #expect(run.kitty.pushes.isEmpty && run.kitty.queries == 1, "\(name): \(run.kitty.events)")
            }
            check(fault, cell.state, run, name)
        }
        print("matrix \(fault.rawValue): 4 states × 2 terminals in \(String(format: "%.2f", Date().timeIntervalSince(started))) s")
    }

    func check(_ fault: Fault, _ state: String, _ run: PTYRun, _ cell: String) {
        let marker = GameHarness.stateMarker[state]!
        switch fault {
        case .quitKey, .ctrlCByte, .sigint, .sigterm, .sighup:
            expectNothingDrawnAfterRestore(run, cell)
        case .ctrlZ, .sigtstp:
            expectNothingDrawnAfterRestore(run, cell)
            #expect(run.text("stop") == "stopped \(SIGTSTP)", "\(cell)")
            #expect(run.flag("restoredWhileStopped") == true, "\(cell): cooked mode while stopped")
            let stopped = run.captured("stopped")
            #expect((stopped.lastOffset(of: Escape.leaveAlternateScreen) ?? -1) > (stopped.lastOffset(of: Escape.enterAlternateScreen) ?? .max),
                    "\(cell): alternate screen left while stopped")
            #expect(run.flag("rawAfterResume") == true, "\(cell)")
            let after = run.capturedText("resumed")
            #expect(after.contains(Escape.enterAlternateScreen) && after.contains(marker) && (state == "help" || after.contains("SCORE")),
                    "\(cell): a full redraw showing \(marker)")
        case .sigstop:
            expectNothingDrawnAfterRestore(run, cell)
            #expect(run.text("stop") == "stopped \(SIGSTOP)", "\(cell)")
            #expect(run.flag("rawAfterResume") == true, "\(cell): raw mode re-asserted after the shell reset the tty")
            let after = run.capturedText("resumed")
            #expect(after.contains(marker) && (state == "help" || after.contains("SCORE")), "\(cell): redrawn showing \(marker)")
        case .resize:
            expectNothingDrawnAfterRestore(run, cell)
            let small = run.capturedText("small")
            #expect(small.contains("need") && small.contains("have 20×10"), "\(cell): \(small.debugDescription)")
            #expect(!run.capturedText("tiny1").contains("SCORE") && !run.capturedText("tiny0").contains("SCORE"), "\(cell): 1×1 and 0×0 frames")
            let back = run.capturedText("back")
            #expect(back.contains(marker) && (state == "help" || back.contains("SCORE")), "\(cell): grown back showing \(marker)")
        case .burst:
            expectNothingDrawnAfterRestore(run, cell)
            // Ctrl-L after the burst: the full frame of the last size, 80×24, in the same state
            // (play may or may not have paused: the loop can see the burst as one resize).
            let back = run.capturedText("back")
            let shown = state == "playing" ? back.contains("SCORE") : back.contains(marker)
            #expect(shown && !back.contains("need"), "\(cell): the last frame is the game at 80×24: \(back.suffix(200).debugDescription)")
            // No runaway redraw loop: a few full frames per resize at most.
            #expect(run.captured("burst").count < 2_000_000, "\(cell): \(run.captured("burst").count) bytes")
        case .crash, .segv, .abort:
            let text = expectNothingDrawnAfterRestore(run, allowText: true, cell)
            let report = fault.crashReport ?? ""
            #expect(text.contains("Program crashed") && text.contains(report),
                    "\(cell): the backtracer reports \(report) after the restore: \(text.prefix(300).debugDescription)")
            if fault == .crash {
                #expect(run.outputText.contains("Fatal error: HANJUL_TEST_CRASH"), "\(cell)")
            }
        case .modFail:
            expectNothingDrawnAfterRestore(run, cell)
            let screen = run.capturedText("error")
            let title = state == "paused" || state == "help" ? "RELOAD FAILED" : "MOD ERROR"
            #expect(screen.contains(title) && screen.contains("mod.lua:"), "\(cell): \(screen.debugDescription)")
        }
    }

    @Test("a mod hung in a hook during play: terminal restored first, quarantined, one line, exit 4; refused next time")
    func hungModInPlay() throws {
        let home = try GameHarness.Home()
        defer { home.remove() }
        try home.write("""
            return {
              id = "sleepy", name = "Sleepy", version = "1.0.0", description = "hangs when a piece locks", api = 1,
              on_lock = function(game) game:test_hang() end,
            }
            """, to: "mods/sleepy/mod.lua")
        let arguments = ["play", "--seed", "7", "--mods-dir", home.root + "/mods", "--mod", "sleepy"]
        let started = Date()
        let run = try GameHarness.run(arguments, home: home, environment: ["HANJUL_TEST_HANG_MS=30000", "HANJUL_WATCHDOG_SECONDS=0.5"],
                                      steps: GameHarness.started + [.send(" "), .exit()])
        let seconds = Date().timeIntervalSince(started)
        expectBaseline(run)
        #expect(run.exit == .exited(4), "status \(run.status)")
        #expect(seconds < 10, "the watchdog stopped it long before the 30 s hang ended (\(seconds) s)")
        let line = expectNothingDrawnAfterRestore(run, allowText: true, "hang")
        #expect(line == "hanjul play: mod 'sleepy' hung for more than 0.5 s in a call the instruction budget could not stop; "
                + "stopped the game and quarantined it. To play it again: hanjul mods --trust sleepy\r\n", "\(line.debugDescription)")
        #expect(home.files(in: home.hanjulState).contains("quarantine"), "\(home.files(in: home.hanjulState))")

        // The next start refuses it before touching the terminal, with the way back.
        let refused = try GameHarness.run(arguments, home: home, steps: [.exit()])
        #expect(refused.exit == .exited(3))
        #expect(!refused.outputBytes.contains(0x1B) && refused.termiosRestored)
        #expect(refused.outputText.contains("hanjul mods --trust sleepy"), "\(refused.outputText.debugDescription)")

        // Trusted again, it plays (and quits cleanly) again.
        let trust = try GameHarness.runPiped(["mods", "--trust", "sleepy"], home: home)
        #expect(trust.status == 0)
        let again = try GameHarness.run(arguments, home: home, steps: GameHarness.started + [.send("q"), .exit()])
        expectBaseline(again)
        #expect(again.exit == .exited(0))
        print("watchdog in play: hung mod stopped, quarantined and refused; first run \(String(format: "%.2f", seconds)) s")
    }
}
