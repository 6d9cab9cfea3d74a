import Foundation
import HanJulCore
@testable import HanJulMods

/// Mods written inline by tests, in a fresh temporary folder, removed when the last
/// reference goes (a test run leaves /tmp as it found it).
final class ModFixtures: Sendable {
    let root: String

    init() {
        root = NSTemporaryDirectory() + "hanjul-mods-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Writes `Mods/<id>/mod.lua` (and any other files) and returns the folder.
    @discardableResult
    func write(_ id: String, _ source: String, files: [String: String] = [:]) -> String {
        let folder = root + "/" + id
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try! source.write(toFile: folder + "/mod.lua", atomically: true, encoding: .utf8)
        for (path, text) in files {
            let full = folder + "/" + path
            try! FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try! text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        return folder
    }

    var catalog: ModCatalog {
        ModCatalog(searchPath: ModSearchPath(folders: [root]), workingDirectory: root)
    }

    /// Rules from mods written here, in order.
    func rules(_ ids: String...) throws -> LuaRules { try catalog.rules(ids) }

    /// A manifest header with the given hooks and data, as a mod.lua source.
    static func source(id: String, _ body: String, prelude: String = "") -> String {
        """
        \(prelude)
        return {
          id = "\(id)", name = "\(id)", version = "0.1.0", description = "test fixture", api = 1,
        \(body)
        }
        """
    }
}

/// The repository's own Mods folder.
let repositoryMods: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.appendingPathComponent("Mods").path
}()

func repositoryRules(_ ids: String...) throws -> LuaRules {
    try ModCatalog(searchPath: ModSearchPath(folders: [repositoryMods]), workingDirectory: repositoryMods + "/..").rules(ids)
}
