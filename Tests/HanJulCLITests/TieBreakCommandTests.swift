import Foundation
import Testing

/// A result with tie-breaks (#37 item 4) through the binary: TGM-like Master ranks by the
/// level, then the time. `sim` reports both (a "then time" row for finished games, a
/// "time" row for every game), its JSONL carries them, `stats` of that JSONL gives the same
/// rows, and `compare` compares the time.
@Suite struct TieBreakCommandTests {
    static let mods = SlurmArrayTests.repository.appendingPathComponent("Mods").path
    static let master = ["--mod", "guideline", "--mod", "master", "--mods-dir", mods]

    /// The summary row named `name` (its first column), nil when there is none.
    static func row(_ name: String, in text: String) -> [String]? {
        text.split(separator: "\n").first { $0.hasPrefix(name + " ") }?.split(separator: " ").map(String.init)
    }

    @Test("sim, stats and compare carry Master's level, then time")
    func masterRanksByLevelThenTime() throws {
        let folder = NSTemporaryDirectory() + "hanjul-tiebreak-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let jsonl = folder + "/master.jsonl"
        let sim = try Hanjul.run(["sim"] + Self.master + ["--games", "2", "--seed", "1", "--cap", "2000", "--jsonl", jsonl])
        #expect(sim.status == 0, "\(sim.stderr)")
        let thenRow = try #require(Self.row("then time (ms)", in: sim.stdout), "no tie-break row:\n\(sim.stdout)")
        let timeRow = try #require(Self.row("time (s)", in: sim.stdout), "no time row:\n\(sim.stdout)")
        #expect(sim.stdout.contains("2 finished"), "\(sim.stdout)")
        // Each game's line: its level-999 finish, its time, the tie-break equal to the time.
        let games = try String(contentsOfFile: jsonl, encoding: .utf8).split(separator: "\n").dropFirst().compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["seed"] != nil }
        #expect(games.count == 2)
        for game in games {
            let time = try #require(game["timeMs"] as? Int, "\(game)")
            #expect(time > 0)
            #expect(game["result"] as? Int == 999)
            #expect(game["then"] as? [Int] == [time], "the tie-break is the game's time: \(game)")
        }
        let stats = try Hanjul.run(["stats", jsonl])
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect(Self.row("then time (ms)", in: stats.stdout) == thenRow, "\(stats.stdout)")
        #expect(Self.row("time (s)", in: stats.stdout) == timeRow, "\(stats.stdout)")
        let compare = try Hanjul.run(["compare", "--a", "guideline master", "--b", "guideline master", "--b-noise", "0.3",
                                      "--games", "2", "--seed", "1", "--cap", "1200", "--mods-dir", Self.mods])
        #expect(compare.status == 0, "\(compare.stderr)")
        #expect(Self.row("time (s)", in: compare.stdout) != nil, "\(compare.stdout)")
    }
}
