import Foundation
import HanJulFiles
import HanJulCodec
import HanJulPlay
@testable import HanJulPlayerFiles
import Testing

/// Replay housekeeping (issue #11 item 7): the newest N replays and every replay of a game
/// in a high-score table are kept; the rest go at start; nothing else in the folder is
/// touched, and nothing goes when the high scores do not read.
@Suite("Replay housekeeping")
struct ReplayHousekeepingTests {
    /// A data folder with `replays/` in a fresh temporary folder, removed by `close`.
    struct DataFolder {
        let path: String
        var replays: String { path + "/replays" }

        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-keep-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path + "/replays", withIntermediateDirectories: true)
        }

        func close() { try? FileManager.default.removeItem(atPath: path) }

        /// A replay file `name`, last modified `age` minutes ago.
        func replay(_ name: String, minutesAgo age: Int) throws {
            let file = replays + "/" + name
            try Data("not parsed by housekeeping".utf8).write(to: URL(fileURLWithPath: file))
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: Double(-60 * age))], ofItemAtPath: file)
        }

        var names: Set<String> { Set((try? FileManager.default.contentsOfDirectory(atPath: replays)) ?? []) }
    }

    func score(_ points: Int, date: String = "2026-11-30 09:15", seed: String = "7", replay: String? = nil) -> HighScore {
        HighScore(score: points, lines: 1, level: 1, date: date, seed: seed, replay: replay)
    }

    @Test("the newest N stay, newest first; older ones are removed; other files, folders and links are left alone")
    func newestKept() throws {
        let data = try DataFolder()
        defer { data.close() }
        for age in 1...5 { try data.replay("game-\(age).hjr", minutesAgo: age) }
        try Data().write(to: URL(fileURLWithPath: data.replays + "/notes.txt"))
        try Data().write(to: URL(fileURLWithPath: data.replays + "/.game-9.hjr.tmp-1-1"))
        try FileManager.default.createDirectory(atPath: data.replays + "/folder.hjr", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: data.replays + "/link.hjr", withDestinationPath: data.replays + "/game-5.hjr")
        let listing = ReplayHousekeeping.listing(dataDirectory: data.path, kept: 3)
        #expect(listing.kept.map(\.name) == ["game-1.hjr", "game-2.hjr", "game-3.hjr"])
        #expect(listing.kept.allSatisfy { $0.isRecent && !$0.madeHighScores && $0.bytes == 26 })
        #expect(listing.removable.map(\.name) == ["game-4.hjr", "game-5.hjr"])
        let report = ReplayHousekeeping.tidy(dataDirectory: data.path, kept: 3)
        #expect(report == .init(removed: ["game-4.hjr", "game-5.hjr"], message: nil))
        #expect(data.names == ["game-1.hjr", "game-2.hjr", "game-3.hjr", "notes.txt", ".game-9.hjr.tmp-1-1", "folder.hjr", "link.hjr"])
        #expect(ReplayHousekeeping.tidy(dataDirectory: data.path, kept: 3).removed.isEmpty, "a second start removes nothing")
    }

    @Test("a replay whose game is in a high-score table stays however old, named by the entry or, for older entries, by date and seed")
    func highScoresKept() throws {
        let data = try DataFolder()
        defer { data.close() }
        try data.replay("20261201-101500-3.hjr", minutesAgo: 1)
        try data.replay("oldest-best.hjr", minutesAgo: 900)
        try data.replay("20261130-091507-42.hjr", minutesAgo: 800)    // an entry saved before entries named replays
        try data.replay("20261130-091533-42-2.hjr", minutesAgo: 799)  // its seed again in that minute, name taken
        try data.replay("20261130-091507-420.hjr", minutesAgo: 700)   // another seed
        try data.replay("20261130-091607-42.hjr", minutesAgo: 600)    // another minute
        try data.replay("asked-2.hjr", minutesAgo: 500)               // saved as asked-2: asked.hjr was taken
        try data.replay("asked-3x.hjr", minutesAgo: 400)
        let scores = data.path + "/" + HighScoreTable.fileName
        _ = HighScoreTable.save(score(900, replay: "oldest-best.hjr"), key: "standard", lowerIsBetter: nil, path: scores)
        _ = HighScoreTable.save(score(500, seed: "42"), key: "sprint@1.0.0", lowerIsBetter: true, path: scores)
        _ = HighScoreTable.save(score(800, replay: "asked.hjr"), key: "standard", lowerIsBetter: nil, path: scores)
        let listing = ReplayHousekeeping.listing(dataDirectory: data.path, kept: 1)
        #expect(listing.kept.map(\.name) == ["20261201-101500-3.hjr", "asked-2.hjr", "20261130-091533-42-2.hjr",
                                              "20261130-091507-42.hjr", "oldest-best.hjr"])
        #expect(listing.kept.map(\.isRecent) == [true, false, false, false, false])
        #expect(listing.kept.map(\.madeHighScores) == [false, true, true, true, true])
        #expect(listing.removable.map(\.name) == ["asked-3x.hjr", "20261130-091607-42.hjr", "20261130-091507-420.hjr"])
        ReplayHousekeeping.tidy(dataDirectory: data.path, kept: 0)
        #expect(data.names == ["asked-2.hjr", "20261130-091533-42-2.hjr", "20261130-091507-42.hjr", "oldest-best.hjr"],
                "kept 0: only high scores")
    }

    @Test("when the high scores do not read, no replay is removed and the player is told")
    func damagedScoresKeepEverything() throws {
        let data = try DataFolder()
        defer { data.close() }
        for age in 1...4 { try data.replay("game-\(age).hjr", minutesAgo: age) }
        try Data("HJR1 damaged".utf8).write(to: URL(fileURLWithPath: data.path + "/" + HighScoreTable.fileName))
        let listing = ReplayHousekeeping.listing(dataDirectory: data.path, kept: 2)
        #expect(listing.removable.isEmpty && listing.kept.count == 4)
        #expect(listing.kept.map(\.isRecent) == [true, true, false, false])
        let report = ReplayHousekeeping.tidy(dataDirectory: data.path, kept: 2)
        #expect(report.removed.isEmpty)
        #expect(report.message == "the high scores in \(data.path) did not read, so every old replay was kept")
        #expect(data.names.count == 4)
    }

    @Test("no replays folder, or no data folder at all: nothing listed, nothing to say")
    func nothingThere() throws {
        let data = try DataFolder()
        defer { data.close() }
        try FileManager.default.removeItem(atPath: data.replays)
        #expect(ReplayHousekeeping.listing(dataDirectory: data.path, kept: 100) == .init(kept: [], removable: []))
        #expect(ReplayHousekeeping.tidy(dataDirectory: data.path, kept: 100) == .init(removed: [], message: nil))
        #expect(ReplayHousekeeping.defaultKept == 100)
    }
}

