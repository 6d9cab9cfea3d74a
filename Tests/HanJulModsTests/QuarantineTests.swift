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

/// A quarantine file of many entries (under its 16 MiB read limit) costs linear time, and
/// the file never grows past its cap (H-6).
@Suite final class QuarantineScaleTests {
    let folder = NSTemporaryDirectory() + "hanjul-quarantine-scale-\(UUID().uuidString)"
    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// The time to read `count` entries and look one package up.
    func readingTime(_ count: Int) throws -> Duration {
        let quarantine = ModQuarantine(path: folder + "/q\(count)")
        let entries = (0..<count).map { ModQuarantine.Entry(id: "m\($0)", sha256: "a", reason: "hung", time: Int64($0)) }
        try DurableStore.update(quarantine.path, kind: ModQuarantine.kind, version: ModQuarantine.version, onNewerVersion: .refuse) { _ in
            ModQuarantine.encode(entries)
        }
        let package = ModPackage(id: "m\(count - 1)", folder: "Mods/x", files: ["mod.lua": Array("return 1".utf8)])
        let catalog = ModCatalog(searchPath: ModSearchPath(folders: []), workingDirectory: folder)
        return try ContinuousClock().measure {
            #expect(quarantine.entries().count == count)
            #expect(quarantine.entry(for: package) == nil, "another hash")
            try catalog.refuseQuarantined([package], quarantine: quarantine)
        }
    }

    /// Reading grows linearly with the entries (the de-duplication was quadratic: a
    /// 146,000-entry file took 20 s): four times the entries, well under sixteen times the time.
    @Test func entriesAreReadInLinearTime() throws {
        _ = try readingTime(2_000)  // warm up
        let small = try readingTime(10_000), large = try readingTime(40_000)
        #expect(large < small * 8, "10,000 entries: \(small); 40,000: \(large)")
    }

    @Test func addingKeepsTheNewestEntriesOnly() throws {
        let quarantine = ModQuarantine(path: folder + "/capped")
        let many = (0..<(ModQuarantine.maxEntries + 50)).map {
            ModQuarantine.Entry(id: "m\($0)", sha256: "h", reason: "hung", time: Int64($0))
        }
        try DurableStore.update(quarantine.path, kind: ModQuarantine.kind, version: ModQuarantine.version, onNewerVersion: .refuse) { _ in
            ModQuarantine.encode(many)
        }
        try quarantine.add(.init(id: "newest", sha256: "h", reason: "hung", time: 99_999))
        let kept = quarantine.entries()
        #expect(kept.count == ModQuarantine.maxEntries)
        #expect(kept.last?.id == "newest")
        #expect(!kept.contains { $0.id == "m0" }, "the oldest go first")
    }
}
