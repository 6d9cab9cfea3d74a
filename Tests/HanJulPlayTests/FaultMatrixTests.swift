import Foundation
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
    var expectedExit: PlayHarness.Run.Exit {
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

/// What the screen shows in a state once drawn again after a fault (play itself pauses).
let stateMarker = ["playing": "PAUSED", "paused": "PAUSED", "help": "KEYS", "over": "GAME OVER"]

/// The restore routine's last bytes (hj_term_restore: attributes, alternate screen, cursor).
let restoreTail = "\u{1B}[?1049l\u{1B}[?25h"

/// T-16: nothing is drawn after the final restore. What may follow it: nothing at all, or,
/// for the paths that report after restoring, plain text (`allowText`): the backtracer's
/// report (colour codes only) or the watchdog's one line. Returns that text.
@discardableResult
func expectNothingDrawnAfterRestore(_ run: PlayHarness.Run, allowText: Bool = false, _ comment: String,
                                    sourceLocation: SourceLocation = #_sourceLocation) -> String {
    let output = run.outputBytes
    guard let end = output.lastOffset(of: restoreTail) else {
        Issue.record("\(comment): no restore sequence", sourceLocation: sourceLocation)
        return ""
    }
    let tail = Array(output[(end + restoreTail.utf8.count)...])
    let text = String(decoding: tail, as: UTF8.self)
    if allowText {
        // No screen mode, cursor movement or erase-display after the restore: at most
        // SGR colours and erase-line from the backtracer.
        for mode in ["\u{1B}[?", "\u{1B}[H", "\u{1B}[2J", "\u{1B}7", "\u{1B}8"] {
            #expect(!text.contains(mode), "\(comment): \(mode.debugDescription) after the restore", sourceLocation: sourceLocation)
        }
    } else {
        #expect(tail.isEmpty, "\(comment): \(tail.count) bytes after the restore: \(text.prefix(200).debugDescription)",
                sourceLocation: sourceLocation)
    }
    return text
}

