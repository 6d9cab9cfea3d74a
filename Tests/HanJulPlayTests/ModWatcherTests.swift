import Foundation
import HanJulPlay
import Testing

@Suite("Mod watcher")
struct ModWatcherTests {
    @Test("a file changed, added or removed under a watched folder is noticed once")
    func notices() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-watch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/lib", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try "return {}".write(toFile: root + "/mod.lua", atomically: false, encoding: .utf8)
        var watcher = ModWatcher(folders: [root])
        let changed1 = watcher.poll()
        #expect(!changed1)
        try "return {} ".write(toFile: root + "/mod.lua", atomically: false, encoding: .utf8)
        let changed2 = watcher.poll()
        #expect(changed2)
        let changed3 = watcher.poll()
        #expect(!changed3)
        try "x".write(toFile: root + "/lib/util.lua", atomically: false, encoding: .utf8)
        let changed4 = watcher.poll()
        #expect(changed4)
        try "y".write(toFile: root + "/lib/util.lua", atomically: false, encoding: .utf8)
        let changed5 = watcher.poll()
        #expect(changed5, "same size, new modification time")
        try "z".write(toFile: root + "/.mod.lua.swp", atomically: false, encoding: .utf8)
        let changed6 = watcher.poll()
        #expect(!changed6, "editor swap files are ignored")
        try FileManager.default.removeItem(atPath: root + "/lib/util.lua")
        let changed7 = watcher.poll()
        #expect(changed7)
    }
}
