import Foundation
import Testing

/// End-to-end: the real `hanjul-termprobe` in a real pseudo-terminal, under a small
/// job-control shell (Tests/pty/ptydrive.py). Each test is one way out of the program.
@Suite("Terminal restore through a PTY", .serialized, .enabled(if: PTYHarness.isReady, PTYHarness.notReadyReason))
struct PTYTests {
    @Test("quitting with q or the Ctrl-C byte exits 0 and restores (T-1, T-3)", arguments: ["quit-key", "ctrl-c-byte"])
    func quitKeys(scenario: String) throws {
        let run = try PTYHarness.drive(scenario)
        expectBaseline(run)
        #expect(run.rawWhileRunning == true, "the probe never entered raw mode, so the test proves nothing")
        #expect(run.exit == .init(kind: "exited", value: 0))
        #expect(run.outputText.contains("QUIT"))
    }

    @Test("an outside signal restores, then the process dies by that signal (T-2)", arguments: [
        ("sigint", SIGINT), ("sigterm", SIGTERM), ("sighup", SIGHUP), ("sigquit", SIGQUIT),
    ])
    func terminatingSignals(scenario: String, signal: Int32) throws {
        let run = try PTYHarness.drive(scenario)
        expectBaseline(run)
        #expect(run.rawWhileRunning == true)
        #expect(run.exit == .init(kind: "signaled", value: signal))
    }

    @Test("a second signal while the main loop is stuck restores from the handler and dies")
    func stuckMainLoop() throws {
        let run = try PTYHarness.drive("hang-double-signal", probeArguments: ["--hang"])
        expectBaseline(run)
        #expect(run.aliveAfterFirstSignal == true, "the first SIGTERM should only be recorded")
        #expect(run.exit == .init(kind: "signaled", value: SIGTERM))
    }

    @Test("Ctrl-Z and SIGTSTP stop the job in cooked mode; fg re-enters raw mode (T-4)", arguments: ["ctrl-z", "sigtstp"])
    func suspendAndResume(scenario: String) throws {
        let run = try PTYHarness.drive(scenario)
        expectBaseline(run)
        #expect(run.stopStatus == "stopped \(SIGTSTP)")
        #expect(run.termiosRestoredWhileStopped == true, "the shell got a raw terminal while we were stopped")
        let whileStopped = PTYHarness.Run.bytes(run.outputWhileStopped)
        #expect((whileStopped.lastOffset(of: leaveAlternateScreen) ?? -1) > (whileStopped.lastOffset(of: enterAlternateScreen) ?? Int.max),
                "alternate screen still on while stopped")
        #expect((whileStopped.lastOffset(of: showCursor) ?? -1) > (whileStopped.lastOffset(of: hideCursor) ?? Int.max))
        #expect(run.rawAfterResume == true)
        let afterResume = String(decoding: PTYHarness.Run.bytes(run.outputAfterResume), as: UTF8.self)
        #expect(afterResume.contains(enterAlternateScreen) && afterResume.contains("RESUMED 80x24"))
        #expect(run.exit == .init(kind: "exited", value: 0))
    }

    @Test("SIGSTOP, a shell resetting the tty, SIGCONT: raw mode is re-asserted (T-5)")
    func stopAndContinue() throws {
        let run = try PTYHarness.drive("sigstop-sigcont")
        expectBaseline(run)
        #expect(run.stopStatus == "stopped \(SIGSTOP)")
        #expect(run.rawWhileStopped == false, "the harness should have put the tty in cooked mode")
        #expect(run.rawAfterResume == true)
        let afterResume = String(decoding: PTYHarness.Run.bytes(run.outputAfterResume), as: UTF8.self)
        #expect(afterResume.contains(enterAlternateScreen) && afterResume.contains("RESUMED"))
        // In cooked mode a lone q would wait for Enter: exiting 0 proves raw mode.
        #expect(run.exit == .init(kind: "exited", value: 0))
    }

    @Test("resizes to 100x30, 0x0, 1x1, 20x10 and a burst of 100 are all reported (T-6, T-7)")
    func resize() throws {
        let run = try PTYHarness.drive("resize")
        expectBaseline(run)
        #expect(run.sizesSeen == ["100x30", "0x0", "1x1", "20x10"])
        #expect(run.outputText.contains("SIZE 80x24"))
        #expect(run.exit == .init(kind: "exited", value: 0))
    }

    @Test("keys arrive decoded: a split arrow, a lone Esc, a split UTF-8 character")
    func keysThroughThePTY() throws {
        let run = try PTYHarness.drive("keys")
        expectBaseline(run)
        let text = run.outputText
        #expect(text.contains("KEY arrow(up, modifiers: 0)"))
        #expect(text.contains("KEY escape"))
        #expect(text.contains("KEY character(U+D55C)"))
        #expect(run.exit == .init(kind: "exited", value: 0))
    }

    @Test("keys typed during shutdown never reach the shell (T-15)")
    func typeAheadIsFlushed() throws {
        let run = try PTYHarness.drive("typeahead", probeArguments: ["--slow-exit"])
        expectBaseline(run)
        #expect((run.queuedBeforeRestore ?? 0) > 0, "the bytes should have been waiting, or the test proves nothing")
        #expect(run.leakedInputBytes == 0)
        #expect(run.exit == .init(kind: "exited", value: 0))
    }

    @Test("the exported emergency restore alone puts the terminal back (T-12 path)")
    func emergencyRestore() throws {
        let run = try PTYHarness.drive("emergency-restore", probeArguments: ["--emergency-restore"])
        expectBaseline(run)
        #expect(run.exit == .init(kind: "exited", value: 7))
    }

    @Test("the terminal hanging up ends the program without a retry loop (T-14)")
    func hangUp() throws {
        let run = try PTYHarness.drive("hangup")
        #expect(run.error == nil)
        #expect(run.notes.isEmpty, "the probe had to be killed: \(run.notes)")
        // Input reports end of file / EIO → .inputClosed → the probe exits 3.
        #expect(run.exit == .init(kind: "exited", value: 3))
        // A loose bound that only a busy loop would break.
        #expect((run.probeCPUSeconds ?? .infinity) < 2.0)
    }

    #if arch(x86_64)
    static let trapSignal = SIGILL
    #else
    static let trapSignal = SIGTRAP
    #endif

    @Test("a Swift trap restores first, then the backtracer reports the real crash site (T-11)")
    func swiftTrapWithBacktracer() throws {
        let run = try PTYHarness.drive(
            "crash", probeArguments: ["--crash", "fatal"],
            environment: ["SWIFT_BACKTRACE=interactive=no,color=no"])
        expectBaseline(run)
        #expect(run.exit == .init(kind: "signaled", value: Self.trapSignal))
        let output = run.outputBytes
        let leave = output.lastOffset(of: leaveAlternateScreen)
        let report = output.firstOffset(of: "Program crashed")
        #expect(report != nil, "the Swift backtracer did not run")
        #expect((leave ?? Int.max) < (report ?? -1), "the terminal must be restored before the backtrace")
        #expect(run.outputText.contains("crashNow"), "the backtrace should name the crashing function")
    }

    @Test("crashes without the backtracer still restore and die by the signal", arguments: [
        ("fatal", PTYTests.trapSignal), ("segv", SIGSEGV), ("abort", SIGABRT),
    ])
    func crashes(kind: String, signal: Int32) throws {
        let run = try PTYHarness.drive(
            "crash-no-backtracer", probeArguments: ["--crash", kind],
            environment: ["SWIFT_BACKTRACE=enable=no"])
        expectBaseline(run)
        #expect(run.exit == .init(kind: "signaled", value: signal))
    }

    @Test("segv and abort with the backtracer: restored, then reported", arguments: [
        ("segv", SIGSEGV), ("abort", SIGABRT),
    ])
    func crashesWithBacktracer(kind: String, signal: Int32) throws {
        let run = try PTYHarness.drive(
            "crash", probeArguments: ["--crash", kind],
            environment: ["SWIFT_BACKTRACE=interactive=no,color=no"])
        expectBaseline(run)
        #expect(run.exit == .init(kind: "signaled", value: signal))
        let output = run.outputBytes
        #expect((output.lastOffset(of: leaveAlternateScreen) ?? Int.max) < (output.firstOffset(of: "Program crashed") ?? -1))
    }
}

