import Foundation
import HanJulCore
import HanJulReplay
import PTYSupport
import Testing

/// The real `hanjul` in the shared pseudo-terminal harness (`PTYDriver`), each run with its
/// own temporary HOME and XDG folders.
enum GameHarness {
    static let binary = PTYDriver.binary("hanjul")
    static var isReady: Bool { binary != nil && PTYDriver.hasPython }
    static let notReady: Comment = "hanjul is not built or /usr/bin/python3 is missing"

    /// A temporary home: `root`, with `data` and `config` as the XDG folders.
    struct Home: Sendable {
        let root: String
        var data: String { root + "/data" }
        var config: String { root + "/config" }
        var hanjulData: String { data + "/hanjul" }
        /// `$XDG_STATE_HOME/hanjul` by default (XDG_STATE_HOME is not set): the quarantine list.
        var hanjulState: String { root + "/.local/state/hanjul" }
        var replays: String { hanjulData + "/replays" }

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

        /// The replays saved, read back.
        func savedReplays() -> [Replay] {
            files(in: replays).filter { $0.hasSuffix(".hjr") }.compactMap { try? ReplayFile.read(replays + "/" + $0) }
        }

        /// Writes `text` to `relative` (folders created).
        func write(_ text: String, to relative: String) throws {
            let path = root + "/" + relative
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    /// Up and drawn: the first frame shows SCORE, and the terminal is raw.
    static let started: [PTYStep] = [.wait("SCORE", from: "start"), .settle(), .raw(as: "rawWhileRunning")]

    /// Runs `hanjul arguments` with `steps` (the default: `play --seed 7`).
    static func run(_ arguments: [String] = ["play", "--seed", "7"], home: Home, environment: [String] = [],
                    answer: PTYDriver.Answer? = nil, stdoutIsPipe: Bool = false, directory: String? = nil,
                    background: String? = nil, steps: [PTYStep]) throws -> PTYRun {
        try PTYDriver.run(binary ?? "/missing", withoutCountdown(arguments), environment: home.environment + environment, steps: steps,
                          answer: answer, stdoutIsPipe: stdoutIsPipe, directory: directory ?? home.root, background: background)
    }

    /// `arguments` of a game or the start screen with `--countdown 0` (unless they set it):
    /// tests type at once; READY/GO has tests of its own.
    static func withoutCountdown(_ arguments: [String]) -> [String] {
        let plays = arguments.first.map { $0 == "play" || $0.hasPrefix("-") } ?? true
        guard plays, !arguments.contains("--countdown"), !arguments.contains("--help"), !arguments.contains("--version") else { return arguments }
        return arguments + ["--countdown", "0"]
    }

    /// The steps that bring a game from play to `state`: "playing", "paused" (p), "help"
    /// (?), "over" (hard drops until it ends).
    static func reach(_ state: String) -> [PTYStep] {
        switch state {
        case "paused": [.mark("reach"), .send("p"), .wait("PAUSED"), .settle()]
        case "help": [.mark("reach"), .send("?"), .wait("KEYS"), .settle()]
        case "over": [.mark("reach"), .repeatUntil(Array(" ".utf8), every: 0.03, until: "GAME OVER", timeout: 15), .settle()]
        default: []
        }
    }

    /// What the screen shows in each state once drawn again after a fault (a resume, a
    /// terminal grown back): play itself is paused by a stop or a too-small terminal.
    static let stateMarker = ["playing": "PAUSED", "paused": "PAUSED", "help": "KEYS", "over": "GAME OVER"]

    /// Runs `hanjul` with pipes (not a terminal) and returns status, stdout and stderr.
    static func runPiped(_ arguments: [String], home: Home, directory: String? = nil) throws -> (status: Int32, stdout: [UInt8], stderr: [UInt8]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary ?? "/missing")
        process.arguments = arguments
        process.environment = ["TERM": "xterm-256color", "HOME": home.root, "XDG_DATA_HOME": home.data,
                               "XDG_CONFIG_HOME": home.config, "SWIFT_BACKTRACE": "interactive=no", "PATH": "/usr/bin:/bin"]
        process.currentDirectoryURL = URL(fileURLWithPath: directory ?? home.root)
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

func expectBaseline(_ run: PTYRun, _ comment: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
    let problems = run.baselineProblems()
    #expect(problems.isEmpty, "\(comment) \(problems)", sourceLocation: sourceLocation)
}

/// T-16: nothing is drawn after the final restore (`allowText`: plain text only, for the
/// paths that report after restoring: the backtracer, the watchdog). Returns that text.
@discardableResult
func expectNothingDrawnAfterRestore(_ run: PTYRun, allowText: Bool = false, _ comment: String,
                                    sourceLocation: SourceLocation = #_sourceLocation) -> String {
    let (text, problems) = run.afterRestore(allowText: allowText)
    #expect(problems.isEmpty, "\(comment): \(problems)", sourceLocation: sourceLocation)
    return text
}
