import Foundation
import PTYSupport
import TestTiers
import Testing

/// `hanjul-termprobe` (the terminal layer alone) in the shared pseudo-terminal harness.
enum Probe {
    static let path = PTYDriver.binary("hanjul-termprobe")
    static var isReady: Bool { path != nil && PTYDriver.hasPython }
    static let notReady: Comment = "hanjul-termprobe is not built (run `swift build` first) or /usr/bin/python3 is missing"

    /// Up and drawn: the probe printed its first line.
    static let started: [PTYStep] = [.wait("READY 80x24\r\n", from: "start"), .raw(as: "rawWhileRunning")]

    static func run(_ arguments: [String] = [], environment: [String] = [], answer: PTYDriver.Answer? = nil,
                    stdoutIsPipe: Bool = false, steps: [PTYStep]) throws -> PTYRun {
        try PTYDriver.run(path ?? "/missing", arguments, environment: environment, steps: steps, answer: answer,
                          stdoutIsPipe: stdoutIsPipe)
    }
}

func expectBaseline(_ run: PTYRun, sourceLocation: SourceLocation = #_sourceLocation) {
    let problems = run.baselineProblems()
    #expect(problems.isEmpty, "\(problems)", sourceLocation: sourceLocation)
}

/// End-to-end: the real `hanjul-termprobe` in a real pseudo-terminal, under a small
/// job-control shell. Each test is one way out of the program.
@Suite("Terminal restore through a PTY", .serialized, .enabled(if: Probe.isReady, Probe.notReady), .needsTerminal)
struct PTYTests {
    @Test("quitting with q or the Ctrl-C byte exits 0 and restores (T-1, T-3)", arguments: ["q", "\u{03}"])
    func quitKeys(key: String) throws {
        let run = try Probe.run(steps: Probe.started + [.send(key), .exit()])
        expectBaseline(run)
        #expect(run.flag("rawWhileRunning") == true, "the probe never entered raw mode, so the test proves nothing")
        #expect(run.exit == .exited(0))
        #expect(run.outputText.contains("QUIT"))
    }

    @Test("an outside signal restores, then the process dies by that signal (T-2)", arguments: [
        ("SIGINT", SIGINT), ("SIGTERM", SIGTERM), ("SIGHUP", SIGHUP), ("SIGQUIT", SIGQUIT),
    ])
    func terminatingSignals(name: String, signal: Int32) throws {
        let run = try Probe.run(steps: Probe.started + [.signal(name), .exit()])
        expectBaseline(run)
        #expect(run.flag("rawWhileRunning") == true)
        #expect(run.exit == .signaled(signal))
    }

    @Test("a second signal while the main loop is stuck restores from the handler and dies")
    func stuckMainLoop() throws {
        let run = try Probe.run(["--hang"], steps: Probe.started + [
            .signal("SIGTERM"), .pump(0.5), .raw(as: "rawAfterFirstSignal"), .signal("SIGTERM"), .exit(),
        ])
        expectBaseline(run)
        #expect(run.flag("rawAfterFirstSignal") == true, "the first SIGTERM should only be recorded")
        #expect(run.exit == .signaled(SIGTERM))
    }