/// The program must refuse to start, with one line and not one escape byte (T-8 – T-10).
@Suite("Refusing to start without a usable terminal", .serialized, .enabled(if: PTYHarness.isReady, PTYHarness.notReadyReason))
struct StartupRefusalTests {
    private func expectRefusal(_ run: PTYHarness.Run, mentioning phrase: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.error == nil, sourceLocation: sourceLocation)
        #expect(run.exit == .init(kind: "exited", value: 2), sourceLocation: sourceLocation)
        #expect(!run.outputBytes.contains(0x1B), "escape bytes written: \(run.outputText.debugDescription)", sourceLocation: sourceLocation)
        let lines = run.outputText.split(whereSeparator: \.isNewline)
        #expect(lines.count == 1, sourceLocation: sourceLocation)
        #expect(run.outputText.contains(phrase), "\(run.outputText.debugDescription)", sourceLocation: sourceLocation)
        #expect(run.termiosRestored, sourceLocation: sourceLocation)
    }

    @Test("stdout is a pipe (T-9)")
    func stdoutNotATerminal() throws {
        let run = try PTYHarness.drive("startup-error", stdoutIsPipe: true)
        expectRefusal(run, mentioning: "standard output is not a terminal")
    }

    @Test("TERM=dumb (T-10)")
    func dumbTerminal() throws {
        let run = try PTYHarness.drive("startup-error", environment: ["TERM=dumb"])
        expectRefusal(run, mentioning: "TERM=dumb")
    }

    @Test("TERM unset (T-10)")
    func termUnset() throws {
        let run = try PTYHarness.drive("startup-error", environment: ["TERM=<unset>"])
        expectRefusal(run, mentioning: "TERM is not set")
    }

    @Test("stdin is /dev/null or a pipe, stdout a pipe (T-8)", arguments: ["devnull", "pipe"])
    func stdinNotATerminal(source: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: PTYHarness.probePath ?? "/missing")
        process.environment = ["TERM": "xterm-256color", "PATH": "/usr/bin:/bin"]
        let input = Pipe()
        if source == "devnull" {
            process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        } else {
            process.standardInput = input
        }
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
        let message = String(decoding: errBytes, as: UTF8.self)
        #expect(message == "hanjul-termprobe: standard input is not a terminal\n")
    }
}
