import Foundation
import HanJulCore
import PTYSupport
import Testing

/// `hanjul` started directly in a real xterm (Debian's, `-fa Monospace -fs 11`, under
/// Xvfb), with `Tests/pty/ptylog.py` between them logging what xterm answered. xterm's
/// answer to the device-attributes query is 35 bytes long; cut at the decoder's old
/// 32-byte limit, its final `c` reached the game as the hold key (D1).
///
/// Needs `Xvfb`, `xterm` and `xdotool`; when one is missing the test is cancelled. In the
/// kitty suite, so the two real terminals never run at once (xdotool drives one display
/// at a time reliably).
extension KittyEndToEndTests {
    /// A real xterm under its own Xvfb, playing `hanjul` with `arguments`, focused.
    struct Xterm {
        let xvfb: Process
        let xterm: Process
        let log: String
        let base: [String: String]
        let window: String

        func bytes(_ direction: String) -> String {
            String(decoding: KittyEndToEndTests.readLog(log).filter { $0.dir == direction }.flatMap(\.bytes), as: UTF8.self)
        }

        func xdotool(_ arguments: [String]) {
            KittyEndToEndTests.run("xdotool", arguments, environment: base)
        }

        func stop() {
            for process in [xterm, xvfb] where process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
        }
    }

    /// Starts the xterm and waits for the game and xterm's answers; cancels the test when a
    /// tool is missing or xterm does not start.
    static func startXterm(_ arguments: [String], home: GameHarness.Home) throws -> Xterm {
        let missing = ["Xvfb", "xterm", "xdotool"].filter { which($0) == nil }
        if !missing.isEmpty { try Test.cancel("not installed: \(missing.joined(separator: ", ")) (scripts/deps.sh installs them)") }
        guard let display = testDisplay() else { try Test.cancel("no free X display in 70-79") }
        let log = home.root + "/pty.log"
        let base = ["PATH": "/usr/bin:/bin", "HOME": home.root, "LANG": "C.UTF-8", "DISPLAY": ":\(display)"]
        guard let xvfb = try startXvfb(display: display, logFolder: home.root) else {
            try Test.cancel("Xvfb :\(display) did not start")
        }
        let xterm = Process()
        xterm.executableURL = URL(fileURLWithPath: which("xterm")!)
        xterm.arguments = ["-fa", "Monospace", "-fs", "11", "-geometry", "100x32", "-e",
                           "python3", PTYDriver.packageRoot.appendingPathComponent("Tests/pty/ptylog.py").path, log, "--",
                           GameHarness.binary!] + arguments
        var environment = base
        environment["XDG_CONFIG_HOME"] = home.config
        environment["XDG_DATA_HOME"] = home.data
        environment["XDG_STATE_HOME"] = home.root + "/state"
        environment["XDG_CACHE_HOME"] = home.root + "/cache"
        xterm.environment = environment
        _ = FileManager.default.createFile(atPath: home.root + "/xterm.log", contents: nil)
        let xtermLog = FileHandle(forWritingAtPath: home.root + "/xterm.log")
        xterm.standardOutput = xtermLog
        xterm.standardError = xtermLog
        do { try xterm.run() } catch {
            kill(xvfb.processIdentifier, SIGKILL)
            xvfb.waitUntilExit()
            throw error
        }
        var started = Xterm(xvfb: xvfb, xterm: xterm, log: log, base: base, window: "")
        guard waitUntil(30, { started.bytes("out").contains("SCORE") || !xterm.isRunning }), xterm.isRunning else {
            started.stop()
            try Test.cancel("xterm did not start the game under Xvfb")
        }
        // xterm answers the device-attributes query: wait for the answer, then a little more.
        let answered = waitUntil(5) { started.bytes("in").contains("\u{1B}[?") }
        #expect(answered, "xterm sent no answer: \(started.bytes("in").debugDescription)")
        Thread.sleep(forTimeInterval: 0.5)
        let window = run("xdotool", ["search", "--sync", "--class", "xterm"], environment: base).output
            .split(separator: "\n").first.map(String.init) ?? ""
        started = Xterm(xvfb: xvfb, xterm: xterm, log: log, base: base, window: window)
        started.xdotool(["windowfocus", "--sync", window])
        return started
    }

    @Test("started directly with --mod guideline --seed 5, the game begins with no hold (the terminal's answers are no keys)")
    func startsWithNoHold() throws {
        let home = try GameHarness.Home()
        defer { home.remove() }
        let mods = PTYDriver.packageRoot.appendingPathComponent("Mods").path
        let xterm = try Self.startXterm(["--mods-dir", mods, "--mod", "guideline", "--seed", "5", "--countdown", "0"], home: home)
        defer { xterm.stop() }
        // D7: xterm's default background is white, and asked (OSC 11) it says so.
        #expect(xterm.bytes("in").contains("\u{1B}]11;rgb:ffff/ffff/ffff"), "xterm's answer: \(xterm.bytes("in").debugDescription)")
        KittyEndToEndTests.run("import", ["-window", "root", home.root + "/xterm.png"], environment: xterm.base)
        if let keep = ProcessInfo.processInfo.environment["HANJUL_XTERM_SCREENSHOT"] {
            try? FileManager.default.removeItem(atPath: keep)
            try? FileManager.default.copyItem(atPath: home.root + "/xterm.png", toPath: keep)
        }
        // One hard drop (a game with a move of the player's is saved when quit), then quit.
        xterm.xdotool(["key", "space"])
        Thread.sleep(forTimeInterval: 0.3)
        xterm.xdotool(["key", "q"])
        #expect(KittyEndToEndTests.waitUntil(10) { !xterm.xterm.isRunning }, "the game did not end on q")

        let replay = try #require(home.savedReplays().first, "no replay saved: \(home.files(in: home.replays))")
        #expect(!replay.actions.contains(.hold), "a terminal answer was read as a key: \(replay.actions.prefix(8))")
        #expect(replay.actions.filter { $0 == .hardDrop }.count == 1, "only the hard drop typed: \(replay.actions)")
    }

    @Test("taps in a real xterm (no key release): xdotool key --delay 60 w w space, six times, places six pieces, each turned twice")
    func xtermTapsEveryKey() throws {
        let home = try GameHarness.Home()
        defer { home.remove() }
        let mods = PTYDriver.packageRoot.appendingPathComponent("Mods").path
        let xterm = try Self.startXterm(["--mods-dir", mods, "--mod", "guideline", "--seed", "87", "--countdown", "0"], home: home)
        defer { xterm.stop() }
        for _ in 0..<6 {
            xterm.xdotool(["key", "--delay", "60", "w", "w", "space"])
            Thread.sleep(forTimeInterval: 0.2)
        }
        Thread.sleep(forTimeInterval: 0.3)
        xterm.xdotool(["key", "q"])
        #expect(KittyEndToEndTests.waitUntil(10) { !xterm.xterm.isRunning }, "the game did not end on q")
        let replay = try #require(home.savedReplays().first, "no replay saved: \(home.files(in: home.replays))")
        let played = replay.actions.filter { [.rotate, .hardDrop].contains($0) }
        #expect(played == Array(repeating: [Action.rotate, .rotate, .hardDrop], count: 6).flatMap { $0 }, "\(replay.actions)")
    }
}