    @Test("Ctrl-Z and SIGTSTP stop the job in cooked mode; fg re-enters raw mode (T-4)", arguments: ["ctrl-z", "sigtstp"])
    func suspendAndResume(how: String) throws {
        let stop: PTYStep = how == "ctrl-z" ? .send("\u{1A}") : .signal("SIGTSTP")
        let run = try Probe.run(steps: Probe.started + [
            stop, .status(["stopped", "exited", "signaled"], as: "stop"), .pump(0.2), .restored(as: "restoredWhileStopped"),
            .capture(as: "stopped", from: "start"), .mark("fg"), .fg, .status(["continued"]), .wait("RESUMED"),
            .wait("\r\n"), .raw(as: "rawAfterResume"), .capture(as: "resumed", from: "fg"), .send("q"), .exit(),
        ])
        expectBaseline(run)
        #expect(run.text("stop") == "stopped \(SIGTSTP)")
        #expect(run.flag("restoredWhileStopped") == true, "the shell got a raw terminal while we were stopped")
        let whileStopped = run.captured("stopped")
        #expect((whileStopped.lastOffset(of: Escape.leaveAlternateScreen) ?? -1) > (whileStopped.lastOffset(of: Escape.enterAlternateScreen) ?? .max),
                "alternate screen still on while stopped")
        #expect((whileStopped.lastOffset(of: Escape.showCursor) ?? -1) > (whileStopped.lastOffset(of: Escape.hideCursor) ?? .max))
        #expect(run.flag("rawAfterResume") == true)
        let afterResume = run.capturedText("resumed")
        #expect(afterResume.contains(Escape.enterAlternateScreen) && afterResume.contains("RESUMED 80x24"))
        #expect(run.exit == .exited(0))
    }

    @Test("SIGSTOP, a shell resetting the tty, SIGCONT: raw mode is re-asserted (T-5)")
    func stopAndContinue() throws {
        let run = try Probe.run(steps: Probe.started + [
            .signal("SIGSTOP"), .status(["stopped"], as: "stop"), .cooked, .raw(as: "rawWhileStopped"), .mark("fg"), .fg,
            .status(["continued"]), .wait("RESUMED"), .wait("\r\n"), .raw(as: "rawAfterResume"),
            .capture(as: "resumed", from: "fg"), .send("q"), .exit(),
        ])
        expectBaseline(run)
        #expect(run.text("stop") == "stopped \(SIGSTOP)")
        #expect(run.flag("rawWhileStopped") == false, "the harness should have put the tty in cooked mode")
        #expect(run.flag("rawAfterResume") == true)
        #expect(run.capturedText("resumed").contains(Escape.enterAlternateScreen))
        // In cooked mode a lone q would wait for Enter: exiting 0 proves raw mode.
        #expect(run.exit == .exited(0))
    }

    @Test("resizes to 100x30, 0x0, 1x1, 20x10 and a burst of 100 are all reported (T-6, T-7)")
    func resize() throws {
        var steps = Probe.started
        for (rows, cols) in [(30, 100), (0, 0), (1, 1), (10, 20)] {
            steps += [.mark("\(cols)x\(rows)"), .winsize(rows: rows, cols: cols), .wait("SIZE \(cols)x\(rows)")]
        }
        steps.append(.mark("burst"))
        for i in 0..<100 { steps.append(.winsize(rows: 20 + i % 30, cols: 60 + i % 40)) }
        steps += [.winsize(rows: 24, cols: 80), .wait("SIZE 80x24"), .pump(0.2), .send("q"), .exit()]
        let run = try Probe.run(steps: steps)
        expectBaseline(run)
        #expect(run.error == nil)
        #expect(run.exit == .exited(0))
    }

    @Test("keys arrive decoded: a split arrow, a lone Esc, a split UTF-8 character")
    func keysThroughThePTY() throws {
        let run = try Probe.run(steps: Probe.started + [
            .sendBytes([0x1B, 0x5B]), .pump(0.01), .send("A"), .wait("KEY arrow(up"),
            .sendBytes([0x1B]), .wait("KEY escape"),
            .sendBytes([0xED, 0x95]), .pump(0.005), .sendBytes([0x9C]), .wait("KEY character(U+D55C)"),
            .send("q"), .exit(),
        ])
        expectBaseline(run)
        #expect(run.exit == .exited(0))
    }

    @Test("a key sequence cut after its Esc while the program was busy is still that key, not Esc (the sprint pace test's lost race)")
    func escapeCutWhileBusy() throws {
        // The first read ends with the Esc of an arrow; the program is then busy 150 ms (a
        // game drawing the frames of a burst of keys) and the rest arrives meanwhile. The
        // escape timeout counted from the read used to expire on its return: Esc, '[', 'A'.
        let run = try Probe.run(["--busy", "150"], steps: Probe.started + [
            .sendBytes([UInt8(ascii: "x"), 0x1B]), .wait("KEY character(U+78)"), .pump(0.02), .send("[A"),
            .wait("KEY arrow(up"), .mark("after"), .sendBytes([0x1B]), .wait("KEY escape", from: "after"),
            .send("q"), .exit(),
        ])
        expectBaseline(run)
        #expect(run.exit == .exited(0))
        #expect(!run.outputText.contains("KEY character(U+5B)"), "the arrow's rest read as keys: \(run.outputText)")
        #expect(run.outputText.components(separatedBy: "KEY escape").count == 2, "one Esc, the lone one: \(run.outputText)")
    }

    @Test("keys typed during shutdown never reach the shell (T-15)")
    func typeAheadIsFlushed() throws {
        let run = try Probe.run(["--slow-exit"], steps: Probe.started + [
            .send("q"), .wait("QUIT"), .pump(0.05), .send("rm -rf ~\r"), .wait("QUEUED "), .wait("\r\n"), .exit(),
        ])
        expectBaseline(run)
        let queued = run.outputText.components(separatedBy: "QUEUED ").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? 0
        #expect(queued > 0, "the bytes should have been waiting, or the test proves nothing")
        #expect(run.leakedInputBytes == 0)
        #expect(run.exit == .exited(0))
    }

    @Test("the exported emergency restore alone puts the terminal back (T-12 path)")
    func emergencyRestore() throws {
        let run = try Probe.run(["--emergency-restore"], steps: Probe.started + [.exit()])
        expectBaseline(run)
        #expect(run.exit == .exited(7))
    }

    @Test("the terminal hanging up ends the program without a retry loop (T-14)")
    func hangUp() throws {
        let run = try Probe.run(steps: Probe.started + [.hangup, .exit(timeout: 10)])
        #expect(run.error == nil)
        #expect(run.notes.isEmpty, "the probe had to be killed: \(run.notes)")
        // Input reports end of file / EIO → .inputClosed → the probe exits 3.
        #expect(run.exit == .exited(3))
        // A loose bound that only a busy loop would break.
        #expect((run.cpuAtExit ?? .infinity) < 2.0)
    }

    #if arch(x86_64)
    static let trapSignal = SIGILL
    #else
    static let trapSignal = SIGTRAP
    #endif

    @Test("a Swift trap restores first, then the backtracer reports the real crash site (T-11)")
    func swiftTrapWithBacktracer() throws {
        let run = try Probe.run(["--crash", "fatal"], environment: ["SWIFT_BACKTRACE=interactive=no,color=no"],
                                steps: [.wait("READY", from: "start"), .exit(timeout: 60)])
        expectBaseline(run)
        #expect(run.exit == .signaled(Self.trapSignal))
        let output = run.outputBytes
        let leave = output.lastOffset(of: Escape.leaveAlternateScreen)
        let report = output.firstOffset(of: "Program crashed")
        #expect(report != nil, "the Swift backtracer did not run")
        #expect((leave ?? Int.max) < (report ?? -1), "the terminal must be restored before the backtrace")
        #expect(run.outputText.contains("crashNow"), "the backtrace should name the crashing function")
    }

    @Test("crashes without the backtracer still restore and die by the signal", arguments: [
        ("fatal", PTYTests.trapSignal), ("segv", SIGSEGV), ("abort", SIGABRT),
    ])
    func crashes(kind: String, signal: Int32) throws {
        let run = try Probe.run(["--crash", kind], environment: ["SWIFT_BACKTRACE=enable=no"],
                                steps: [.wait("READY", from: "start"), .exit(timeout: 60)])
        expectBaseline(run)
        #expect(run.exit == .signaled(signal))
    }

    @Test("segv and abort with the backtracer: restored, then reported", arguments: [("segv", SIGSEGV), ("abort", SIGABRT)])
    func crashesWithBacktracer(kind: String, signal: Int32) throws {
        let run = try Probe.run(["--crash", kind], environment: ["SWIFT_BACKTRACE=interactive=no,color=no"],
                                steps: [.wait("READY", from: "start"), .exit(timeout: 60)])
        expectBaseline(run)
        #expect(run.exit == .signaled(signal))
        let output = run.outputBytes
        #expect((output.lastOffset(of: Escape.leaveAlternateScreen) ?? Int.max) < (output.firstOffset(of: "Program crashed") ?? -1))
    }
}

