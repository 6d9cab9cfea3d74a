import Foundation
import HanJulFiles
@testable import HanJulMods
import Testing

/// The quarantine list the watchdog writes (L-24); the end-to-end path (hang, exit 4,
/// refusal on the next start, `hanjul mods --trust`) is in HostileModTests (l24_* cases).
@Suite final class QuarantineTests {
    let folder = NSTemporaryDirectory() + "hanjul-quarantine-\(UUID().uuidString)"
    deinit { try? FileManager.default.removeItem(atPath: folder) }
    var quarantine: ModQuarantine { ModQuarantine(path: folder + "/hanjul/quarantine") }

    func package(_ source: String) -> ModPackage {
        ModPackage(id: "spin", folder: "Mods/spin", files: ["mod.lua": Array(source.utf8)])
    }

    @Test func addedEntriesRefuseThatExactModUntilTrusted() throws {
        let hung = package("return 1"), fixed = package("return 2")
        #expect(quarantine.entries().isEmpty)
        try quarantine.add(.init(id: "spin", sha256: hung.sha256, reason: "hung for more than 2 s", time: 1))
        try quarantine.add(.init(id: "spin", sha256: hung.sha256, reason: "hung for more than 2 s", time: 2))
        #expect(quarantine.entries().count == 1, "the same mod is listed once")
        let entry = try #require(quarantine.entry(for: hung))
        #expect(entry.refusal.contains("hanjul mods --trust spin"))
        #expect(quarantine.entry(for: fixed) == nil, "a changed mod is another mod")
        #expect(try quarantine.trust(id: "spin") == 1)
        #expect(quarantine.entry(for: hung) == nil)
        #expect(try quarantine.trust(id: "spin") == 0)
    }

    /// The list lives in the state folder now; what the data folder held from before still
    /// refuses its mods, and `trust` clears both.
    @Test func theStateFolderAndTheOldDataFolderList() throws {
        let paths = try AppPaths(environment: ["HOME": folder])
        let current = ModQuarantine(paths: paths)
        #expect(current.path == folder + "/.local/state/hanjul/quarantine")
        #expect(current.legacyPaths == [folder + "/.local/share/hanjul/quarantine"])
        let old = ModQuarantine(path: folder + "/.local/share/hanjul/quarantine")
        let hung = package("return 1")
        try old.add(.init(id: "spin", sha256: hung.sha256, reason: "hung", time: 1))
        #expect(current.entry(for: hung) != nil, "an upgrade re-enables nothing")
        try current.add(.init(id: "other", sha256: "cd", reason: "hung", time: 2))
        #expect(FileManager.default.fileExists(atPath: current.path))
        #expect(old.entries().map(\.id) == ["spin"], "new entries go to the state folder only")
        #expect(current.entries().map(\.id).sorted() == ["other", "spin"])
        #expect(try current.trust(id: "spin") == 1)
        #expect(current.entry(for: hung) == nil && old.entries().isEmpty)
    }

    @Test func aDamagedListIsKeptAsideNotOverwritten() throws {
        try FileManager.default.createDirectory(atPath: folder + "/hanjul", withIntermediateDirectories: true)
        try "garbage".write(toFile: quarantine.path, atomically: false, encoding: .utf8)
        #expect(quarantine.entries().isEmpty)
        try quarantine.add(.init(id: "spin", sha256: "ab", reason: "hung", time: 1))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/hanjul")
        #expect(names.contains { $0.hasPrefix("quarantine.corrupt-") }, "\(names)")
        #expect(quarantine.entries().map(\.id) == ["spin"])
    }

    @Test func catalogRefusesAQuarantinedMod() throws {
        let fx = ModFixtures()
        fx.write("spin", ModFixtures.source(id: "spin", ""))
        let read = try fx.catalog.packages(["spin"])[0]
        try quarantine.add(.init(id: "spin", sha256: read.sha256, reason: "hung", time: 1))
        #expect(throws: ModLoadError.quarantined(quarantine.entries()[0])) {
            try fx.catalog.rules(["spin"], quarantine: quarantine) { _ in nil }
        }
    }
}
