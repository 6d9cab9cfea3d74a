import Foundation
import Testing

/// `hanjul sim`, `stats`, `compare` and `bench` end to end through the built binary.
@Suite struct SimCommandTests {
    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-sim-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func sameSeedsSameResultsInSeparateProcessesAndAnyWorkerCount() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let common = ["sim", "--games", "6", "--seed", "40", "--cap", "150", "--noise", "0.2"]
        let one = try Hanjul.run(common + ["--workers", "1", "--jsonl", folder.appendingPathComponent("1.jsonl").path])
        let two = try Hanjul.run(common + ["--workers", "2", "--jsonl", folder.appendingPathComponent("2.jsonl").path])
        let again = try Hanjul.run(common + ["--workers", "2"])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout == two.stdout)
        #expect(one.stdout == again.stdout)
        #expect(one.stdout.contains("6 games (seeds 40…45)"))
        #expect(one.stderr.isEmpty, "no progress bar when stderr is not a terminal")
        let lines1 = try String(contentsOf: folder.appendingPathComponent("1.jsonl"), encoding: .utf8)
        let lines2 = try String(contentsOf: folder.appendingPathComponent("2.jsonl"), encoding: .utf8)
        #expect(lines1 == lines2)
        #expect(lines1.split(separator: "\n").count == 7, "a header and six games")
    }

    @Test func splitRunsMergeIntoTheWholeRun() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let options = ["--cap", "120", "--bot", "dellacherie", "--noise", "0.1"]
        let first = folder.appendingPathComponent("a.jsonl").path, second = folder.appendingPathComponent("b.jsonl").path
        #expect(try Hanjul.run(["sim", "--seeds", "1..3", "--jsonl", first] + options).status == 0)
        #expect(try Hanjul.run(["sim", "--seeds", "4..7", "--jsonl", second] + options).status == 0)
        let whole = try Hanjul.run(["sim", "--seeds", "1..7"] + options)
        let merged = try Hanjul.run(["stats", second, first])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout == whole.stdout)
        let json = try Hanjul.run(["stats", first, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["games"] as? Int == 3)
    }

    @Test func statsRefusesMixedOrDamagedFiles() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = folder.appendingPathComponent("a.jsonl").path, b = folder.appendingPathComponent("b.jsonl").path
        #expect(try Hanjul.run(["sim", "--seeds", "1..2", "--cap", "50", "--jsonl", a]).status == 0)
        #expect(try Hanjul.run(["sim", "--seeds", "3..4", "--cap", "60", "--jsonl", b]).status == 0)
        let mixed = try Hanjul.run(["stats", a, b])
        #expect(mixed.status == 2)
        #expect(mixed.stderr.contains("merge like with like"))
        let text = try String(contentsOfFile: a, encoding: .utf8)
        try String(text.dropLast(20)).write(toFile: b, atomically: true, encoding: .utf8)
        let truncated = try Hanjul.run(["stats", b])
        #expect(truncated.status == 2)
        #expect(truncated.stderr.contains("b.jsonl:3: not a game record"), "\(truncated.stderr)")
    }

    @Test func compareWithItselfShowsNoDifference() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("chart.svg").path
        let result = try Hanjul.run(["compare", "--a", "standard", "--b", "standard", "--games", "8", "--seed", "1",
                                     "--cap", "150", "--noise", "0.1", "--svg", svg])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("B: no significant difference from A over 8 games"))
        #expect(!result.stdout.contains("% ±"))
        let chart = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(chart.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(chart.contains("score/piece"))
    }

    @Test func compareAsJSON() throws {
        let result = try Hanjul.run(["compare", "--a", "standard", "--b", "uniform", "--games", "4", "--seed", "1",
                                     "--cap", "50", "--bot", "random", "--json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["games"] as? Int == 4)
        let b = try #require(object["b"] as? [String: Any])
        #expect(b["rules"] as? String == "uniform")
        let figures = try #require(object["figures"] as? [[String: Any]])
        #expect(figures.contains { $0["key"] as? String == "scorePerPiece" && $0["verdict"] is String })
    }

    @Test func benchPrintsRates() throws {
        let result = try Hanjul.run(["bench", "--games", "1", "--cap", "30", "--rounds", "2", "--no-reference"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("best of 2 rounds"), "\(result.stdout)")
        #expect(result.stdout.contains("(a) built-in standard rules  pieces/s"))
        // Each measurement shows the range of its rounds.
        #expect(result.stdout.split(separator: "\n").filter { $0.contains("; rounds ") && $0.hasSuffix(" pieces/s") }.count == 4,
                "\(result.stdout)")
        // Each mod the issue sets a goal for, with its ratio to the built-in rules and the goal.
        for (label, goal) in [("(b) Mods/standard (Lua)", "0.90"), ("(c) Mods/cascade (Lua)", "0.50"), ("(d) Mods/evil (Lua)", "0.10")] {
            let padded = label + String(repeating: " ", count: 28 - label.count) + "pieces/s"
            #expect(result.stdout.contains(padded), "\(result.stdout)")
            #expect(result.stdout.contains("ratio to (a): ") && result.stdout.contains("(goal ≥ \(goal)×"), "\(result.stdout)")
        }
    }

    @Test func benchSaysWhereItRanAndSpeaksJSON() throws {
        let text = try Hanjul.run(["bench", "--games", "1", "--cap", "20", "--rounds", "1", "--no-reference"])
        #expect(text.status == 0)
        #expect(text.stdout.split(separator: "\n").contains { $0.hasPrefix("machine: ") && $0.contains(", commit ") }, "\(text.stdout)")
        let result = try Hanjul.run(["bench", "--games", "1", "--cap", "20", "--rounds", "2", "--no-reference", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        // Standard output is the JSON object alone.
        let json = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
        #expect(json["schema"] as? Int == 1 && json["games"] as? Int == 1 && json["cap"] as? Int == 20)
        #expect(json["cpu"] is String && json["commit"] is String)
        let builtIn = try #require(json["builtIn"] as? [String: Any])
        #expect((builtIn["piecesPerSecond"] as? Double ?? 0) > 0 && (builtIn["rounds"] as? [Double])?.count == 2)
        #expect((json["mods"] as? [[String: Any]])?.map { $0["id"] as? String } == ["standard", "cascade", "evil"])
        #expect(json["reference"] == nil && json["ratioToReference"] == nil)
    }

    /// A reference that builds but fails to run is reported once, and its scratch folder
    /// (in TMPDIR) is gone afterwards.
    @Test func benchWithAFailingReferenceSaysSoAndLeavesNoScratchFolder() throws {
        guard ["/usr/bin/gcc", "/usr/bin/cc"].contains(where: FileManager.default.isExecutableFile(atPath:)) else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-reference-\(UUID().uuidString)")
        let scratch = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("reference.c")
        try Data("int main(void) { return 3; }\n".utf8).write(to: source)
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = scratch.path
        let result = try Hanjul.run(["bench", "--games", "1", "--cap", "10", "--rounds", "2", "--reference", source.path],
                                    environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("reference: run failed with status 3"), "\(result.stdout)")
        #expect(!result.stdout.contains("ratio (a) / reference"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
    }

    @Test func modsLoadPerGameAndMatchTheBuiltInRules() throws {
        // Mods/standard is the built-in game in Lua: the same records, whatever the worker count.
        let common = ["--games", "6", "--seed", "40", "--cap", "150", "--json"]
        let builtIn = try Hanjul.run(["sim"] + common + ["--workers", "1"])
        let one = try Hanjul.run(["sim", "--mod", "standard"] + common + ["--workers", "1"])
        let two = try Hanjul.run(["sim", "--mod", "standard"] + common + ["--workers", "2"])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout == two.stdout)
        // The same games; only the header differs (the rules' name, the mods' lockfile and the Lua they ran on).
        func withoutRules(_ text: String) throws -> NSDictionary {
            var object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            var header = try #require(object["header"] as? [String: Any])
            header["rules"] = nil
            header["mods"] = nil
            header["lua"] = nil
            object["header"] = header
            return object as NSDictionary
        }
        #expect(one.stdout.contains("standard@1.0.0#"))
        #expect(try withoutRules(one.stdout) == withoutRules(builtIn.stdout))
        let compared = try Hanjul.run(["compare", "--a", "", "--b", "standard", "--games", "8", "--seed", "1", "--cap", "100"])
        #expect(compared.status == 0)
        #expect(compared.stdout.contains("B: no significant difference from A"), "\(compared.stdout)")
    }

    @Test func simSavesAReplayPerGameThatVerifies() throws {
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let folder = scratch.appendingPathComponent("replays").path
        let result = try Hanjul.run(["sim", "--games", "3", "--seed", "21", "--cap", "80", "--mod", "standard",
                                     "--save-replays", folder, "--workers", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files == ["mod-standard-21.hjr", "mod-standard-22.hjr", "mod-standard-23.hjr"])
        for file in files {
            let verified = try Hanjul.run(["replay", "--verify", folder + "/" + file])
            #expect(verified.status == 0 && verified.stdout.hasPrefix("match: "), "\(file): \(verified.stdout) \(verified.stderr)")
        }
    }

    /// An unknown mod is a usage error (2); a mod that fails to load is the mod's (3).
    @Test func unknownModsExitTwo() throws {
        let sim = try Hanjul.run(["sim", "--games", "1", "--seed", "1", "--mod", "nosuchmod"])
        #expect(sim.status == 2)
        #expect(sim.stderr.contains("no mod 'nosuchmod'"))
        let compare = try Hanjul.run(["compare", "--a", "standard", "--b", "tetris99", "--games", "1", "--seed", "1"])
        #expect(compare.status == 2)
        #expect(compare.stderr.contains("no mod 'tetris99'"))
    }

    @Test(arguments: [
        (["sim", "--games", "2"], "give --seed S with --games N"),
        (["sim", "--seed", "1"], "give --games N"),
        (["sim", "--seeds", "5..1"], "the first seed is after the last"),
        (["sim", "--seeds", "1-5"], "is not a range"),
        (["sim", "--seeds", "1..2", "--games", "2"], "not both"),
        (["sim", "--games", "0", "--seed", "1"], "--games '0' is not a whole number"),
        (["sim", "--games", "1", "--seed", "1", "--bot", "smart"], "--bot 'smart' is not a bot"),
        (["sim", "--games", "1", "--seed", "1", "--noise", "1.5"], "--noise '1.5' is not a probability"),
        (["sim", "--games", "1", "--seed", "1", "--search", "deep"], "--search 'deep'"),
        (["sim", "--games", "1", "--seed", "1", "--workers", "x"], "--workers 'x'"),
        (["sim", "--games", "1", "--seed", "1", "--json", "--jsonl", "x"], "not both"),
        (["stats"], "give one or more JSONL files"),
        (["stats", "/nonexistent.jsonl"], "cannot read"),
        (["compare", "--b", "standard", "--games", "1", "--seed", "1"], "give --a"),
        (["bench", "--cap", "-5"], "--cap '-5'"),
        (["bench", "--rounds", "0"], "--rounds '0' is not a whole number from 1 to 100"),
    ])
    func badInputExitsTwoWithOneLine(arguments: [String], message: String) throws {
        let result = try Hanjul.run(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
    }
}
