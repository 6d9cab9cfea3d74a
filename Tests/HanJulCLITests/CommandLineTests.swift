import Foundation
import HanJulCore
import HanJulReplay
import Testing

/// The command line as users meet it: help for every command, options that parse as
/// documented, suggestions for typos, `--` and `-`, and the man page.
@Suite struct CommandLineTests {
    /// Every command, as the README and the man page list them.
    static let commands = ["play", "run", "replay", "demo", "mods", "check", "sim", "stats", "compare", "bench",
                           "help", "completions"]

    @Test(arguments: commands)
    func everyCommandHasHelp(command: String) throws {
        let long = try Hanjul.run([command, "--help"])
        #expect(long.status == 0, "\(long.stderr)")
        #expect(long.stdout.hasPrefix("usage: hanjul \(command)"), "\(long.stdout.prefix(200))")
        #expect(long.stdout.contains("  -h, --help              show this help and exit"))
        #expect(long.stderr.isEmpty)
        #expect(try Hanjul.run([command, "-h"]).stdout == long.stdout)
        #expect(try Hanjul.run(["help", command]).stdout == long.stdout)
    }

    @Test func topLevelUsageListsEveryCommand() throws {
        for words in [["help"], ["--help"], ["-h"]] {
            let result = try Hanjul.run(words)
            #expect(result.status == 0)
            #expect(result.stdout.hasPrefix("HanJul: a moddable falling-block puzzle game for the terminal."))
            for command in Self.commands {
                #expect(result.stdout.contains("\n  hanjul \(command)"), "\(words): \(command) missing")
            }
        }
    }

    /// The options each command's help lists, and every `--option` its help mentions (an
    /// option of another command where the text says `hanjul OTHER … --option`), each given
    /// before an unknown option: the error must name the unknown one, so the documented
    /// one parsed (a flag leaves the `x` as an argument, checked only after the options).
    @Test(arguments: commands)
    func everyDocumentedOptionParses(command: String) throws {
        let help = try Hanjul.run([command, "--help"]).stdout
        let table = help.components(separatedBy: "\noptions:\n")[1].components(separatedBy: "\n\n")[0]
        var probes: Set<[String]> = []
        for line in table.split(separator: "\n") where line.hasPrefix("  -") {
            let name = line.split(separator: " ").first { $0.hasPrefix("--") }!
            probes.insert([command, String(name.trimmingCharacters(in: CharacterSet(charactersIn: ",.")))])
        }
        #expect(probes.contains([command, "--help"]), "\(command): \(table)")
        for line in Self.logicalLines(help) {
            for (option, owner) in Self.options(in: line, command: command) { probes.insert([owner, option]) }
        }
        for probe in probes where probe[1] != "--help" {
            let words = probe + ["x", "--zz-not-an-option"]
            let result = try Hanjul.run(words)
            #expect(result.status == 2, "\(words)")
            #expect(result.stderr.hasPrefix("hanjul \(probe[0]): unknown option --zz-not-an-option"), "\(words): \(result.stderr)")
        }
    }

