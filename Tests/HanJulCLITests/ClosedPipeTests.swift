import Foundation
import Testing

/// RELIABILITY T-19: headless output into a closed pipe. The reading end is closed before
/// `hanjul` starts (so every write fails, with no race), once with SIGPIPE at its default
/// and once ignored (as some parents leave it; exec keeps an ignored signal ignored).
/// Python runs the children because it can set exactly that disposition (`subprocess`
/// resets SIGPIPE to the default; `preexec_fn` ignores it).
@Suite("headless output into a closed pipe (T-19)", .enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/python3")))
struct ClosedPipeTests {
    static let helper = #"""
        import json, os, signal, subprocess, sys
        binary, folder = sys.argv[1], sys.argv[2]
        cases = json.loads(sys.argv[3])
        env = {"HOME": folder, "XDG_DATA_HOME": folder + "/data", "XDG_CONFIG_HOME": folder + "/config",
               "SWIFT_BACKTRACE": "interactive=no", "PATH": "/usr/bin:/bin"}
        out = []
        for case in cases:
            ignore = case["sigpipe"] == "ignore"
            pre = (lambda: signal.signal(signal.SIGPIPE, signal.SIG_IGN)) if ignore else None
            if case.get("shell"):
                # A real pipeline under bash, as a user types it.
                p = subprocess.run(["bash", "-c", case["shell"].replace("HANJUL", binary) + '; echo "status ${PIPESTATUS[0]}" >&2'],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=folder, preexec_fn=pre, timeout=60)
                out.append({"code": p.returncode, "stderr": p.stderr.decode(errors="replace")})
                continue
            if case.get("devfull"):
                w = os.open("/dev/full", os.O_WRONLY)
            else:
                r, w = os.pipe()
                os.close(r)
            p = subprocess.run([binary] + case["args"], stdout=w, stderr=subprocess.PIPE, env=env, cwd=folder,
                               preexec_fn=pre, timeout=60)
            os.close(w)
            out.append({"code": p.returncode, "stderr": p.stderr.decode(errors="replace")})
        print(json.dumps(out))
        """#

    struct Outcome: Decodable {
        var code: Int32
        var stderr: String
    }

    static func run(_ cases: [[String: Any]], folder: String) throws -> [Outcome] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        let json = String(decoding: try JSONSerialization.data(withJSONObject: cases), as: UTF8.self)
        process.arguments = ["-c", helper, Hanjul.binary.path, folder, json]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONDecoder().decode([Outcome].self, from: data)
    }

    static let commands: [[String]] = [
        ["run", "--seed", "1", "--actions", "HHHHHHHH", "--json"],
        ["run", "--seed", "1", "--actions", "HHHHHHHH"],
        ["sim", "--games", "4", "--seed", "1", "--cap", "20"],
        ["sim", "--games", "4", "--seed", "1", "--cap", "20", "--json"],
        ["demo"],
        ["help"],
    ]

    @Test("every headless command into a closed pipe: SIGPIPE by default, exit 1 when ignored; never a trace")
    func closedPipe() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-pipe-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var cases: [[String: Any]] = []
        for disposition in ["default", "ignore"] {
            for command in Self.commands { cases.append(["args": command, "sigpipe": disposition]) }
            // The replay is written before the report: complete, whatever happens to stdout (D-1).
            cases.append(["args": ["run", "--seed", "1", "--actions", "HHHHHHHH", "--json", "--save-replay", folder + "/\(disposition).hjr"],
                          "sigpipe": disposition])
        }
        let outcomes = try Self.run(cases, folder: folder)
        #expect(outcomes.count == cases.count)
        for (spec, outcome) in zip(cases, outcomes) {
            let label = "\(spec["sigpipe"]!) \(spec["args"]!)"
            // Python reports death by a signal as -signal.
            let expected: Int32 = spec["sigpipe"] as? String == "default" ? -SIGPIPE : 1
            #expect(outcome.code == expected, "\(label): \(outcome.code)")
            #expect(outcome.stderr.isEmpty, "\(label): \(outcome.stderr.debugDescription)")
        }
        for disposition in ["default", "ignore"] {
            let verify = try Hanjul.run(["replay", "--verify", folder + "/\(disposition).hjr"])
            #expect(verify.status == 0 && verify.stdout.hasPrefix("match: "), "\(disposition): \(verify.stderr)")
        }
    }

    @Test("pipelines as typed: run --json | head -c 1, sim | true; and a full disk says so in one line")
    func pipelines() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-pipe-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cases: [[String: Any]] = [
            ["shell": "HANJUL run --seed 1 --actions HHHHHHHH --json | head -c 1", "sigpipe": "default"],
            ["shell": "HANJUL sim --games 4 --seed 1 --cap 20 | true", "sigpipe": "default"],
            ["shell": "HANJUL sim --games 4 --seed 1 --cap 20 --json | head -c 1", "sigpipe": "ignore"],
            ["args": ["run", "--seed", "1", "--actions", "HHHHHHHH", "--json"], "sigpipe": "default", "devfull": true],
        ]
        let outcomes = try Self.run(cases, folder: folder)
        try #require(outcomes.count == 4)
        for outcome in outcomes.prefix(3) {
            // The writer may finish before the reader closes (status 0) or find it closed
            // (141 = SIGPIPE, or 1 when ignored); either way nothing but the status line.
            let lines = outcome.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(outcome.stderr.debugDescription)")
            #expect(["status 0", "status 141", "status 1"].contains(String(lines.first ?? "")), "\(outcome.stderr.debugDescription)")
        }
        #expect(outcomes[3].code == 1)
        #expect(outcomes[3].stderr == "hanjul: could not write to standard output (No space left on device)\n")
    }
}
