import Foundation
import Glibc
@testable import HanJulFiles
import Testing

/// Which found files may be compiled or run (H-1): the StrictModes rule, on real folders.
@Suite final class TrustedFileTests {
    let folder = NSTemporaryDirectory() + "hanjul-trusted-\(UUID().uuidString)"
    init() throws { try FileManager.default.createDirectory(atPath: folder + "/a/b", withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func write(_ path: String) throws -> String {
        let full = folder + "/" + path
        try Data("int main(void){return 0;}\n".utf8).write(to: URL(fileURLWithPath: full))
        return full
    }

    @Test func aFileInTheUsersOwnFoldersIsTrusted() throws {
        let file = try write("a/b/ref.c")
        #expect(TrustedFile.distrust(file) == nil)
    }

    @Test func aFolderOfAnotherUserOnTheWayIsNot() throws {
        guard geteuid() == 0 else { return }
        let file = try write("a/b/ref.c")
        #expect(chown(folder + "/a", 65534, 65534) == 0)
        #expect(TrustedFile.distrust(file)?.contains("/a belongs to user 65534") == true)
    }

    @Test func aFolderOthersMayWriteIsNotUnlessStickyAndRoots() throws {
        let file = try write("a/b/ref.c")
        #expect(chmod(folder + "/a", 0o777) == 0)
        #expect(TrustedFile.distrust(file)?.contains("can be written by other users") == true)
        #expect(chmod(folder + "/a", 0o1777) == 0)
        // Sticky like /tmp, but trusted only when root owns it.
        #expect((TrustedFile.distrust(file) == nil) == (geteuid() == 0))
        #expect(chmod(folder + "/a", 0o755) == 0)
        #expect(chmod(file, 0o666) == 0)
        #expect(TrustedFile.distrust(file)?.contains("can be written by other users") == true)
    }

    @Test func aLinkIsJudgedByWhereItLeads() throws {
        guard geteuid() == 0 else { return }
        let planted = try write("a/b/ref.c")
        #expect(chown(folder + "/a/b", 65534, 65534) == 0)
        #expect(symlink(planted, folder + "/link.c") == 0)
        #expect(TrustedFile.distrust(folder + "/link.c")?.contains("belongs to user 65534") == true)
    }

    @Test func aFIFOIsNotAFileAndIsNotWaitedOn() throws {
        let fifo = folder + "/a/fifo.c"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(TrustedFile.distrust(fifo)?.contains("not a regular file") == true)
        #expect(throws: FileError.self) { try TrustedFile.readRegular(fifo, maxBytes: 1 << 20) }
        #expect(TrustedFile.distrust(folder + "/missing.c") == "there is no such file")
    }
}
