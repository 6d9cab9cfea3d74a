import Foundation
import Testing

/// The Tetris Bot Protocol both ways (#36, docs/TBP.md): `hanjul bot --tbp` as a TBP bot,
/// and HanJul hosting TBP bots (`tbp:COMMAND`), its own and broken ones, as real processes.
@Suite struct TBPTests {
    /// `hanjul bot --tbp` with `arguments`, quoted for the shell.
    static func botCommand(_ arguments: String = "") -> String {
        "'\(Hanjul.binary.path)' bot --tbp" + (arguments.isEmpty ? "" : " " + arguments)
    }

    static func lines(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    @Test func hanjulBotAnswersInfoRulesStartAndSuggest() throws {
        let empty = Array(repeating: "[" + Array(repeating: "null", count: 10).joined(separator: ",") + "]", count: 40).joined(separator: ",")
        let input = """
            {"type":"rules","hanjul":{"rules":"standard","rules_hash":"-"}}
            {"type":"start","hold":null,"queue":["T","I"],"combo":0,"back_to_back":false,"board":[\(empty)]}
            {"type":"suggest"}
            {"type":"quit"}

            """
        let run = try Hanjul.run(["bot", "--tbp"], stdin: input)
        #expect(run.status == 0, "\(run.stderr)")
        let replies = Self.lines(run.stdout)
        #expect(replies.map { $0["type"] as? String } == ["info", "ready", "suggestion"], "\(run.stdout)")
        let moves = try #require(replies.last?["moves"] as? [[String: Any]])
        let location = try #require(moves.first?["location"] as? [String: Any])
        #expect(moves.count == 1 && location["type"] as? String == "T", "\(run.stdout)")
        // On an empty board the T lies flat on the floor: its centre on row 0 or 1.
        #expect((location["y"] as? Int).map { (0...1).contains($0) } == true, "\(location)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }

    @Test func hanjulBotRefusesRulesWithAnotherHash() throws {
        let run = try Hanjul.run(["bot", "--tbp"], stdin: #"{"type":"rules","hanjul":{"rules":"mod:versus","rules_hash":"abc"}}"# + "\n")
        let replies = Self.lines(run.stdout)
        #expect(replies.map { $0["type"] as? String } == ["info", "error"], "\(run.stdout)")
        #expect(replies.last?["reason"] as? String == "unsupported_rules")
        #expect(run.stderr.contains("--mod"), "\(run.stderr)")
    }

    /// The figures of a sim's JSON summary that say how the games went.
    static func summary(_ arguments: [String]) throws -> [String: Any] {
        let run = try Hanjul.run(["sim"] + arguments + ["--json"])
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
    }

    @Test func hanjulsBotThroughTBPPlaysTheSameGamesAsTheBotItself() throws {
        let seeds = ["--games", "3", "--seed", "5", "--cap", "150", "--workers", "2"]
        let direct = try Self.summary(seeds)
        let hosted = try Self.summary(seeds + ["--bot", "tbp:" + Self.botCommand()])
        for key in ["score", "lines", "pieces"] {
            #expect(String(describing: direct[key]) == String(describing: hosted[key]), "\(key): \(direct[key] ?? "-") direct, \(hosted[key] ?? "-") through TBP")
        }
    }

    @Test func theAttackBotThroughTBPPlaysTheSameMatchesAsItself() throws {
        let mods = ["--mod", "guideline", "--mod", "versus"]
        let common = mods + ["--games", "2", "--seed", "1", "--cap", "60", "--jsonl", "-"]
        let direct = try Hanjul.run(["sim", "--versus", "attack:eltetris"] + common)
        let hosted = try Hanjul.run(["sim", "--versus", "tbp:" + Self.botCommand("--bot attack --mod guideline --mod versus") + ":eltetris"] + common)
        #expect(direct.status == 0 && hosted.status == 0, "\(direct.stderr) \(hosted.stderr)")
        // The header names the bots; every match line after it must be the same.
        let matches = (Array(direct.stdout.split(separator: "\n").dropFirst()), Array(hosted.stdout.split(separator: "\n").dropFirst()))
        #expect(matches.0.count == 2 && matches.0 == matches.1, "direct:\n\(direct.stdout)\nthrough TBP:\n\(hosted.stdout)\n\(hosted.stderr)")
    }

    @Test func simVersusHostsHanjulsBotUnderTheStandardRules() throws {
        let run = try Hanjul.run(["sim", "--versus", "tbp:" + Self.botCommand() + ":eltetris", "--games", "2", "--seed", "1", "--cap", "100"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("matches") || run.stdout.contains("won"), "\(run.stdout)")
        #expect(!run.stdout.contains("error") && !run.stderr.contains("tbp bot"), "\(run.stdout)\(run.stderr)")
    }

    /// A broken bot: after its `info` and `ready`, `onSuggest` (shell) answers each suggest.
    static func brokenBot(_ onSuggest: String, in folder: String, name: String) throws -> String {
        let path = folder + "/" + name + ".sh"
        try """
            echo '{"type":"info","name":"\(name)","version":"1","author":"test","features":[]}'
            read line
            echo '{"type":"ready"}'
            while read line; do
              case "$line" in
                *'"suggest"'*) \(onSuggest) ;;
                *'"quit"'*) exit 0 ;;
              esac
            done

            """.write(toFile: path, atomically: true, encoding: .utf8)
        return "sh '\(path)'"
    }

    @Test(arguments: [
        ("junk", "echo hello", "sent junk while HanJul waited for suggestion: 'hello'"),
        ("silent", "sleep 5", "sent no suggestion within 1 s"),
        ("illegal", #"echo '{"type":"suggestion","moves":[{"location":{"type":"T","orientation":"north","x":4,"y":-5},"spin":"none"}]}'"#,
         "none of which the rules can play"),
        ("flood", #"yes '{"type":"noise"}' | head -n 20000"#, "flooded HanJul with 10000 lines without a suggestion"),
        ("longline", "head -c 3000000 /dev/zero | tr '\\0' a; echo", "sent a line longer than 1024 KiB"),
        ("quitter", "exit 3", "closed its output before sending suggestion (it exited with status 3)"),
    ])
    func aBrokenBotIsContainedWithOneLine(name: String, onSuggest: String, expected: String) throws {
        let folder = try TemporaryFolder()
        let command = try Self.brokenBot(onSuggest, in: folder.path, name: name)
        var environment = ProcessInfo.processInfo.environment
        environment["HANJUL_TBP_TIMEOUT_MS"] = "1000"
        let started = Date()
        let run = try Hanjul.run(["sim", "--bot", "tbp:" + command, "--games", "1", "--seed", "1"], environment: environment)
        let said = (run.stdout + run.stderr).split(separator: "\n").filter { $0.contains("tbp bot '") }
        #expect(said.count == 1 && said.first?.contains(expected) == true, "stdout:\n\(run.stdout)\nstderr:\n\(run.stderr)")
        #expect(said.first?.contains(command) == true, "the line names the bot: \(said)")
        #expect(Date().timeIntervalSince(started) < 20, "contained at once, not after a hang")
    }

    /// A bot that never says `info` costs one timeout per worker, not one per game.
    @Test func aBotThatNeverStartsIsNotStartedAgain() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/mute.sh"
        try "#!/bin/sh\nsleep 30\n".write(toFile: path, atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["HANJUL_TBP_TIMEOUT_MS"] = "1000"
        let started = Date()
        let run = try Hanjul.run(["sim", "--bot", "tbp:sh '\(path)'", "--games", "20", "--seed", "1", "--workers", "1"], environment: environment)
        #expect(run.stdout.contains("20 rule errors") && run.stdout.contains("sent no info within 1 s"), "\(run.stdout)\n\(run.stderr)")
        #expect(Date().timeIntervalSince(started) < 10, "one timeout, not twenty")
        let again = try Hanjul.run(["sim", "--bot", "tbp:sh '\(path)'", "--games", "2", "--seed", "1", "--workers", "1", "--jsonl", "-"],
                                   environment: environment)
        #expect(again.stdout.contains("(not started again)"), "the later games say why they ended: \(again.stdout)")
    }
}
