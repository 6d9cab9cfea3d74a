import Foundation
import HanJulPlay
import Testing

@Suite("Mod watcher")
struct ModWatcherTests {
    static func folder() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-watch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/lib", withIntermediateDirectories: true)
        try "return {}".write(toFile: root + "/mod.lua", atomically: false, encoding: .utf8)
        return root
    }

    @Test("a file changed, added or removed under a watched folder is noticed once (inotify, and the polling fallback)",
          arguments: [true, false])
    func notices(kernel: Bool) throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let watcher = ModWatcher(folders: [root], usesKernel: kernel)
        #expect((watcher.descriptor != nil) == kernel)
        #expect(!watcher.poll())
        try "return {} ".write(toFile: root + "/mod.lua", atomically: false, encoding: .utf8)
        #expect(watcher.poll())
        #expect(!watcher.poll())
        try "x".write(toFile: root + "/lib/util.lua", atomically: false, encoding: .utf8)
        #expect(watcher.poll())
        // Same size, a new modification time (the polling fallback needs it to differ).
        if !kernel { Thread.sleep(forTimeInterval: 0.01) }
        try "y".write(toFile: root + "/lib/util.lua", atomically: false, encoding: .utf8)
        #expect(watcher.poll(), "same size, new modification time")
        // A loaded machine may deliver the last write's close event a moment later: let it
        // come and read it, so what follows sees only the swap file's events.
        Thread.sleep(forTimeInterval: 0.05)
        for _ in 0..<10 where watcher.poll() {}
        try "z".write(toFile: root + "/.mod.lua.swp", atomically: false, encoding: .utf8)
        #expect(!watcher.poll() || !kernel, "editor swap files are ignored")
        try FileManager.default.removeItem(atPath: root + "/lib/util.lua")
        #expect(watcher.poll())
    }

    @Test("a folder with 10,000 empty subfolders: one bounded walk at the start, then nothing per poll")
    func manyFolders() throws {
        let root = try Self.folder()
        defer {
            // FileManager takes 10–30 s to remove 10,000 folders; rmdir takes milliseconds.
            for i in 0..<10_000 { rmdir(root + "/d\(i)") }
            try? FileManager.default.removeItem(atPath: root)
        }
        for i in 0..<10_000 { mkdir(root + "/d\(i)", 0o755) }
        let clock = ContinuousClock()
        var watcher: ModWatcher?
        let setUp = clock.measure { watcher = ModWatcher(folders: [root]) }
        let counts = watcher!.watchedCounts
        #expect(counts.folders <= ModWatcher.maximumFolders && counts.files <= ModWatcher.maximumFiles)
        let polls = clock.measure { for _ in 0..<100 { _ = watcher!.poll() } }
        try "return { } ".write(toFile: root + "/mod.lua", atomically: false, encoding: .utf8)
        #expect(watcher!.poll(), "a change to mod.lua is still seen")
        let fallback = ModWatcher(folders: [root], usesKernel: false)
        let fallbackPolls = clock.measure { for _ in 0..<100 { _ = fallback.poll() } }
        Thread.sleep(forTimeInterval: 0.01)
        try "return {  } ".write(toFile: root + "/mod.lua", atomically: false, encoding: .utf8)
        #expect(fallback.poll(), "polling sees mod.lua change too")
        print("watcher on 10,000 subfolders: set up \(setUp), watching \(counts.folders) folders and \(counts.files) files; "
              + "100 polls \(polls) (inotify), \(fallbackPolls) (polling fallback)")
    }
}
