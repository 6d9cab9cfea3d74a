import Glibc
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HanJulCommandLine
import HanJulSim

/// Writes `hanjul sim --jsonl` output as the games finish: each line goes out in one
/// `write(2)` (no buffer in between), so a run killed at any moment leaves every game it
/// finished on disk, followed at most by one line cut short, which `--resume` drops.
///
/// Files are opened without following a symbolic link and must be regular files (a FIFO
/// or device gets a clear error; `-` is the way to stream to standard output). A new run
/// never replaces a file that has games in it: it says to `--resume` it or remove it.
final class SweepWriter {
    let fd: Int32
    let name: String
    private let isFile: Bool

    /// Standard output (`--jsonl -`).
    init(standardOutput: ()) {
        fd = STDOUT_FILENO
        name = "standard output"
        isFile = false
    }

    /// A new file at `path`. An empty file (or one whose only content is a header cut
    /// short, `discarding` bytes of it) is started over; anything else is refused.
    init(creating path: String, discarding torn: Int = 0) throws(UsageError) {
        let fd = try Self.open(path, flags: O_WRONLY | O_CREAT)
        var info = stat()
        if fstat(fd, &info) == 0, Int(info.st_size) > torn {
            close(fd)
            throw UsageError("\(CommandLineText.quoted(path)) already exists (\(info.st_size) bytes); finish a stopped run with --resume \(CommandLineText.shown(path)), or remove it to start over")
        }
        guard ftruncate(fd, 0) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw UsageError("cannot write \(CommandLineText.quoted(path)): \(reason)")
        }
        self.fd = fd
        name = path
        isFile = true
    }

    /// The file of a stopped run at `path`, cut back to its first `length` bytes (its
    /// whole lines), to append the games it lacks.
    init(resuming path: String, keeping length: Int) throws(UsageError) {
        let fd = try Self.open(path, flags: O_WRONLY)
        guard ftruncate(fd, off_t(length)) == 0, lseek(fd, 0, SEEK_END) == off_t(length) else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw UsageError("cannot resume \(CommandLineText.quoted(path)): \(reason)")
        }
        self.fd = fd
        name = path
        isFile = true
    }

    deinit {
        if isFile { close(fd) }
    }

    private static func open(_ path: String, flags: Int32) throws(UsageError) -> Int32 {
        var before = stat()
        if lstat(path, &before) == 0 {
            switch before.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFLNK: throw UsageError("\(CommandLineText.quoted(path)) is a symbolic link; give the file it points to, or another name")
            case S_IFDIR: throw UsageError("\(CommandLineText.quoted(path)) is a folder; give a file name for the JSONL output")
            default: throw UsageError("\(CommandLineText.quoted(path)) is not a regular file (a FIFO or device?); to stream the games use --jsonl -")
            }
        }
        let fd = Glibc.open(path, flags | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o644)
        guard fd >= 0 else {
            throw UsageError("cannot write \(CommandLineText.quoted(path)): \(String(cString: strerror(errno)))")
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw UsageError("\(CommandLineText.quoted(path)) is not a regular file; to stream the games use --jsonl -")
        }
        return fd
    }

    /// A write that failed after the run started (exit status 1, not a usage error).
    struct Failure: Error {
        var message: String
        /// The reader of a pipe went away: nothing to say, as for any Unix filter.
        var readerGone = false
    }

    /// One line (a `\n` is added), written whole before this returns.
    func write(line: String) throws(Failure) {
        let bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n > 0 {
                offset += n
            } else if n < 0 && (errno == EINTR || errno == EAGAIN) {
                continue
            } else {
                let code = n < 0 ? errno : EIO
                throw Failure(message: "cannot write to \(name): \(String(cString: strerror(code)))", readerGone: code == EPIPE)
            }
        }
    }

    /// Flushes a file to the disk, so a finished run survives a crash of the machine too.
    func finish() throws(Failure) {
        guard isFile else { return }
        if fsync(fd) != 0 && errno != EINVAL {
            throw Failure(message: "cannot write to \(name): \(String(cString: strerror(errno)))")
        }
    }
}
