import Foundation
@testable import HanJulMods
import Testing

/// Mods folders with many entries are listed whole, and a mod's own folder counts its
/// folders as well as its files.
@Suite struct ModFolderLimitsTests {
    let fx = ModFixtures()

    @Test func aModsFolderOf1500ModsIsListedWholeAndEachIsFound() throws {
        for i in 0..<1500 { try FileManager.default.createDirectory(atPath: fx.root + "/m\(i)", withIntermediateDirectories: false) }
        let path = ModSearchPath(folders: [fx.root])
        let ids = path.entries().map(\.id)
        #expect(ids.count == 1500)
        #expect(Set(ids) == Set((0..<1500).map { "m\($0)" }))
        #expect(path.folder(of: "m777") == fx.root + "/m777")
        #expect(path.folder(of: "m1500") == nil)
    }

    @Test func onlyValidIDsAreLookedUp() throws {
        fx.write("real", ModFixtures.source(id: "real", ""))
        let path = ModSearchPath(folders: [fx.root + "/real"])
        #expect(path.folder(of: "..") == nil)
        #expect(path.folder(of: "../real") == nil)
        #expect(ModSearchPath(folders: [fx.root]).folder(of: "real") == fx.root + "/real")
    }

    @Test func foldersCountTowardTheModsLimits() throws {
        let folder = fx.write("nested", ModFixtures.source(id: "nested", ""))
        for i in 0..<ModPackage.maxFolders {
            try FileManager.default.createDirectory(atPath: folder + "/d\(i)", withIntermediateDirectories: false)
        }
        _ = try ModPackage(folder: folder)
        try FileManager.default.createDirectory(atPath: folder + "/d0/one-more", withIntermediateDirectories: false)
        #expect {
            _ = try ModPackage(folder: folder)
        } throws: { error in
            "\(error)".contains("more than 64 folders")
        }
    }
}