/// The kitty keyboard protocol at the terminal layer, against a pseudo-terminal answering
/// as kitty does (`CSI ? 0 u`, `CSI ? 62 ; c`) or as xterm does (the device attributes only).
@Suite("kitty keyboard protocol through a PTY", .serialized, .enabled(if: Probe.isReady, Probe.notReady), .needsTerminal)
struct KittyProtocolTests {
    static let on: [PTYStep] = Probe.started + [.wait("KEYBOARD on", from: "start")]

    @Test("asked with CSI ? u and CSI c; kitty answers, so CSI > 15 u is pushed after the alternate screen; q pops it before leaving")
    func pushAndPop() throws {
        let run = try Probe.run(["--key-events"], answer: .kitty, steps: Self.on + [
            .sendBytes(Array("\u{1B}[D\u{1B}[1;1:2D\u{1B}[1;1:3D".utf8)), .wait("KEY arrow(left, modifiers: 0) release"),
            .sendBytes(Array("\u{1B}[113u".utf8)), .exit(),
        ])
        expectBaseline(run)
        #expect(run.exit == .exited(0))
        #expect(run.kitty.events == ["query", "query-device", "push 15", "pop"])
        let output = run.outputBytes
        #expect((output.firstOffset(of: Escape.enterAlternateScreen) ?? .max) < (output.firstOffset(of: Escape.pushKeyboard) ?? -1))
        #expect((output.lastOffset(of: Escape.popKeyboard) ?? .max) < (output.lastOffset(of: Escape.leaveAlternateScreen) ?? -1))
        let text = run.outputText
        #expect(text.contains("KEY arrow(left, modifiers: 0)\r\n") && text.contains("KEY arrow(left, modifiers: 0) repeat\r\n"))
    }

