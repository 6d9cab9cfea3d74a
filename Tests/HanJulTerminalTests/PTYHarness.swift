import Foundation
import Testing

/// Finds the built `hanjul-termprobe` and runs `Tests/pty/ptydrive.py` against it.
enum PTYHarness {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let driverPath = packageRoot.appendingPathComponent("Tests/pty/ptydrive.py").path

    /// `swift build` and `swift test` build the executable next to the test bundle.
    /// `HANJUL_TERMPROBE` overrides the search.
    static let probePath: String? = {
        let fileManager = FileManager.default
        var candidates: [String] = []
        if let explicit = ProcessInfo.processInfo.environment["HANJUL_TERMPROBE"] {
            candidates.append(explicit)
        }
        for argument in [CommandLine.arguments.first ?? "", (try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""] where !argument.isEmpty {
            // …/debug/HanJulTerminalPackageTests.xctest (a file or a bundle folder)
            var directory = URL(fileURLWithPath: argument).deletingLastPathComponent()
            for _ in 0..<4 {
                candidates.append(directory.appendingPathComponent("hanjul-termprobe").path)
                directory.deleteLastPathComponent()
            }
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug/hanjul-termprobe").path)
        return candidates.first { fileManager.isExecutableFile(atPath: $0) }
    }()

    static var isReady: Bool { probePath != nil && FileManager.default.fileExists(atPath: "/usr/bin/python3") }

    static let notReadyReason: Comment =
        "hanjul-termprobe is not built (run `swift build` first) or /usr/bin/python3 is missing"

    /// What one scenario observed (see ptydrive.py).
    struct Run: Decodable {
        struct Exit: Decodable, Equatable, CustomStringConvertible {
            var kind: String
            var value: Int32
            var description: String { "\(kind) \(value)" }
        }

        var exit: Exit?
        var termiosRestored: Bool
        var termiosBefore: [AnyScalar]
        var termiosAfter: [AnyScalar]?
        var leakedInputBytes: Int
        var output: String
        var status: [String]
        var notes: [String]
        var error: String?
        var rawWhileRunning: Bool?
        var stopStatus: String?
        var termiosRestoredWhileStopped: Bool?
        var outputWhileStopped: String?
        var rawWhileStopped: Bool?
        var rawAfterResume: Bool?
        var outputAfterResume: String?
        var sizesSeen: [String]?
        var queuedBeforeRestore: Int?
        var aliveAfterFirstSignal: Bool?
        var secondsToExit: Double?

        /// CPU seconds the probe used, from the shell's wait4 ("exited 0 cpu=0.006").
        var probeCPUSeconds: Double? {
            status.last.flatMap { line in
                line.split(separator: " ").first { $0.hasPrefix("cpu=") }.flatMap { Double($0.dropFirst(4)) }
            }
        }

        var outputBytes: [UInt8] { Self.bytes(output) }
        var outputText: String { String(decoding: outputBytes, as: UTF8.self) }

        static func bytes(_ base64: String?) -> [UInt8] {
            base64.flatMap { Data(base64Encoded: $0) }.map { [UInt8]($0) } ?? []
        }
    }

    /// Any JSON value in the termios dumps (numbers or a list of numbers); kept only to be
    /// shown when a test fails.
    struct AnyScalar: Decodable, CustomStringConvertible {
        var description: String
        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) {
                description = String(number)
            } else if let list = try? container.decode([Int].self) {
                description = "\(list)"
            } else {
                description = "?"
            }
        }
    }

    static func drive(
        _ scenario: String,
        probeArguments: [String] = [],
        environment: [String] = [],
        stdoutIsPipe: Bool = false
    ) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        var arguments = [driverPath, "--probe", probePath ?? "/missing", "--scenario", scenario]
        arguments += probeArguments.map { "--probe-arg=\($0)" }
        arguments += environment.map { "--env=\($0)" }
        if stdoutIsPipe { arguments.append("--stdout-pipe") }
        process.arguments = arguments
        let stdout = Pipe()
        process.standardOutput = stdout
        try process.run()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONDecoder().decode(Run.self, from: data)
    }
}

// MARK: - Byte searches and the §2 baseline

extension Array where Element == UInt8 {
    func lastOffset(of text: String) -> Int? {
        let pattern = Array(text.utf8)
        guard pattern.count <= count else { return nil }
        for start in stride(from: count - pattern.count, through: 0, by: -1)
        where self[start..<(start + pattern.count)].elementsEqual(pattern) {
            return start
        }
        return nil
    }

    func firstOffset(of text: String) -> Int? {
        let pattern = Array(text.utf8)
        guard pattern.count <= count else { return nil }
        for start in 0...(count - pattern.count)
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

/// RELIABILITY §2 baseline: termios as before launch; the last `?1049h` followed by
/// `?1049l`; the cursor shown after it was last hidden; attributes reset; no typed keys
/// left for the shell.
func expectBaseline(_ run: PTYHarness.Run, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(run.error == nil, "driver error: \(run.error ?? "")", sourceLocation: sourceLocation)
    #expect(run.termiosRestored, "termios before \(run.termiosBefore) after \(run.termiosAfter.map { "\($0)" } ?? "unavailable")", sourceLocation: sourceLocation)
    let output = run.outputBytes
    let enter = output.lastOffset(of: enterAlternateScreen)
    let leave = output.lastOffset(of: leaveAlternateScreen)
    #expect(enter != nil, "never entered the alternate screen", sourceLocation: sourceLocation)
    #expect(leave != nil && leave! > (enter ?? Int.max), "alternate screen not left: \(run.outputText.debugDescription)", sourceLocation: sourceLocation)
    let hide = output.lastOffset(of: hideCursor)
    let show = output.lastOffset(of: showCursor)
    #expect(show != nil && show! > (hide ?? -1), "cursor left hidden", sourceLocation: sourceLocation)
    let reset = output.lastOffset(of: resetAttributes)
    #expect(reset != nil && reset! > (enter ?? Int.max), "attributes not reset", sourceLocation: sourceLocation)
    #expect(run.leakedInputBytes == 0, "typed-ahead bytes left for the shell", sourceLocation: sourceLocation)
}
