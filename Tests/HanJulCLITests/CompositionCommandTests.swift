import Foundation
import Testing

/// `hanjul run --board/--level/--lines` and `hanjul check ID --with OTHER` (#22 item 2).
@Suite struct CompositionCommandTests {
    static let mods = SlurmArrayTests.repository.appendingPathComponent("Mods").path

    func json(_ arguments: [String]) throws -> [String: Any] {
        let result = try Hanjul.run(["run"] + arguments + ["--json"])
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test("run --board FILE starts on that board, in any letter the rules know; --level and --lines set where it starts")
    func runFromABoard() throws {
        let folder = NSTemporaryDirectory() + "hanjul-board-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "....GGGGGG\nGGGGGG.GGG\n".write(toFile: folder + "/g.txt", atomically: true, encoding: .utf8)
        let out = try json(["--pieces", "I", "--actions", "LLLH", "--board", folder + "/g.txt", "--level", "10",
                            "--mod", "garbage", "--mods-dir", Self.mods])
        let board = try #require(out["board"] as? [String])
        #expect(board[19] == "GGGGGG.GGG")
        #expect(out["lines"] as? Int == 1 && out["level"] as? Int == 10)
        #expect(out["score"] as? Int == 34 + 1000)
        let lines = try json(["--pieces", "T", "--actions", "", "--lines", "42"])
        #expect(lines["lines"] as? Int == 42 && lines["level"] as? Int == 5)
        // The standard rules have no G: the message lists their letters.
        let refused = try Hanjul.run(["run", "--pieces", "I", "--actions", "H", "--board", folder + "/g.txt"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("row 1, column 5: 'G' is not a piece letter (the rules' letters: I O T S Z J L"), "\(refused.stderr)")
        let replay = try Hanjul.run(["run", "--pieces", "I", "--actions", "H", "--level", "3", "--save-replay", folder + "/r.hjr"])
        #expect(replay.status == 2 && replay.stderr.contains("--save-replay cannot hold a start"))
        let bad = try Hanjul.run(["run", "--pieces", "I", "--actions", "H", "--level", "0"])
        #expect(bad.status == 2 && bad.stderr.contains("--level"))
    }

    @Test("check ID --with OTHER checks the composition and says so; --mod points at --with")
    func checkWith() throws {
        let result = try Hanjul.run(["check", "sprint", "--with", "garbage", "--mods-dir", Self.mods, "--games", "2", "--fuzz-actions", "100"])
        #expect(result.stdout.contains("hanjul check sprint  (") && result.stdout.contains(" with garbage"), "\(result.stdout)")
        #expect(result.stdout.contains("ok    manifest: Sprint") && result.stdout.contains("with garbage 1.0.0"), "\(result.stdout)")
        #expect(result.stdout.contains("ok    determinism"), "\(result.stdout)")
        let misplaced = try Hanjul.run(["check", "bonus", "--mod", "garbage"])
        #expect(misplaced.status == 2 && misplaced.stderr.contains("--with OTHER"))
    }
}