    @Test("a terminal that answers only the device attributes: nothing pushed, legacy keys")
    func xtermLike() throws {
        let run = try Probe.run(["--key-events"], answer: .da1, steps: Probe.started + [
            .wait("KEYBOARD off", from: "start"), .send("q"), .exit(),
        ])
        expectBaseline(run)
        #expect(run.kitty.pushes.isEmpty && run.kitty.queries == 1)
    }

    @Test("popped on every way out: signals, a crash, the emergency restore", arguments: [
        "SIGTERM", "SIGHUP", "SIGINT", "crash", "emergency",
    ])
    func poppedOnEveryWayOut(way: String) throws {
        var arguments = ["--key-events"]
        var steps = Self.on
        switch way {
        case "crash":
            arguments += ["--crash-after-keyboard"]
            steps.append(.exit(timeout: 60))
        case "emergency":
            arguments += ["--emergency-after-keyboard"]
            steps.append(.exit())
        default:
            steps += [.signal(way), .exit()]
        }
        let run = try Probe.run(arguments, environment: ["SWIFT_BACKTRACE=enable=no"], answer: .kitty, steps: steps)
        expectBaseline(run)
        #expect(run.kitty.pushes == [15] && run.kitty.depthAtExit == 0, "\(run.kitty.events)")
    }

    @Test("suspend pops and fg pushes again; SIGSTOP and SIGCONT set the flags in place, never a second push")
    func suspendAndContinue() throws {
        let run = try Probe.run(["--key-events"], answer: .kitty, steps: Self.on + [
            .sendBytes(Array("\u{1B}[122;5u".utf8)), .status(["stopped"]), .restored(as: "cooked"), .mark("fg"), .fg,
            .status(["continued"]), .wait("RESUMED"), .signal("SIGSTOP"), .status(["stopped"]), .mark("cont"), .fg,
            .status(["continued"]), .wait("RESUMED"), .wait("\r\n"), .sendBytes(Array("\u{1B}[113u".utf8)), .exit(),
        ])
        expectBaseline(run)
        #expect(run.flag("cooked") == true)
        #expect(run.kitty.events == ["query", "query-device", "push 15", "pop", "push 15", "set 15;1", "pop"], "\(run.kitty.events)")
        #expect(run.kitty.maxDepth == 1)
    }
}

/// The program must refuse to start, with one line and not one escape byte (T-8 – T-10).
@Suite("Refusing to start without a usable terminal", .serialized, .enabled(if: Probe.isReady, Probe.notReady), .needsTerminal)
struct StartupRefusalTests {
    private func expectRefusal(_ run: PTYRun, mentioning phrase: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.error == nil, sourceLocation: sourceLocation)
        #expect(run.exit == .exited(2), sourceLocation: sourceLocation)
        #expect(!run.outputBytes.contains(0x1B), "escape bytes written: \(run.outputText.debugDescription)", sourceLocation: sourceLocation)
        let lines = run.outputText.split(whereSeparator: \.isNewline)
        #expect(lines.count == 1, sourceLocation: sourceLocation)
        #expect(run.outputText.contains(phrase), "\(run.outputText.debugDescription)", sourceLocation: sourceLocation)
        #expect(run.termiosRestored, sourceLocation: sourceLocation)
    }

    @Test("stdout is a pipe (T-9)")
    func stdoutNotATerminal() throws {
        expectRefusal(try Probe.run(stdoutIsPipe: true, steps: [.exit()]), mentioning: "standard output is not a terminal")
    }

    @Test("TERM=dumb (T-10)")
    func dumbTerminal() throws {
        expectRefusal(try Probe.run(environment: ["TERM=dumb"], steps: [.exit()]), mentioning: "TERM=dumb")
    }

    @Test("TERM unset (T-10)")
    func termUnset() throws {
        expectRefusal(try Probe.run(environment: ["TERM=<unset>"], steps: [.exit()]), mentioning: "TERM is not set")
    }

    @Test("stdin is an empty file or a pipe, stdout a pipe (T-8)", arguments: ["file", "pipe"])
    func stdinNotATerminal(source: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-stdin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = folder.appendingPathComponent("empty")
        try Data().write(to: empty)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Probe.path ?? "/missing")
        process.environment = ["TERM": "xterm-256color", "PATH": "/usr/bin:/bin"]
        let input = Pipe()
        process.standardInput = source == "file" ? try FileHandle(forReadingFrom: empty) : input
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        try? input.fileHandleForWriting.close()
        let outBytes = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
        let errBytes = [UInt8](errors.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 2)
        #expect(outBytes.isEmpty)
        #expect(!errBytes.contains(0x1B))
        #expect(String(decoding: errBytes, as: UTF8.self) == "hanjul-termprobe: standard input is not a terminal\n")
    }
}
