import Foundation
import Glibc
import HanJulFiles
import Testing

@Suite("SafeFile")
struct SafeFileTests {
    @Test("reads a regular file")
    func readsRegular() throws {
        let folder = TemporaryFolder()
        put(Array("hello".utf8), folder.file("a"))
        #expect(try SafeFile.read(folder.file("a"), maxBytes: 5) == Array("hello".utf8))
        put([], folder.file("empty"))
        #expect(try SafeFile.read(folder.file("empty"), maxBytes: 5) == [])
    }

    @Test("refuses a symbolic link, even to a good file")
    func refusesSymlink() throws {
        let folder = TemporaryFolder()
        put([1], folder.file("real"))
        symlink(folder.file("real"), folder.file("link"))
        let error = try #require(throws: FileError.self) { try SafeFile.read(folder.file("link"), maxBytes: 100) }
        #expect(error.kind == .symbolicLink)
        #expect(error.errno == ELOOP)
    }

    @Test("refuses a FIFO at once instead of blocking")
    func refusesFIFO() throws {
        let folder = TemporaryFolder()
        #expect(mkfifo(folder.file("fifo"), 0o600) == 0)
        let start = Date()
        let error = try #require(throws: FileError.self) { try SafeFile.read(folder.file("fifo"), maxBytes: 100) }
        #expect(error.kind == .notRegularFile(.fifo))
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(error.description == "could not open \(folder.file("fifo")): it is a FIFO, not a regular file")
    }

    @Test("refuses a folder and /dev/zero")
    func refusesFolderAndDevice() throws {
        let folder = TemporaryFolder()
        #expect(throws: FileError(path: folder.path, operation: .open, kind: .notRegularFile(.directory))) {
            try SafeFile.read(folder.path, maxBytes: 100)
        }
        #expect(throws: FileError(path: "/dev/zero", operation: .open, kind: .notRegularFile(.characterDevice))) {
            try SafeFile.read("/dev/zero", maxBytes: 100)
        }
    }

    @Test("refuses a file over the limit without reading it")
    func refusesOversize() throws {
        let folder = TemporaryFolder()
        let path = folder.file("big")
        let fd = open(path, O_WRONLY | O_CREAT, 0o600)
        ftruncate(fd, 1 << 30)  // a sparse 1 GiB file
        close(fd)
        let error = try #require(throws: FileError.self) { try SafeFile.read(path, maxBytes: 1 << 20) }
        #expect(error.kind == .tooLarge(size: 1 << 30, limit: 1 << 20))
    }

    @Test("a missing file is .missing")
    func missing() throws {
        let error = try #require(throws: FileError.self) { try SafeFile.read("/nonexistent/hanjul/x", maxBytes: 1) }
        #expect(error.isMissing)
        #expect(error.description == "could not open /nonexistent/hanjul/x: No such file or directory (ENOENT)")
    }
}
