import Foundation
import HanJulCore
import HanJulReplay
import Testing

/// A versus match replay (.hjvs) records each mod's version and SHA-256 (format 2): through
/// the built binary, a changed mod is refused as for an .hjr unless --force, and a file
/// from before (format 1, ids only) verifies as it did.
@Suite final class VersusReplayModsTests {
    let folder: String = {
        let path = NSTemporaryDirectory() + "hanjul-vsmods-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()
    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// A copy of Mods/standard (no attack, no garbage table) in this test's mods folder, and
    /// its lock as an .hjr recorded under it names it.
    func standardMod() throws -> (mods: String, lock: RulesIdentity.Mod) {
        let mods = folder + "/mods"
        try FileManager.default.createDirectory(atPath: mods + "/standard", withIntermediateDirectories: true)
        var repository = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { repository.deleteLastPathComponent() }
        try FileManager.default.copyItem(atPath: repository.appendingPathComponent("Mods/standard/mod.lua").path, toPath: mods + "/standard/mod.lua")
        let hjr = folder + "/lock.hjr"
        let run = try Hanjul.run(["run", "--seed", "3", "--actions", "H", "--mod", "standard", "--mods-dir", mods, "--save-replay", hjr])
        try #require(run.status == 0, "\(run.stderr)")
        let lock = try #require(try ReplayFile.read(hjr).rules.mods.first)
        return (mods, lock)
    }

    /// A match of one game, both sides hard-dropping until one tops out, played under the
    /// standard rules (the twin of Mods/standard: no attack).
    static func match(locks: [RulesIdentity.Mod]) -> VersusReplay {
        let rules = VersusRules(rules: StandardRules())
        var referee = VersusReferee(sides: [rules, rules], seed: 41, keepsMoves: true)
        var time: UInt64 = 0
        while !referee.isOver && time < 600_000_000_000 {
            time += 300_000_000
            referee.input(.hardDrop, side: 0, at: time)
            referee.input(time % 900_000_000 == 0 ? .left : .hardDrop, side: 1, at: time)
        }
        var replay = VersusReplay(mods: ["standard"], bot: "eltetris", piecesPerSecond: 1, bestOf: 1, seed: 5)
        replay.dealing = .perSide  // as the referee above dealt: formats 1 and 2
        replay.modLocks = locks
        replay.games = [VersusReplay.Game(seed: 41, winner: referee.outcome?.winner,
                                          checksums: [referee.state(0).checksum, referee.state(1).checksum], moves: referee.moves ?? [])]
        return replay
    }

    func write(_ replay: VersusReplay, _ name: String) throws -> String {
        let path = folder + "/" + name
        try replay.text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aMatchRecordsItsModsVersionsAndAChangedModIsRefusedUnlessForced() throws {
        let (mods, lock) = try standardMod()
        let path = try write(Self.match(locks: [lock]), "versus-20261202-142233.hjvs")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("hanjul-versus 2\nmods standard\nmod standard \(lock.sha256) \(lock.version)\nbot eltetris\n"), "\(text.prefix(200))")
        let verified = try Hanjul.run(["replay", "--verify", path, "--mods-dir", mods])
        #expect(verified.status == 0 && verified.stdout.hasPrefix("match: 1 game"), "\(verified.stdout)\(verified.stderr)")
        #expect(verified.stderr.isEmpty, "\(verified.stderr)")

        // Edit the mod after recording: same behaviour, another hash.
        let file = mods + "/standard/mod.lua"
        try (String(contentsOfFile: file, encoding: .utf8) + "\n-- edited\n").write(toFile: file, atomically: true, encoding: .utf8)
        let refused = try Hanjul.run(["replay", "--verify", path, "--mods-dir", mods])
        #expect(refused.status == 1, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stderr.contains("the mods differ from those it was recorded with: standard \(lock.version) (sha256 \(lock.sha256.prefix(12))…) was recorded"),
                "\(refused.stderr)")
        #expect(refused.stderr.contains("refusing (pass --force to try anyway)"), "\(refused.stderr)")
        #expect(refused.stdout.isEmpty, "nothing verified: \(refused.stdout)")
        let forced = try Hanjul.run(["replay", "--verify", "--force", path, "--mods-dir", mods])
        #expect(forced.stderr.contains("warning: ") && forced.stderr.contains("verifying anyway"), "\(forced.stderr)")
        #expect(forced.status == 0 && forced.stdout.hasPrefix("match: 1 game"), "the edit was a comment: \(forced.stdout)\(forced.stderr)")

        // A file from before versions were recorded (format 1) verifies under the edited mod.
        let old = try write(Self.match(locks: []), "versus-old.hjvs")
        #expect(try String(contentsOfFile: old, encoding: .utf8).hasPrefix("hanjul-versus 1\nmods standard\nbot eltetris\n"))
        let oldVerified = try Hanjul.run(["replay", "--verify", old, "--mods-dir", mods])
        #expect(oldVerified.status == 0 && oldVerified.stdout.hasPrefix("match: 1 game"), "\(oldVerified.stdout)\(oldVerified.stderr)")
    }

    @Test func aMatchReplayFromANewerHanJulOrWithABadModLineSaysWhy() throws {
        let (mods, lock) = try standardMod()
        let good = Self.match(locks: [lock]).text
        for (text, said) in [
            (good.replacingOccurrences(of: "hanjul-versus 2", with: "hanjul-versus 4"), "line 1: written by a newer HanJul (match replay format 4"),
            (good.replacingOccurrences(of: lock.sha256, with: "xyz"), "line 3: mod 'standard': the sha256 is not 64 lowercase hex digits"),
            (good.replacingOccurrences(of: "mod standard \(lock.sha256) \(lock.version)\n", with: ""), "line 3: expected 'mod ID SHA256 VERSION'"),
        ] {
            let path = folder + "/bad.hjvs"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let result = try Hanjul.run(["replay", "--verify", path, "--mods-dir", mods])
            #expect(result.status == 2 && result.stderr.contains(said), "\(result.stderr)")
        }
    }
}