    /// The help's lines, with a line that wrapped right after `hanjul` joined to the next
    /// (so `'hanjul help --man'` broken after `hanjul` still names its command).
    static func logicalLines(_ help: String) -> [String] {
        var lines: [String] = []
        for line in help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let last = lines.last, last.split(separator: " ").last?.trimmingCharacters(in: CharacterSet(charactersIn: "'\"(")) == "hanjul" {
                lines[lines.count - 1] += " " + line.trimmingCharacters(in: .whitespaces)
            } else {
                lines.append(line)
            }
        }
        return lines
    }

    /// The `--options` in a line of help, each with the command it belongs to: the last
    /// `hanjul CMD` before it on the line, else `command`.
    static func options(in line: String, command: String) -> [(String, String)] {
        var found: [(String, String)] = []
        var owner = command
        let words = line.split(whereSeparator: { " ()[]|,;'\"".contains($0) }).map(String.init)
        for (i, word) in words.enumerated() {
            if word == "hanjul", i + 1 < words.count, Self.commands.contains(words[i + 1]) { owner = words[i + 1] }
            guard word.hasPrefix("--"), word.count > 2, word.dropFirst(2).first!.isLowercase else { continue }
            let name = String(word.prefix { $0 != "=" && $0 != "." && $0 != ":" })
            found.append((name, owner))
        }
        return found
    }

    @Test(arguments: [
        (["simm"], "hanjul: unknown command 'simm' (did you mean 'sim'?) (see 'hanjul help')\n"),
        (["sim", "--workres", "2"], "hanjul sim: unknown option --workres (did you mean --workers?) (see 'hanjul sim --help')\n"),
        // A misspelt required option is named as unknown, not as missing.
        (["sim", "--game", "5", "--seed", "1"], "hanjul sim: unknown option --game (did you mean --games?) (see 'hanjul sim --help')\n"),
        (["help", "rnu"], "hanjul help: unknown command 'rnu' (did you mean 'run'?) (see 'hanjul help --help')\n"),
        // --version's slips (issue 25).
        (["--verison"], "hanjul: unknown option --verison (did you mean --version?) (see 'hanjul help')\n"),
        (["--versoin"], "hanjul: unknown option --versoin (did you mean --version?) (see 'hanjul help')\n"),
        (["-v"], "hanjul: unknown option -v (did you mean -V?) (see 'hanjul help')\n"),
        (["version"], "hanjul: unknown command 'version' (did you mean '--version'?) (see 'hanjul help')\n"),
        (["verison"], "hanjul: unknown command 'verison' (did you mean '--version'?) (see 'hanjul help')\n"),
        (["sim", "--games", "1", "--seed", "1", "--bot", "elteris"],
         "hanjul sim: --bot 'elteris' is not a bot (use eltetris, dellacherie, lee, random, attack, attack-classic, tbp:COMMAND, or list) (did you mean 'eltetris'?) (see 'hanjul sim --help')\n"),
        (["run", "--seed", "1", "--actions", "H", "--", "extra"], "hanjul run: unexpected argument 'extra' (see 'hanjul run --help')\n"),
        (["sim", "--jsonl", "--json", "--games", "1", "--seed", "1"],
         "hanjul sim: --jsonl needs a file name, but '--json' is an option (to name a file so, write --jsonl=--json or ./--json) (see 'hanjul sim --help')\n"),
    ])
    func usageErrorsSuggest(words: [String], message: String) throws {
        let result = try Hanjul.run(words)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == message)
    }

    /// An unknown mod is a usage error (2), as any unknown name on the command line.
    @Test func unknownModIsSuggested() throws {
        let result = try Hanjul.run(["run", "--mod", "garbag", "--seed", "1", "--actions", "H"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("hanjul run: no mod 'garbag' (did you mean 'garbage'?) in "), "\(result.stderr)")
    }

    /// Arguments echoed in errors cannot reach the terminal as escape codes (#15 item 10).
    @Test(arguments: [
        ["\u{1B}]0;owned\u{07}"],
        ["run", "--seed", "1\u{1B}[2J", "--actions", "H"],
        ["run", "--pieces", "I\u{1B}", "--actions", "H"],
        ["sim", "--\u{1B}[31mred"],
        ["stats", "/nonexistent/\u{1B}[5mx.jsonl"],
    ])
    func echoedArgumentsCarryNoEscapes(words: [String]) throws {
        let result = try Hanjul.run(words)
        #expect(result.status == 2)
        #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(result.stderr.debugDescription)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    /// The value after an option is that option's value, even when it is spelt like
    /// another option (ArgumentReader used to scan all of argv for each option).
    @Test func aValueSpeltLikeAnOptionStaysAValue() throws {
        let result = try Hanjul.run(["run", "--pieces", "I", "--actions", "--json"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown action '-' at position 1"), "\(result.stderr)")
    }

    @Test func doubleDashEndsOptions() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/--json"
        #expect(try Hanjul.run(["sim", "--seeds", "1..1", "--cap", "5", "--jsonl", path]).status == 0)
        let merged = try Hanjul.run(["stats", "--json", "--", path])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout.contains("\"games\" : 1"))
    }

    /// `-` is standard output where a file is written and standard input where one is read.
    @Test func dashIsTheStandardStreams() throws {
        let jsonl = try Hanjul.run(["sim", "--seeds", "1..2", "--cap", "5", "--jsonl", "-"])
        #expect(jsonl.status == 0, "\(jsonl.stderr)")
        let lines = jsonl.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix("{\"header\":") == true)
        #expect(jsonl.stderr.contains("2 games (seeds 1…2)"), "the summary goes to standard error: \(jsonl.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "-"))

        let merged = try Hanjul.run(["stats", "-"], stdin: jsonl.stdout)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout.contains("2 games (seeds 1…2)"))

        let replay = try Hanjul.run(["run", "--seed", "1", "--actions", "HHH", "--save-replay", "-", "--json"])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stderr.hasPrefix("{\"board\":"), "the result goes to standard error: \(replay.stderr)")
        let verified = try Hanjul.run(["replay", "--verify", "-"], stdin: replay.stdout)
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect(verified.stdout.hasPrefix("match: 3 actions"), "\(verified.stdout)")

        let script = try Hanjul.run(["run", "--pieces", "IO", "--actions-file", "-", "--json"], stdin: "LLH H")
        #expect(script.status == 0)
        #expect(script.stdout == (try Hanjul.run(["run", "--pieces", "IO", "--actions", "LLH H", "--json"])).stdout)
    }

    @Test func twoOutputsCannotShareStandardOutput() throws {
        let result = try Hanjul.run(["compare", "--a", "", "--b", "nokick", "--seeds", "1..1", "--json", "--svg", "-"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--json and --svg - both write to standard output"), "\(result.stderr)")
    }

    /// The renamed count options of `check` still work, with a note.
    @Test func oldSpellingsStillWork() throws {
        let folder = try TemporaryFolder()
        let result = try Hanjul.run(["check", "standard", "--record", folder.path + "/r.hjr", "--pieces", "3"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "hanjul check: note: --pieces is now --cap; the old spelling still works for now\n")
        #expect(result.stdout.contains("3 pieces"), "\(result.stdout)")
    }

    /// Installed mods (`PREFIX/share/hanjul/mods`) are found through `XDG_DATA_DIRS`, after
    /// the user's own folder, which wins for the same id.
    @Test func systemModsComeAfterTheUsers() throws {
        let folder = try TemporaryFolder()
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder.path + "/system/hanjul/mods", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: folder.path + "/data/hanjul/mods", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: folder.path + "/work", withIntermediateDirectories: true)
        for id in ["zen", "garbage"] {
            try manager.copyItem(atPath: repository.path + "/Mods/\(id)", toPath: folder.path + "/system/hanjul/mods/\(id)")
        }
        try manager.copyItem(atPath: repository.path + "/Mods/zen", toPath: folder.path + "/data/hanjul/mods/zen")
        let environment = ["HOME": folder.path, "XDG_DATA_HOME": folder.path + "/data", "XDG_CONFIG_HOME": folder.path + "/config",
                           "XDG_DATA_DIRS": "relative/ignored:" + folder.path + "/system", "PATH": "/usr/bin:/bin"]
        let ids = try Shell.run(Hanjul.binary.path, ["mods", "--ids"], environment: environment, directory: folder.path + "/work")
        #expect(ids.stdout == "zen\ngarbage\n", "the user's folder first, then the system's: \(ids.stdout)")
        let listing = try Shell.run(Hanjul.binary.path, ["mods"], environment: environment, directory: folder.path + "/work")
        #expect(listing.status == 0, "\(listing.stderr)")
        #expect(listing.stdout.contains("  zen  (in \(folder.path)/system/hanjul/mods/zen, hidden by \(folder.path)/data/hanjul/mods/zen)"),
                "\(listing.stdout)")
        let played = try Shell.run(Hanjul.binary.path, ["run", "--mod", "garbage", "--seed", "1", "--actions", "H", "--json"],
                                   environment: environment, directory: folder.path + "/work")
        #expect(played.status == 0, "\(played.stderr)")
        #expect(played.stdout.contains("\"id\":\"garbage\""))
    }

    /// `--version`: HanJul's release, the engine's behaviour version, the replay format
    /// version and the Lua in use; the release and engine are in every replay too.
    @Test func versionEverywhere() throws {
        for flag in ["--version", "-V"] {
            let result = try Hanjul.run([flag])
            #expect(result.status == 0)
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 4, "\(result.stdout)")
            #expect(lines.first == "hanjul \(HanJulVersion.release)")
            #expect(lines.dropFirst().first == "engine behaviour version \(HanJulVersion.engine)")
            #expect(lines.dropFirst(2).first == "replay format version \(ReplayFile.version)")
            #expect(lines.last?.hasPrefix("Lua 5.4.") == true, "\(result.stdout)")
        }
        let extra = try Hanjul.run(["--version", "run"])
        #expect(extra.status == 2)
        let replay = try Hanjul.run(["run", "--seed", "1", "--actions", "H", "--save-replay", "-"])
        #expect(replay.stdout.contains("\"hanjul\":\"\(HanJulVersion.release)\",\"engine\":\(HanJulVersion.engine),"), "\(replay.stdout)")
        let header = try Hanjul.run(["sim", "--seeds", "1..1", "--cap", "5", "--jsonl", "-"])
        #expect(header.stdout.contains("\"hanjul\":\"\(HanJulVersion.release)\""), "\(header.stdout.prefix(300))")
        #expect(header.stdout.contains("\"engine\":\(HanJulVersion.engine)"))
    }

    @Test func manPageRenders() throws {
        let folder = try TemporaryFolder()
        let page = try Hanjul.run(["help", "--man"])
        #expect(page.status == 0)
        #expect(page.stdout.hasPrefix(".\\\" The manual of hanjul"))
        let path = folder.path + "/hanjul.6"
        try page.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        let man = try Shell.run("/usr/bin/man", ["-l", path], environment: ["MANWIDTH": "80", "MAN_KEEP_FORMATTING": "", "PATH": "/usr/bin:/bin",
                                                                         "LANG": "C.UTF-8", "MANPAGER": "cat", "PAGER": "cat"])
        #expect(man.status == 0, "\(man.stderr)")
        #expect(man.stderr.isEmpty, "\(man.stderr)")
        #expect(man.stdout.contains("HANJUL(6)"))
        #expect(man.stdout.contains("hanjul - a moddable falling-block puzzle game for the terminal"))
        for command in Self.commands { #expect(man.stdout.contains("   hanjul \(command)\n"), "\(command) section") }
        #expect(man.stdout.contains("--workers K"))
        #expect(man.stdout.contains("EXIT STATUS"))
        // groff with every warning on, and no UTF-8 preprocessor: the page is clean roff.
        let strict = try Shell.run("/usr/bin/groff", ["-man", "-ww", "-z", path], environment: ["PATH": "/usr/bin:/bin"])
        #expect(strict.status == 0 && strict.stderr.isEmpty, "\(strict.stderr)")
    }

    /// Issue 25 item 4: the page is complete and says nothing about the repository.
    @Test func manPageIsComplete() throws {
        let page = try Hanjul.run(["help", "--man"]).stdout
        // The release's date, not the build's: the same sources make the same page.
        #expect(page.contains(".TH HANJUL 6 \"\(HanJulVersion.date)\" \"hanjul \(HanJulVersion.release)\" \"Games\""), "\(page.prefix(300))")
        for section in ["EXIT STATUS", "ENVIRONMENT", "FILES", "EXAMPLES", "SEE ALSO"] {
            #expect(page.contains("\n.SH \(section)\n"), "\(section)")
        }
        let text = page.replacingOccurrences(of: "\\-", with: "-")
        for variable in ["HOME", "USER", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_DATA_DIRS", "LC_ALL, LC_CTYPE, LANG",
                         "NO_COLOR", "COLORTERM, TERM", "HANJUL_WATCHDOG_SECONDS", "TMPDIR", "PATH"] {
            #expect(text.contains("\n.TP\n\\fB\(variable)\\fR\n"), "ENVIRONMENT lacks \(variable)")
        }
        for file in ["settings.conf", "keys.conf", "scores.hjr", "replays/", "quarantine", "/usr/share/games/hanjul/mods/",
                     "examples/sweep.sbatch"] {
            #expect(text.contains(file), "FILES lacks \(file)")
        }
        for repositoryPath in ["scripts/", "docs/", "Tests/", "Sources/"] {
            #expect(!text.contains(repositoryPath), "the page cites \(repositoryPath)")
        }
    }
}

/// A fresh temporary folder, removed when the value goes away.
final class TemporaryFolder {
    let path: String
    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// Runs a program other than hanjul, with its output collected.
enum Shell {
    static func run(_ path: String, _ arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
                    stdin: String? = nil) throws -> Hanjul.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let folder = try TemporaryFolder()
        let outURL = URL(fileURLWithPath: folder.path + "/out"), errURL = URL(fileURLWithPath: folder.path + "/err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Hanjul.Result(status: process.terminationStatus,
                             stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                             stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}
