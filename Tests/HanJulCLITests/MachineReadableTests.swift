import Foundation
import Testing

/// `hanjul mods --json` and `hanjul check ID --json` (schemas in docs/MODDING.md), and help
/// that names every bot.
@Suite struct MachineReadableTests {
    /// Runs hanjul in the repository (its ./Mods) with no mods of the user's or the system's.
    static func run(_ arguments: [String]) throws -> (status: Int32, json: [String: Any]?, stdout: String, stderr: String) {
        let folder = try TemporaryFolder()
        let environment = ["PATH": "/usr/bin:/bin", "HOME": folder.path, "XDG_DATA_HOME": folder.path + "/data",
                           "XDG_DATA_DIRS": folder.path + "/none", "LANG": "C.UTF-8"]
        let result = try Shell.run(Hanjul.binary.path, arguments, environment: environment, directory: InstallTests.repository)
        let json = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return (result.status, json, result.stdout, result.stderr)
    }

    @Test func modsJSONListsEveryShippedMod() throws {
        let listed = try Self.run(["mods", "--json"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let json = try #require(listed.json, "not JSON: \(listed.stdout)")
        #expect(json["schema"] as? String == "hanjul-mods/1" && json["broken"] as? Int == 0)
        let mods = try #require(json["mods"] as? [[String: Any]])
        #expect(mods.map { $0["id"] as? String ?? "" } == InstallTests.bundledMods)
        for mod in mods {
            #expect(mod["status"] as? String == "ok" && (mod["version"] as? String)?.isEmpty == false
                    && (mod["sha256"] as? String)?.count == 64 && mod["requires"] is [String], "\(mod)")
        }
    }

    @Test func modsJSONSaysWhichFailAndWhichAreHidden() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/broken", withIntermediateDirectories: true)
        try "return {".write(toFile: folder.path + "/broken/mod.lua", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: InstallTests.repository + "/Mods/zen", toPath: folder.path + "/zen")
        let listed = try Self.run(["mods", "--json", "--mods-dir", folder.path])
        #expect(listed.status == 3, "a mod that fails to load: \(listed.stderr)")
        let json = try #require(listed.json, "\(listed.stdout)")
        #expect(json["broken"] as? Int == 1)
        let mods = try #require(json["mods"] as? [[String: Any]])
        let broken = try #require(mods.first { $0["id"] as? String == "broken" })
        #expect(broken["status"] as? String == "error" && (broken["error"] as? String)?.isEmpty == false, "\(broken)")
        let hidden = mods.filter { $0["id"] as? String == "zen" }
        #expect(hidden.map { $0["status"] as? String ?? "" } == ["ok", "hidden"], "\(hidden)")
        #expect(try Self.run(["mods", "--json", "--ids"]).status == 2)
    }

    @Test func checkJSONReportsEveryCheck() throws {
        let checked = try Self.run(["check", "standard", "--json", "--games", "2"])
        #expect(checked.status == 0, "\(checked.stderr)")
        let json = try #require(checked.json, "\(checked.stdout)")
        #expect(json["schema"] as? String == "hanjul-check/1" && json["mod"] as? String == "standard")
        #expect(json["passed"] as? Bool == true && json["loaded"] as? Bool == true && (json["failed"] as? [String])?.isEmpty == true)
        let checks = try #require(json["checks"] as? [[String: Any]])
        let names = checks.compactMap { $0["name"] as? String }
        #expect(names.starts(with: ["manifest", "determinism"]) && names.contains("invariants"), "\(names)")
        #expect(checks.allSatisfy { $0["passed"] as? Bool == true && $0["detail"] is String })

        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/broken", withIntermediateDirectories: true)
        try "return {".write(toFile: folder.path + "/broken/mod.lua", atomically: true, encoding: .utf8)
        let failed = try Self.run(["check", "broken", "--json", "--mods-dir", folder.path])
        #expect(failed.status == 3, "\(failed.stdout) \(failed.stderr)")
        let report = try #require(failed.json, "\(failed.stdout)")
        #expect(report["loaded"] as? Bool == false && report["passed"] as? Bool == false && report["failed"] as? [String] == ["load"])
        #expect(try Self.run(["check", "standard", "--json", "--record", folder.path + "/x.replay"]).status == 2)
    }

    /// Every bot --bot takes, named in `hanjul --help` and `hanjul sim --help`.
    @Test func helpNamesEveryBot() throws {
        let listed = try Hanjul.run(["sim", "--bot", "list"]).stdout
        let bots = listed.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(Set(["eltetris", "dellacherie", "lee", "random", "attack"]).isSubset(of: Set(bots)), "\(listed)")
        for arguments in [["--help"], ["sim", "--help"]] {
            let help = try Hanjul.run(arguments).stdout.replacingOccurrences(of: "\n", with: " ")
            for bot in bots {
                #expect(help.range(of: "\\b\(bot)\\b", options: .regularExpression) != nil, "\(arguments) does not name the bot \(bot)")
            }
        }
    }
}
