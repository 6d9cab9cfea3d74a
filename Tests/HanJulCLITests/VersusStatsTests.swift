import Foundation
import Testing

/// `hanjul stats` of `hanjul sim --versus` files, `--summary` and `--progress` for versus,
/// through the built binary (#24 item 4).
@Suite struct VersusStatsTests {
    static let run = ["sim", "--versus", "eltetris:eltetris", "--mod", "versus", "--games", "6", "--seed", "1", "--cap", "300"]

    static func withFolder<T>(_ body: (String) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-vslab-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder.path)
    }

    /// The shards `0/n … n−1/n` of `run`, as JSONL (and their summaries beside, `.sum`).
    static func shards(_ n: Int, in folder: String, run: [String] = run, name: String = "shard") throws -> [String] {
        try (0..<n).map { index in
            let path = "\(folder)/\(name)-\(index).jsonl"
            let result = try Hanjul.run(run + ["--shard", "\(index)/\(n)", "--jsonl", path, "--summary", path + ".sum"])
            #expect(result.status == 0, "\(result.stderr)")
            return path
        }
    }

    @Test func shardsMergedInAnyOrderGiveTheRunsOwnReport() throws {
        try Self.withFolder { folder in
            let whole = try Hanjul.run(Self.run), wholeJSON = try Hanjul.run(Self.run + ["--json"])
            #expect(whole.status == 0 && whole.stdout.contains("6 matches (seeds 1..6)"), "\(whole.stdout)")
            let files = try Self.shards(3, in: folder)
            let gzip = Process()
            gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
            gzip.arguments = ["-k", files[1]]
            try gzip.run()
            gzip.waitUntilExit()
            let merged = try Hanjul.run(["stats", files[2], files[1] + ".gz", files[0]])
            #expect(merged.status == 0, "\(merged.stderr)")
            #expect(merged.stdout == whole.stdout)
            let checked = try Hanjul.run(["stats", "--shards", "3", "--expect", "1..6", "--json"] + files)
            #expect(checked.stdout == wholeJSON.stdout, "\(checked.stderr)")
            // Standard input, a pipe of two runs one after the other.
            let text = try files.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined()
            let piped = try Hanjul.run(["stats", "-"], stdin: text)
            #expect(piped.stdout == whole.stdout, "\(piped.stderr)")
            // One shard alone: that shard's own report.
            let alone = try Hanjul.run(["stats", files[0]])
            let shard = try Hanjul.run(Self.run + ["--shard", "0/3"])
            #expect(alone.stdout == shard.stdout && alone.status == 0)
        }
    }

    @Test func filesOfOtherRunsOrShardsTwiceOrMissingAreRefused() throws {
        try Self.withFolder { folder in
            let files = try Self.shards(2, in: folder)
            var attack = Self.run
            attack[2] = "eltetris:attack"
            let other = try Self.shards(2, in: folder, run: attack, name: "attack")
            let mixed = try Hanjul.run(["stats", files[0], other[1]])
            #expect(mixed.status != 0 && mixed.stderr.contains("bot B 'attack', not 'eltetris'"), "\(mixed.stderr)")
            #expect(mixed.stderr.contains(files[0]) && mixed.stderr.contains(other[1]), "names both files: \(mixed.stderr)")
            let capped = try Self.shards(2, in: folder, run: Self.run.dropLast() + ["200"], name: "capped")
            let caps = try Hanjul.run(["stats", files[0], capped[1]])
            #expect(caps.status != 0 && caps.stderr.contains("capped at 200 pieces a side, not 300"), "\(caps.stderr)")
            let plain = "\(folder)/plain.jsonl"
            #expect(try Hanjul.run(["sim", "--games", "2", "--seed", "1", "--cap", "50", "--jsonl", plain]).status == 0)
            for order in [[files[0], plain], [plain, files[0]]] {
                let kinds = try Hanjul.run(["stats"] + order)
                #expect(kinds.status != 0 && kinds.stderr.contains("versus"), "\(kinds.stderr)")
            }
            let twice = try Hanjul.run(["stats", files[0], files[0], files[1]])
            #expect(twice.status != 0 && twice.stderr.contains("seeds 1..3 appear more than once"), "\(twice.stderr)")
            let missing = try Hanjul.run(["stats", "--shards", "2", files[1]])
            #expect(missing.status != 0 && missing.stderr.contains("shard 0/2 missing"), "\(missing.stderr)")
            let partial = try Hanjul.run(["stats", "--partial", "--expect", "1..6", files[1]])
            #expect(partial.status == 0 && partial.stdout.contains("3 matches (seeds 4..6)"), "\(partial.stderr)")
            #expect(partial.stderr.contains("seeds 1..3 of 1..6 are in no file"), "\(partial.stderr)")
        }
    }

    @Test func aTornLastLineIsTheStoppedRunItIs() throws {
        try Self.withFolder { folder in
            let files = try Self.shards(2, in: folder)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: files[1]))
            let torn = "\(folder)/torn.jsonl"
            try bytes.dropLast(20).write(to: URL(fileURLWithPath: torn))
            let result = try Hanjul.run(["stats", files[0], torn])
            #expect(result.status != 0, "\(result.stdout)")
            #expect(result.stderr.contains("cut short") && result.stderr.contains("hanjul sim --resume"), "\(result.stderr)")
            // Resumed, it merges to the whole run's report.
            #expect(try Hanjul.run(["sim", "--resume", torn]).status == 0)
            #expect(try Hanjul.run(["stats", files[0], torn]).stdout == Hanjul.run(Self.run).stdout)
        }
    }

    @Test func summariesMergeWithSummariesAndJSONLExactly() throws {
        try Self.withFolder { folder in
            let whole = try Hanjul.run(Self.run)
            let files = try Self.shards(2, in: folder)
            let both = try Hanjul.run(["stats", files[1] + ".sum", files[0] + ".sum"])
            #expect(both.status == 0 && both.stdout == whole.stdout, "\(both.stderr)")
            let mixed = try Hanjul.run(["stats", "--shards", "2", files[0] + ".sum", files[1]])
            #expect(mixed.stdout == whole.stdout, "\(mixed.stderr)")
            let summary = try String(contentsOfFile: files[0] + ".sum", encoding: .utf8)
            #expect(summary.hasPrefix("{\"hanjulVersusSummary\":") && summary.utf8.count < 2048)
            #expect(summary.split(separator: "\n").count == 2)
            let again = try Hanjul.run(["stats", files[0], files[0] + ".sum"])
            #expect(again.status != 0 && again.stderr.contains("never merged with its seeds twice"), "\(again.stderr)")
            let edited = "\(folder)/edited.sum"
            try summary.replacingOccurrences(of: "\"winsA\":", with: "\"winsA\":1").write(toFile: edited, atomically: true, encoding: .utf8)
            let damaged = try Hanjul.run(["stats", edited])
            #expect(damaged.status != 0, "\(damaged.stdout)")
            let cut = "\(folder)/cut.sum"
            try String(summary.split(separator: "\n")[0] + "\n").write(toFile: cut, atomically: true, encoding: .utf8)
            let short = try Hanjul.run(["stats", cut])
            #expect(short.status != 0 && short.stderr.contains("without its checksum"), "\(short.stderr)")
        }
    }

    @Test func progressLinesForALogAndABarOnATerminal() throws {
        let quietRun = try Hanjul.run(Self.run)
        let lines = try Hanjul.run(Self.run + ["--progress"])
        #expect(lines.status == 0 && lines.stdout == quietRun.stdout)
        #expect(quietRun.stderr.isEmpty, "no progress when standard error is not a terminal")
        #expect(lines.stderr.hasPrefix("sim mod:versus: 6 matches (seeds 1…6) of eltetris:eltetris on "), "\(lines.stderr)")
        #expect(lines.stderr.contains("sim mod:versus: 6/6 matches in "), "\(lines.stderr)")
        let both = try Hanjul.run(Self.run + ["--progress", "--quiet"])
        #expect(both.status != 0 && both.stderr.contains("not both"))
        let terminal = try ProgressTests.run(Self.run, ["LANG": "C.UTF-8", "TERM": "xterm-256color"])
        #expect(terminal.status == 0 && terminal.stdout == quietRun.stdout)
        #expect(terminal.terminal.contains("/6 matches") && terminal.terminal.hasSuffix("\r\u{1B}[K"), "\(terminal.terminal.debugDescription)")
        let quiet = try ProgressTests.run(Self.run + ["-q"], ["LANG": "C.UTF-8", "TERM": "xterm"])
        #expect(quiet.terminal.isEmpty)
    }
}
