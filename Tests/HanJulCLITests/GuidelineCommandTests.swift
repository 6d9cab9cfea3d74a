import Foundation
import Testing

/// `Mods/guideline` through the built binary (#20 item 3): `F` turns 180°, and a T turned
/// high and dropped is no spin while a real T-spin double still calls itself out.
@Suite struct GuidelineCommandTests {
    static let mods = SlurmArrayTests.repository.appendingPathComponent("Mods").path

    func json(_ arguments: [String]) throws -> [String: Any] {
        let result = try Hanjul.run(["run", "--mods-dir", Self.mods, "--mod", "guideline"] + arguments + ["--json"])
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test func fTurnsTheFirstPiece180Degrees() throws {
        let out = try json(["--seed", "2", "--actions", "F"])
        let piece = try #require(out["piece"] as? [String: Any])
        #expect(piece["rotation"] as? Int == 2)
        let t = try json(["--pieces", "T", "--actions", "F"])
        #expect((t["piece"] as? [String: Any])?["rotation"] as? Int == 2)
    }

    @Test func aTTurnedHighAndDroppedIsNoSpin() throws {
        let out = try json(["--pieces", "IIT", "--actions", "CLLH RRH CH"])
        #expect(out["callouts"] as? [String] == [])
    }

    @Test func aRealTSpinDoubleStillCallsItselfOut() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-tsd-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "OOOO......\nOOO...OOOO\nOOOO.OOOOO\n".write(toFile: folder + "/slot.txt", atomically: true, encoding: .utf8)
        let out = try json(["--board", folder + "/slot.txt", "--pieces", "TO",
                            "--actions", "C" + String(repeating: "D", count: 18) + "CH"])
        #expect(out["callouts"] as? [String] == ["T-SPIN DOUBLE"])
        #expect(out["lines"] as? Int == 2)
    }
}
