import Foundation
import Testing

/// #13's last small items end to end: the share of pieces held in `sim`, `stats` and
/// `compare`; a bot per side in `compare`; and the bot's pace under timed rules.
@Suite struct CompareSidesAndPaceTests {
    static func lines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    static func withFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-sides-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    @Test func compareGivesEachSideItsOwnBotAndShowsThePiecesHeld() throws {
        let base = ["compare", "--a", "modern", "--b", "modern", "--b-bot", "eltetris,plain", "--games", "3", "--seed", "1", "--cap", "60"]
        let json = try Hanjul.run(base + ["--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let comparison = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let a = try #require(comparison["a"] as? [String: Any]), b = try #require(comparison["b"] as? [String: Any])
        #expect(a["bot"] as? String == "eltetris" && a["plain"] == nil)
        #expect(b["bot"] as? String == "eltetris" && b["plain"] as? Bool == true)
        let figures = try #require(comparison["figures"] as? [[String: Any]])
        let held = try #require(figures.first { $0["key"] as? String == "held" })
        #expect(held["name"] as? String == "pieces held" && held["isRate"] as? Bool == true)
        #expect((held["meanA"] as? Double ?? 0) > 0.1, "the full bot holds: \(held)")
        #expect(held["meanB"] as? Double == 0, "the plain bot never does")
        let difference = try #require(held["difference"] as? [String: Any])
        #expect(difference["interval"] as? String == "pooled-difference")

        let text = try Hanjul.run(base + ["--figures", "held,scorePerPiece"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("A: mod:modern rules, eltetris bot, fast search, cap 60 pieces"), "\(text.stdout)")
        #expect(text.stdout.contains("B: mod:modern rules, eltetris (plain) bot, fast search, cap 60 pieces"))
        #expect(text.stdout.contains("\nthe bots differ: A eltetris, B eltetris (plain)\n"))
        #expect(text.stdout.contains("\npieces held "), "a row of the table")
        #expect(text.stdout.contains("\n\npieces held  "), "and its histogram (--figures): \(text.stdout)")
        let chart = try Hanjul.run(base + ["--figures", "held", "--svg", "-"])
        #expect(chart.status == 0 && chart.stdout.contains("<g id=\"figure-held\">") && chart.stdout.contains(">pieces<"),
                "a rate plot of pieces: \(chart.stderr)")
    }

    @Test(arguments: [
        (["--bot", "lee", "--a-bot", "eltetris", "--b-bot", "random"],
         "hanjul compare: --bot 'lee' sets both sides, but --a-bot and --b-bot set each; give --bot for both, or --a-bot and --b-bot, or --bot with one of them"),
        (["--noise", "0.1", "--a-noise", "0", "--b-noise", "0.2"], "hanjul compare: --noise '0.1' sets both sides, but --a-noise and --b-noise set each"),
        (["--b-noise", "2"], "hanjul compare: --b-noise '2' is not a probability from 0 to 1"),
        (["--a-bot", "eltetrs"], "hanjul compare: --a-bot 'eltetrs' is not a bot"),
        (["--b-search", "deep"], "hanjul compare: --b-search 'deep' is not a search (use fast, landing or full)"),
        (["--a-lookahead", "9"], "hanjul compare: --a-lookahead '9' is not a number of pieces from 0 to 3"),
    ])
    func contradictoryOrBadSideOptionsAreRefused(extra: [String], message: String) throws {
        let result = try Hanjul.run(["compare", "--a", "", "--b", "", "--games", "2", "--seed", "1", "--cap", "20"] + extra)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }

    @Test func oneSideOwnOptionOverridesTheSharedOne() throws {
        let result = try Hanjul.run(["compare", "--a", "", "--b", "", "--bot", "lee", "--b-bot", "random", "--noise", "0.5", "--a-noise", "0",
                                     "--games", "2", "--seed", "1", "--cap", "20", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let comparison = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let a = try #require(comparison["a"] as? [String: Any]), b = try #require(comparison["b"] as? [String: Any])
        #expect(a["bot"] as? String == "lee" && a["noise"] as? Double == 0)
        #expect(b["bot"] as? String == "random" && b["noise"] as? Double == 0.5)
    }

    @Test func simUnderASprintReportsTheTimeAtTheBotsPace() throws {
        for (extra, msPerPiece) in [([String](), 500), (["--pps", "4"], 250), (["--pps", "0"], 0)] {
            let run = try Hanjul.run(["sim", "--mod", "sprint", "--games", "2", "--seed", "1", "--jsonl", "-"] + extra)
            #expect(run.status == 0, "\(run.stderr)")
            let lines = try Self.lines(run.stdout)
            let header = try #require(lines.first?["header"] as? [String: Any])
            #expect(header["pps"] as? Double == (msPerPiece > 0 ? 1000 / Double(msPerPiece) : nil), "\(extra): \(header)")
            let result = try #require(header["result"] as? [String: Any])
            #expect(result["name"] as? String == "time" && result["unit"] as? String == "ms" && result["lowerIsBetter"] as? Bool == true)
            for game in lines.dropFirst() {
                let pieces = try #require(game["pieces"] as? Int)
                #expect(game["outcome"] as? String == "finished")
                #expect(game["result"] as? Int == pieces * msPerPiece, "\(extra): \(pieces) pieces")
            }
            #expect(run.stderr.contains("\ntime (ms) "), "the summary names the result: \(run.stderr)")
        }
        let bad = try Hanjul.run(["sim", "--mod", "sprint", "--games", "1", "--seed", "1", "--pps", "2000"])
        #expect(bad.status == 2 && bad.stderr.hasPrefix("hanjul sim: --pps '2000' is not a pace; give pieces per second from 0.01 to 1000, or 0 for none"),
                "\(bad.stderr)")
    }

    @Test func aSprintsReplaysHoldTheWaitsAndVerify() throws {
        try Self.withFolder { folder in
            let replays = folder.appendingPathComponent("replays").path
            let run = try Hanjul.run(["sim", "--mod", "sprint", "--games", "1", "--seed", "3", "--pps", "5", "--save-replays", replays, "--json"])
            #expect(run.status == 0, "\(run.stderr)")
            let file = replays + "/mod-sprint-3.hjr"
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(text.contains("W200"), "each piece's 200 ms is in the replay")
            let verify = try Hanjul.run(["replay", "--verify", file])
            #expect(verify.status == 0 && verify.stdout.hasPrefix("match: "), "\(verify.stdout)\(verify.stderr)")
        }
    }

    @Test func untimedRulesSendNoTimeUnlessAsked() throws {
        let run = try Hanjul.run(["sim", "--games", "2", "--seed", "1", "--cap", "20", "--jsonl", "-"])
        #expect(run.status == 0 && !run.stdout.contains("pps") && !run.stdout.contains("held") && !run.stdout.contains("result"), "\(run.stdout)")
        let paced = try Hanjul.run(["sim", "--games", "2", "--seed", "1", "--cap", "20", "--pps", "3", "--jsonl", "-"])
        let lines = run.stdout.split(separator: "\n"), pacedLines = paced.stdout.split(separator: "\n")
        #expect(pacedLines.first?.contains(#""pps":3"#) == true)
        // The games are the same; only the clock moved: each paced line is the untimed one
        // with the game's time added.
        let untimed = pacedLines.dropFirst().map { $0.replacing(/,"timeMs":[0-9]+/, with: "") }
        #expect(Array(lines.dropFirst()) == untimed, "the games are the same; only the clock moved")
        #expect(pacedLines.dropFirst().allSatisfy { $0.contains(#""timeMs":"#) }, "every paced game holds its time")
        #expect(!lines.contains { $0.contains("timeMs") }, "a game without a clock holds none")
    }

    @Test func statsShowsTheShareHeldAndStillReadsFilesWithoutIt() throws {
        try Self.withFolder { folder in
            let file = folder.appendingPathComponent("modern.jsonl").path
            let sim = try Hanjul.run(["sim", "--mod", "modern", "--games", "3", "--seed", "1", "--cap", "80", "--jsonl", file])
            #expect(sim.status == 0, "\(sim.stderr)")
            let stats = try Hanjul.run(["stats", file])
            #expect(stats.status == 0 && stats.stdout == sim.stdout, "the merge is the run's own summary")
            #expect(stats.stdout.contains("\npieces held "), "\(stats.stdout)")
            #expect(stats.stdout.contains("shares of pieces: Wilson score interval for the pooled share"))

            // A file from before the field: the same games, without "held".
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let old = text.replacingOccurrences(of: #","held":[0-9]+"#, with: "", options: .regularExpression)
            #expect(old != text)
            let oldFile = folder.appendingPathComponent("old.jsonl").path
            try old.write(toFile: oldFile, atomically: true, encoding: .utf8)
            let oldStats = try Hanjul.run(["stats", oldFile])
            #expect(oldStats.status == 0, "\(oldStats.stderr)")
            #expect(!oldStats.stdout.contains("held"), "no figure for what the file does not hold: \(oldStats.stdout)")

            // Crafted lines are refused with a reason, not summarised.
            let games = text.split(separator: "\n")
            let crafted = folder.appendingPathComponent("crafted.jsonl").path
            let tooMany = games[1].replacingOccurrences(of: #""held":[0-9]+"#, with: #""held":82"#, options: .regularExpression)
            try ([String(games[0]), tooMany].joined(separator: "\n") + "\n").write(toFile: crafted, atomically: true, encoding: .utf8)
            let refused = try Hanjul.run(["stats", crafted])
            #expect(refused.status == 2 && refused.stderr.contains("held 82 is not from 0 to the pieces locked + 1 (81)"), "\(refused.stderr)")
            let named = games[0].replacingOccurrences(of: #""lua":"#, with: #""result":{"name":"","unit":"ms","lowerIsBetter":true},"lua":"#)
            try ([named] + games.dropFirst().map(String.init)).joined(separator: "\n").appending("\n")
                .write(toFile: crafted, atomically: true, encoding: .utf8)
            let badName = try Hanjul.run(["stats", crafted])
            #expect(badName.status == 2 && badName.stderr.contains("the result's name must be 1 to 32 characters"), "\(badName.stderr)")
        }
    }

    @Test func resumeKeepsTheFilesPace() throws {
        try Self.withFolder { folder in
            let file = folder.appendingPathComponent("sprint.jsonl").path
            let run = try Hanjul.run(["sim", "--mod", "sprint", "--games", "2", "--seed", "1", "--pps", "3", "--jsonl", file])
            #expect(run.status == 0, "\(run.stderr)")
            let other = try Hanjul.run(["sim", "--resume", file, "--pps", "2"])
            #expect(other.status == 2)
            #expect(other.stderr.contains("--pps 2, but the file's games were played at 3 pieces/s"), "\(other.stderr)")
            let same = try Hanjul.run(["sim", "--resume", file])
            #expect(same.status == 0 && same.stdout == run.stdout, "\(same.stderr)")
        }
    }
}
