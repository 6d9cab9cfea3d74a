import HanJulSystem
import HanJulFiles
import HanJulSim

/// Writes `hanjul sim --jsonl` output as the games finish: each line goes out in one
/// `write(2)` (no buffer in between), so a run killed at any moment leaves every game it
/// finished on disk, followed at most by one line cut short, which `--resume` drops.
///
/// Paths follow the one rule for output files (`OutputFile`, RELIABILITY D-11): `-` is
/// standard output, a symbolic link is followed to its target, a FIFO or character device
/// is written through (a FIFO nobody reads is an error), a folder, block device or socket
/// is refused, and a missing folder is never created. One thing is the sweep's own: a new
/// run never replaces a file that has games in it: it says to `--resume` it or remove it.
package final class SweepWriter {
    package let fd: Int32
    package let name: String
    private let isFile: Bool

    /// Standard output (`--jsonl -`).
    package init(standardOutput: ()) {
        fd = STDOUT_FILENO
        name = "standard output"
        isFile = false
    }

    /// A new file at `path`. An empty file (or one whose only content is a header cut
    /// short, `discarding` bytes of it) is started over; anything else is refused.
    package init(creating path: String, discarding torn: Int = 0) throws(SweepError) {
        let (fd, regular) = try Self.open(path, flags: O_WRONLY | O_CREAT)
        guard regular else {
            self.fd = fd
            name = path
            isFile = false
            closes = true
            return
        }
        var info = stat()
        if fstat(fd, &info) == 0, Int(info.st_size) > torn {
            close(fd)
            throw SweepError("\(SweepError.quoted(path)) already exists (\(info.st_size) bytes); finish a stopped run with --resume \(SweepError.shown(path)), or remove it to start over")
        }
        guard ftruncate(fd, 0) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw SweepError("cannot write \(SweepError.quoted(path)): \(reason)")
        }
        self.fd = fd
        name = path
        isFile = true
        closes = true
    }

    /// The file of a stopped run at `path`, cut back to its first `length` bytes (its
    /// whole lines), to append the games it lacks.
    package init(resuming path: String, keeping length: Int) throws(SweepError) {
        let (fd, regular) = try Self.open(path, flags: O_WRONLY)
        guard regular else {
            close(fd)
            throw SweepError("cannot resume \(SweepError.quoted(path)): it is not a regular file")
        }
        guard ftruncate(fd, off_t(length)) == 0, lseek(fd, 0, SEEK_END) == off_t(length) else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw SweepError("cannot resume \(SweepError.quoted(path)): \(reason)")
        }
        self.fd = fd
        name = path
        isFile = true
        closes = true
    }

    /// Whether `fd` is this writer's own (not standard output).
    private var closes = false

    deinit {
        if closes { close(fd) }
    }

    /// Opens `path` by the output rule: the descriptor, and whether it is a regular file
    /// (else a FIFO or character device, written through).
    private static func open(_ path: String, flags: Int32) throws(SweepError) -> (Int32, Bool) {
        let target: OutputFile.Target
        do throws(FileError) { target = try OutputFile.target(of: path) } catch {
            throw SweepError("--jsonl: \(error)")
        }
        switch target {
        case .standardOutput:
            return (STDOUT_FILENO, false)
        case .device(let final, _):
            let fd = HanJulSystem.open(final, O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else {
                throw SweepError("cannot write \(SweepError.quoted(path)): \(FileError(path: path, operation: .open, errno: errno).reason)")
            }
            let mode = fcntl(fd, F_GETFL)
            if mode >= 0 { _ = fcntl(fd, F_SETFL, mode & ~O_NONBLOCK) }
            return (fd, false)
        case .file(let final, _):
            let fd = HanJulSystem.open(final, flags | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o644)
            guard fd >= 0 else {
                throw SweepError("cannot write \(SweepError.quoted(path)): \(String(cString: strerror(errno)))")
            }
            var info = stat()
            guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                close(fd)
                throw SweepError("\(SweepError.quoted(path)) is not a regular file; to stream the games use --jsonl -")
            }
            return (fd, true)
        }
    }

    /// A write that failed after the run started (exit status 1, not a usage error).
    package struct Failure: Error {
        package var message: String
        /// The reader of a pipe went away: nothing to say, as for any Unix filter.
        package var readerGone = false
    }

    /// One line (a `\n` is added), written whole before this returns.
    package func write(line: String) throws(Failure) {
        let bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            do throws(Errno) {
                let n = try FileDescriptor(rawValue: fd).write(bytes, from: offset)
                guard n > 0 else { throw .ioError }
                offset += n
            } catch where error == .resourceTemporarilyUnavailable {
                continue
            } catch {
                throw Failure(message: "cannot write to \(name): \(error.text)", readerGone: error.rawValue == EPIPE)
            }
        }
    }

    /// Flushes a file to the disk, so a finished run survives a crash of the machine too.
    package func finish() throws(Failure) {
        guard isFile else { return }
        if fsync(fd) != 0 && errno != EINVAL {
            throw Failure(message: "cannot write to \(name): \(String(cString: strerror(errno)))")
        }
    }
}
