import Foundation
import HanJulCore
import HanJulReplay
import Testing

/// `hanjul run --save-replay` and `hanjul replay --verify` through the built binary.
@Suite final class ReplayCommandTests {
    let folder: String = {
        let path = NSTemporaryDirectory() + "hanjul-replay-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()
    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func record(_ name: String, script: String = String(repeating: "LLLH RRRH CH LLCH RRCCH ", count: 2)) throws -> String {
        let path = folder + "/" + name
        let result = try Hanjul.run(["run", "--seed", "77", "--actions", script, "--save-replay", path, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        return path
    }

    @Test func recordedGameVerifies() throws {
        let path = try record("good.hjr")
        let result = try Hanjul.run(["replay", "--verify", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("match: "))
    }

    @Test func tamperedActionIsTheFirstDivergence() throws {
        let path = try record("tampered.hjr")
        var replay = try ReplayFile.read(path)
        replay.actions[0] = .right  // first piece: right instead of left
        try ReplayFile.write(replay, to: path)
        let result = try Hanjul.run(["replay", "--verify", path])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("diverged at piece "), "\(result.stdout)")
        #expect(result.stdout.contains("expected pieces"))
    }

    /// A copy of Mods/standard in this test's own mods folder.
    func copyStandardMod() throws -> String {
        let mods = folder + "/mods"
        try FileManager.default.createDirectory(atPath: mods + "/standard", withIntermediateDirectories: true)
        var repository = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { repository.deleteLastPathComponent() }
        let source = repository.appendingPathComponent("Mods/standard/mod.lua").path
        try FileManager.default.copyItem(atPath: source, toPath: mods + "/standard/mod.lua")
        return mods
    }

    @Test func moddedGameVerifiesAndATamperedModIsRefused() throws {
        let mods = try copyStandardMod()
        let path = folder + "/modded.hjr"
        let recorded = try Hanjul.run(["run", "--seed", "3", "--actions", "LLH RRH CCH", "--mod", "standard",
                                       "--mods-dir", mods, "--save-replay", path])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let verified = try Hanjul.run(["replay", "--verify", path, "--mods-dir", mods])
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect(verified.stdout.hasPrefix("match: "))

        // Edit the mod after recording: same behaviour, different hash.
        let file = mods + "/standard/mod.lua"
        try (String(contentsOfFile: file, encoding: .utf8) + "\n-- edited\n").write(toFile: file, atomically: true, encoding: .utf8)
        let refused = try Hanjul.run(["replay", "--verify", path, "--mods-dir", mods])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("the mods differ from those it was recorded with"), "\(refused.stderr)")
        #expect(refused.stderr.contains("refusing"))
        let forced = try Hanjul.run(["replay", "--verify", "--force", path, "--mods-dir", mods])
        #expect(forced.stderr.contains("warning"))
        #expect(forced.status == 0, "the edit was a comment: the game still matches")
    }

    /// Master counts levels from 0: a game left before its first lock is at level 0, and
    /// its replay must read and verify (readers once refused a checkpoint level below 1).
    @Test func aReplayAtLevelZeroVerifies() throws {
        var repository = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { repository.deleteLastPathComponent() }
        let mods = repository.appendingPathComponent("Mods").path
        let path = folder + "/master.hjr"
        let recorded = try Hanjul.run(["run", "--seed", "1", "--actions", "W100", "--mod", "guideline", "--mod", "master",
                                       "--mods-dir", mods, "--save-replay", path, "--json"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(recorded.stdout.contains(#""level":0"#), "\(recorded.stdout)")
        let verified = try Hanjul.run(["replay", "--verify", path, "--mods-dir", mods])
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect(verified.stdout.hasPrefix("match: ") && verified.stdout.contains("level 0"), "\(verified.stdout)")
    }

    @Test func replayNeedingAMissingModSaysWhich() throws {
        let path = try record("other-rules.hjr")
        var replay = try ReplayFile.read(path)
        // An id no folder on the search path holds (./Mods ships garbage, evil, …).
        replay.rules = RulesIdentity(name: "no-such-mod", mods: [.init(id: "no-such-mod", version: "1.0.0", sha256: String(repeating: "ab", count: 32))])
        try ReplayFile.write(replay, to: path)
        let result = try Hanjul.run(["replay", "--verify", path, "--mods-dir", folder])
        #expect(result.status == 3)
        #expect(result.stderr.contains("needs mods no-such-mod"), "\(result.stderr)")
        #expect(result.stderr.contains("add --mods-dir DIR"), "says how to point at mods kept elsewhere: \(result.stderr)")
        let help = try Hanjul.run(["replay", "--help"])
        #expect(help.stdout.contains("--mods-dir DIR first"), "\(help.stdout)")
    }

    @Test func damagedFilesGetAClearError() throws {
        let path = try record("damaged.hjr")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
        let truncated = try Hanjul.run(["replay", "--verify", path])
        #expect(truncated.status == 2)
        #expect(truncated.stderr.contains("cut short"))
        let missing = try Hanjul.run(["replay", "--verify", folder + "/none.hjr"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("does not exist"))
        try Data("HANJUL replay 9\n{}\nsha256 00\n".utf8).write(to: URL(fileURLWithPath: path))
        let garbage = try Hanjul.run(["replay", "--verify", path])
        #expect(garbage.status == 2)
    }

    /// `hanjul ARGS…` through the shell, `\xFF` in `script` being the byte 0xFF (`printf '\377'`):
    /// Process passes only text.
    func runRaw(_ script: String) throws -> Hanjul.Result {
        let command = "exec \"$0\" " + script.replacingOccurrences(of: #"\xFF"#, with: #"$(printf '\377')"#)
        return try Shell.run("/bin/sh", ["-c", command, Hanjul.binary.path, folder])
    }

    /// H-5: argv is read as bytes; `a\xFF.hjr` decoded would be `a\u{FFFD}.hjr`, another file.
    @Test func anArgumentThatIsNotUTF8IsRefusedNeverReadOrWrittenAsAnotherFile() throws {
        _ = try record("a\u{FFFD}.hjr")
        let verify = try runRaw(#"replay --verify "$1/a\xFF.hjr""#)
        #expect(verify.status == 2, "\(verify.stdout)")
        #expect(verify.stdout.isEmpty, "the look-alike a\u{FFFD}.hjr is not verified")
        #expect(verify.stderr.contains("hanjul: argument 3, '\(folder)/a\\xFF.hjr', is not UTF-8"), "\(verify.stderr)")
        let save = try runRaw(#"run --seed 1 --actions H --save-replay "$1/b\xFF.hjr""#)
        #expect(save.status == 2 && save.stderr.contains("argument 7"), "\(save.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/b\u{FFFD}.hjr"), "no file written under a decoded name")
    }
}
