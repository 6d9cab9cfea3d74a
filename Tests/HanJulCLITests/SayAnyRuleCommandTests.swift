import Foundation
import Testing

/// #22 items 4 and 5 through the binary: 20G by hand in `run --board`, `check ars`, and
/// `check`'s games from higher levels.
@Suite struct SayAnyRuleCommandTests {
    static let mods = SlurmArrayTests.repository.appendingPathComponent("Mods").path

    /// docs/MODDING.md's `drop` mod and ledge, in a fresh folder.
    func dropFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "hanjul-drop-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/drop", withIntermediateDirectories: true)
        try """
            local function to_the_stack(game)
              while game:move_piece(0, 1) do end
            end

            return {
              id = "drop", name = "Drop", version = "0.1.0", api = 1,
              description = "20G: pieces fall to the stack at once, and again after every move.",
              on_spawn = to_the_stack,
              after_move = to_the_stack,
            }
            """.write(toFile: folder + "/drop/mod.lua", atomically: true, encoding: .utf8)
        try "IIIIII....\nIIIIII....\nIIIIII....\nIIIIII....\n".write(toFile: folder + "/ledge.txt", atomically: true, encoding: .utf8)
        return folder
    }

    func piece(_ arguments: [String]) throws -> [String: Any] {
        let result = try Hanjul.run(["run"] + arguments + ["--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let out = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(out["warnings"] == nil || (out["warnings"] as? [Any])?.isEmpty == true)
        return try #require(out["piece"] as? [String: Any])
    }

    @Test("20G by hand (after_move + move_piece) keeps a piece slid off a ledge on the stack, with no G")
    func twentyGByHand() throws {
        let folder = try dropFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let common = ["--mods-dir", folder, "--mod", "drop", "--pieces", "O", "--board", folder + "/ledge.txt"]
        let onLedge = try piece(common + ["--actions", "LL"])
        #expect(onLedge["y"] as? Int == 14 && onLedge["x"] as? Int == 1)
        let offLedge = try piece(common + ["--actions", "RRR"])
        #expect(offLedge["y"] as? Int == 18 && offLedge["x"] as? Int == 6)
        // Without the mod the O is still at the top after the same slides.
        let standard = try piece(["--pieces", "O", "--board", folder + "/ledge.txt", "--actions", "RRR"])
        #expect(standard["y"] as? Int == 0)
    }

    @Test("check ars passes, its golden replay included, and says which games start higher")
    func checkARS() throws {
        let result = try Hanjul.run(["check", "ars", "--mods-dir", Self.mods])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("ok    tests/ars.lua: 5 of 5 tests passed"), "\(result.stdout)")
        #expect(result.stdout.contains("ok    tests/first.replay: match"), "\(result.stdout)")
        #expect(result.stdout.contains("1 from a higher level"), "\(result.stdout)")
        #expect(result.stdout.contains("24 seeds (8 from levels 10 to 20)"), "\(result.stdout)")
    }

    @Test("check's games from a higher level reach code that depends on the level")
    func checkRunsLevelDependentCode() throws {
        let folder = NSTemporaryDirectory() + "hanjul-level-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/late", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A bug only from level 10 on: a scoring hook that fails there.
        try """
            return {
              id = "late", name = "Late", version = "0.1.0", api = 1,
              description = "Scoring that breaks from level 10 on.",
              scoring = function(_, _, level, points)
                if level >= 10 then return nil end
                return points
              end,
            }
            """.write(toFile: folder + "/late/mod.lua", atomically: true, encoding: .utf8)
        let result = try Hanjul.run(["check", "late", "--mods-dir", folder])
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stdout.contains("scoring must return an integer, not nil"), "\(result.stdout)")
        #expect(result.stdout.contains("--level 1"), "the reproducing command carries the start level: \(result.stdout)")
    }
}
