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
    package let fd: FileDescriptor
    package let name: String
    private let isFile: Bool

    /// Standard output (`--jsonl -`).
    package init(standardOutput: ()) {
        fd = .standardOutput
        name = "standard output"
        isFile = false
    }

    /// A new file at `path`. An empty file (or one whose only content is a header cut
    /// short, `discarding` bytes of it) is started over; anything else is refused.
    package init(creating path: String, discarding torn: Int = 0) throws(SweepError) {
        let (fd, regular) = try Self.open(path, [.writeOnly, .create])
        guard regular else {
            self.fd = fd
            name = path
            isFile = false
            closes = true
            return
        }
        if let size = try? fd.status().size, size > torn {
            try? fd.close()
            throw SweepError("\(SweepError.quoted(path)) already exists (\(size) bytes); finish a stopped run with --resume \(SweepError.shown(path)), or remove it to start over")
        }
        do throws(Errno) { try fd.truncate(to: 0) } catch {
            try? fd.close()
            throw SweepError("cannot write \(SweepError.quoted(path)): \(error.text)")
        }
        self.fd = fd
        name = path
        isFile = true
        closes = true
    }

    /// The file of a stopped run at `path`, cut back to its first `length` bytes (its
    /// whole lines), to append the games it lacks.
    package init(resuming path: String, keeping length: Int) throws(SweepError) {
        let (fd, regular) = try Self.open(path, [.writeOnly])
        guard regular else {
            try? fd.close()
            throw SweepError("cannot resume \(SweepError.quoted(path)): it is not a regular file")
        }
        do throws(Errno) {
            try fd.truncate(to: length)
            guard try fd.seekToEnd() == length else { throw .ioError }
        } catch {
            try? fd.close()
            throw SweepError("cannot resume \(SweepError.quoted(path)): \(error.text)")
        }
        self.fd = fd
        name = path
        isFile = true
        closes = true
    }

    /// Whether `fd` is this writer's own (not standard output).
    private var closes = false

    deinit {
        if closes { try? fd.close() }
    }

    /// Opens `path` by the output rule: the descriptor, and whether it is a regular file
    /// (else a FIFO or character device, written through).
    private static func open(_ path: String, _ options: FileDescriptor.OpenOptions) throws(SweepError) -> (FileDescriptor, Bool) {
        let target: OutputFile.Target
        do throws(FileError) { target = try OutputFile.target(of: path) } catch {
            throw SweepError("--jsonl: \(error)")
        }
        switch target {
        case .standardOutput:
            return (.standardOutput, false)
        case .device(let final, _):
            let fd: FileDescriptor
            do throws(Errno) {
                fd = try FileDescriptor.open(final, [.writeOnly, .noControllingTerminal, .closeOnExec, .nonBlocking])
            } catch {
                throw SweepError("cannot write \(SweepError.quoted(path)): \(FileError(path: path, operation: .open, errno: error.rawValue).reason)")
            }
            try? fd.makeBlocking()
            return (fd, false)
        case .file(let final, _):
            let fd: FileDescriptor
            do throws(Errno) {
                fd = try FileDescriptor.open(final, options.union([.noFollow, .closeOnExec, .nonBlocking]), permissions: 0o644)
            } catch {
                throw SweepError("cannot write \(SweepError.quoted(path)): \(error.text)")
            }
            guard (try? fd.status().kind) == .regular else {
                try? fd.close()
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
                let n = try fd.write(bytes, from: offset)
                guard n > 0 else { throw .ioError }
                offset += n
            } catch where error == .resourceTemporarilyUnavailable {
                continue
            } catch {
                throw Failure(message: "cannot write to \(name): \(error.text)", readerGone: error == .brokenPipe)
            }
        }
    }

    /// Flushes a file to the disk, so a finished run survives a crash of the machine too.
    package func finish() throws(Failure) {
        guard isFile else { return }
        do throws(Errno) { try fd.synchronize() } catch where error != .invalidArgument {
            throw Failure(message: "cannot write to \(name): \(error.text)")
        } catch {}
    }
}
