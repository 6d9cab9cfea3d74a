import Foundation

/// The one pseudo-terminal harness of the tests: runs a program (the real `hanjul`, or
/// `hanjul-termprobe`) in a fresh pseudo-terminal under a job-control shell
/// (`Tests/pty/ptydrive.py`), does `steps` in order, and returns what it saw.
///
/// ```swift
/// let run = try PTYDriver.run(PTYDriver.binary("hanjul")!, ["play", "--seed", "7"], steps: [
///     .wait("SCORE"), .settle(), .mark("paused"), .send("p"), .wait("PAUSED"), .send("q"), .exit(),
/// ])
/// #expect(run.baselineProblems().isEmpty)
/// ```
public enum PTYDriver {
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    public static let driverPath = packageRoot.appendingPathComponent("Tests/pty/ptydrive.py").path

    /// The built executable `name` (`swift test` builds it next to the test bundle).
    public static func binary(_ name: String) -> String? {
        let fileManager = FileManager.default
        var candidates: [String] = []
        for start in [CommandLine.arguments.first ?? "", (try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""]
        where !start.isEmpty {
            var folder = URL(fileURLWithPath: start).deletingLastPathComponent()
            for _ in 0..<5 {
                candidates.append(folder.appendingPathComponent(name).path)
                folder.deleteLastPathComponent()
            }
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug/\(name)").path)
        return candidates.first { fileManager.isExecutableFile(atPath: $0) }
    }

    public static var hasPython: Bool { FileManager.default.fileExists(atPath: "/usr/bin/python3") }

    /// How the pseudo-terminal answers the program's queries.
    public enum Answer: String, Sendable {
        /// Like kitty 0.26: the keyboard query (`CSI ? u`) with `CSI ? 0 u`, the device
        /// attributes (`CSI c`) with `CSI ? 62 ; c`.
        case kitty
        /// Like xterm: the device attributes only.
        case da1
    }

    /// Runs `program` with `arguments` and `environment` (added to a small default one:
    /// PATH, TERM=xterm-256color, HOME=/nonexistent, SWIFT_BACKTRACE=interactive=no,
    /// LANG=C.UTF-8; a value of `<unset>` removes a name) in a 80×24 pseudo-terminal.
    public static func run(_ program: String, _ arguments: [String] = [], environment: [String] = [], steps: [PTYStep],
                           answer: Answer? = nil, stdoutIsPipe: Bool = false, directory: String? = nil,
                           background: String? = nil) throws -> PTYRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        var driverArguments = [driverPath, "--program", program]
        driverArguments += arguments.map { "--arg=\($0)" }
        driverArguments += environment.map { "--env=\($0)" }
        if stdoutIsPipe { driverArguments.append("--stdout-pipe") }
        if let answer { driverArguments += ["--answer", answer.rawValue] }
        if let directory { driverArguments += ["--cwd", directory] }
        // Answer OSC 11 with this background (`rgb:ffff/ffff/ffff`).
        if let background { driverArguments += ["--background", background] }
        process.arguments = driverArguments
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let script = try JSONSerialization.data(withJSONObject: steps.map(\.json))
        try input.fileHandleForWriting.write(contentsOf: script)
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONDecoder().decode(PTYRun.self, from: data)
    }

    /// Runs `jobs` at the same time (each its own driver, process and terminal), at most
    /// `concurrency` at once; results in the jobs' order.
    public static func runAll(_ jobs: [@Sendable () throws -> PTYRun], concurrency: Int = 4) -> [Result<PTYRun, any Error>] {
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var items: [Result<PTYRun, any Error>?]
            init(count: Int) { items = Array(repeating: nil, count: count) }
        }
        let results = Results(count: jobs.count)
        let slots = DispatchSemaphore(value: concurrency)
        let group = DispatchGroup()
        for (index, job) in jobs.enumerated() {
            slots.wait()
            group.enter()
            Thread {
                let result = Result<PTYRun, any Error> { try job() }
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
}

/// One thing the harness does (see `Tests/pty/ptydrive.py` for each).
public enum PTYStep: Sendable {
    case send(String)
    case sendBytes([UInt8])
    /// Waits until `text` shows in the output after mark `from` (nil: the last mark).
    case wait(String, from: String? = nil, timeout: Double = 10)
    case mark(String)
    case settle(quiet: Double = 0.08, limit: Double = 1.5)
    case pump(Double)
    /// A signal by name: "SIGTERM", "SIGTSTP", "SIGSTOP", …
    case signal(String)
    case winsize(rows: Int, cols: Int)
    /// Waits for the shell's status line starting with one of `prefixes`; recorded under `as`.
    case status([String], as: String? = nil)
    case fg
    case cooked
    case raw(as: String)
    case restored(as: String)
    case cpu(as: String)
    case capture(as: String, from: String)
    case hangup
    /// Bytes written at offsets (seconds) from now; the send times recorded under `as`.
    case timed([(Double, [UInt8])], as: String = "timed")
    /// `bytes` every `every` seconds until `until` shows.
    case repeatUntil([UInt8], every: Double, until: String, timeout: Double = 10)
    case writeFile(String, text: String, append: Bool = false)
    case exit(timeout: Double = 15)

    var json: [String: Any] {
        switch self {
        case .send(let text): ["op": "send", "text": text]
        case .sendBytes(let bytes): ["op": "send", "b64": Data(bytes).base64EncodedString()]
        case .wait(let text, let from, let timeout):
            from.map { ["op": "wait", "text": text, "from": $0, "timeout": timeout] } ?? ["op": "wait", "text": text, "timeout": timeout]
        case .mark(let name): ["op": "mark", "name": name]
        case .settle(let quiet, let limit): ["op": "settle", "quiet": quiet, "limit": limit]
        case .pump(let seconds): ["op": "pump", "seconds": seconds]
        case .signal(let name): ["op": "signal", "name": name]
        case .winsize(let rows, let cols): ["op": "winsize", "rows": rows, "cols": cols]
        case .status(let prefixes, let name): name.map { ["op": "status", "prefixes": prefixes, "as": $0] } ?? ["op": "status", "prefixes": prefixes]
        case .fg: ["op": "fg"]
        case .cooked: ["op": "cooked"]
        case .raw(let name): ["op": "raw", "as": name]
        case .restored(let name): ["op": "restored", "as": name]
        case .cpu(let name): ["op": "cpu", "as": name]
        case .capture(let name, let from): ["op": "capture", "as": name, "from": from]
        case .hangup: ["op": "hangup"]
        case .timed(let events, let name):
            ["op": "timed", "as": name, "events": events.map { [$0.0, Data($0.1).base64EncodedString()] as [Any] }]
        case .repeatUntil(let bytes, let every, let until, let timeout):
            ["op": "repeat", "b64": Data(bytes).base64EncodedString(), "every": every, "until": until, "timeout": timeout]
        case .writeFile(let path, let text, let append): ["op": "write_file", "path": path, "text": text, "append": append]
        case .exit(let timeout): ["op": "exit", "timeout": timeout]
        }
    }
}

/// What one harness run observed.
public struct PTYRun: Decodable, Sendable {
    public struct Exit: Decodable, Equatable, Sendable, CustomStringConvertible {
        public var kind: String
        public var value: Int32
        public init(kind: String, value: Int32) {
            self.kind = kind
            self.value = value
        }
        public var description: String { "\(kind) \(value)" }
        public static func exited(_ code: Int32) -> Exit { Exit(kind: "exited", value: code) }
        public static func signaled(_ signal: Int32) -> Exit { Exit(kind: "signaled", value: signal) }
    }

    /// The terminal's side of the kitty keyboard protocol, as the program used it.
    public struct Kitty: Decodable, Sendable {
        /// Flags pushed (`CSI > flags u`), in order.
        public var pushes: [Int]
        /// How many pops (`CSI < u`).
        public var pops: Int
        /// Flags set in place (`CSI = flags ; mode u`).
        public var sets: [Int]
        /// How many keyboard queries (`CSI ? u`) and device-attribute queries (`CSI c`).
        public var queries: Int
        public var deviceQueries: Int
        /// The stack's depth when the program ended: 0 when everything pushed was popped.
        public var depthAtExit: Int
        public var maxDepth: Int
        /// Everything in order: "query", "query-device", "push 15", "pop", "set 15;1".
        public var events: [String]
    }

    public enum Value: Decodable, Sendable, Equatable {
        case bool(Bool)
        case number(Double)
        case text(String)

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let bool = try? container.decode(Bool.self) { self = .bool(bool) }
            else if let number = try? container.decode(Double.self) { self = .number(number) }
            else { self = .text(try container.decode(String.self)) }
        }
    }

    public var exit: Exit?
    public var termiosRestored: Bool
    public var leakedInputBytes: Int
    public var output: String
    public var status: [String]
    public var notes: [String]
    public var error: String?
    public var pid: Int32?
    public var captures: [String: String]?
    public var values: [String: Value]?
    /// Send times of `timed` steps: `[monotonic seconds, output length then]`.
    public var sent: [String: [[Double]]]?
    /// Every read of output: `[monotonic seconds, output length after it]`.
    public var chunks: [[Double]]
    public var kitty: Kitty

    public var outputBytes: [UInt8] { Self.bytes(output) }
    public var outputText: String { String(decoding: outputBytes, as: UTF8.self) }

    static func bytes(_ base64: String?) -> [UInt8] {
        base64.flatMap { Data(base64Encoded: $0) }.map { [UInt8]($0) } ?? []
    }

    /// The output captured under `name`.
    public func captured(_ name: String) -> [UInt8] { Self.bytes(captures?[name]) }
    public func capturedText(_ name: String) -> String { String(decoding: captured(name), as: UTF8.self) }
    public func flag(_ name: String) -> Bool? { if case .bool(let value)? = values?[name] { value } else { nil } }
    public func number(_ name: String) -> Double? { if case .number(let value)? = values?[name] { value } else { nil } }
    public func text(_ name: String) -> String? { if case .text(let value)? = values?[name] { value } else { nil } }

    /// The program's CPU time (user + system) over its whole life, from the shell's `wait4`.
    public var cpuAtExit: Double? {
        guard let line = status.last(where: { $0.hasPrefix("exited") || $0.hasPrefix("signaled") }),
              let field = line.split(separator: " ").first(where: { $0.hasPrefix("cpu=") }) else { return nil }
        return Double(field.dropFirst("cpu=".count))
    }

    /// The screen the output leaves (the last alternate screen drawn), as text; `upTo`: the
    /// screen after the first that many bytes.
    public func screen(width: Int = 80, height: Int = 24, upTo length: Int? = nil) -> String {
        Self.screen(of: length.map { Array(outputBytes.prefix($0)) } ?? outputBytes, width: width, height: height)
    }

    /// The screen `bytes` leave on an 80×24 terminal, as text.
    public static func screen(of bytes: [UInt8], width: Int = 80, height: Int = 24) -> String {
        var model = ScreenModel(width: width, height: height)
        model.feed(bytes)
        return model.text
    }
}

// MARK: - The restore baseline (RELIABILITY §2)

public enum Escape {
    public static let enterAlternateScreen = "\u{1B}[?1049h"
    public static let leaveAlternateScreen = "\u{1B}[?1049l"
    public static let hideCursor = "\u{1B}[?25l"
    public static let showCursor = "\u{1B}[?25h"
    public static let resetAttributes = "\u{1B}[0m"
    /// The restore routine's last bytes (hj_term_restore: alternate screen, cursor).
    public static let restoreTail = "\u{1B}[?1049l\u{1B}[?25h"
    public static let pushKeyboard = "\u{1B}[>15u"
    public static let popKeyboard = "\u{1B}[<u"
}

extension Array where Element == UInt8 {
    public func lastOffset(of text: String) -> Int? {
        let pattern = Array(text.utf8)
        guard !pattern.isEmpty, pattern.count <= count else { return nil }
        for start in stride(from: count - pattern.count, through: 0, by: -1)
        where self[start..<(start + pattern.count)].elementsEqual(pattern) {
            return start
        }
        return nil
    }

    public func firstOffset(of text: String) -> Int? {
        let pattern = Array(text.utf8)
        guard !pattern.isEmpty, pattern.count <= count else { return nil }
        for start in 0...(count - pattern.count) where self[start..<(start + pattern.count)].elementsEqual(pattern) {
            return start
        }
        return nil
    }

    /// How many times `text` occurs.
    public func occurrences(of text: String) -> Int {
        let pattern = Array(text.utf8)
        guard !pattern.isEmpty, pattern.count <= count else { return 0 }
        var found = 0, start = 0
        while start + pattern.count <= count {
            if self[start..<(start + pattern.count)].elementsEqual(pattern) {
                found += 1
                start += pattern.count
            } else {
                start += 1
            }
        }
        return found
    }
}

extension PTYRun {
    /// What is wrong with the terminal after the run, against RELIABILITY §2's baseline:
    /// termios as before launch; the alternate screen left after it was last entered; the
    /// cursor shown after it was last hidden; attributes reset; no typed keys left for the
    /// shell; and every kitty keyboard mode pushed popped again. Empty when all is well.
    public func baselineProblems() -> [String] {
        var problems: [String] = []
        if let error { problems.append("driver error: \(error)") }
        if !termiosRestored { problems.append("termios not restored") }
        let output = outputBytes
        let enter = output.lastOffset(of: Escape.enterAlternateScreen)
        let leave = output.lastOffset(of: Escape.leaveAlternateScreen)
        if enter == nil { problems.append("never entered the alternate screen") }
        if leave == nil || leave! < (enter ?? .max) { problems.append("alternate screen not left") }
        let hide = output.lastOffset(of: Escape.hideCursor), show = output.lastOffset(of: Escape.showCursor)
        if show == nil || show! < (hide ?? -1) { problems.append("cursor left hidden") }
        let reset = output.lastOffset(of: Escape.resetAttributes)
        if reset == nil || reset! < (enter ?? .max) { problems.append("attributes not reset") }
        if leakedInputBytes != 0 { problems.append("\(leakedInputBytes) typed-ahead bytes left for the shell") }
        if kitty.depthAtExit != 0 { problems.append("kitty keyboard flags left pushed (depth \(kitty.depthAtExit)): \(kitty.events)") }
        return problems
    }

    /// T-16: what follows the final restore. Returns nil when there is none; `allowText`
    /// accepts plain text (a backtracer's report, the watchdog's line) but no screen mode,
    /// cursor movement or erase-display.
    public func afterRestore(allowText: Bool = false) -> (text: String, problems: [String]) {
        let output = outputBytes
        guard let end = output.lastOffset(of: Escape.restoreTail) else { return ("", ["no restore sequence"]) }
        let tail = Array(output[(end + Escape.restoreTail.utf8.count)...])
        let text = String(decoding: tail, as: UTF8.self)
        var problems: [String] = []
        if allowText {
            for mode in ["\u{1B}[?", "\u{1B}[H", "\u{1B}[2J", "\u{1B}7", "\u{1B}8"] where text.contains(mode) {
                problems.append("\(mode.debugDescription) after the restore")
            }
        } else if !tail.isEmpty {
            problems.append("\(tail.count) bytes after the restore: \(text.prefix(200).debugDescription)")
        }
        return (text, problems)
    }
}
