// hanjul-termprobe: a test-only program that drives HanJulTerminal the way the game
// will, so the PTY tests can prove the terminal is restored on every way out.
//
// Usage: hanjul-termprobe [--crash fatal|segv|abort] [--slow-exit] [--hang]
//                         [--emergency-restore] [--key-events] [--busy MS]
//                         [--crash-after-keyboard] [--emergency-after-keyboard]
//
// It prints plain-text markers the tests wait for (each followed by "\r\n"):
//   READY <cols>x<rows>   after entering the session and drawing
//   KEY <description>     for each key event ("KEY arrow(left, modifiers: 0) release")
//   KEYBOARD on|off       the answer to the kitty keyboard query (--key-events)
//   SIZE <cols>x<rows>    after SIGWINCH
//   SUSPENDING / RESUMED  around suspend(); RESUMED also after an outside SIGCONT
//   QUIT                  before a normal exit
// Keys: q or Ctrl-C quit (exit 0), Ctrl-Z suspends.

import HanJulSystem
import HanJulTerminal

enum Crash: String {
    case fatal, segv, abort
}

func printError(_ line: String) {
    try? FileDescriptorWriter(fileDescriptor: FileDescriptor.standardError.rawValue).write("hanjul-termprobe: \(line)\n")
}

/// Kept out of line so the backtrace names it.
@inline(never)
func crashNow(_ kind: Crash) {
    switch kind {
    case .fatal:
        let numbers = [1, 2, 3]
        let index = Int(SystemProcess.id % 1) + 3 // 3, but not a constant the compiler sees
        print(numbers[index])
    case .segv:
        let pointer = UnsafeMutablePointer<Int>(bitPattern: 8)!
        pointer.pointee = 42
    case .abort:
        SystemProcess.abort()
    }
}

func run() -> Never {
    var crash: Crash?
    var slowExit = false
    var hang = false
    var emergency = false
    var keyEvents = false
    var afterKeyboard: String?
    /// Milliseconds spent after each batch of keys, as a game drawing frames is busy.
    var busy: UInt32 = 0
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
        switch argument {
        case "--crash":
            crash = Crash(rawValue: arguments.popFirst() ?? "fatal") ?? .fatal
        case "--slow-exit":
            slowExit = true
        case "--hang":
            hang = true
        case "--emergency-restore":
            emergency = true
        case "--key-events":
            keyEvents = true
        case "--crash-after-keyboard":
            afterKeyboard = "crash"
        case "--emergency-after-keyboard":
            afterKeyboard = "emergency"
        case "--busy":
            busy = UInt32(arguments.popFirst() ?? "") ?? 0
        default:
            printError("unknown argument \(argument)")
            SystemProcess.exit(64)
        }
    }

    let session: TerminalSession
    do {
        session = try TerminalSession()
    } catch {
        printError("\(error)")
        SystemProcess.exit(2)
    }

    func say(_ line: String) {
        try? session.write(line + "\r\n")
    }

    func quit() -> Never {
        say("QUIT")
        if slowExit {
            // Shutdown work (saving) during which the user types ahead; those keys must
            // not leak to the shell (T-15). Deterministic: "saving" lasts until input
            // is waiting (at most 5 s), plus a moment for the rest of the line.
            _ = Poll.readiness(of: FileDescriptor.standardInput.rawValue, for: .readable, milliseconds: 5_000)
            SystemThread.sleep(microseconds: 100_000)
            let queued = FileDescriptor.standardInput.queuedInputCount
            say("QUEUED \(queued)") // what the restore is about to discard
        }
        session.close()
        SystemProcess.exit(0)
    }

    func suspend() {
        say("SUSPENDING")
        session.suspend()
        say("RESUMED \(session.size)")
    }

    try? session.write("\u{1B}[H\u{1B}[2J")
    if keyEvents { session.requestKeyEvents() }
    say("READY \(session.size)")

    if let crash {
        crashNow(crash)
    }
    if emergency {
        // What a lua_atpanic handler does (T-12): the exported C pointer, then _exit
        // without any Swift cleanup.
        TerminalSession.emergencyRestore()
        SystemProcess.exitImmediately(7)
    }
    if hang {
        // A main loop that never polls: only the handler's escalation on a second
        // terminating signal can end this.
        while true { SystemClock.sleep(milliseconds: 60_000) }
    }

    while true {
        for event in session.waitForEvents(timeoutMilliseconds: 1_000) {
            switch event {
            case .keyboardProtocol(let on):
                say("KEYBOARD \(on ? "on" : "off")")
                // With the keyboard mode pushed: a crash, or the exported restore, must pop it.
                if afterKeyboard == "crash" { crashNow(.segv) }
                if afterKeyboard == "emergency" {
                    TerminalSession.emergencyRestore()
                    SystemProcess.exitImmediately(7)
                }
            case .keys(let events):
                defer { if busy > 0 { SystemThread.sleep(microseconds: busy * 1_000) } }
                for event in events {
                    say("KEY \(event)")
                    guard event.kind == .press else { continue }
                    switch event.key {
                    case .character("q"), .control("c"):
                        quit()
                    case .control("z"):
                        suspend()
                    default:
                        break
                    }
                }
            case .background(let red, let green, let blue):
                say("BACKGROUND \(red) \(green) \(blue)")
            case .resized(let size):
                say("SIZE \(size)")
            case .suspendRequested:
                suspend()
            case .resumed:
                say("RESUMED \(session.size)")
            case .terminate(let signal):
                session.close()
                session.exit(bySignal: signal)
            case .inputClosed:
                session.close()
                SystemProcess.exit(3)
            case .otherReady:
                break
            }
        }
    }
}

run()