/// Names on high-score entries (issue #11 item 2, the store's half).
@Suite("High-score names")
struct HighScoreNameTests {
    @Test("a name keeps printable characters of any script, one space between words, at most 16 characters",
          arguments: [
            ("  Zoë   Kim  ", "Zoë Kim"),
            ("한줄 player", "한줄 player"),
            ("\u{1B}[31mred\u{07}", "[31mred"),
            ("abc\u{202E}def\u{200B}", "abcdef"),
            ("tab\tand\nnewline", "tab and newline"),
            (String(repeating: "x", count: 40), String(repeating: "x", count: 16)),
            ("abcdefghijklmno pq", "abcdefghijklmno"),
            ("\u{1B}\u{7F}\u{9B}", ""),
          ])
    func cleaned(raw: String, shown: String) {
        #expect(HighScore.cleanName(raw) == shown)
    }

    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-names-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("a name and the replay's file name are saved with the entry and read back; an empty name is none")
    func saved() throws {
        let path = try folder()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let scores = path + "/scores.hjr"
        let entry = HighScore(score: 1200, lines: 12, level: 2, date: "2026-12-01 11:00", seed: "5", name: " Ana\u{1B} ", replay: "20261201-110002-5.hjr")
        #expect(entry.name == "Ana")
        let outcome = HighScoreTable.save(entry, key: "standard", lowerIsBetter: nil, path: scores)
        #expect(outcome.rank == 0 && outcome.message == nil)
        let table = HighScoreTable.load(path: scores, key: "standard")
        #expect(table.map(\.name) == ["Ana"] && table.map(\.replay) == ["20261201-110002-5.hjr"])
        #expect(HighScore(score: 1, lines: 0, level: 1, date: "", seed: "1", name: "\u{7}").name == nil)
        #expect(HighScore(score: 1, lines: 0, level: 1, date: "", seed: "1", replay: "../scores.hjr").replay == nil)
    }

    @Test("files from before names read as before; a name edited into the file is cleaned when read")
    func oldAndEditedFiles() throws {
        let path = try folder()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let scores = path + "/scores.hjr"
        let old: JSON = ["tables": ["standard": ["lower_is_better": false, "entries": [
            ["score": 900, "lines": 9, "level": 1, "date": "2026-05-01 10:00", "seed": "3"],
            ["score": 800, "lines": 8, "level": 1, "date": "2026-05-01 10:05", "seed": "4", "name": "\u{1B}]0;pwned\u{07}Bob",
             "replay": "/etc/passwd"],
        ]]]]
        try RecordFile.write(old, kind: "scores", version: 1, to: scores)
        let table = HighScoreTable.load(path: scores, key: "standard")
        #expect(table.map(\.score) == [900, 800])
        #expect(table.map(\.name) == [nil, "]0;pwnedBob"])
        #expect(table.map(\.replay) == [nil, nil], "a replay name with a folder part is not a replay of the replays folder")
    }
}