/// Every fault × every state through the real `hanjul play` in a pseudo-terminal. The four
/// states of one fault run in parallel (separate processes, homes and terminals); the
/// faults run one after another.
@Suite("the fault × state matrix of hanjul play (RELIABILITY §2)", .serialized,
       .enabled(if: PlayHarness.isReady, PlayHarness.notReadyReason))
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

    /// One cell's job: its own home (and, for `modfail`, its own mod folder).
    static func job(_ fault: Fault, _ state: String) throws -> PlayHarness.Job {
        let home = try PlayHarness.Home()
        var arguments = ["play", "--seed", "7"]
        var environment = ["HANJUL_TEST_CRASH=\(fault.crashSwitch)"]
        if fault == .modFail {
            let folder = home.root + "/mods/flaky"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try (state == "playing" ? brokenOnLock : valid).write(toFile: folder + "/mod.lua", atomically: true, encoding: .utf8)
            arguments += ["--mods-dir", home.root + "/mods", "--mod", "flaky"]
            environment.append("MOD_FILE=\(folder)/mod.lua")
        }
        return PlayHarness.Job(scenario: "matrix-\(state)-\(fault.rawValue)", arguments: arguments, home: home,
                               environment: environment)
    }

    @Test("each fault in each state: baseline restored, exit status, screen text, nothing drawn after the restore",
          arguments: Fault.allCases)
    func cell(fault: Fault) throws {
        let jobs = try matrixStates.map { try Self.job(fault, $0) }
        defer { jobs.forEach { $0.home.remove() } }
        let started = Date()
        let runs = PlayHarness.driveAll(jobs)
        for (state, result) in zip(matrixStates, runs) {
            let cell = "\(fault.rawValue) × \(state)"
            let run: PlayHarness.Run
            do { run = try result.get() } catch {
                Issue.record("\(cell): \(error)")
                continue
            }
            expectBaseline(run)
            #expect(run.error == nil, "\(cell): \(run.error ?? "")")
            #expect(run.reached == state, "\(cell): state not reached")
            #expect(run.exit == fault.expectedExit, "\(cell): status \(run.status)")
            check(fault, state, run, cell)
        }
        print("matrix \(fault.rawValue): 4 states in \(String(format: "%.2f", Date().timeIntervalSince(started))) s")
    }

    func check(_ fault: Fault, _ state: String, _ run: PlayHarness.Run, _ cell: String) {
        let marker = stateMarker[state]!
        switch fault {
        case .quitKey, .ctrlCByte, .sigint, .sigterm, .sighup:
            expectNothingDrawnAfterRestore(run, cell)
        case .ctrlZ, .sigtstp:
            expectNothingDrawnAfterRestore(run, cell)
            #expect(run.stopStatus == "stopped \(SIGTSTP)", "\(cell)")
            #expect(run.termiosRestoredWhileStopped == true, "\(cell): cooked mode while stopped")
            let stopped = PlayHarness.Run.bytes(run.outputWhileStopped)
            #expect((stopped.lastOffset(of: leaveAlternateScreen) ?? -1) > (stopped.lastOffset(of: enterAlternateScreen) ?? .max),
                    "\(cell): alternate screen left while stopped")
            #expect(run.rawAfterResume == true, "\(cell)")
            let after = PlayHarness.Run.text(run.outputAfterResume)
            #expect(after.contains(enterAlternateScreen) && after.contains(marker) && (state == "help" || after.contains("SCORE")),
                    "\(cell): a full redraw showing \(marker)")
        case .sigstop:
            expectNothingDrawnAfterRestore(run, cell)
            #expect(run.stopStatus == "stopped \(SIGSTOP)", "\(cell)")
            #expect(run.rawAfterResume == true, "\(cell): raw mode re-asserted after the shell reset the tty")
            let after = PlayHarness.Run.text(run.outputAfterResume)
            #expect(after.contains(marker) && (state == "help" || after.contains("SCORE")), "\(cell): redrawn showing \(marker)")
        case .resize:
            expectNothingDrawnAfterRestore(run, cell)
            let small = PlayHarness.Run.text(run.outputSmall)
            #expect(small.contains("need") && small.contains("have 20×10"), "\(cell): \(small.debugDescription)")
            let tiny = (run.outputTiny ?? []).map { PlayHarness.Run.text($0) }
            #expect(tiny.count == 2 && !tiny[0].contains("SCORE"), "\(cell): 1×1 and 0×0 frames \(tiny)")
            let back = PlayHarness.Run.text(run.outputBack)
            #expect(back.contains(marker) && (state == "help" || back.contains("SCORE")), "\(cell): grown back showing \(marker)")
        case .burst:
            expectNothingDrawnAfterRestore(run, cell)
            // Ctrl-L after the burst: the full frame of the last size, 80×24, in the same state
            // (play may or may not have paused: the loop can see the burst as one resize).
            let back = PlayHarness.Run.text(run.outputBack)
            let shown = state == "playing" ? back.contains("SCORE") : back.contains(marker)
            #expect(shown && !back.contains("need"), "\(cell): the last frame is the game at 80×24: \(back.suffix(200).debugDescription)")
            // No runaway redraw loop: a few full frames per resize at most.
            #expect((run.burstOutputBytes ?? .max) < 2_000_000, "\(cell): \(run.burstOutputBytes ?? -1) bytes")
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
            let screen = PlayHarness.Run.text(run.errorScreen)
            let title = state == "paused" || state == "help" ? "RELOAD FAILED" : "MOD ERROR"
            #expect(screen.contains(title) && screen.contains("mod.lua:"), "\(cell): \(screen.debugDescription)")
        }
    }

    @Test("a mod hung in a hook during play: terminal restored first, quarantined, one line, exit 4; refused next time")
    func hungModInPlay() throws {
        let home = try PlayHarness.Home()
        defer { home.remove() }
        let folder = home.root + "/mods/sleepy"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try """
            return {
              id = "sleepy", name = "Sleepy", version = "1.0.0", description = "hangs when a piece locks", api = 1,
              on_lock = function(game) game:test_hang() end,
            }
            """.write(toFile: folder + "/mod.lua", atomically: true, encoding: .utf8)
        let arguments = ["play", "--seed", "7", "--mods-dir", home.root + "/mods", "--mod", "sleepy"]
        let started = Date()
        let run = try PlayHarness.drive("hang", arguments: arguments, home: home,
                                        environment: ["HANJUL_TEST_HANG_MS=30000", "HANJUL_WATCHDOG_SECONDS=0.5"])
        let seconds = Date().timeIntervalSince(started)
        expectBaseline(run)
        #expect(run.exit == .init(kind: "exited", value: 4), "status \(run.status)")
        #expect(seconds < 10, "the watchdog stopped it long before the 30 s hang ended (\(seconds) s)")
        let line = expectNothingDrawnAfterRestore(run, allowText: true, "hang")
        #expect(line == "hanjul play: mod 'sleepy' hung for more than 0.5 s in a call the instruction budget could not stop; "
                + "stopped the game and quarantined it. To play it again: hanjul mods --trust sleepy\r\n", "\(line.debugDescription)")
        #expect(home.files(in: home.hanjulState).contains("quarantine"), "\(home.files(in: home.hanjulState))")

        // The next start refuses it before touching the terminal, with the way back.
        let refused = try PlayHarness.drive("startup", arguments: arguments, home: home)
        #expect(refused.exit == .init(kind: "exited", value: 3))
        #expect(!refused.outputBytes.contains(0x1B) && refused.termiosRestored)
        #expect(refused.outputText.contains("hanjul mods --trust sleepy"), "\(refused.outputText.debugDescription)")

        // Trusted again, it plays (and quits cleanly) again.
        let trust = try PlayHarness.runPiped(["mods", "--trust", "sleepy"], home: home)
        #expect(trust.status == 0)
        let again = try PlayHarness.drive("quit-playing-q", arguments: arguments, home: home)
        expectBaseline(again)
        #expect(again.exit == .init(kind: "exited", value: 0))
        print("watchdog in play: hung mod stopped, quarantined and refused; first run \(String(format: "%.2f", seconds)) s")
    }
}
