import Foundation
import Testing

/// `hanjul sim --versus A:B` through the built binary (#24).
@Suite struct VersusCommandTests {
    @Test func versusPrintsAWinRateWithAnIntervalTheSameOnAnyWorkerCount() throws {
        let common = ["sim", "--versus", "eltetris:eltetris", "--mod", "versus", "--games", "20", "--seed", "1"]
        let one = try Hanjul.run(common + ["--workers", "1"])
        let three = try Hanjul.run(common + ["--workers", "3"])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout == three.stdout)
        #expect(one.stdout.contains("20 matches (seeds 1..20)"), "\(one.stdout)")
        #expect(one.stdout.contains("win rate of A "), "\(one.stdout)")
        #expect(one.stdout.contains("(95% Wilson "), "\(one.stdout)")
        #expect(one.stdout.contains("attack/piece"))
        let json = try Hanjul.run(common + ["--json"])
        #expect(json.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["matches"] as? Int == 20)
        #expect(object?["winRateALow"] is Double)
    }

    @Test func badPairsAndOptionsVersusDoesNotTakeAreRefused() throws {
        let bad = try Hanjul.run(["sim", "--versus", "eltetris", "--games", "2", "--seed", "1"])
        #expect(bad.status != 0 && bad.stderr.contains("A:B"), "\(bad.stderr)")
        let unknown = try Hanjul.run(["sim", "--versus", "eltetris:nobot", "--games", "2", "--seed", "1"])
        #expect(unknown.status != 0 && unknown.stderr.contains("is not a bot"), "\(unknown.stderr)")
        let jsonl = try Hanjul.run(["sim", "--versus", "eltetris:lee", "--games", "2", "--seed", "1", "--jsonl", "-"])
        #expect(jsonl.status != 0 && jsonl.stderr.contains("--jsonl"), "\(jsonl.stderr)")
        let noPace = try Hanjul.run(["sim", "--versus", "eltetris:lee", "--games", "2", "--seed", "1", "--pps", "0"])
        #expect(noPace.status != 0 && noPace.stderr.contains("pace"), "\(noPace.stderr)")
    }
}
