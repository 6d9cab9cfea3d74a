import Foundation
import Glibc
import HanJulFiles
import Testing

@Suite("AtomicFile")
struct AtomicFileTests {
    @Test("replaces the content, mode 0600, and leaves no temporary files")
    func replaces() throws {
        let folder = TemporaryFolder()
        let path = folder.file("scores.hjr")
        try AtomicFile.write(Array("old".utf8), to: path)
        try AtomicFile.write(Array("new content".utf8), to: path)
        #expect(contents(path) == Array("new content".utf8))
        #expect(folder.names() == ["scores.hjr"])
        var info = stat()
        stat(path, &info)
        #expect(info.st_mode & 0o777 == 0o600)
    }

    @Test("creates missing parent folders with mode 0700")
    func createsParents() throws {
        let folder = TemporaryFolder()
        let path = folder.file("a/b/c/keys.hjr")
        try AtomicFile.write([1, 2, 3], to: path)
        #expect(contents(path) == [1, 2, 3])
        var info = stat()
        stat(folder.file("a/b"), &info)
        #expect(info.st_mode & 0o777 == 0o700)
    }

    @Test("a symbolic link at the destination is replaced, its target untouched")
    func replacesSymlink() throws {
        let folder = TemporaryFolder()
        put(Array("precious".utf8), folder.file("target"))
        symlink(folder.file("target"), folder.file("link"))
        try AtomicFile.write(Array("saved".utf8), to: folder.file("link"))
        #expect(contents(folder.file("target")) == Array("precious".utf8))
        #expect(contents(folder.file("link")) == Array("saved".utf8))
    }

    @Test("a parent that is a regular file fails with ENOTDIR and a readable message")
    func parentIsFile() throws {
        let folder = TemporaryFolder()
        put([1], folder.file("plain"))
        let error = try #require(throws: FileError.self) {
            try AtomicFile.write([9], to: folder.file("plain/scores.hjr"))
        }
        #expect(error.errno == ENOTDIR)
        #expect(error.playerMessage(saving: "high scores")
            == "could not save high scores to \(folder.file("plain")): Not a directory (ENOTDIR); your previous high scores are kept")
    }

    @Test("a failed rename (destination is a folder) removes the temporary file")
    func renameFails() throws {
        let folder = TemporaryFolder()
        mkdir(folder.file("scores.hjr"), 0o700)
        put([1], folder.file("scores.hjr/inside"))
        let error = try #require(throws: FileError.self) {
            try AtomicFile.write([1, 2, 3], to: folder.file("scores.hjr"))
        }
        #expect(error.operation == .rename)
        #expect(folder.names() == ["scores.hjr"])
    }

    @Test("a read-only folder keeps the old file (skipped as root, where chmod does not stop writes)")
    func readOnlyFolder() throws {
        let folder = TemporaryFolder()
        let path = folder.file("scores.hjr")
        try AtomicFile.write(Array("old".utf8), to: path)
        chmod(folder.path, 0o500)
        defer { chmod(folder.path, 0o700) }
        if runningAsRoot {
            print("skipped: running as root, chmod 0500 does not stop writes; see the EFBIG and strace tests")
            return
        }
        let error = try #require(throws: FileError.self) { try AtomicFile.write(Array("new".utf8), to: path) }
        #expect(error.errno == EACCES)
        #expect(contents(path) == Array("old".utf8))
    }

    @Test("a write that fails half-way (RLIMIT_FSIZE -> EFBIG) keeps the old file and removes the temporary")
    func partialWriteFails() throws {
        let folder = TemporaryFolder()
        let path = folder.file("scores.hjr")
        try AtomicFile.write(Array("old scores".utf8), to: path)
        let result = try run(tortureExecutable(), ["write-limited", path, "1000000", "65536"])
        #expect(result.status == 3)
        #expect(result.output.contains("could not save high scores to \(path): File too large (EFBIG); your previous high scores are kept"))
        #expect(contents(path) == Array("old scores".utf8))
        #expect(folder.names() == ["scores.hjr"])
    }

    @Test("injected ENOSPC on write, EIO on fsync and on rename keep the old file", arguments: [
        ("write:error=ENOSPC:when=1", "No space left on device (ENOSPC)"),
        ("fsync:error=EIO:when=1", "Input/output error (EIO)"),
        ("fsync:error=EDQUOT:when=1", "Disk quota exceeded (EDQUOT)"),
        ("rename:error=EROFS", "Read-only file system (EROFS)"),
    ])
    func injectedFaults(injection: String, message: String) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/strace") else {
            print("skipped: strace is not installed (apt-get install strace)")
            return
        }
        let folder = TemporaryFolder()
        let path = folder.file("scores.hjr")
        try AtomicFile.write(Array("old scores".utf8), to: path)
        let syscall = String(injection.prefix(while: { $0 != ":" }))
        let result = try run("/usr/bin/strace", [
            "-f", "-o", "/dev/null", "-e", "trace=\(syscall)", "-e", "inject=\(injection)",
            tortureExecutable(), "write-limited", path, "5000", "100000000",
        ])
        if result.errorOutput.contains("ptrace") {
            print("skipped: strace cannot trace here: \(result.errorOutput)")
            return
        }
        #expect(result.status == 3, "\(result.output) \(result.errorOutput)")
        #expect(result.output.contains(message), "\(result.output)")
        #expect(result.output.contains("your previous high scores are kept"))
        #expect(contents(path) == Array("old scores".utf8))
        #expect(folder.names() == ["scores.hjr"])
    }

    @Test("stale temporary files of dead writers are removed, live ones kept")
    func staleTemporaries() throws {
        let folder = TemporaryFolder()
        let path = folder.file("scores.hjr")
        put([1], folder.file(".scores.hjr.tmp-999999999-1"))  // no such pid
        put([2], folder.file(".scores.hjr.tmp-1-1"))  // pid 1 is alive
        put([3], folder.file(".other.tmp-999999999-1"))
        #expect(AtomicFile.removeStaleTemporaries(for: path) == [".scores.hjr.tmp-999999999-1"])
        #expect(folder.names() == [".other.tmp-999999999-1", ".scores.hjr.tmp-1-1"])
    }
}
