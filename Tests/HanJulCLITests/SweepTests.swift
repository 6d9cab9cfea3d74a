import Foundation
import Testing

/// Sweeps that survive being split, killed and resumed: `sim --shard`, `--jsonl` streamed
/// game by game, `--resume`, and `stats` refusing merges with seeds missing or repeated.
@Suite struct SweepTests {
    static let run = ["--games", "60", "--seed", "5", "--cap", "300", "--noise", "0.05"]

    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-sweep-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A clean run's JSONL bytes and standard output.
    static func clean(_ folder: URL, _ options: [String] = run) throws -> (bytes: Data, stdout: String) {
        let path = folder.appendingPathComponent("clean-\(UUID().uuidString).jsonl").path
        let result = try Hanjul.run(["sim"] + options + ["--jsonl", path])
        #expect(result.status == 0, "\(result.stderr)")
        return (try Data(contentsOf: URL(fileURLWithPath: path)), result.stdout)
    }

    @Test func aRunKilledAtARandomMomentResumesToTheSameBytes() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let started = Date()
        let clean = try Self.clean(folder)
        let duration = Date().timeIntervalSince(started)
        var generator = SystemRandomNumberGenerator()
        // The first kill comes at once (before the header, likely); the others anywhere in the run.
        let delays = [0.0] + (0..<3).map { _ in Double.random(in: 0.05...max(0.1, duration), using: &generator) }
        var cut: [Int] = []
        for (trial, delay) in delays.enumerated() {
            let path = folder.appendingPathComponent("killed-\(trial).jsonl").path
            let process = Process()
            process.executableURL = Hanjul.binary
            process.arguments = ["sim"] + Self.run + ["--jsonl", path]
            let log = folder.appendingPathComponent("killed-\(trial).log")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            let output = try FileHandle(forWritingTo: log)
            defer { try? output.close() }
            process.standardOutput = output
            process.standardError = output
            try process.run()
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let left = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
            cut.append(left.count)
            #expect(clean.bytes.starts(with: left), "what a killed run leaves is a prefix of the clean run (kill after \(delay) s)")
            // Resume with the whole command line again (as a requeued job does), or (odd trials)
            // with the file alone once its header is whole.
            let resume = trial % 2 == 0 || !left.contains(10) ? ["sim"] + Self.run + ["--resume", path] : ["sim", "--resume", path]
            let resumed = try Hanjul.run(resume)
            #expect(resumed.status == 0, "kill after \(delay) s, \(left.count) bytes left: \(resumed.stderr)")
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(bytes == clean.bytes, "kill after \(delay) s with \(left.count) of \(clean.bytes.count) bytes written: resumed file differs")
            #expect(resumed.stdout == clean.stdout)
        }
        print("killed after \(delays) s, leaving \(cut) of \(clean.bytes.count) bytes")
    }

    @Test func resumeRepairsACutAnywhere() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let options = ["--seeds", "3..8", "--cap", "80"]
        let clean = try Self.clean(folder, options)
        let lines = clean.bytes.split(separator: 10, omittingEmptySubsequences: false).map(\.count)
        let header = lines[0] + 1, second = header + lines[1] + 1
        // Inside and at the end of the header, inside and at the end of a game, the last byte.
        for length in [0, 1, 12, header - 1, header, header + 1, header + 40, second - 1, second, clean.bytes.count - 1, clean.bytes.count] {
            let path = folder.appendingPathComponent("cut-\(length).jsonl").path
            try clean.bytes.prefix(length).write(to: URL(fileURLWithPath: path))
            // With no whole header in the file, the run's options are needed to start it again.
            let arguments = length < header ? ["sim"] + options + ["--resume", path] : ["sim", "--resume", path]
            let resumed = try Hanjul.run(arguments)
            #expect(resumed.status == 0, "cut at \(length): \(resumed.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == clean.bytes, "cut at \(length)")
            #expect(resumed.stdout == clean.stdout, "cut at \(length)")
        }
        // Zeros after the last whole line, as a crashed machine may leave.
        let zeros = folder.appendingPathComponent("zeros.jsonl").path
        try (clean.bytes.prefix(second) + Data(repeating: 0, count: 300)).write(to: URL(fileURLWithPath: zeros))
        #expect(try Hanjul.run(["sim", "--resume", zeros]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: zeros)) == clean.bytes)
    }

    @Test func resumeRefusesWhatItCannotFinishAndLeavesTheFileAlone() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clean = try Self.clean(folder, ["--seeds", "1..6", "--cap", "60"])
        let lines = clean.bytes.split(separator: 10).map { Data($0) }
        let path = folder.appendingPathComponent("part.jsonl").path
        func write(_ data: Data) throws { try data.write(to: URL(fileURLWithPath: path)) }
        func refused(_ arguments: [String], _ message: String, _ kept: Data) throws {
            let result = try Hanjul.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == kept, "the file is untouched")
        }
        let part = lines.prefix(3).reduce(Data()) { $0 + $1 + Data([10]) } + lines[3].prefix(10)
        try write(part)
        try refused(["sim", "--resume", path, "--cap", "70"], "--cap 70, but the file's games were capped at 60", part)
        try refused(["sim", "--resume", path, "--seeds", "1..7"], "seeds 1..7, but the file's run is 1..6", part)
        try refused(["sim", "--resume", path, "--shard", "0/2", "--seeds", "1..6"], "the file holds a whole run, not a shard", part)
        try refused(["sim", "--jsonl", path, "--seeds", "1..6", "--cap", "60"], "already exists", part)
        // A damaged line in the middle is not a stop: nothing is repaired.
        let damaged = lines[0] + Data([10]) + lines[1].prefix(30) + Data([10]) + lines[2] + Data([10])
        try write(damaged)
        try refused(["sim", "--resume", path], "part.jsonl:2: not a game record", damaged)
        // Another hanjul's file.
        let older = Data(String(decoding: lines[0], as: UTF8.self).replacingOccurrences(of: "\"hanjul\":\"", with: "\"hanjul\":\"0.0.").utf8) + Data([10])
        try write(older)
        try refused(["sim", "--resume", path], "written by hanjul 0.0.", older)
        let readme = Data("# notes\nnot a run\n".utf8)
        try write(readme)
        try refused(["sim", "--resume", path], "not a hanjul sim --jsonl header", readme)
        let missing = try Hanjul.run(["sim", "--resume", folder.appendingPathComponent("none.jsonl").path])
        #expect(missing.status == 2 && missing.stderr.contains("no such file; give the run's options"))
    }

    @Test func shardsMergeIntoExactlyTheSingleRun() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let options = ["--seeds", "10..36", "--cap", "150", "--noise", "0.1"]
        let whole = folder.appendingPathComponent("whole.jsonl").path
        let single = try Hanjul.run(["sim"] + options + ["--jsonl", whole])
        var shards: [String] = []
        for index in 0..<4 {
            let path = folder.appendingPathComponent("shard-\(index).jsonl").path
            let result = try Hanjul.run(["sim"] + options + ["--shard", "\(index)/4", "--jsonl", path, "--workers", "\(1 + index % 2)"])
            #expect(result.status == 0, "\(result.stderr)")
            shards.append(path)
        }
        // 27 seeds in 4: blocks of 6, 7, 7, 7.
        let firstShard = try String(contentsOfFile: shards[0], encoding: .utf8)
        #expect(firstShard.contains("\"firstSeed\":10") && firstShard.contains("\"lastSeed\":15"))
        #expect(firstShard.contains("\"shard\":{\"count\":4,\"firstSeed\":10,\"index\":0,\"lastSeed\":36}"))
        let merged = try Hanjul.run(["stats", "--shards", "4", "--expect", "10..36"] + shards.reversed())
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout == single.stdout)
        #expect(try Hanjul.run(["stats", whole]).stdout == single.stdout)
        let mergedJSON = try Hanjul.run(["stats", "--json"] + shards), singleJSON = try Hanjul.run(["stats", "--json", whole])
        #expect(mergedJSON.stdout == singleJSON.stdout)

        let missing = try Hanjul.run(["stats", "--shards", "4", shards[0], shards[1], shards[3]])
        #expect(missing.status == 2 && missing.stderr.contains("--shards 4: shard 2/4 missing"), "\(missing.stderr)")
        let twice = try Hanjul.run(["stats", "--shards", "4"] + shards + [shards[1]])
        #expect(twice.status == 2 && twice.stderr.contains("shard 1/4 given 2 times"), "\(twice.stderr)")
        let gap = try Hanjul.run(["stats", "--expect", "10..36", shards[0], shards[2], shards[3]])
        #expect(gap.status == 2 && gap.stderr.contains("seeds 16..22 of 10..36 are in no file"), "\(gap.stderr)")
        let overlap = try Hanjul.run(["stats", whole, shards[1]])
        #expect(overlap.status == 2 && overlap.stderr.contains("seeds 16..22 appear more than once"), "\(overlap.stderr)")
        let outside = try Hanjul.run(["stats", "--expect", "10..30", whole])
        #expect(outside.status == 2 && outside.stderr.contains("seeds 31..36 are outside --expect 10..30"), "\(outside.stderr)")
        let peek = try Hanjul.run(["stats", "--partial", "--expect", "10..36", shards[0]])
        #expect(peek.status == 0 && peek.stdout.contains("6 games (seeds 10…15)") && peek.stderr.contains("partial summary: seeds 16..36"))
    }

    @Test func statsReadsGzipAndStandardInput() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = folder.appendingPathComponent("whole.jsonl").path, half = folder.appendingPathComponent("half.jsonl").path
        let single = try Hanjul.run(["sim", "--seeds", "1..8", "--cap", "80", "--jsonl", whole])
        #expect(try Hanjul.run(["sim", "--seeds", "1..8", "--cap", "80", "--shard", "1/2", "--jsonl", half]).status == 0)
        let first = try Hanjul.run(["sim", "--seeds", "1..8", "--cap", "80", "--shard", "0/2", "--jsonl", "-"])
        #expect(first.stdout.hasPrefix("{\"header\":") && first.stderr.contains("4 games (seeds 1…4)"), "the summary goes to stderr")
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gzip.arguments = ["-k", half]
        try gzip.run()
        gzip.waitUntilExit()
        #expect(gzip.terminationStatus == 0)
        let merged = try Hanjul.run(["stats", "--shards", "2", "-", half + ".gz"], stdin: first.stdout)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout == single.stdout)
        // A gzip file cut short says so.
        let gz = try Data(contentsOf: URL(fileURLWithPath: half + ".gz"))
        let cut = folder.appendingPathComponent("cut.jsonl.gz").path
        try gz.prefix(gz.count / 2).write(to: URL(fileURLWithPath: cut))
        let damaged = try Hanjul.run(["stats", cut])
        #expect(damaged.status == 2 && damaged.stderr.contains("cut.jsonl.gz"), "\(damaged.stderr)")
        #expect(damaged.stderr.contains("unexpected end of file") || damaged.stderr.contains("cut short"), "\(damaged.stderr)")
    }

    @Test func workersFollowTheCPUsGrantedNotTheMachine() throws {
        // taskset narrows the affinity mask to one CPU, as a scheduler's task plugin does.
        let result = try Hanjul.run(["/usr/bin/taskset", "-c", "0", Hanjul.binary.path, "sim", "--games", "2", "--seed", "1", "--cap", "20", "--progress"],
                                    executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("on 1 worker: 1 CPU granted (affinity mask 1 of "), "\(result.stderr)")
    }

    @Test(arguments: [
        (["sim", "--games", "8", "--seed", "1", "--shard", "4/4"], "shards are numbered 0 to 3; with a Slurm array use --array=0-3"),
        (["sim", "--games", "8", "--seed", "1", "--shard", "1-4"], "--shard '1-4' is not a shard"),
        (["sim", "--games", "3", "--seed", "1", "--shard", "0/4"], "3 games cannot be split in 4 shards"),
        (["sim", "--games", "3", "--seed", "1", "--jsonl", "a", "--resume", "b"], "not both"),
        (["stats", "--shards", "0", "x"], "--shards '0' is not a whole number"),
        (["stats", "--expect", "9..1", "x"], "--expect 9..1: the first seed is after the last"),
        (["stats", "-", "-"], "give standard input ('-') once"),
    ])
    func badSweepOptionsExitTwoWithOneLine(arguments: [String], message: String) throws {
        let result = try Hanjul.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
    }
}
