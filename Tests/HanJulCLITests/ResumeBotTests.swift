import Foundation
import Testing

/// A stopped run of games resumes to the bytes an uninterrupted one writes whatever the bot:
/// its strength level and a Tetris Bot Protocol bot's command are in the header, so the
/// resumed games are played by the same player (a level once went missing: the rest of the
/// file was played by the full-strength bot).
@Suite struct ResumeBotTests {
    static func resumesByteForByte(_ options: [String], label: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-resume-bot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = folder.appendingPathComponent("whole.jsonl").path, part = folder.appendingPathComponent("part.jsonl").path
        let first = try Hanjul.run(["sim", "--games", "6", "--seed", "1", "--cap", "30", "--workers", "1", "--jsonl", whole] + options)
        #expect(first.status == 0, "\(label): \(first.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        try Data(lines.prefix(3).joined(separator: [UInt8(ascii: "\n")]) + [UInt8(ascii: "\n")]).write(to: URL(fileURLWithPath: part))
        let resumed = try Hanjul.run(["sim", "--resume", part, "--workers", "1"])
        #expect(resumed.status == 0, "\(label): \(resumed.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: part)) == bytes, "\(label): the resumed file differs")
    }

    @Test func aLevelledBotResumesAsItPlayed() throws {
        try Self.resumesByteForByte(["--bot", "attack,hard", "--mod", "guideline"], label: "attack,hard")
    }

    @Test func anotherLevelGivenToTheResumeIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-resume-level-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("run.jsonl").path
        let common = ["sim", "--games", "4", "--seed", "1", "--cap", "20", "--mod", "guideline"]
        #expect(try Hanjul.run(common + ["--bot", "attack,hard", "--jsonl", file]).status == 0)
        let other = try Hanjul.run(common + ["--bot", "attack,easy", "--resume", file])
        #expect(other.status == 2 && other.stderr.contains("level easy") && other.stderr.contains("level hard"), "\(other.stderr)")
    }

    @Test func aTBPBotResumesWithItsCommand() throws {
        try Self.resumesByteForByte(["--bot", "tbp:\(Hanjul.binary.path) bot --tbp"], label: "tbp")
    }
}
