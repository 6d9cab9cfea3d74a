import Foundation
import TestTiers
import Testing

/// `hanjul sim --versus A:B` through the built binary (#24).
@Suite struct VersusCommandTests {
    @Test func versusPrintsAWinRateWithAnIntervalTheSameOnAnyWorkerCount() throws {
        let common = ["sim", "--versus", "eltetris:eltetris", "--mod", "versus", "--games", "20", "--seed", "1"]
        let one = try Hanjul.run(common + ["--workers", "1"])
        let three = try Hanjul.run(common + ["--workers", "3"])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout == three.stdout)
        #expect(one.stdout.contains("20 matches (seeds 1..20)"), "\(one.stdout)")
        #expect(one.stdout.contains("win rate of A "), "\(one.stdout)")
        #expect(one.stdout.contains("(95% Wilson "), "\(one.stdout)")
        #expect(one.stdout.contains("attack/piece"))
        let json = try Hanjul.run(common + ["--json"])
        #expect(json.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["matches"] as? Int == 20)
        #expect(object?["winRateALow"] is Double)
    }

    /// `--speed` adds each side's search speed and changes nothing else; the deeper search of
    /// the attack bot looks at more placements than El-Tetris's one-piece search.
    @Test func speedReportsEachSidesSearchAndLeavesTheMatchesAlone() throws {
        let common = ["sim", "--versus", "eltetris:attack", "--mod", "versus", "--games", "2", "--seed", "1", "--cap", "60"]
        let plain = try Hanjul.run(common), timed = try Hanjul.run(common + ["--speed", "--workers", "2"])
        #expect(plain.status == 0 && timed.status == 0, "\(timed.stderr)")
        let lines = timed.stdout.split(separator: "\n").map(String.init)
        #expect(lines.dropLast(2).joined(separator: "\n") + "\n" == plain.stdout, "\(timed.stdout)")
        #expect(lines.suffix(2).first?.hasPrefix("search speed over the 2 matches played now") == true, "\(timed.stdout)")
        let json = try Hanjul.run(common + ["--speed", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let speed = try #require(object["speed"] as? [String: Any])
        let a = try #require(speed["a"] as? [String: Any]), b = try #require(speed["b"] as? [String: Any])
        #expect((a["placements"] as? Int ?? 0) > 0 && (a["placementsPerSecond"] as? Double ?? 0) > 0, "\(json.stdout)")
        #expect((b["placements"] as? Int ?? 0) > 10 * (a["placements"] as? Int ?? 0), "\(json.stdout)")
        let single = try Hanjul.run(["sim", "--games", "2", "--seed", "1", "--speed"])
        #expect(single.status == 2 && single.stderr.contains("--speed is for --versus"), "\(single.stderr)")
    }

    @Test func badPairsAndOptionsVersusDoesNotTakeAreRefused() throws {
        let bad = try Hanjul.run(["sim", "--versus", "eltetris", "--games", "2", "--seed", "1"])
        #expect(bad.status != 0 && bad.stderr.contains("A:B"), "\(bad.stderr)")
        let unknown = try Hanjul.run(["sim", "--versus", "eltetris:nobot", "--games", "2", "--seed", "1"])
        #expect(unknown.status != 0 && unknown.stderr.contains("is not a bot"), "\(unknown.stderr)")
        let summary = try Hanjul.run(["sim", "--versus", "eltetris:lee", "--games", "2", "--seed", "1", "--summary", "-"])
        #expect(summary.status != 0 && summary.stderr.contains("--summary needs a file"), "\(summary.stderr)")
        let noPace = try Hanjul.run(["sim", "--versus", "eltetris:lee", "--games", "2", "--seed", "1", "--pps", "0"])
        #expect(noPace.status != 0 && noPace.stderr.contains("pace"), "\(noPace.stderr)")
    }

    @Test func theAttackBotBeatsTheDefaultBotAndSendsMore() throws {
        let run = try Hanjul.run(["sim", "--versus", "eltetris:attack", "--mod", "versus", "--games", "8", "--seed", "1", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let a = try #require(object["a"] as? [String: Any]), b = try #require(object["b"] as? [String: Any])
        #expect((b["wins"] as? Int ?? 0) > (a["wins"] as? Int ?? 0), "\(run.stdout)")
        #expect((b["attackPerPiece"] as? Double ?? 0) > (a["attackPerPiece"] as? Double ?? 1), "\(run.stdout)")
    }

    @Test(.runsLong) func aVersusJSONLRunResumedAfterAStopIsByteIdenticalToAnUninterruptedOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-versus-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = folder.appendingPathComponent("whole.jsonl").path, part = folder.appendingPathComponent("part.jsonl").path
        // The classic attack bot: the file's machinery is under test, not the search (which is slower).
        let common = ["sim", "--versus", "eltetris:attack-classic", "--mod", "versus", "--seeds", "1..90", "--shard", "0/1"]
        let first = try Hanjul.run(common + ["--jsonl", whole])
        #expect(first.status == 0, "\(first.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        #expect(lines.count == 92, "a header, 90 matches and the final newline")
        // Stopped after 70 matches, in the middle of the 71st line.
        var cut = Data(lines.prefix(71).joined(separator: [UInt8(ascii: "\n")]) + [UInt8(ascii: "\n")])
        cut.append(contentsOf: lines[71].prefix(12))
        try cut.write(to: URL(fileURLWithPath: part))
        let resumed = try Hanjul.run(["sim", "--resume", part, "--workers", "2"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: part)) == bytes)
        #expect(resumed.stdout == first.stdout)
        // A file that is not a versus run is left alone.
        let wrong = try Hanjul.run(["sim", "--resume", part, "--versus", "lee:attack"])
        #expect(wrong.status != 0 && wrong.stderr.contains("lee:attack"), "\(wrong.stderr)")
    }

    @Test func compareOfTwoAttackTablesSaysWhichIsMoreDecisive() throws {
        let run = try Hanjul.run(["compare", "--versus", "eltetris:attack", "--a", "versus", "--b", "duel", "--games", "4", "--seed", "1", "--cap", "150"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("A = mod:versus, B = mod:duel"), "\(run.stdout)")
        #expect(run.stdout.contains("winner's margin"), "\(run.stdout)")
        #expect(run.stdout.contains("match length"), "\(run.stdout)")
        #expect(run.stdout.contains("more decisive: "), "\(run.stdout)")
        // Under duel no match ends within 150 pieces: no win rate or margin, not "0.0%".
        let duelRow = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("B ") })
        #expect(duelRow.contains(" 0  ") && duelRow.contains(" - ") && !duelRow.contains("%"), "\(duelRow)")
        let json = try Hanjul.run(["compare", "--versus", "eltetris:attack", "--a", "versus", "--b", "duel", "--games", "2", "--seed", "1", "--cap", "150", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["a"] as? [String: Any])?["matches"] as? Int == 2)
        #expect(object["lengthDifference"] is [String: Any])
    }

    @Test func compareOfATableThatPaysNothingForSinglesAgainstTheGuidelinesDiffers() throws {
        // The attack bot reads each table (#36): the same seeds give other matches.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-nosingles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("nosingles"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
            return {
              id = "nosingles", name = "nosingles", version = "0.1.0", description = "singles send nothing", api = 1,
              after = { "versus" },
              attack = function(_, facts, sent) if facts.lines == 1 then return 0 end return sent end,
            }
            """.write(to: folder.appendingPathComponent("nosingles/mod.lua"), atomically: true, encoding: .utf8)
        let mods = SlurmArrayTests.repository.appendingPathComponent("Mods").path
        let run = try Hanjul.run(["compare", "--versus", "eltetris:attack", "--mods-dir", mods, "--mods-dir", folder.path,
                                  "--a", "versus", "--b", "versus nosingles", "--games", "6", "--seed", "1", "--cap", "150", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let a = try #require(object["a"] as? [String: Any]), b = try #require(object["b"] as? [String: Any])
        let lengths = (a["length"] as? Double ?? -1, b["length"] as? Double ?? -1)
        let attacks = (a["attackPerPiece"] as? [Double] ?? [], b["attackPerPiece"] as? [Double] ?? [])
        #expect(lengths.0 != lengths.1 || attacks.0 != attacks.1, "\(run.stdout)")
    }
}
