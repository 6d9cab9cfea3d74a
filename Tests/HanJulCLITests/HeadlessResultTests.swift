import Foundation
import Testing

/// `hanjul run --json`'s result, reason, error, gravity_ms and callouts (issue #12 item 5).
@Suite final class HeadlessResultTests {
    /// This test's folder, removed with the suite instance (each test has its own).
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-results-\(UUID().uuidString)").path
    deinit { try? FileManager.default.removeItem(atPath: scratch) }

    /// A mods folder with `mods` (id → mod.lua body inside the manifest).
    func modsFolder(_ mods: [String: String]) throws -> String {
        let root = scratch + "/mods-\(UUID().uuidString.prefix(8))"
        for (id, body) in mods {
            try FileManager.default.createDirectory(atPath: root + "/" + id, withIntermediateDirectories: true)
            try """
                return {
                  id = "\(id)", name = "\(id)", version = "1.0.0", description = "a fixture for run --json", api = 1,
                \(body)
                }
                """.write(toFile: root + "/\(id)/mod.lua", atomically: true, encoding: .utf8)
        }
        return root
    }

    func run(_ mod: String, in folder: String, _ actions: String) throws -> (status: Int32, json: [String: Any]) {
        let result = try Hanjul.run(["run", "--mods-dir", folder, "--mod", mod, "--pieces", "TIO", "--actions", actions, "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return (result.status, try #require(object as? [String: Any]))
    }

    @Test func aFinishedGameReportsItsResult() throws {
        let folder = try modsFolder(["two": """
            after_lock = function(game)
              game:announce("LOCK " .. game:pieces_locked())
              if game:pieces_locked() == 2 then game:finish("pieces", 2, true) end
            end,
            gravity = function(level) return 1000 - level end,
            """])
        let (status, out) = try run("two", in: folder, "HHH")
        #expect(status == 0)
        #expect(out["over"] as? Bool == true)
        #expect(out["reason"] as? String == "finished")
        let result = try #require(out["result"] as? [String: Any])
        #expect(result["name"] as? String == "pieces")
        #expect(result["value"] as? Int == 2)
        #expect(result["lower_is_better"] as? Bool == true)
        #expect(result["unit"] as? String == "count", "no declaration: a plain count")
        #expect(out["error"] is NSNull)
        #expect(out["gravity_ms"] as? Int == 999)
        #expect(out["callouts"] as? [String] == ["LOCK 1", "LOCK 2"])
    }

    @Test func sprintShowsHowItsResultReadsAndTheLinesLeft() throws {
        let mods = SlurmArrayTests.repository.appendingPathComponent("Mods").path
        // Three O pieces and an I side by side: one line, after 1.5 s of game time.
        let result = try Hanjul.run(["run", "--mods-dir", mods, "--mod", "sprint", "--pieces", "OOOI",
                                     "--actions", "W500 LLLLH W500 LLH W250 H W250 RRRH", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let out = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(out["time_ms"] as? Int == 1500)
        let format = try #require(out["result_format"] as? [String: Any])
        #expect(format["name"] as? String == "time")
        #expect(format["unit"] as? String == "ms")
        #expect(format["lower_is_better"] as? Bool == true)
        let goal = try #require(out["goal"] as? [String: Any])
        #expect(goal["lines"] as? Int == 40)
        #expect(out["lines"] as? Int == 1)
        #expect(goal["lines_left"] as? Int == 39)
        #expect(out["result"] is NSNull, "still playing")
    }

    @Test func aRuleErrorReportsTheMessage() throws {
        let folder = try modsFolder(["broken": """
            on_lock = function(game) error("no luck") end,
            """])
        let (status, out) = try run("broken", in: folder, "H")
        #expect(status == 3)
        #expect(out["reason"] as? String == "rule_error")
        #expect(out["result"] is NSNull)
        let error = try #require(out["error"] as? String)
        #expect(error.hasSuffix("mod.lua:3: on_lock: no luck"), "\(error)")
    }

    @Test func aBlockedSpawnIsNamed() throws {
        let result = try Hanjul.run(["run", "--pieces", "O", "--actions", String(repeating: "H", count: 12), "--json"])
        let out = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(out["reason"] as? String == "blocked_spawn")
        #expect(out["gravity_ms"] as? Int == 700)
    }
}

/// #15 item 7: a mod whose query hooks keep count still gives replays that verify, because
/// the bot's lookahead asks a separate copy of the mod.
@Suite struct QueryHookReplayTests {
    @Test func simReplaysOfACountingRotateHookVerify() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-query-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/count", withIntermediateDirectories: true)
        try """
            local asked = 0
            return {
              id = "count", name = "count", version = "1.0.0", description = "counts rotate questions", api = 1,
              rotate = function(game, letter, rotation, x, y, direction)
                asked = asked + 1
                local turned = (rotation + direction) % 4
                if game:fits(letter, turned, x, y) then return x, y, turned end
              end,
              on_lock = function(game) game:add_score(asked) end,
            }
            """.write(toFile: root + "/count/mod.lua", atomically: true, encoding: .utf8)
        let folder = root + "/replays"
        let sim = try Hanjul.run(["sim", "--games", "2", "--seed", "5", "--cap", "60", "--mods-dir", root, "--mod", "count",
                                  "--save-replays", folder])
        #expect(sim.status == 0, "\(sim.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files.count == 2)
        for file in files {
            let verified = try Hanjul.run(["replay", "--verify", folder + "/" + file, "--mods-dir", root])
            #expect(verified.status == 0 && verified.stdout.hasPrefix("match: "), "\(file): \(verified.stdout) \(verified.stderr)")
        }
    }
}
