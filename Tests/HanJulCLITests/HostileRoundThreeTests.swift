import Foundation
import Glibc
import TestTiers
import Testing

/// The third hostile-input round (docs/RELIABILITY.md, H-1 to H-8), end to end through the
/// built binary: each case is one a user of another account, a crafted file or a legal but
/// unusual input could bring.
@Suite struct HostileRoundThreeTests {
    // MARK: H-1: no code run from a planted file

    /// A C file that leaves a mark when it is run (the reference is run after it is built).
    static func plantedSource(canary: String) -> String {
        "#include <stdio.h>\nint main(void) { FILE *f = fopen(\"\(canary)\", \"w\"); if (f) fclose(f); return 0; }\n"
    }

    static var hasCompiler: Bool { ["/usr/bin/gcc", "/usr/bin/cc"].contains(where: FileManager.default.isExecutableFile(atPath:)) }

    /// `shared/bench/reference-sim.c` planted above the working folder in a folder another
    /// user owns (as anyone can in `/tmp`) is neither compiled nor run.
    @Test func benchIgnoresAReferencePlantedByAnotherUser() throws {
        guard Self.hasCompiler, geteuid() == 0 else { return }  // chown to another user needs root
        let scratch = try TemporaryFolder()
        let work = scratch.path + "/planted/work", shared = scratch.path + "/planted/shared"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: shared + "/bench", withIntermediateDirectories: true)
        let canary = scratch.path + "/ran"
        try Data(Self.plantedSource(canary: canary).utf8).write(to: URL(fileURLWithPath: shared + "/bench/reference-sim.c"))
        #expect(chown(shared, 65534, 65534) == 0)  // nobody
        let tmp = scratch.path + "/tmp"
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = tmp
        let result = try Shell.run(Hanjul.binary.path, ["bench", "--games", "1", "--cap", "10", "--rounds", "1"],
                                   environment: environment, directory: work)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: canary), "the planted reference ran")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp).isEmpty, "a scratch folder was left")
    }

    /// The same file in a folder of the user's own that anyone may write (mode 0777) is not
    /// trusted either; the message says why and how to use it anyway.
    @Test func benchIgnoresAReferenceInAWorldWritableFolder() throws {
        guard Self.hasCompiler else { return }
        let scratch = try TemporaryFolder()
        let base = scratch.path + "/open"
        try FileManager.default.createDirectory(atPath: base + "/work", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: base + "/shared/bench", withIntermediateDirectories: true)
        let canary = scratch.path + "/ran"
        try Data(Self.plantedSource(canary: canary).utf8).write(to: URL(fileURLWithPath: base + "/shared/bench/reference-sim.c"))
        #expect(chmod(base, 0o777) == 0)
        let result = try Shell.run(Hanjul.binary.path, ["bench", "--games", "1", "--cap", "10", "--rounds", "1"],
                                   directory: base + "/work")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: canary), "the planted reference ran")
    }

    /// `--reference FIFO` is refused at once; nothing waits for a writer.
    @Test func benchRefusesAFIFOAsItsReference() throws {
        let scratch = try TemporaryFolder()
        let fifo = scratch.path + "/reference.c"
        #expect(mkfifo(fifo, 0o600) == 0)
        // Should bench block on the FIFO, a writer comes after 30 s so the test ends (and fails).
        DispatchQueue.global().asyncAfter(deadline: .now() + 30) {
            let fd = open(fifo, O_WRONLY | O_NONBLOCK)
            if fd >= 0 { close(fd) }
        }
        let start = Date()
        let result = try Hanjul.run(["bench", "--games", "1", "--cap", "10", "--rounds", "1", "--reference", fifo])
        #expect(Date().timeIntervalSince(start) < 20)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("--reference") && result.stderr.contains("FIFO"), "\(result.stderr)")
    }

    /// A reference the user names is compiled from a private copy and measured; its scratch
    /// folder goes, and nothing is written beside the compiler.
    @Test func benchRunsANamedReferenceAndLeavesNothingBehind() throws {
        guard Self.hasCompiler else { return }
        let scratch = try TemporaryFolder()
        let source = scratch.path + "/ref.c"
        try Data("#include <stdio.h>\nint main(void) { puts(\"rate(cpu): pieces/s=1000 evals/s=20000\"); return 0; }\n".utf8)
            .write(to: URL(fileURLWithPath: source))
        let tmp = scratch.path + "/tmp"
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = tmp
        let result = try Hanjul.run(["bench", "--games", "1", "--cap", "10", "--rounds", "1", "--reference", source],
                                    environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("ratio (a) / reference"), "\(result.stdout)")
        #expect(result.stdout.contains("(floor ≥ 1.25×") && result.stdout.contains("goal ≥ 1.50×"), "\(result.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp).isEmpty)
        for compiler in ["/usr/bin/gcc", "/usr/bin/cc"] { #expect(!FileManager.default.fileExists(atPath: compiler + ".output")) }
    }

    // MARK: H-3: a header trusted only within the command line's limits

    /// A run of two games, its header's seeds changed to `lastSeed`.
    static func sweepFile(in folder: String, lastSeed: String, shard: String? = nil) throws -> String {
        let base = folder + "/base.jsonl"
        if !FileManager.default.fileExists(atPath: base) {
            let made = try Hanjul.run(["sim", "--games", "2", "--seed", "1", "--cap", "10", "--jsonl", base, "--quiet"])
            #expect(made.status == 0, "\(made.stderr)")
        }
        var text = try String(contentsOfFile: base, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"lastSeed\":2", with: "\"lastSeed\":\(lastSeed)")
        if let shard { text = text.replacingOccurrences(of: "\"search\":", with: "\"shard\":\(shard),\"search\":") }
        let path = folder + "/crafted-\(UUID().uuidString).jsonl"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(arguments: ["18446744073709551615", "10000000000", "100000000000000000"])
    func headersBeyondTheLimitsAreRefusedByResumeAndStats(lastSeed: String) throws {
        let scratch = try TemporaryFolder()
        let file = try Self.sweepFile(in: scratch.path, lastSeed: lastSeed)
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        for arguments in [["sim", "--resume", file, "--quiet"], ["stats", file]] {
            let result = try Hanjul.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("more than 100000000 games"), "\(arguments): \(result.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before, "a refused file is left as it was")
    }

    /// Within the limits, `stats` names what is missing as a range, at once and in little
    /// memory (it listed 10⁸ seeds one by one).
    @Test func statsNamesMissingSeedsAsRanges() throws {
        let scratch = try TemporaryFolder()
        let file = try Self.sweepFile(in: scratch.path, lastSeed: "100000000")
        let start = Date()
        let result = try Hanjul.run(["stats", file])
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(result.status == 2)
        #expect(result.stderr.contains("holds 2 of its 100000000 games (missing 3..100000000)"), "\(result.stderr)")
        let expected = try Hanjul.run(["stats", file, "--expect", "1..99999999", "--partial"])
        #expect(expected.stderr.contains("missing 3..100000000"), "\(expected.stderr)")
    }

    /// A shard whose seeds do not follow from its sweep, or a sweep split in more shards
    /// than games, is no header hanjul sim writes.
    @Test func inconsistentShardHeadersAreRefused() throws {
        let scratch = try TemporaryFolder()
        let wrongSeeds = try Self.sweepFile(in: scratch.path, lastSeed: "2",
                                            shard: #"{"index":0,"count":2,"firstSeed":1,"lastSeed":100}"#)
        let tooMany = try Self.sweepFile(in: scratch.path, lastSeed: "2",
                                         shard: #"{"index":0,"count":5,"firstSeed":1,"lastSeed":3}"#)
        let hugeCount = try Self.sweepFile(in: scratch.path, lastSeed: "2",
                                           shard: #"{"index":0,"count":9223372036854775807,"firstSeed":1,"lastSeed":18446744073709551615}"#)
        for file in [wrongSeeds, tooMany, hugeCount] {
            for arguments in [["sim", "--resume", file, "--quiet"], ["stats", file]] {
                let result = try Hanjul.run(arguments)
                #expect(result.status == 2, "\(arguments): \(result.stderr)")
                #expect(result.stderr.contains("cannot have written"), "\(arguments): \(result.stderr)")
            }
        }
    }

    // MARK: H-7: a sweep that can always merge

    /// `--seeds 1..3 --shard I/5`: every task refuses alike (some used to run, others not).
    @Test func everyShardOfAnImpossibleSplitRefuses() throws {
        for index in 0..<5 {
            let result = try Hanjul.run(["sim", "--seeds", "1..3", "--shard", "\(index)/5", "--cap", "10", "--quiet"])
            #expect(result.status == 2, "shard \(index): \(result.stdout)")
            #expect(result.stderr.contains("3 games cannot be split in 5 shards"), "\(result.stderr)")
        }
        let scratch = try TemporaryFolder()
        var files: [String] = []
        for index in 0..<3 {
            let file = scratch.path + "/s\(index).jsonl"
            let result = try Hanjul.run(["sim", "--seeds", "1..3", "--shard", "\(index)/3", "--cap", "10", "--jsonl", file, "--quiet"])
            #expect(result.status == 0, "\(result.stderr)")
            files.append(file)
        }
        let merged = try Hanjul.run(["stats", "--shards", "3"] + files)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout.contains("3 games (seeds 1…3)"), "\(merged.stdout)")
    }

    // MARK: H-4: what one command writes, the others read

    /// A result named with an emoji and its variation selector: sim writes it, stats and
    /// resume read it back.
    @Test func anEmojiResultNameIsReadBackByStatsAndResume() throws {
        let scratch = try TemporaryFolder()
        try Self.resultMod(in: scratch.path + "/mods", id: "emo", name: "⏱️ time to clear forty lines")
        let file = scratch.path + "/emo.jsonl"
        let sim = try Hanjul.run(["sim", "--mods-dir", scratch.path + "/mods", "--mod", "emo", "--games", "3", "--seed", "1",
                                  "--cap", "40", "--jsonl", file, "--quiet"])
        #expect(sim.status == 0, "\(sim.stderr)")
        let stats = try Hanjul.run(["stats", file])
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect(stats.stdout.contains("⏱️ time to clear forty lines (pieces)"), "\(stats.stdout)")
        // Cut the last game off, as a stop would, and finish it.
        var lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
        lines.removeLast()
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: file))
        let resumed = try Hanjul.run(["sim", "--mods-dir", scratch.path + "/mods", "--resume", file, "--quiet"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(try Hanjul.run(["stats", file]).stdout == stats.stdout)
    }

    /// Names with controls or invisible characters never load, so no sweep file can hold one
    /// that stats refuses.
    @Test(arguments: ["a\u{1B}[2Jb", "zero\u{200B}width", String(repeating: "x", count: 33), "", "rtl\u{202E}"])
    func resultNamesThatCannotBeReadBackDoNotLoad(name: String) throws {
        let scratch = try TemporaryFolder()
        try Self.resultMod(in: scratch.path + "/mods", id: "bad", name: name)
        let run = try Hanjul.run(["run", "--mods-dir", scratch.path + "/mods", "--mod", "bad", "--seed", "1", "--actions", "H"])
        #expect(run.status != 0)
        #expect(run.stderr.contains("result.name"), "\(run.stderr)")
    }

    /// Random legal names (many scripts, marks, emoji): each one a mod accepts is written by
    /// sim and read back by stats.
    @Test func randomLegalResultNamesRoundTrip() throws {
        let scratch = try TemporaryFolder()
        let pieces = ["a", "Z", "9", " ", "é", "e\u{301}", "한", "줄", "漢", "ß", "Ω", "ж", "🎮", "⏱️", "❤️", "👍🏽", "-", "_", "(", "·"]
        var generator = SystemRandomNumberGenerator()
        var names: [String] = []
        while names.count < 12 {
            let length = Int.random(in: 1...32, using: &generator)
            names.append(String((0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined().prefix(32)))
        }
        for (index, name) in names.enumerated() {
            try Self.resultMod(in: scratch.path + "/mods", id: "r\(index)", name: name)
            let file = scratch.path + "/r\(index).jsonl"
            let sim = try Hanjul.run(["sim", "--mods-dir", scratch.path + "/mods", "--mod", "r\(index)", "--games", "1", "--seed", "1",
                                      "--cap", "20", "--jsonl", file, "--quiet"])
            if sim.status != 0 {
                // Refused at load (too many bytes, say): then with a reason, and nothing written.
                #expect(sim.stderr.contains("result.name"), "\(name): \(sim.stderr)")
                continue
            }
            let stats = try Hanjul.run(["stats", file])
            #expect(stats.status == 0, "\(name.unicodeScalars.map { String($0.value, radix: 16) }): \(stats.stderr)")
        }
    }

    /// A resumed file with a line longer than stats reads is refused by resume too.
    @Test func resumeRefusesTheLinesStatsRefuses() throws {
        let scratch = try TemporaryFolder()
        let file = scratch.path + "/long.jsonl"
        let made = try Hanjul.run(["sim", "--games", "3", "--seed", "1", "--cap", "10", "--jsonl", file, "--quiet"])
        #expect(made.status == 0)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        handle.seekToEndOfFile()
        handle.write(Data(("{\"seed\":4,\"pad\":\"" + String(repeating: "x", count: 5 << 20) + "\"}\n").utf8))
        try handle.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        for arguments in [["sim", "--resume", file, "--quiet"], ["stats", file]] {
            let result = try Hanjul.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("longer than 4 MiB"), "\(arguments): \(result.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    }

    /// A mod's version as it loads (cut at 300 characters, controls escaped, an emoji kept)
    /// is the version its replays name, and they verify.
    @Test(arguments: [String(repeating: "\u{202E}", count: 400), "1.0⏱️", String(repeating: "9", count: 500), "v\u{1B}[2J"])
    func replaysNameAnyVersionAModLoadsWith(version: String) throws {
        let scratch = try TemporaryFolder()
        let folder = scratch.path + "/mods/odd"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let quoted = version.unicodeScalars.map { scalar -> String in
            scalar.isASCII && scalar.value >= 0x20 ? String(scalar) : "\\u{\(String(scalar.value, radix: 16))}"
        }.joined()
        try Data("return { id = \"odd\", name = \"odd\", version = \"\(quoted)\", description = \"d\", api = 1 }\n".utf8)
            .write(to: URL(fileURLWithPath: folder + "/mod.lua"))
        let replay = scratch.path + "/odd.hjr"
        let run = try Hanjul.run(["run", "--mods-dir", scratch.path + "/mods", "--mod", "odd", "--seed", "1", "--actions", "HHH",
                                  "--save-replay", replay])
        #expect(run.status == 0, "\(run.stderr)")
        let verified = try Hanjul.run(["replay", "--mods-dir", scratch.path + "/mods", "--verify", replay])
        #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")
    }

    static func resultMod(in folder: String, id: String, name: String) throws {
        try FileManager.default.createDirectory(atPath: folder + "/" + id, withIntermediateDirectories: true)
        let quoted = name.unicodeScalars.map { scalar -> String in
            scalar.isASCII && scalar.value >= 0x20 && scalar != "\"" && scalar != "\\" ? String(scalar) : "\\u{\(String(scalar.value, radix: 16))}"
        }.joined()
        let source = """
            return {
              id = "\(id)", name = "\(id)", version = "1.0.0", description = "a result", api = 1,
              result = { name = "\(quoted)", unit = "pieces" },
              after_lock = function(game) if game:pieces_locked() >= 3 then game:finish(game:pieces_locked()) end end,
            }
            """
        try Data(source.utf8).write(to: URL(fileURLWithPath: folder + "/" + id + "/mod.lua"))
    }

    // MARK: H-6: bounded work on crafted input

    /// Gzip data of blank lines (a bomb of them) is refused after a thousand, not read for minutes.
    @Test func aGzipOfBlankLinesIsRefusedQuickly() throws {
        let scratch = try TemporaryFolder()
        let file = scratch.path + "/blank.jsonl.gz"
        // 200 MB of blank lines, about 200 KB compressed.
        let made = try Shell.run("/usr/bin/python3", ["-c", """
            import gzip, sys
            with gzip.open(sys.argv[1], 'wb', 9) as f:
                for _ in range(200): f.write(b'\\n' * (1 << 20))
            """, file])
        #expect(made.status == 0, "\(made.stderr)")
        let start = Date()
        let result = try Hanjul.run(["stats", file])
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(result.status == 2)
        #expect(result.stderr.contains("more than 1000 blank lines"), "\(result.stderr)")
    }

    /// One valid game line repeated a million times inflates hundreds of times over: refused
    /// once past 8 MiB, not decoded to the end.
    @Test(.runsLong) func aGzipBombOfRepeatedLinesIsRefused() throws {
        let scratch = try TemporaryFolder()
        let plain = scratch.path + "/one.jsonl"
        #expect(try Hanjul.run(["sim", "--games", "1", "--seed", "1", "--cap", "10", "--jsonl", plain, "--quiet"]).status == 0)
        let file = scratch.path + "/bomb.jsonl.gz"
        let made = try Shell.run("/usr/bin/python3", ["-c", """
            import gzip, sys
            header, game = open(sys.argv[1], 'rb').read().splitlines(True)[:2]
            with gzip.open(sys.argv[2], 'wb', 9) as f:
                f.write(header)
                block = game * 4096
                for _ in range(1000): f.write(block)
            """, plain, file])
        #expect(made.status == 0, "\(made.stderr)")
        let start = Date()
        let result = try Hanjul.run(["stats", file])
        #expect(Date().timeIntervalSince(start) < 30)
        #expect(result.status == 2)
        #expect(result.stderr.contains("inflates more than 200 times"), "\(result.stderr)")
    }
}
