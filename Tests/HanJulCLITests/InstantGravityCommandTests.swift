import Foundation
import Testing

/// Instant gravity (`gravity` returning 0, #20 item 4) through the built binary: `run`
/// (with a `--board` ledge), `sim`, a saved replay's `--verify`, and `check`.
@Suite struct InstantGravityCommandTests {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-20g-\(UUID().uuidString)").path
        for (id, delay) in [("twentyg", ""), ("twentyglock", "lock_delay = { ms = 500, resets = 15 },")] {
            try FileManager.default.createDirectory(atPath: folder + "/mods/" + id, withIntermediateDirectories: true)
            try """
            return {
              id = "\(id)", name = "20G", version = "1.0.0", description = "Instant gravity.", api = 1,
              \(delay)
              gravity = function() return 0 end,
            }
            """.write(toFile: folder + "/mods/\(id)/mod.lua", atomically: true, encoding: .utf8)
        }
        try "...IIII...\n...IIII...\n...IIII...\n...IIII...\n".write(toFile: folder + "/ledge.txt", atomically: true, encoding: .utf8)
    }

    func run(_ arguments: [String]) throws -> [String: Any] {
        let result = try Hanjul.run(["run", "--mods-dir", folder + "/mods"] + arguments + ["--json"])
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    func piece(_ out: [String: Any]) throws -> (x: Int, y: Int) {
        let piece = try #require(out["piece"] as? [String: Any])
        return (try #require(piece["x"] as? Int), try #require(piece["y"] as? Int))
    }

    @Test func aNewPieceRestsOnTheFloorWithNoG() throws {
        let out = try run(["--mod", "twentyg", "--pieces", "T", "--actions", ""])
        #expect(out["gravity_ms"] as? Int == 0)
        let board = try #require(out["board"] as? [String])
        #expect(board.allSatisfy { $0 == ".........." })
        #expect(try piece(out).y == 18, "the T's flat side on row 19")
    }

    @Test func aSlideOffALedgeFallsAtOnce() throws {
        let board = ["--board", folder + "/ledge.txt", "--pieces", "O"]
        #expect(try piece(try run(["--mod", "twentyg"] + board + ["--actions", "RR"])) == (5, 14), "still on the ledge")
        #expect(try piece(try run(["--mod", "twentyg"] + board + ["--actions", "RRR"])) == (6, 18), "off it: on the floor")
        #expect(try piece(try run(["--mod", "twentyglock"] + board + ["--actions", "LLLL"])) == (-1, 18))
    }

    @Test func simPlaysAndASavedReplayVerifies() throws {
        let sim = try Hanjul.run(["sim", "--mods-dir", folder + "/mods", "--mod", "twentyglock", "--games", "2", "--seed", "1",
                                  "--cap", "200", "--workers", "1"])
        #expect(sim.status == 0, "\(sim.stderr)")
        #expect(sim.stdout.contains("2 games (seeds 1…2): 2 capped, 0 topped out, 0 rule errors"), "\(sim.stdout)")
        let replay = folder + "/g.hjr"
        let saved = try Hanjul.run(["run", "--mods-dir", folder + "/mods", "--mod", "twentyglock", "--seed", "3",
                                    "--actions", "LLW500 CRRW200W300 CH H", "--save-replay", replay])
        #expect(saved.status == 0, "\(saved.stderr)")
        let verify = try Hanjul.run(["replay", "--verify", replay, "--mods-dir", folder + "/mods"])
        #expect(verify.status == 0 && verify.stdout.hasPrefix("match:"), "\(verify.stdout)\(verify.stderr)")
    }

    @Test func checkPassesWithABotGameRecorded() throws {
        let golden = folder + "/mods/twentyglock/tests/bot.replay"
        try FileManager.default.createDirectory(atPath: folder + "/mods/twentyglock/tests", withIntermediateDirectories: true)
        let record = try Hanjul.run(["check", "--mods-dir", folder + "/mods", "twentyglock", "--record", golden])
        #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
        let check = try Hanjul.run(["check", "--mods-dir", folder + "/mods", "twentyglock"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("tests/bot.replay: match"))
    }
}
