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
    @Test("started directly with --mod guideline --seed 5, the game begins with no hold (the terminal's answers are no keys)")
    func startsWithNoHold() throws {
        let missing = ["Xvfb", "xterm", "xdotool"].filter { KittyEndToEndTests.which($0) == nil }
        if !missing.isEmpty { try Test.cancel("not installed: \(missing.joined(separator: ", ")) (scripts/deps.sh installs them)") }
        guard let display = KittyEndToEndTests.testDisplay() else { try Test.cancel("no free X display in 70-79") }
        let home = try GameHarness.Home()
        defer { home.remove() }
        let log = home.root + "/pty.log"
        let base = ["PATH": "/usr/bin:/bin", "HOME": home.root, "LANG": "C.UTF-8", "DISPLAY": ":\(display)"]

        guard let xvfb = try KittyEndToEndTests.startXvfb(display: display, logFolder: home.root) else {
            try Test.cancel("Xvfb :\(display) did not start")
        }
        defer { if xvfb.isRunning { kill(xvfb.processIdentifier, SIGKILL); xvfb.waitUntilExit() } }

        let xterm = Process()
        xterm.executableURL = URL(fileURLWithPath: KittyEndToEndTests.which("xterm")!)
        let mods = PTYDriver.packageRoot.appendingPathComponent("Mods").path
        xterm.arguments = ["-fa", "Monospace", "-fs", "11", "-geometry", "100x32", "-e",
                           "python3", PTYDriver.packageRoot.appendingPathComponent("Tests/pty/ptylog.py").path, log, "--",
                           GameHarness.binary!, "--mods-dir", mods, "--mod", "guideline", "--seed", "5"]
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
        try xterm.run()
        defer { if xterm.isRunning { kill(xterm.processIdentifier, SIGKILL); xterm.waitUntilExit() } }
        func bytes(_ direction: String) -> String {
            String(decoding: KittyEndToEndTests.readLog(log).filter { $0.dir == direction }.flatMap(\.bytes), as: UTF8.self)
        }
        guard KittyEndToEndTests.waitUntil(30, { bytes("out").contains("SCORE") || !xterm.isRunning }), xterm.isRunning else {
            try Test.cancel("xterm did not start the game under Xvfb")
        }
        // xterm answers the device-attributes query: wait for the answer, then a little more.
        let answered = KittyEndToEndTests.waitUntil(5) { bytes("in").contains("\u{1B}[?") }
        #expect(answered, "xterm sent no answer: \(bytes("in").debugDescription)")
        Thread.sleep(forTimeInterval: 0.5)
        // D7: xterm's default background is white, and asked (OSC 11) it says so.
        #expect(bytes("in").contains("\u{1B}]11;rgb:ffff/ffff/ffff"), "xterm's answer: \(bytes("in").debugDescription)")
        KittyEndToEndTests.run("import", ["-window", "root", home.root + "/xterm.png"], environment: base)
        if let keep = ProcessInfo.processInfo.environment["HANJUL_XTERM_SCREENSHOT"] {
            try? FileManager.default.removeItem(atPath: keep)
            try? FileManager.default.copyItem(atPath: home.root + "/xterm.png", toPath: keep)
        }
        let window = KittyEndToEndTests.run("xdotool", ["search", "--sync", "--class", "xterm"], environment: base).output
            .split(separator: "\n").first.map(String.init) ?? ""
        KittyEndToEndTests.run("xdotool", ["windowfocus", "--sync", window], environment: base)
        // One hard drop (a game with a move of the player's is saved when quit), then quit.
        KittyEndToEndTests.run("xdotool", ["key", "space"], environment: base)
        Thread.sleep(forTimeInterval: 0.3)
        KittyEndToEndTests.run("xdotool", ["key", "q"], environment: base)
        #expect(KittyEndToEndTests.waitUntil(10) { !xterm.isRunning }, "the game did not end on q")

        let replay = try #require(home.savedReplays().first, "no replay saved: \(home.files(in: home.replays))")
        #expect(!replay.actions.contains(.hold), "a terminal answer was read as a key: \(replay.actions.prefix(8))")
        #expect(replay.actions.filter { $0 == .hardDrop }.count == 1, "only the hard drop typed: \(replay.actions)")
    }
}
