import Foundation
import Testing

/// `hanjul sim --summary FILE` and `hanjul stats` over summaries (#26): summaries merge
/// exactly as their records do, with the same refusals, and a summary file that hanjul sim
/// cannot have written is refused with the file, the line and the problem.
@Suite struct SummaryFileTests {
    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-summary-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Eight shards, each with its JSONL and its summary.
    static func shards(_ folder: URL, _ options: [String], seeds: String) throws -> (jsonl: [String], summaries: [String]) {
        var jsonl: [String] = [], summaries: [String] = []
        for index in 0..<8 {
            let file = folder.appendingPathComponent("shard-\(index).jsonl").path, summary = folder.appendingPathComponent("shard-\(index).summary").path
            let run = try Hanjul.run(["sim", "--seeds", seeds, "--shard", "\(index)/8", "--jsonl", file, "--summary", summary, "--workers", "1"] + options)
            #expect(run.status == 0, "\(run.stderr)")
            jsonl.append(file)
            summaries.append(summary)
        }
        return (jsonl, summaries)
    }

    @Test(arguments: [["--cap", "120", "--noise", "0.1"], ["--mod", "sprint", "--cap", "200"], ["--mod", "modern", "--cap", "150"],
                      ["--mod", "garbage", "--cap", "200"]])
    func eightShardSummariesMergeAsTheirRecordsByteForByte(_ options: [String]) throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let options = options + ["--mods-dir", Self.repository.appendingPathComponent("Mods").path]
        let (jsonl, summaries) = try Self.shards(folder, options, seeds: "11..50")
        let whole = try Hanjul.run(["sim", "--seeds", "11..50", "--workers", "1"] + options)
        let wholeJSON = try Hanjul.run(["sim", "--seeds", "11..50", "--workers", "1", "--json"] + options)
        for json in [false, true] {
            let flag = json ? ["--json"] : []
            let records = try Hanjul.run(["stats", "--shards", "8", "--expect", "11..50"] + flag + jsonl)
            let merged = try Hanjul.run(["stats", "--shards", "8", "--expect", "11..50"] + flag + summaries)
            let mixed = try Hanjul.run(["stats", "--shards", "8"] + flag + summaries.prefix(3) + jsonl.suffix(5))
            #expect(records.status == 0 && merged.status == 0 && mixed.status == 0, "\(records.stderr) \(merged.stderr) \(mixed.stderr)")
            #expect(merged.stdout == records.stdout, "8 summaries merge to the bytes of their records")
            #expect(mixed.stdout == records.stdout, "summaries and records together")
            #expect(records.stdout == (json ? wholeJSON.stdout : whole.stdout) + "\n" || records.stdout == (json ? wholeJSON.stdout : whole.stdout),
                    "and to a single run's summary")
        }
        // The same refusals as for records.
        let missing = try Hanjul.run(["stats", "--shards", "8"] + summaries.dropLast())
        #expect(missing.status == 2 && missing.stderr.contains("shard 7/8 missing"), "\(missing.stderr)")
        let gap = try Hanjul.run(["stats", "--expect", "11..60"] + summaries)
        #expect(gap.status == 2 && gap.stderr.contains("seeds 51..60 of 11..60 are in no file"), "\(gap.stderr)")
        let twice = try Hanjul.run(["stats", summaries[0], summaries[0]])
        #expect(twice.status == 2 && twice.stderr.contains("cannot be told apart"), "\(twice.stderr)")
        let overlap = try Hanjul.run(["stats", summaries[1], jsonl[1]])
        #expect(overlap.status == 2 && overlap.stderr.contains("appear more than once"), "\(overlap.stderr)")
    }

    @Test func aDamagedOrCraftedSummaryIsRefusedWithItsFileAndLine() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("run.summary").path
        let run = try Hanjul.run(["sim", "--seeds", "1..12", "--cap", "40", "--summary", path, "--workers", "1"])
        #expect(run.status == 0, "\(run.stderr)")
        let good = try String(contentsOfFile: path, encoding: .utf8)
        var lines = good.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].hasPrefix("{\"hanjulSummary\":{") && lines[0].contains("\"version\":1"))
        #expect(lines.dropLast().last?.hasPrefix("{\"sha256\":") == true)
        let alone = try Hanjul.run(["stats", path])
        #expect(alone.status == 0 && alone.stdout == run.stdout + "\n" || alone.stdout == run.stdout, "\(alone.stderr)")

        func refused(_ text: String, _ expected: String, _ what: String) throws {
            let bad = folder.appendingPathComponent("bad.summary").path
            try text.write(toFile: bad, atomically: true, encoding: .utf8)
            let result = try Hanjul.run(["stats", bad])
            #expect(result.status == 2, "\(what): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains(expected), "\(what): \(result.stderr)")
            #expect(!result.stderr.contains("Fatal error"), "\(what)")
        }
        // A byte changed: the checksum says so.
        var edited = lines
        if let score = edited.firstIndex(where: { $0.contains("\"figure\":\"score\"") }) {
            edited[score] = edited[score].replacingOccurrences(of: "[[", with: "[[1")
        }
        try refused(edited.joined(separator: "\n"), "checksum does not match", "edited")
        // Cut short.
        try refused(lines.prefix(3).joined(separator: "\n") + "\n", "without its checksum line", "cut")
        // Crafted numbers, with a checksum that matches: refused by the limits, never trapped on.
        func resealed(_ body: [String]) -> String {
            let text = body.joined(separator: "\n") + "\n"
            let digest = Self.sha256(Array(text.utf8))
            return text + "{\"sha256\":\"\(digest)\"}\n"
        }
        let body = Array(lines.dropLast(2))
        for (field, replacement, expected) in [
            ("\"games\":12", "\"games\":9223372036854775807", "games, but its seeds are 12"),
            ("\"seeds\":[[1,12]]", "\"seeds\":[[1,18446744073709551615]]", "not a range within the header's"),
            ("\"capped\":", "\"capped\":-5,\"x\":", "do not add up"),
        ] {
            var edited = body
            edited[0] = edited[0].replacingOccurrences(of: field, with: replacement)
            try refused(resealed(edited), expected, field)
        }
        // A figure's counts that are not the games'.
        if let index = body.firstIndex(where: { $0.hasPrefix("{\"counts\":") && $0.contains("\"figure\":\"pieces\"") }) {
            var edited = body
            edited[index] = "{\"counts\":[[40,9223372036854775807]],\"figure\":\"pieces\"}"
            try refused(resealed(edited), "counts of pieces that are not [value, games]", "huge count")
            edited[index] = "{\"counts\":[[1e308,12]],\"figure\":\"pieces\"}"
            try refused(resealed(edited), "pieces 1e+308 is not a value hanjul sim records", "huge value")
            edited[index] = "{\"counts\":[[40,11]],\"figure\":\"pieces\"}"
            try refused(resealed(edited), "pieces counts 11 games, not 12", "short")
        } else {
            Issue.record("no pieces line in \(good)")
        }
        lines.removeAll()
    }

    static func sha256(_ bytes: [UInt8]) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try? process.run()
        input.fileHandleForWriting.write(Data(bytes))
        try? input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data.prefix(64), as: UTF8.self)
    }
}
