import Foundation
import Testing

/// Runs `Tests/pty/playdrive.py` against the built `hanjul`, each time with a fresh
/// temporary HOME and XDG folders.
enum PlayHarness {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let driverPath = packageRoot.appendingPathComponent("Tests/pty/playdrive.py").path

    /// `swift test` builds `hanjul` next to the test bundle.
    static let binary: String? = {
        let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = runner.deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("hanjul")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate.path }
            folder = folder.deletingLastPathComponent()
        }
        let fallback = packageRoot.appendingPathComponent(".build/debug/hanjul").path
        return FileManager.default.isExecutableFile(atPath: fallback) ? fallback : nil
    }()

    static var isReady: Bool { binary != nil && FileManager.default.fileExists(atPath: "/usr/bin/python3") }
    static let notReadyReason: Comment = "hanjul is not built or /usr/bin/python3 is missing"

    /// A temporary home: `home`, with `data` and `config` as the XDG folders.
    struct Home: Sendable {
        let root: String
        var data: String { root + "/data" }
        var config: String { root + "/config" }
        var hanjulData: String { data + "/hanjul" }
        /// `$XDG_STATE_HOME/hanjul` by default (XDG_STATE_HOME is not set): the quarantine list.
        var hanjulState: String { root + "/.local/state/hanjul" }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-play-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        }

        var environment: [String] {
            ["HOME=\(root)", "XDG_DATA_HOME=\(data)", "XDG_CONFIG_HOME=\(config)"]
        }

        func files(in folder: String) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    struct Run: Decodable, Sendable {
        struct Exit: Decodable, Equatable, Sendable, CustomStringConvertible {
            var kind: String
            var value: Int32
            var description: String { "\(kind) \(value)" }
        }

        var exit: Exit?
        var termiosRestored: Bool
        var leakedInputBytes: Int
        var output: String
        var status: [String]
        var error: String?
        var rawWhileRunning: Bool?
        var stopStatus: String?
        var termiosRestoredWhileStopped: Bool?
        var outputWhileStopped: String?
        var rawAfterResume: Bool?
        var outputAfterResume: String?
        var outputSmall: String?
        var outputBack: String?
        var frameBytes: [Int]?
        var frames: [String]?
        var otherKeysBytes: Int?
        var afterHardDrop: String?
        var idleSeconds: Double?
        var idleCPUSeconds: Double?
        var idleOutputBytes: Int?
        var errorScreen: String?
        var reloaded: String?
        var failed: String?
        var afterStep: String?
        var end: String?
        var reached: String?
        var outputTiny: [String]?
        var burstSeconds: Double?
        var burstOutputBytes: Int?
        var secondsToExit: Double?
        var cpuBeforeEnd: Double?

        /// The game's CPU time (user + system) over its whole life, from the shell's
        /// `wait4` (`exited N cpu=S` / `signaled N cpu=S`).
        var cpuAtExit: Double? {
            guard let line = status.last(where: { $0.hasPrefix("exited") || $0.hasPrefix("signaled") }),
                  let field = line.split(separator: " ").first(where: { $0.hasPrefix("cpu=") }) else { return nil }
            return Double(field.dropFirst("cpu=".count))
        }

        var outputBytes: [UInt8] { Self.bytes(output) }
        var outputText: String { String(decoding: outputBytes, as: UTF8.self) }

        static func bytes(_ base64: String?) -> [UInt8] {
            base64.flatMap { Data(base64Encoded: $0) }.map { [UInt8]($0) } ?? []
        }

        static func text(_ base64: String?) -> String { String(decoding: bytes(base64), as: UTF8.self) }
    }

    static func drive(_ scenario: String, arguments: [String] = ["play"], home: Home, environment: [String] = [],
                      stdoutIsPipe: Bool = false) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        var driverArguments = [driverPath, "--binary", binary ?? "/missing", "--scenario", scenario]
        driverArguments += arguments.map { "--arg=\($0)" }
        driverArguments += (home.environment + environment).map { "--env=\($0)" }
        if stdoutIsPipe { driverArguments.append("--stdout-pipe") }
        process.arguments = driverArguments
        process.currentDirectoryURL = URL(fileURLWithPath: home.root)
        let stdout = Pipe()
        process.standardOutput = stdout
        try process.run()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONDecoder().decode(Run.self, from: data)
    }

    /// One driver run to make: a scenario with its arguments, home and environment.
    struct Job: Sendable {
        var scenario: String
        var arguments: [String] = ["play"]
        var home: Home
        var environment: [String] = []
    }

    /// Runs `jobs` at the same time (each its own driver, process, home and terminal; the
    /// game processes mostly sleep in `poll`), at most `concurrency` at once. Results are in
    /// the jobs' order.
    static func driveAll(_ jobs: [Job], concurrency: Int = 4) -> [Result<Run, any Error>] {
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var items: [Result<Run, any Error>?]
            init(count: Int) { items = Array(repeating: nil, count: count) }
        }
        let results = Results(count: jobs.count)
        let slots = DispatchSemaphore(value: concurrency)
        let group = DispatchGroup()
        for (index, job) in jobs.enumerated() {
            slots.wait()
            group.enter()
            Thread {
                let result = Result<Run, any Error> {
                    try drive(job.scenario, arguments: job.arguments, home: job.home, environment: job.environment)
                }
                results.lock.lock()
                results.items[index] = result
                results.lock.unlock()
                slots.signal()
                group.leave()
            }.start()
        }
        group.wait()
        return results.items.map { $0! }
    }

    /// Runs `hanjul` with pipes (not a terminal) and returns status, stdout and stderr.
    static func runPiped(_ arguments: [String], home: Home) throws -> (status: Int32, stdout: [UInt8], stderr: [UInt8]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary ?? "/missing")
        process.arguments = arguments
        process.environment = ["TERM": "xterm-256color", "HOME": home.root, "XDG_DATA_HOME": home.data,
                               "XDG_CONFIG_HOME": home.config, "SWIFT_BACKTRACE": "interactive=no", "PATH": "/usr/bin:/bin"]
        process.currentDirectoryURL = URL(fileURLWithPath: home.root)
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        try input.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, [UInt8](outData), [UInt8](errData))
    }
}

