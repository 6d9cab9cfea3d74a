import Foundation
import Testing

/// The bot's options on the command line: `--bot list`, `NAME,plain`, `--lookahead`.
@Suite struct BotOptionsTests {
    @Test func botListNamesEveryBotAndWhatItPlaysLike() throws {
        for command in ["sim", "compare"] {
            let result = try Hanjul.run([command, "--bot", "list"])
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.map { $0.split(separator: " ").first.map(String.init) ?? "" } == ["eltetris", "dellacherie", "lee", "random", "attack", "attack-classic", "tbp"])
            #expect(lines[0].contains("(the default)"))
            #expect(result.stderr.isEmpty)
        }
    }

    @Test func aPlainBotAndALookaheadAreRecordedInTheHeader() throws {
        let run = try Hanjul.run(["sim", "--games", "2", "--seed", "1", "--cap", "30", "--mod", "modern",
                                  "--bot", "dellacherie,plain", "--lookahead", "1", "--jsonl", "-"])
        #expect(run.status == 0, "\(run.stderr)")
        let header = try #require(run.stdout.split(separator: "\n").first)
        #expect(header.contains(#""bot":"dellacherie""#))
        #expect(header.contains(#""lookahead":1"#))
        #expect(header.contains(#""plain":true"#))
        let plainless = try Hanjul.run(["sim", "--games", "1", "--seed", "1", "--cap", "10", "--jsonl", "-"])
        let first = try #require(plainless.stdout.split(separator: "\n").first)
        #expect(!first.contains("lookahead") && !first.contains("plain"), "absent when not used: \(first)")
    }

    @Test(arguments: [
        (["--bot", "eltetris,pain"], "hanjul sim: --bot 'eltetris,pain': after the bot's name only ',plain' and a level may follow (e.g. eltetris,plain or attack,hard; levels: easy, medium, hard, expert, master)"),
        (["--lookahead", "4"], "hanjul sim: --lookahead '4' is not a number of pieces from 0 to 3"),
        (["--lookahead", "x"], "hanjul sim: --lookahead 'x' is not a number of pieces from 0 to 3"),
    ])
    func badBotOptionsSayWhatIsWrong(extra: [String], message: String) throws {
        let result = try Hanjul.run(["sim", "--games", "1", "--seed", "1"] + extra)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }
}
