import Foundation
import Glibc
@testable import HanJulMods
import Testing

/// Mod folders and files whose names are not UTF-8 (RELIABILITY H-5): each is listed under
/// its own name and refused by its own bytes, never confused with the look-alike that a
/// lossy decoding would name (`a\xFF` → `a\u{FFFD}`).
@Suite struct ModFolderNameTests {
    let fx = ModFixtures()

    /// `path` + `name` as raw bytes, for `mkdir`, `open` and `rmdir`.
    static func raw(_ path: String, _ name: [UInt8]) -> [CChar] {
        (Array(path.utf8) + [0x2F] + name + [0]).map { CChar(bitPattern: $0) }
    }

    @Test func twoFoldersThatDifferOnlyInBytesThatAreNotUTF8AreTwoEntriesNeitherShadowed() throws {
        let odd = Self.raw(fx.root, [0x61, 0xFF])
        #expect(mkdir(odd, 0o700) == 0)
        defer { rmdir(odd) }
        try FileManager.default.createDirectory(atPath: fx.root + "/a\u{FFFD}", withIntermediateDirectories: false)
        let entries = ModSearchPath(folders: [fx.root]).entries()
        #expect(entries.map(\.id) == ["a\u{FFFD}", #"a\xFF"#])
        #expect(entries.allSatisfy { $0.shadowedBy == nil }, "\(entries)")
        let listing = fx.catalog.listing()
        #expect(listing.count == 2)
        #expect(listing.allSatisfy { $0.error?.contains("is not a mod id") == true }, "\(listing.map(\.error))")
        #expect(listing.last?.error?.contains(#"the folder name 'a\xFF'"#) == true, "\(listing.map(\.error))")
    }

    @Test func aFileNameThatIsNotUTF8IsRefusedByItsOwnBytes() throws {
        let folder = fx.write("named", ModFixtures.source(id: "named", ""))
        let odd = Self.raw(folder, [0x78, 0xFF] + Array(".lua".utf8))
        let fd = open(odd, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        #expect(fd >= 0)
        close(fd)
        defer { unlink(odd) }
        #expect {
            _ = try ModPackage(folder: folder)
        } throws: { error in
            "\(error)".contains(#"the file name 'x\xFF.lua' has characters other than"#)
        }
    }
}
