import Foundation
import Testing

/// A mod that draws random numbers and iterates tables gives the same game in two
/// separate processes (Lua seeds its string hash per process: pairs order must not leak).
@Suite struct ModDeterminismTests {
    @Test func sameGameInTwoProcesses() throws {
        let mods = NSTemporaryDirectory() + "hanjul-det-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: mods) }
        try FileManager.default.createDirectory(atPath: mods + "/dice", withIntermediateDirectories: true)
        try """
            local weights = { I = 1, O = 2, T = 3, S = 4, Z = 5, J = 6, L = 7, alpha = 8, beta = 9, gamma = 10 }
            return {
              id = "dice", name = "Dice", version = "1", description = "random kinds", api = 1,
              next_piece = function(game)
                local order = {}
                for key in pairs(weights) do order[#order + 1] = key end
                local pick = order[math.random(#order)]
                if #pick > 1 then pick = ({ "I", "O", "T" })[game:random(3)] end
                return pick
              end,
              on_lock = function(game)
                local seen = {}
                for k, v in pairs({ x = 1, y = 2, z = 3, w = 4 }) do seen[#seen + 1] = k .. v end
                game:add_score(#table.concat(seen) * math.random(5))
              end,
            }
            """.write(toFile: mods + "/dice/mod.lua", atomically: true, encoding: .utf8)
        let arguments = ["run", "--seed", "42", "--actions", String(repeating: "LHRRHCH", count: 10),
                         "--mod", "dice", "--mods-dir", mods, "--json"]
        let first = try Hanjul.run(arguments)
        let second = try Hanjul.run(arguments)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == second.stdout)
        let third = try Hanjul.run(arguments.map { $0 == "42" ? "43" : $0 })
        #expect(third.stdout != first.stdout, "the seed matters")
    }

    @Test func modErrorsExitThreeWithFileLineAndHook() throws {
        let mods = NSTemporaryDirectory() + "hanjul-err-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: mods) }
        try FileManager.default.createDirectory(atPath: mods + "/garbage", withIntermediateDirectories: true)
        try """
            return {
              id = "garbage", name = "Garbage", version = "1", description = "broken", api = 1,
              on_lock = function(game)
                local row
                return row.cells
              end,
            }
            """.write(toFile: mods + "/garbage/mod.lua", atomically: true, encoding: .utf8)
        let result = try Hanjul.run(["run", "--seed", "1", "--actions", "H", "--mod", "garbage", "--mods-dir", mods, "--json"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("garbage/mod.lua:5: on_lock: attempt to index a nil value"), "\(result.stderr)")
        #expect(result.stdout.contains("\"over\":true"), "the state at the failure is still printed")
        let missing = try Hanjul.run(["run", "--seed", "1", "--actions", "H", "--mod", "nosuch", "--mods-dir", mods])
        #expect(missing.status == 2, "an unknown mod is a usage error")
        #expect(missing.stderr.contains("no mod 'nosuch'"))
    }
}
