import Foundation
import HanJulCore
import HanJulFiles
import HanJulCodec
import HanJulPlay
@testable import HanJulPlayerFiles
import Testing

@Suite("High-score tables")
struct HighScoreTests {
    func game(_ score: Int, result: Int? = nil, date: String = "2026-05-01 10:00") -> HighScore {
        HighScore(score: score, lines: score / 100, level: 1, result: result, resultLabel: result == nil ? nil : "ticks",
                  date: date, seed: "1")
    }

    func temporaryFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-scores-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    @Test("scores rank highest first; equal scores keep the order they were made in; ten are kept")
    func scoreOrder() {
        let entries = (1...12).map { game($0 * 100, date: "d\($0)") } + [game(500, date: "later")]
        let table = HighScoreTable.ranked(entries, lowerIsBetter: false)
        #expect(table.map(\.score) == [1200, 1100, 1000, 900, 800, 700, 600, 500, 500, 400])
        #expect(table[7].date == "d5" && table[8].date == "later")
    }

    @Test("a result that is a time ranks ascending; games without a result come after")
    func lowerIsBetter() {
        let entries = [game(900), game(100, result: 900), game(50, result: 400), game(70, result: 650)]
        let table = HighScoreTable.ranked(entries, lowerIsBetter: true)
        #expect(table.map(\.result) == [400, 650, 900, nil])
        let higher = HighScoreTable.ranked(entries, lowerIsBetter: false)
        #expect(higher.map(\.result) == [900, 650, 400, nil])
    }

    @Test("equal results rank by their tie-breaks, each in its own direction, and read with them")
    func tieBreaks() {
        func tgm(_ level: Int, time: Int, date: String) -> HighScore {
            var entry = HighScore(score: 0, lines: 0, level: level, result: level, resultLabel: "level", resultUnit: "count",
                                  date: date, seed: "1")
            entry.then = [.init(name: "time", unit: "ms", lowerIsBetter: true, value: time)]
            return entry
        }
        let entries = [tgm(500, time: 90_000, date: "a"), tgm(999, time: 500_000, date: "b"), tgm(500, time: 80_000, date: "c")]
        #expect(HighScoreTable.ranked(entries, lowerIsBetter: false).map(\.date) == ["b", "c", "a"])
        #expect(entries[2].resultText == "500, 1:20.000")
        let result = GameResult(label: "level", value: 7, lowerIsBetter: false, then: [1234])
        let format = ResultFormat(name: "level", unit: .count, lowerIsBetter: false,
                                  then: [.init(name: "time", unit: .milliseconds, lowerIsBetter: true)])
        #expect(HighScore.TieBreak.of(result, format: format) == [.init(name: "time", unit: "ms", lowerIsBetter: true, value: 1234)])
    }

    @Test("tables are per rules: standard and each mod set by ids and versions")
    func keys() {
        #expect(HighScoreTable.key(for: .standard) == "standard")
        let mods = RulesIdentity(name: "garbage+zen", mods: [.init(id: "garbage", version: "1.0", sha256: "ab"),
                                                              .init(id: "zen", version: "0.2", sha256: "cd")])
        #expect(HighScoreTable.key(for: mods) == "garbage@1.0+zen@0.2")
    }

    @Test("saving keeps each table apart and marks the new game's rank; the order rule is remembered")
    func saveAndLoad() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/scores.hjr"
        _ = HighScoreTable.save(game(300), key: "standard", lowerIsBetter: nil, path: path)
        _ = HighScoreTable.save(game(100, result: 500), key: "sprint@1", lowerIsBetter: true, path: path)
        let outcome = HighScoreTable.save(game(500), key: "standard", lowerIsBetter: nil, path: path)
        #expect(outcome.table.map(\.score) == [500, 300])
        #expect(outcome.rank == 0)
        #expect(outcome.message == nil)
        let sprint = HighScoreTable.save(game(900, result: 700), key: "sprint@1", lowerIsBetter: nil, path: path)
        #expect(sprint.table.map(\.result) == [500, 700], "the table remembers that lower is better")
        #expect(sprint.rank == 1)
        #expect(HighScoreTable.load(path: path, key: "standard").map(\.score) == [500, 300])
        #expect(HighScoreTable.load(path: path, key: "nothing").isEmpty)
    }

    @Test("a damaged file is kept aside with a message, never overwritten", arguments: [
        Array("not a scores file".utf8),
        Array("HANJUL scores 1\n{\"tables\":{}}\nsha256 0000000000000000000000000000000000000000000000000000000000000000\n".utf8),
    ])
    func corrupt(bytes: [UInt8]) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/scores.hjr"
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        let outcome = HighScoreTable.save(game(300), key: "standard", lowerIsBetter: nil, path: path)
        #expect(outcome.table.map(\.score) == [300])
        let message = try #require(outcome.message)
        #expect(message.hasPrefix("your high scores file could not be read (the file is damaged"))
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("scores.hjr.corrupt-") }
        #expect(kept.count == 1)
        #expect(message.contains(kept.first ?? "?"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + kept[0])) == Data(bytes), "the old bytes are kept as they were")
        #expect(HighScoreTable.load(path: path, key: "standard").map(\.score) == [300])
    }

    @Test("a file from a newer HanJul is kept aside, not overwritten")
    func newer() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/scores.hjr"
        try RecordFile.write(["tables": ["standard": ["entries": []]]], kind: "scores", version: 9, to: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let outcome = HighScoreTable.save(game(300), key: "standard", lowerIsBetter: nil, path: path)
        #expect(outcome.message?.contains("newer version of HanJul") == true)
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("scores.hjr.corrupt-") }
        #expect(kept.count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + kept[0])) == before)
    }

    @Test("an unwritable folder still shows the table, with a message")
    func unwritable() throws {
        let outcome = HighScoreTable.save(game(300), key: "standard", lowerIsBetter: nil, path: "/proc/hanjul-no/scores.hjr")
        #expect(outcome.table.map(\.score) == [300])
        #expect(outcome.message?.hasPrefix("could not save high scores") == true)
    }
}
