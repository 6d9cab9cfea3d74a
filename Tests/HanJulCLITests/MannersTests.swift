import Foundation
import Testing

/// Issue 25 item 5: reports under a locale that is not UTF-8, the search path from `/`, the
/// mods of a binary installed as Debian installs games, and unknown mods in every command.
@Suite struct MannersTests {
    static let repository = InstallTests.repository

    /// The environment of a run under `locale` (no other locale variable).
    static func environment(_ locale: [String: String], home: String) -> [String: String] {
        ["PATH": "/usr/bin:/bin", "HOME": home, "XDG_DATA_HOME": home + "/data", "XDG_CONFIG_HOME": home + "/config",
         "XDG_DATA_DIRS": home + "/none", "TERM": "dumb"].merging(locale) { $1 }
    }

    static func nonASCII(_ text: String) -> [String] {
        text.split(separator: "\n").filter { !$0.utf8.allSatisfy { $0 < 0x80 } }.map(String.init)
    }

    /// Reports for people (sim, compare, stats, help, mods, errors) are ASCII under LANG=C,
    /// LC_ALL=POSIX or a Latin-1 locale; UTF-8 under C.UTF-8 (sim's summary has `…`).
    @Test(arguments: [["LANG": "C"], ["LC_ALL": "POSIX", "LANG": "C.UTF-8"], ["LC_CTYPE": "C", "LANG": "C.UTF-8"], [:]])
    func reportsAreASCIIOutsideUTF8(locale: [String: String]) throws {
        let scratch = try TemporaryFolder()
        let environment = Self.environment(locale, home: scratch.path)
        let commands: [[String]] = [
            ["sim", "--games", "2", "--seed", "1", "--cap", "50"],
            ["compare", "--a", "standard", "--b", "zen", "--games", "4", "--seed", "1", "--cap", "30"],
            ["help", "sim"], ["help"], ["mods"], ["sim", "--bot", "list"],
            ["sim", "--shard", "9/4", "--games", "2", "--seed", "1"],
        ]
        for words in commands {
            let result = try Shell.run(Hanjul.binary.path, words, environment: environment, directory: Self.repository)
            #expect(Self.nonASCII(result.stdout).isEmpty && Self.nonASCII(result.stderr).isEmpty,
                    "\(locale) \(words): \(Self.nonASCII(result.stdout + result.stderr).prefix(3))")
        }
        let utf8 = try Shell.run(Hanjul.binary.path, commands[0], environment: Self.environment(["LANG": "C.UTF-8"], home: scratch.path),
                                 directory: Self.repository)
        #expect(!Self.nonASCII(utf8.stdout).isEmpty, "a UTF-8 locale keeps the report's symbols")
        let ascii = try Shell.run(Hanjul.binary.path, commands[0], environment: environment, directory: Self.repository)
        #expect(ascii.stdout.contains("seeds 1...2"), "\(ascii.stdout.prefix(300))")
    }

    /// JSON is data: a mod's name beyond ASCII stays as it is under LANG=C.
    @Test func jsonIsNotFolded() throws {
        let scratch = try TemporaryFolder()
        let folder = scratch.path + "/mods/accent"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try """
            return { id = "accent", name = "Zoë", version = "1", description = "한줄", api = 1,
              on_lock = function(game) game:announce("한줄 ×2") end }
            """.write(toFile: folder + "/mod.lua", atomically: true, encoding: .utf8)
        let environment = Self.environment(["LANG": "C"], home: scratch.path)
        let run = try Shell.run(Hanjul.binary.path, ["run", "--seed", "1", "--actions", "H", "--json", "--mod", "accent",
                                                     "--mods-dir", scratch.path + "/mods"], environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\"callouts\":[\"한줄 ×2\"]"), "\(run.stdout)")
        let mods = try Shell.run(Hanjul.binary.path, ["mods", "--mods-dir", scratch.path + "/mods"], environment: environment)
        #expect(mods.stdout.contains("accent 1  Zoe: ??"), "\(mods.stdout)")
    }

    /// Run from `/`, the working folder's mods are `/Mods`, not `//Mods`.
    @Test func searchedFromRoot() throws {
        let scratch = try TemporaryFolder()
        let result = try Shell.run(Hanjul.binary.path, ["mods"], environment: Self.environment(["LANG": "C.UTF-8"], home: scratch.path),
                                   directory: "/")
        #expect(result.stdout.contains("Searched: /Mods, "), "\(result.stdout)")
        #expect(!result.stdout.contains("//"), "\(result.stdout)")
    }

    /// Debian's games layout: `PREFIX/games/hanjul` finds its mods in
    /// `PREFIX/share/games/hanjul/mods` (the binary hard-linked there, so /proc/self/exe
    /// names that path).
    @Test func gamesLayoutFindsItsMods() throws {
        let scratch = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: scratch.path + "/usr/games", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: scratch.path + "/usr/share/games/hanjul/mods", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.repository + "/Mods/zen", toPath: scratch.path + "/usr/share/games/hanjul/mods/zen")
        let binary = scratch.path + "/usr/games/hanjul"
        guard link(Hanjul.binary.path, binary) == 0 else {
            try FileManager.default.copyItem(atPath: Hanjul.binary.path, toPath: binary)
            return try checkGames(binary, scratch: scratch)
        }
        try checkGames(binary, scratch: scratch)
    }

    func checkGames(_ binary: String, scratch: TemporaryFolder) throws {
        try FileManager.default.createDirectory(atPath: scratch.path + "/work", withIntermediateDirectories: true)
        let result = try Shell.run(binary, ["mods"], environment: Self.environment(["LANG": "C.UTF-8"], home: scratch.path),
                                   directory: scratch.path + "/work")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\(scratch.path)/usr/share/games/hanjul/mods/zen  sha256 "), "\(result.stdout)")
        let run = try Shell.run(binary, ["run", "--mod", "zen", "--seed", "1", "--actions", "H"],
                                environment: Self.environment(["LANG": "C.UTF-8"], home: scratch.path), directory: scratch.path + "/work")
        #expect(run.status == 0, "\(run.stderr)")
    }

    /// An unknown mod is a usage error (2) in every command that takes --mod; the bot list
    /// in the help names lee.
    @Test func unknownModIsAUsageErrorEverywhere() throws {
        for words in [["run", "--seed", "1", "--actions", "H"], ["sim", "--games", "1", "--seed", "1"], ["check"], ["play"]] {
            let arguments = words.first == "check" ? ["check", "nosuchmod"] : words + ["--mod", "nosuchmod"]
            let result = try Hanjul.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("no mod 'nosuchmod'"), "\(arguments): \(result.stderr)")
        }
        let help = try Hanjul.run(["help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("dellacherie, lee, random"), "\(help)")
        #expect(try Hanjul.run(["help", "--man"]).stdout.contains("dellacherie, lee, random"))
    }
}
