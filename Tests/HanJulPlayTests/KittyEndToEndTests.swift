import Foundation
import HanJulCore
import HanJulPlay
import PTYSupport
import TestTiers
import Testing

/// `hanjul play` in a real kitty (Debian's `kitty`, under `Xvfb` with
/// `LIBGL_ALWAYS_SOFTWARE=1`), keys sent with `xdotool keydown/keyup`: the kitty keyboard
/// protocol end to end, and the game's own DAS and ARR as kitty's real key events drive them.
/// Between kitty and the game runs `Tests/pty/ptylog.py`, which logs every chunk of bytes
/// with its time: the key events kitty sent and the frames the game wrote.
///
/// Needs `Xvfb`, `kitty`, `xdotool` and ImageMagick's `import` (scripts/deps.sh installs
/// them); when one is missing or kitty cannot start, the test is cancelled with the reason.
@Suite("hanjul play in a real kitty", .serialized, .enabled(if: GameHarness.isReady, GameHarness.notReady), .needsTerminal)
struct KittyEndToEndTests {
    static let tools = ["Xvfb", "kitty", "xdotool", "import"]

    static func which(_ tool: String) -> String? {
        ["/usr/bin/", "/usr/local/bin/", "/bin/"].map { $0 + tool }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// A display of play's range (70–79) that nobody uses.
    /// A lock whose Xvfb is gone (killed with SIGKILL, it cannot clean up) is taken over.
    static func freeDisplay() -> Int? {
        (70...79).first { n in
            let lock = "/tmp/.X\(n)-lock", socket = "/tmp/.X11-unix/X\(n)"
            if let text = try? String(contentsOfFile: lock, encoding: .utf8),
               let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0, kill(pid, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(atPath: lock)
                try? FileManager.default.removeItem(atPath: socket)
            }
            return !FileManager.default.fileExists(atPath: socket) && !FileManager.default.fileExists(atPath: lock)
        }
    }

    /// Starts `Xvfb :display`, its output in `folder/xvfb.log`, and waits for its socket;
    /// nil when it did not start. The caller kills it with SIGKILL (on SIGTERM Xvfb may wait
    /// for its clients), which ``freeDisplay()`` copes with.
    static func startXvfb(display: Int, logFolder folder: String) throws -> Process? {
        let xvfb = Process()
        xvfb.executableURL = URL(fileURLWithPath: which("Xvfb")!)
        xvfb.arguments = [":\(display)", "-screen", "0", "1280x800x24", "-nolisten", "tcp"]
        _ = FileManager.default.createFile(atPath: folder + "/xvfb.log", contents: nil)
        let log = FileHandle(forWritingAtPath: folder + "/xvfb.log")
        xvfb.standardOutput = log
        xvfb.standardError = log
        try xvfb.run()
        guard waitUntil(10, { FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(display)") }) else {
            kill(xvfb.processIdentifier, SIGKILL)
            xvfb.waitUntilExit()
            return nil
        }
        return xvfb
    }

    @discardableResult
    static func run(_ tool: String, _ arguments: [String], environment: [String: String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: which(tool) ?? "/missing")
        process.arguments = arguments
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return (-1, "\(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// One chunk of `ptylog.py`'s log.
    struct Chunk: Decodable {
        var t: Double
        var dir: String?
        var b64: String?
        var rows: Int?
        var cols: Int?
        var bytes: [UInt8] { b64.flatMap { Data(base64Encoded: $0) }.map { [UInt8]($0) } ?? [] }
    }

    static func readLog(_ path: String) -> [Chunk] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { try? JSONDecoder().decode(Chunk.self, from: Data($0.utf8)) }
    }

    static func waitUntil(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return condition()
    }

    @Test("Settings → Keys in a real kitty: Shift pressed alone (xdotool) is bound to hold, saved; in the next game (guideline) Shift holds")
    func bindShiftInKitty() throws {
        let missing = Self.tools.filter { Self.which($0) == nil }
        if !missing.isEmpty { try Test.cancel("not installed: \(missing.joined(separator: ", ")) (scripts/deps.sh installs them)") }
        guard let display = Self.testDisplay() else { try Test.cancel("no free X display in 70-79") }
        let home = try GameHarness.Home()
        defer { home.remove() }
        try home.write(KeysPTYTests.playerFile, to: "config/hanjul/keys.conf")
        let ids = try MenuPTYTests.modIDs(home)
        let guideline = try #require(ids.firstIndex(of: "guideline"), "\(ids)")
        let log = home.root + "/pty.log"
        let base = ["PATH": "/usr/bin:/bin", "HOME": home.root, "LANG": "C.UTF-8", "DISPLAY": ":\(display)"]
        guard let xvfb = try Self.startXvfb(display: display, logFolder: home.root) else {
            try Test.cancel("Xvfb :\(display) did not start")
        }
        defer { if xvfb.isRunning { kill(xvfb.processIdentifier, SIGKILL); xvfb.waitUntilExit() } }
        let kitty = Process()
        kitty.executableURL = URL(fileURLWithPath: Self.which("kitty")!)
        kitty.currentDirectoryURL = PTYDriver.packageRoot
        kitty.arguments = ["--config", "NONE", "-o", "remember_window_size=no", "-o", "initial_window_width=100c",
                           "-o", "initial_window_height=30c", "-o", "confirm_os_window_close=0",
                           "python3", PTYDriver.packageRoot.appendingPathComponent("Tests/pty/ptylog.py").path, log, "--",
                           GameHarness.binary!, "--countdown", "0"]
        var environment = base
        environment["LIBGL_ALWAYS_SOFTWARE"] = "1"
        environment["XDG_CONFIG_HOME"] = home.config
        environment["XDG_DATA_HOME"] = home.data
        environment["XDG_STATE_HOME"] = home.root + "/state"
        environment["XDG_CACHE_HOME"] = home.root + "/cache"
        environment["XDG_RUNTIME_DIR"] = home.root
        kitty.environment = environment
        _ = FileManager.default.createFile(atPath: home.root + "/kitty.log", contents: nil)
        let kittyOutput = FileHandle(forWritingAtPath: home.root + "/kitty.log")
        kitty.standardOutput = kittyOutput
        kitty.standardError = kittyOutput
        try kitty.run()
        defer { if kitty.isRunning { kill(kitty.processIdentifier, SIGKILL); kitty.waitUntilExit() } }
        func output() -> String { String(decoding: Self.readLog(log).filter { $0.dir == "out" }.flatMap(\.bytes), as: UTF8.self) }
        guard Self.waitUntil(30, { output().contains("Quit") || !kitty.isRunning }), kitty.isRunning else {
            let said = (try? String(contentsOfFile: home.root + "/kitty.log", encoding: .utf8)) ?? ""
            try Test.cancel("kitty did not start hanjul under Xvfb: \(said.suffix(600))")
        }
        _ = Self.waitUntil(5) { output().contains("\u{1B}[>15u") }
        let window = Self.run("xdotool", ["search", "--sync", "--class", "kitty"], environment: base).output
            .split(separator: "\n").first.map(String.init) ?? ""
        Self.run("xdotool", ["windowfocus", "--sync", window], environment: base)
        Thread.sleep(forTimeInterval: 0.5)
        func keys(_ names: [String]) {
            Self.run("xdotool", ["key", "--delay", "120"] + names, environment: base)
            Thread.sleep(forTimeInterval: 0.4)
        }
        let holdRow = Control.allCases.firstIndex(of: .hold)!
        keys(Array(repeating: "Down", count: 3) + ["Return"] + Array(repeating: "Down", count: 20) + ["Return"])   // Settings (under Play, Modes, Mods), keys row, Keys
        keys(Array(repeating: "Down", count: holdRow) + ["Right", "Return"])                    // hold, +, wait for the key
        keys(["Shift_L"])                                                                        // Shift alone, pressed and released
        let saved = (try? String(contentsOfFile: home.config + "/hanjul/keys.conf", encoding: .utf8)) ?? ""
        keys(["Escape", "Escape", "Up", "Return"] + Array(repeating: "Down", count: guideline) + ["Return"])   // Mods, guideline
        _ = Self.waitUntil(10) { output().contains("SCORE") }
        Thread.sleep(forTimeInterval: 0.5)
        keys(["Shift_L"])
        keys(["q"])
        _ = Self.waitUntil(5) { output().hasSuffix("Quit") || output().contains("Replays") }
        keys(["q"])
        let ended = Self.waitUntil(10) { !kitty.isRunning }
        #expect(ended, "hanjul did not end on q, q")
        #expect(saved == KeysPTYTests.playerFile + "hold = c, Shift\n", "\(saved)")
        let inputs = Self.readLog(log).filter { $0.dir == "in" }.map { String(decoding: $0.bytes, as: UTF8.self) }
        #expect(inputs.contains { $0.contains("\u{1B}[57441;") }, "kitty reported Shift alone (left Shift, code 57441): \(inputs)")
        let replay = try #require(home.savedReplays().first, "no replay saved: \(home.files(in: home.replays))")
        #expect(replay.rules.mods.map(\.id).contains("guideline"))
        #expect(replay.actions.filter { $0 == .hold }.count == 1, "\(replay.actions)")
    }

    @Test("← held one second, --das 150 --arr 50: the replay's moves at the press, 150 ms later, then 50 ms later at the wall; none after the release")
    func heldLeftInKitty() throws {
        let missing = Self.tools.filter { Self.which($0) == nil }
        if !missing.isEmpty { try Test.cancel("not installed: \(missing.joined(separator: ", ")) (scripts/deps.sh installs them)") }
        guard let display = Self.testDisplay() else { try Test.cancel("no free X display in 70-79") }
        let home = try GameHarness.Home()
        defer { home.remove() }
        let log = home.root + "/pty.log"
        let base = ["PATH": "/usr/bin:/bin", "HOME": home.root, "LANG": "C.UTF-8", "DISPLAY": ":\(display)"]

        guard let xvfb = try Self.startXvfb(display: display, logFolder: home.root) else {
            try Test.cancel("Xvfb :\(display) did not start")
        }
        defer { if xvfb.isRunning { kill(xvfb.processIdentifier, SIGKILL); xvfb.waitUntilExit() } }

        let kitty = Process()
        kitty.executableURL = URL(fileURLWithPath: Self.which("kitty")!)
        kitty.arguments = ["--config", "NONE", "-o", "remember_window_size=no", "-o", "initial_window_width=100c",
                           "-o", "initial_window_height=30c", "-o", "confirm_os_window_close=0",
                           "python3", PTYDriver.packageRoot.appendingPathComponent("Tests/pty/ptylog.py").path, log, "--",
                           GameHarness.binary!, "play", "--seed", "1", "--das", "150", "--arr", "50"]
        var environment = base
        environment["LIBGL_ALWAYS_SOFTWARE"] = "1"
        environment["XDG_CONFIG_HOME"] = home.config
        environment["XDG_DATA_HOME"] = home.data
        environment["XDG_STATE_HOME"] = home.root + "/state"
        environment["XDG_CACHE_HOME"] = home.root + "/cache"
        environment["XDG_RUNTIME_DIR"] = home.root
        kitty.environment = environment
        _ = FileManager.default.createFile(atPath: home.root + "/kitty.log", contents: nil)
        let kittyOutput = FileHandle(forWritingAtPath: home.root + "/kitty.log")
        kitty.standardOutput = kittyOutput
        kitty.standardError = kittyOutput
        try kitty.run()
        defer { if kitty.isRunning { kill(kitty.processIdentifier, SIGKILL); kitty.waitUntilExit() } }
        func output() -> String { String(decoding: Self.readLog(log).filter { $0.dir == "out" }.flatMap(\.bytes), as: UTF8.self) }
        let drawn = Self.waitUntil(30) { output().contains("SCORE") || !kitty.isRunning }
        guard drawn, kitty.isRunning else {
            if kitty.isRunning { kitty.terminate() }
            let said = (try? String(contentsOfFile: home.root + "/kitty.log", encoding: .utf8)) ?? ""
            try Test.cancel("kitty did not start the game under Xvfb: \(said.suffix(600))")
        }
        // The game asked for key events and kitty answered: wait for the push.
        _ = Self.waitUntil(5) { output().contains("\u{1B}[>15u") }
        let window = Self.run("xdotool", ["search", "--sync", "--class", "kitty"], environment: base).output
            .split(separator: "\n").first.map(String.init) ?? ""
        Self.run("xdotool", ["windowfocus", "--sync", window], environment: base)
        Thread.sleep(forTimeInterval: 0.5)

        Self.run("xdotool", ["keydown", "Left"], environment: base)
        Thread.sleep(forTimeInterval: 1.0)
        Self.run("xdotool", ["keyup", "Left"], environment: base)
        Thread.sleep(forTimeInterval: 0.5)
        Self.run("import", ["-window", "root", home.root + "/held.png"], environment: base)
        Self.run("xdotool", ["key", "q"], environment: base)
        let ended = Self.waitUntil(10) { !kitty.isRunning }
        #expect(ended, "the game did not end on q")
        let keep = ProcessInfo.processInfo.environment["HANJUL_KITTY_SCREENSHOT"]
        if let keep {
            try? FileManager.default.removeItem(atPath: keep)
            try? FileManager.default.copyItem(atPath: home.root + "/held.png", toPath: keep)
        }

        // The replay: per-action times of play.
        let replay = try #require(home.savedReplays().first, "no replay saved: \(home.files(in: home.replays))")
        let lefts = PTYHandlingTests.times(of: .left, in: replay)
        #expect(lefts.count == 3, "the I piece has three columns to the left wall: \(lefts)")
        guard lefts.count == 3 else { return }
        #expect((130...170).contains(lefts[1] - lefts[0]), "DAS: \(lefts)")
        #expect((30...70).contains(lefts[2] - lefts[1]), "ARR: \(lefts)")

        // What kitty sent, and the frames: times on one clock (ptylog's).
        let chunks = Self.readLog(log)
        let inputs = chunks.filter { $0.dir == "in" }
        let press = try #require(inputs.first { String(decoding: $0.bytes, as: UTF8.self).contains("\u{1B}[D") })
        let release = try #require(inputs.first { String(decoding: $0.bytes, as: UTF8.self).contains("\u{1B}[1;1:3D") })
        let repeats = inputs.filter { String(decoding: $0.bytes, as: UTF8.self).contains("\u{1B}[1;1:2D") }.count
        // Every left move in the replay came before the release (none after it).
        #expect(Double(lefts[2] - lefts[0]) / 1000 <= release.t - press.t, "moves after the release: \(lefts), held \(release.t - press.t) s")
        // Where the I piece is on screen after each frame: the times it moved, on the wall clock.
        let size = chunks.first { $0.rows != nil }
        var screen = ScreenModel(width: size?.cols ?? 100, height: size?.rows ?? 30)
        var moves: [Double] = []
        var lastColumn: Int?
        for chunk in chunks where chunk.dir == "out" {
            screen.feed(chunk.bytes)
            guard let row = screen.text.split(separator: "\n").first(where: { $0.contains("████████") }),
                  let range = row.range(of: "████████") else { continue }
            let column = row.distance(from: row.startIndex, to: range.lowerBound)
            if let lastColumn, column < lastColumn { moves.append(chunk.t) }
            lastColumn = column
        }
        #expect(moves.count == 3, "three moves drawn: \(moves)")
        if moves.count == 3 {
            let latency = (moves[0] - press.t) * 1000
            let das = (moves[1] - moves[0]) * 1000, arr = (moves[2] - moves[1]) * 1000
            print(String(format: "kitty: key bytes in to first move drawn %.1f ms; drawn DAS %.1f ms (error %+.1f), drawn ARR %.1f ms (error %+.1f); replay %@; %d repeats ignored; held %.3f s",
                         latency, das, das - 150, arr, arr - 50, "\(lefts)", repeats, release.t - press.t))
        }
    }

    /// The display a test starts its Xvfb on: `HANJUL_TEST_DISPLAY` when set (a shared machine
    /// may hand one out), else a free one of 70–79.
    static func testDisplay() -> Int? {
        if let given = ProcessInfo.processInfo.environment["HANJUL_TEST_DISPLAY"].flatMap(Int.init) { return given }
        return freeDisplay()
    }

    /// The cells (`█` pairs) drawn in the board's columns of a guideline screen, in the two
    /// rows above the field (inside the border) and in the field, on `screen`; nil when no
    /// board border is on it yet.
    static func boardCells(_ screen: String) -> (above: Int, inside: Int)? {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        let border = Array("┌" + String(repeating: "─", count: 20) + "┐")
        for (row, line) in lines.enumerated() {
            guard let left = (0...max(line.count - border.count, 0)).first(where: { line.count >= $0 + border.count
                && Array(line[$0..<($0 + border.count)]) == border }) else { continue }
            func count(_ rows: Range<Int>) -> Int {
                rows.filter { lines.indices.contains($0) }.map { y in
                    lines[y].enumerated().filter { $0.offset > left && $0.offset <= left + 20 && $0.element == "█" }.count
                }.reduce(0, +) / 2
            }
            return (count((row + 1)..<(row + 3)), count((row + 3)..<(row + 23)))
        }
        return nil
    }

    @Test("guideline's first frames in kitty: the first piece, and the T after it, show all four cells (the rows above the field drawn)")
    func spawnRowsInKitty() throws {
        let missing = Self.tools.filter { Self.which($0) == nil }
        if !missing.isEmpty { try Test.cancel("not installed: \(missing.joined(separator: ", ")) (scripts/deps.sh installs them)") }
        guard let display = Self.testDisplay() else { try Test.cancel("no free X display in 70-79") }
        let home = try GameHarness.Home()
        defer { home.remove() }
        let log = home.root + "/pty.log"
        let base = ["PATH": "/usr/bin:/bin", "HOME": home.root, "LANG": "C.UTF-8", "DISPLAY": ":\(display)"]
        guard let xvfb = try Self.startXvfb(display: display, logFolder: home.root) else {
            try Test.cancel("Xvfb :\(display) did not start")
        }
        defer { if xvfb.isRunning { kill(xvfb.processIdentifier, SIGKILL); xvfb.waitUntilExit() } }
        let kitty = Process()
        kitty.executableURL = URL(fileURLWithPath: Self.which("kitty")!)
        kitty.arguments = ["--config", "NONE", "-o", "remember_window_size=no", "-o", "initial_window_width=100c",
                           "-o", "initial_window_height=30c", "-o", "confirm_os_window_close=0",
                           "python3", PTYDriver.packageRoot.appendingPathComponent("Tests/pty/ptylog.py").path, log, "--",
                           GameHarness.binary!, "play", "--mod", "guideline", "--seed", "1", "--countdown", "0",
                           "--mods-dir", PTYDriver.packageRoot.appendingPathComponent("Mods").path]
        var environment = base
        environment["LIBGL_ALWAYS_SOFTWARE"] = "1"
        environment["XDG_CONFIG_HOME"] = home.config
        environment["XDG_DATA_HOME"] = home.data
        environment["XDG_STATE_HOME"] = home.root + "/state"
        environment["XDG_CACHE_HOME"] = home.root + "/cache"
        environment["XDG_RUNTIME_DIR"] = home.root
        kitty.environment = environment
        _ = FileManager.default.createFile(atPath: home.root + "/kitty.log", contents: nil)
        let kittyOutput = FileHandle(forWritingAtPath: home.root + "/kitty.log")
        kitty.standardOutput = kittyOutput
        kitty.standardError = kittyOutput
        try kitty.run()
        defer { if kitty.isRunning { kill(kitty.processIdentifier, SIGKILL); kitty.waitUntilExit() } }
        func output() -> String { String(decoding: Self.readLog(log).filter { $0.dir == "out" }.flatMap(\.bytes), as: UTF8.self) }
        let drawn = Self.waitUntil(30) { output().contains("SCORE") || !kitty.isRunning }
        guard drawn, kitty.isRunning else {
            if kitty.isRunning { kitty.terminate() }
            let said = (try? String(contentsOfFile: home.root + "/kitty.log", encoding: .utf8)) ?? ""
            try Test.cancel("kitty did not start the game under Xvfb: \(said.suffix(600))")
        }
        _ = Self.waitUntil(5) { output().contains("\u{1B}[>15u") }
        let window = Self.run("xdotool", ["search", "--sync", "--class", "kitty"], environment: base).output
            .split(separator: "\n").first.map(String.init) ?? ""
        Self.run("xdotool", ["windowfocus", "--sync", window], environment: base)
        Thread.sleep(forTimeInterval: 0.3)
        // The I of seed 1 locks at once; the T after it enters above the field.
        Self.run("xdotool", ["key", "space"], environment: base)
        Thread.sleep(forTimeInterval: 0.5)
        Self.run("import", ["-window", "root", home.root + "/spawn.png"], environment: base)
        Self.run("xdotool", ["key", "q"], environment: base)
        #expect(Self.waitUntil(10) { !kitty.isRunning }, "the game did not end on q")
        if let keep = ProcessInfo.processInfo.environment["HANJUL_KITTY_SCREENSHOT"] {
            try? FileManager.default.removeItem(atPath: keep)
            try? FileManager.default.copyItem(atPath: home.root + "/spawn.png", toPath: keep)
        }

        // Frame by frame, as kitty got them: the first with the board, and the first after
        // the I locked (four cells on the floor row).
        let chunks = Self.readLog(log)
        let size = chunks.first { $0.rows != nil }
        var screen = ScreenModel(width: size?.cols ?? 100, height: size?.rows ?? 30)
        var first: (above: Int, inside: Int)?
        var afterLock: (above: Int, inside: Int)?
        for chunk in chunks where chunk.dir == "out" {
            screen.feed(chunk.bytes)
            guard let cells = Self.boardCells(screen.text) else { continue }
            if first == nil { first = cells }
            if cells.inside + cells.above == 8 && cells.above > 0 { afterLock = cells; break }
        }
        let start = try #require(first, "no frame with the board")
        #expect(start.above + start.inside == 4, "the first frame: all four cells of the I (\(start))")
        let next = try #require(afterLock, "no frame with the locked I and the T's four cells")
        #expect(next.above == 1 && next.inside == 7, "the T's point in the row above the field; its flat side and the I in the field (\(next))")
    }
}
