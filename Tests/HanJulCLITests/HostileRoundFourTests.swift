import Foundation
import Testing

/// Issue #39, the hostile corpus of round four, through the real binary: exit statuses as
/// the help says, versus runs resumed only within the limits of the command line (H-3 for
/// versus, #35 item 6), and a mod's `attack` of `math.maxinteger` in `sim --versus`.
/// RELIABILITY.md, family N, lists every case and its test.
@Suite struct HostileRoundFourTests {
    // MARK: N-5: exit statuses as the help says

    /// `hanjul help` says 2 for "a mod id found in no mod folder"; `serve` said 3.
    @Test func serveWithAnUnknownModExits2AsTheHelpSays() throws {
        let help = try Hanjul.run(["help"])
        let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("2 a malformed command line or input, or a mod id found in no mod folder"), "\(help.stdout)")
        let result = try Hanjul.run(["serve", "--mod", "nosuch"], stdin: "")
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("hanjul serve: no mod 'nosuch' in "), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stdout.isEmpty)
    }

    /// A mod that is found but does not load stays the mod's failure: 3, for serve as for sim.
    @Test func serveWithAModThatFailsToLoadExits3() throws {
        let scratch = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: scratch.path + "/broken", withIntermediateDirectories: true)
        try "return 42\n".write(toFile: scratch.path + "/broken/mod.lua", atomically: false, encoding: .utf8)
        let result = try Hanjul.run(["serve", "--mod", "broken", "--mods-dir", scratch.path], stdin: "")
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("broken"), "\(result.stderr)")
    }

    // MARK: N-6: versus runs resumed within the limits (H-3)

    /// A run of two matches, its header's last seed changed to `lastSeed`.
    static func versusFile(in folder: String, lastSeed: String) throws -> String {
        let base = folder + "/versus-base.jsonl"
        if !FileManager.default.fileExists(atPath: base) {
            let made = try Hanjul.run(["sim", "--versus", "eltetris:eltetris", "--games", "2", "--seed", "1", "--cap", "10", "--jsonl", base, "--quiet"])
            #expect(made.status == 0, "\(made.stderr)")
        }
        let text = try String(contentsOfFile: base, encoding: .utf8)
        #expect(text.contains("\"lastSeed\":2,"))
        let path = folder + "/crafted-\(UUID().uuidString).jsonl"
        try Data(text.replacingOccurrences(of: "\"lastSeed\":2,", with: "\"lastSeed\":\(lastSeed),").utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// 2⁶⁴−1 trapped in the seed arithmetic of the resumed run; 10¹⁰ played on.
    @Test(arguments: ["18446744073709551615", "10000000000", "100000000000000000"])
    func versusHeadersBeyondTheLimitsAreRefusedByResumeAsByStats(lastSeed: String) throws {
        let scratch = try TemporaryFolder()
        let file = try Self.versusFile(in: scratch.path, lastSeed: lastSeed)
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        for arguments in [["sim", "--resume", file, "--quiet"], ["stats", file]] {
            let result = try Hanjul.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("more than 100000000 games"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("cannot have written"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before, "a refused file is left as it was")
    }

    /// A match line `stats` refuses, `--resume` refuses too (H-4): counts beyond what a
    /// match can send, more cancelled than sent.
    @Test(arguments: [("\"attack\":[0,0]", "\"attack\":[10000000000000,0]", "counts are over"),
                      ("\"cancelled\":[0,0]", "\"cancelled\":[5,0]", "cancelled more than it sent")])
    func versusMatchLinesStatsRefusesResumeRefuses(from: String, to: String, reason: String) throws {
        let scratch = try TemporaryFolder()
        let file = try Self.versusFile(in: scratch.path, lastSeed: "4")
        var text = try String(contentsOfFile: file, encoding: .utf8)
        let range = try #require(text.range(of: from))
        text.replaceSubrange(range, with: to)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        for arguments in [["sim", "--resume", file, "--quiet"], ["stats", file, "--partial"]] {
            let result = try Hanjul.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(reason), "\(arguments): \(result.stderr)")
        }
    }

    /// Within the limits a versus run still resumes (the two missing matches are played).
    @Test func aVersusRunWithinTheLimitsResumes() throws {
        let scratch = try TemporaryFolder()
        let file = try Self.versusFile(in: scratch.path, lastSeed: "4")
        let result = try Hanjul.run(["sim", "--resume", file, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("4 matches (seeds 1..4)"), "\(result.stdout)")
    }

    // MARK: N-1: a mod's attack of math.maxinteger in sim --versus

    @Test func anAttackOfMaxIntegerIsARuleErrorNotASignal() throws {
        let scratch = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: scratch.path + "/atk", withIntermediateDirectories: true)
        try """
            return { id = "atk", name = "atk", version = "1", description = "#39", api = 1,
              attack = function(_, facts, sent) return math.maxinteger end }
            """.write(toFile: scratch.path + "/atk/mod.lua", atomically: false, encoding: .utf8)
        let result = try Hanjul.run(["sim", "--versus", "eltetris:eltetris", "--mod", "atk", "--mods-dir", scratch.path,
                                     "--games", "3", "--seed", "1", "--cap", "100", "--quiet"])
        #expect(result.status == 3, "a rule error, not SIGILL: \(result.status) \(result.stderr)")
        #expect(result.stdout.contains("errors 3"), "\(result.stdout)")
        #expect(result.stdout.contains("first error: match 1: mod 'atk': attack: attack returned 9223372036854775807; it must be 0 to 1000 lines"),
                "\(result.stdout)")
    }
}
