import Foundation
import Glibc
import HanJulFiles
import Testing

/// #39 item 5: keys.conf and settings.conf as stow, home-manager and chezmoi make them, a
/// symbolic link into a dotfiles folder. A link to a regular file of the user's is read and
/// written through (the link kept, the target replaced atomically); anything else is refused
/// with one reason naming the file. SafeFile (scores, replays) keeps refusing every link.
@Suite("ConfigFile")
struct ConfigFileTests {
    /// `home/.config/hanjul/keys.conf -> dotfiles/hanjul/keys.conf` (relative, as stow makes it).
    static func stowed(_ folder: TemporaryFolder, text: String = "left = h\n") throws -> (link: String, target: String) {
        try FileManager.default.createDirectory(atPath: folder.file("dotfiles/hanjul"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.file("home/.config/hanjul"), withIntermediateDirectories: true)
        put(Array(text.utf8), folder.file("dotfiles/hanjul/keys.conf"))
        #expect(chmod(folder.file("dotfiles/hanjul/keys.conf"), 0o640) == 0)
        #expect(symlink("../../../dotfiles/hanjul/keys.conf", folder.file("home/.config/hanjul/keys.conf")) == 0)
        return (folder.file("home/.config/hanjul/keys.conf"), folder.file("dotfiles/hanjul/keys.conf"))
    }

    static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(path, &buffer, buffer.count - 1)
        return count < 0 ? nil : String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    @Test("reads and writes through a stow link: the link kept, the target replaced, its mode kept")
    func throughALink() throws {
        let folder = TemporaryFolder()
        let (link, target) = try Self.stowed(folder)
        #expect(try ConfigFile.read(link, maxBytes: 1024) == Array("left = h\n".utf8))
        var before = stat()
        #expect(stat(target, &before) == 0)
        try ConfigFile.write(Array("left = j\n".utf8), to: link)
        #expect(Self.linkTarget(link) == "../../../dotfiles/hanjul/keys.conf", "the link is kept as it was")
        #expect(contents(target) == Array("left = j\n".utf8))
        var after = stat()
        #expect(stat(target, &after) == 0)
        #expect(after.st_ino != before.st_ino, "replaced by a rename, not rewritten in place")
        #expect(after.st_mode & 0o777 == 0o640)
        #expect(folder.names(folder.file("dotfiles/hanjul")) == ["keys.conf"], "no temporary left beside the target")
        #expect(folder.names(folder.file("home/.config/hanjul")) == ["keys.conf"])
    }

    @Test("a chain of links (home-manager: a link to a link) leads to its last regular file")
    func throughAChain() throws {
        let folder = TemporaryFolder()
        let (link, target) = try Self.stowed(folder)
        #expect(symlink(link, folder.file("second")) == 0)
        try ConfigFile.write(Array("hold = v\n".utf8), to: folder.file("second"))
        #expect(contents(target) == Array("hold = v\n".utf8))
        #expect(Self.linkTarget(folder.file("second")) == link)
    }

    @Test("a plain file and a missing one behave as before")
    func plainAndMissing() throws {
        let folder = TemporaryFolder()
        let error = try #require(throws: FileError.self) { try ConfigFile.read(folder.file("none"), maxBytes: 10) }
        #expect(error.isMissing && error.path == folder.file("none"))
        try ConfigFile.write([1, 2], to: folder.file("new"))
        #expect(contents(folder.file("new")) == [1, 2])
        var info = stat()
        #expect(lstat(folder.file("new"), &info) == 0 && info.st_mode & S_IFMT == S_IFREG && info.st_mode & 0o777 == 0o600)
    }

    @Test("a link to a folder, a FIFO, a missing file or another user's file is refused, naming both, and nothing is written",
          arguments: ["folder", "fifo", "dangling", "otherUser"])
    func refused(kind: String) throws {
        let folder = TemporaryFolder()
        let target = folder.file("target")
        var expected: String
        switch kind {
        case "folder":
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
            expected = "which is not a regular file"
        case "fifo":
            #expect(mkfifo(target, 0o600) == 0)
            expected = "which is not a regular file"
        case "dangling":
            expected = "a symbolic link to a file that does not exist"
        default:
            put(Array("mine = no\n".utf8), target)
            // Only root can give a file away; anyone else cannot make this case.
            guard geteuid() == 0 else { return }
            #expect(chown(target, 4242, 4242) == 0)
            expected = "which belongs to user 4242, not to you"
        }
        #expect(symlink(target, folder.file("keys.conf")) == 0)
        let link = folder.file("keys.conf")
        for attempt in 0..<2 {
            let error = try #require(throws: FileError.self) {
                if attempt == 0 { _ = try ConfigFile.read(link, maxBytes: 100) } else { try ConfigFile.write([0x41], to: link) }
            }
            #expect(error.path == link)
            #expect(error.description.contains(expected), "\(error.description)")
            #expect(error.description.contains("HanJul reads and writes through a link only to a regular file you own"))
            #expect(!error.description.contains("\n"))
        }
        #expect(Self.linkTarget(link) == target, "the link is left as it was")
        if kind == "otherUser" { #expect(contents(target) == Array("mine = no\n".utf8)) }
        #expect(folder.names().allSatisfy { !$0.contains(".tmp-") })
    }

    @Test("score and replay files keep refusing links (SafeFile, AtomicFile)")
    func otherFilesStillRefuseLinks() throws {
        let folder = TemporaryFolder()
        let (link, target) = try Self.stowed(folder)
        let error = try #require(throws: FileError.self) { try SafeFile.read(link, maxBytes: 100) }
        #expect(error.kind == .symbolicLink)
        try AtomicFile.write([7], to: link)
        #expect(Self.linkTarget(link) == nil, "AtomicFile replaces the link itself, never writes through it")
        #expect(contents(target) == Array("left = h\n".utf8))
    }
}
