import Foundation
import Testing

/// The mod (#22): a `spawn` that raises on every call and a `gravity` returning the
/// string "16" changed nothing and no tool said so. Now every tool does.
@Suite struct HookWarningCommandTests {
    /// A folder holding the mod `bad`; removed by the caller.
    static func badMod() throws -> String {
        let mods = NSTemporaryDirectory() + "hanjul-warn-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: mods + "/bad", withIntermediateDirectories: true)
        try """
            return {
              id = "bad", name = "Bad", version = "0.1.0", api = 1,
              description = "A spawn that raises and a gravity that returns a string.",
              spawn = function(game, kind) return game:levl() end,
              gravity = function(level, interval) return "16" end,
            }
            """.write(toFile: mods + "/bad/mod.lua", atomically: true, encoding: .utf8)
        return mods
    }

    @Test("run --json lists both failures as warnings with mod, hook and file:line; the game goes on (exit 0)")
    func run() throws {
        let mods = try Self.badMod()
        defer { try? FileManager.default.removeItem(atPath: mods) }
        let result = try Hanjul.run(["run", "--seed", "1", "--actions", "HHH", "--mod", "bad", "--mods-dir", mods, "--json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["rule_error"] is NSNull)
        let warnings = try #require(object["warnings"] as? [[String: Any]])
        #expect(warnings.map { $0["hook"] as? String } == ["gravity", "spawn"])
        #expect(warnings.map { $0["mod"] as? String } == ["bad", "bad"])
        #expect(warnings.map { ($0["location"] as? String)?.hasSuffix("bad/mod.lua:5") } == [true, false])
        #expect((warnings[1]["location"] as? String)?.hasSuffix("bad/mod.lua:4") == true)
        #expect((warnings[0]["message"] as? String)?.contains("gravity must return an integer, not string \"16\"") == true)
        #expect((warnings[1]["message"] as? String)?.contains("attempt to call a nil value (method 'levl')") == true)
        #expect(result.stderr.isEmpty, "with --json the warnings are in the object")
        let text = try Hanjul.run(["run", "--seed", "1", "--actions", "HHH", "--mod", "bad", "--mods-dir", mods])
        #expect(text.status == 0)
        #expect(text.stderr.contains("warning: ") && text.stderr.contains("bad/mod.lua:4: spawn: attempt to call a nil value"), "\(text.stderr)")
    }

    @Test("run --json gives the error that ended a game as rule_error, its parts apart")
    func ruleError() throws {
        let mods = try Self.badMod()
        defer { try? FileManager.default.removeItem(atPath: mods) }
        try FileManager.default.createDirectory(atPath: mods + "/stops", withIntermediateDirectories: true)
        try """
            return {
              id = "stops", name = "Stops", version = "0.1.0", api = 1, description = "on_lock raises",
              on_lock = function() error("stop here") end,
            }
            """.write(toFile: mods + "/stops/mod.lua", atomically: true, encoding: .utf8)
        let result = try Hanjul.run(["run", "--seed", "1", "--actions", "H", "--mod", "stops", "--mods-dir", mods, "--json"])
        #expect(result.status == 3)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let error = try #require(object["rule_error"] as? [String: Any])
        #expect(error["mod"] as? String == "stops" && error["hook"] as? String == "on_lock")
        #expect((error["location"] as? String)?.hasSuffix("stops/mod.lua:3") == true)
        #expect((error["message"] as? String) == "stop here")
        #expect((object["warnings"] as? [Any])?.isEmpty == true)
    }

    @Test("check fails the mod, naming each failing hook")
    func check() throws {
        let mods = try Self.badMod()
        defer { try? FileManager.default.removeItem(atPath: mods) }
        let result = try Hanjul.run(["check", "bad", "--mods-dir", mods, "--games", "2"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("FAIL  determinism: hooks failed and the games went on with defaults"))
        #expect(result.stdout.contains("bad/mod.lua:4: spawn: attempt to call a nil value (method 'levl')"))
        #expect(result.stdout.contains("FAIL  invariants"))
    }

    @Test("sim counts them per game (records and summary) and exits 3; compare too")
    func simAndCompare() throws {
        let mods = try Self.badMod()
        defer { try? FileManager.default.removeItem(atPath: mods) }
        let sim = try Hanjul.run(["sim", "--mod", "bad", "--mods-dir", mods, "--seed", "1", "--games", "2", "--cap", "10", "--jsonl", "-"])
        #expect(sim.status == 3)
        let lines = sim.stdout.split(separator: "\n").dropFirst()
        #expect(lines.count == 2)
        for line in lines {
            let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect((record["warnings"] as? [String])?.count == 2)
        }
        #expect(sim.stderr.contains("2 games (seeds 1…2): 2 capped, 0 topped out, 0 rule errors, 2 went on past a hook's failure"))
        #expect(sim.stderr.contains("  warning: ") && sim.stderr.contains("spawn: attempt to call a nil value (method 'levl')"))

        let compare = try Hanjul.run(["compare", "--a", "", "--b", "bad", "--mods-dir", mods, "--seed", "1", "--games", "3", "--cap", "10"])
        #expect(compare.status == 3)
        #expect(compare.stdout.contains("went on past a hook's failure: A 0 games, B 3 games"), "\(compare.stdout)")
    }

    @Test("a summary file keeps them: stats of sim --summary says what sim said")
    func summaryFileKeepsWarnings() throws {
        let mods = try Self.badMod()
        defer { try? FileManager.default.removeItem(atPath: mods) }
        let summary = mods + "/run.summary"
        let sim = try Hanjul.run(["sim", "--mod", "bad", "--mods-dir", mods, "--seed", "1", "--games", "3", "--cap", "10", "--summary", summary])
        #expect(sim.status == 3)
        let stats = try Hanjul.run(["stats", summary])
        #expect(stats.stdout.contains("3 games (seeds 1…3): 3 capped, 0 topped out, 0 rule errors, 3 went on past a hook's failure"), "\(stats.stdout)\(stats.stderr)")
        #expect(stats.stdout.contains("spawn: attempt to call a nil value (method 'levl')"))
    }

    @Test("a mod without hook failures: no warnings field in sim's lines, nothing more in its summary")
    func quietWhenNone() throws {
        let sim = try Hanjul.run(["sim", "--mod", "guideline", "--mods-dir", SlurmArrayTests.repository.appendingPathComponent("Mods").path,
                                  "--seed", "1", "--games", "2", "--cap", "20", "--jsonl", "-"])
        #expect(sim.status == 0, "\(sim.stderr)")
        #expect(!sim.stdout.contains("warnings"))
        #expect(!sim.stderr.contains("hook's failure"))
    }
}