// MARK: - The RELIABILITY §2 baseline

extension Array where Element == UInt8 {
    func lastOffset(of text: String) -> Int? {
        let pattern = Array(text.utf8)
        guard !pattern.isEmpty, pattern.count <= count else { return nil }
        for start in stride(from: count - pattern.count, through: 0, by: -1)
        where self[start..<(start + pattern.count)].elementsEqual(pattern) {
            return start
        }
        return nil
    }
}

let enterAlternateScreen = "\u{1B}[?1049h"
let leaveAlternateScreen = "\u{1B}[?1049l"
let hideCursor = "\u{1B}[?25l"
let showCursor = "\u{1B}[?25h"
let resetAttributes = "\u{1B}[0m"

/// termios as before launch; the alternate screen left after it was last entered; the
/// cursor shown after it was last hidden; attributes reset; no typed keys left over.
func expectBaseline(_ run: PlayHarness.Run, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(run.error == nil, "driver error: \(run.error ?? "")", sourceLocation: sourceLocation)
    #expect(run.termiosRestored, "termios not restored", sourceLocation: sourceLocation)
    let output = run.outputBytes
    let enter = output.lastOffset(of: enterAlternateScreen)
    let leave = output.lastOffset(of: leaveAlternateScreen)
    #expect(enter != nil, "never entered the alternate screen", sourceLocation: sourceLocation)
    #expect(leave != nil && leave! > (enter ?? Int.max), "alternate screen not left", sourceLocation: sourceLocation)
    let hide = output.lastOffset(of: hideCursor)
    let show = output.lastOffset(of: showCursor)
    #expect(show != nil && show! > (hide ?? -1), "cursor left hidden", sourceLocation: sourceLocation)
    let reset = output.lastOffset(of: resetAttributes)
    #expect(reset != nil && reset! > (enter ?? Int.max), "attributes not reset", sourceLocation: sourceLocation)
    #expect(run.leakedInputBytes == 0, "typed-ahead bytes left for the shell", sourceLocation: sourceLocation)
}
