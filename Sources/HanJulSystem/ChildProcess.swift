#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// A program HanJul runs beside itself and talks to over pipes (a hosted TBP bot): its
/// standard input and output are HanJul's, its standard error is HanJul's own. Every read
/// and write has a deadline and reads are bounded, so a child that hangs, floods or dies
/// is a clear error, never a hang (`LineReader`, `write(_:within:)`).
///
/// `end()` (and `deinit`) closes the pipes, asks the child to stop (SIGTERM), gives it
/// 200 ms, then kills it (SIGKILL) and reaps it: no zombie, no orphan left running. The
/// child leads a process group of its own, and the signals go to the group: what it started
/// (a shell's command, `sh bot.sh`'s programs) ends with it.
public final class ChildProcess {
    /// The child's process id.
    public let id: Int32
    /// Lines from the child's standard output.
    public var output: LineReader
    private let input: FileDescriptor
    private var ended = false

    /// Runs `command` with `/bin/sh -c`, as a shell line is written (`tbp:'./bot --fast'`).
    public static func shell(_ command: String) throws(Errno) -> ChildProcess {
        try ChildProcess(path: "/bin/sh", arguments: ["-c", command])
    }

    /// Runs `path` with `arguments`, with pipes for its standard input and output.
    public init(path: String, arguments: [String]) throws(Errno) {
        // Writing to a child that died must fail with EPIPE, not kill HanJul.
        SystemProcess.ignoreBrokenPipes()
        // Close-on-exec from the start (pipe2): another child spawned meanwhile, on another
        // thread (a second bot), must not inherit these ends.
        let toChild = try FileDescriptor.pipe(closeOnExec: true)
        let fromChild: (read: FileDescriptor, write: FileDescriptor)
        do throws(Errno) {
            fromChild = try FileDescriptor.pipe(closeOnExec: true)
        } catch {
            try? toChild.read.close(); try? toChild.write.close()
            throw error
        }
        // dup2 clears close-on-exec on the copies: the child keeps only its 0 and 1.
        let spawned = Result { () throws(Errno) in
            try Spawn.start(path, arguments, actions: [.duplicate(source: toChild.read.rawValue, as: 0),
                                                       .duplicate(source: fromChild.write.rawValue, as: 1)],
                            newProcessGroup: true)
        }
        try? toChild.read.close()
        try? fromChild.write.close()
        switch spawned {
        case .success(let pid):
            id = pid
        case .failure(let error):
            try? toChild.write.close(); try? fromChild.read.close()
            throw error
        }
        input = toChild.write
        output = LineReader(fromChild.read)
        for descriptor in [input, output.descriptor] {
            let flags = fcntl(descriptor.rawValue, F_GETFL)
            if flags != -1 { _ = fcntl(descriptor.rawValue, F_SETFL, flags | O_NONBLOCK) }
        }
    }

    /// Writes all of `bytes` to the child's standard input, waiting at most `milliseconds`
    /// in all; false when the child did not take them in time (it reads nothing, say).
    /// - Throws: the write's error (`EPIPE` when the child has closed its input or exited).
    public func write(_ bytes: [UInt8], within milliseconds: Int) throws(Errno) -> Bool {
        let deadline = SystemClock.monotonic.milliseconds() + UInt64(max(0, milliseconds))
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                systemWrite(input.rawValue, raw.baseAddress! + offset, raw.count - offset)
            }
            if count > 0 { offset += count; continue }
            let code = errno
            guard count == -1, code == EAGAIN || code == EWOULDBLOCK || code == EINTR else {
                throw count == 0 ? .ioError : Errno(rawValue: code)
            }
            let now = SystemClock.monotonic.milliseconds()
            guard now < deadline else { return false }
            var entry = pollfd(fd: input.rawValue, events: Int16(POLLOUT), revents: 0)
            _ = poll(&entry, 1, Int32(clamping: deadline - now))
        }
        return true
    }

    /// The child's exit status when it has exited (without waiting), else nil.
    public func exitStatus() -> Int32? {
        guard !ended else { return nil }
        var status: Int32 = 0
        guard waitpid(id, &status, WNOHANG) == id else { return nil }
        ended = true
        try? input.close()
        try? output.descriptor.close()
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// Closes the pipes, stops the child and its group (SIGTERM, then SIGKILL after 200 ms)
    /// and reaps it.
    public func end() {
        guard !ended else { return }
        ended = true
        try? input.close()
        try? output.descriptor.close()
        var status: Int32 = 0
        // The group may outlive its leader (a shell's command running on): it goes too.
        if waitpid(id, &status, WNOHANG) == id {
            kill(-id, SIGKILL)
            return
        }
        kill(-id, SIGTERM)
        for _ in 0..<20 {
            if waitpid(id, &status, WNOHANG) == id {
                kill(-id, SIGKILL)
                return
            }
            SystemClock.sleep(milliseconds: 10)
        }
        kill(-id, SIGKILL)
        _ = try? retryingInterrupts { waitpid(id, &status, 0) }
    }

    deinit { end() }
}

/// Reads lines (ending in `\n`) from a descriptor, each at most `limit` bytes, waiting at
/// most a deadline for each: what a line protocol over a pipe needs against a peer that
/// floods, stalls or sends one endless line.
public struct LineReader {
    /// What a read found.
    public enum Line: Equatable, Sendable {
        /// A line, without its `\n` (and without a `\r` before it).
        case line([UInt8])
        /// End of file: the writer closed its end (or exited).
        case closed
        /// Nothing complete within the time.
        case timedOut
        /// A line longer than the limit: what came of it so far (the reader is then of no
        /// further use, its framing lost).
        case tooLong([UInt8])
    }

    public let descriptor: FileDescriptor
    private var buffer: [UInt8] = []
    private var scanned = 0
    private var atEnd = false

    public init(_ descriptor: FileDescriptor) { self.descriptor = descriptor }

    /// The next line, waiting at most `milliseconds` (nil: as long as it takes).
    public mutating func next(within milliseconds: Int?, limit: Int) throws(Errno) -> Line {
        let deadline = milliseconds.map { SystemClock.monotonic.milliseconds() + UInt64(max(0, $0)) }
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                scanned = 0
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                guard line.count <= limit else { return .tooLong(Array(line.prefix(limit))) }
                return .line(line)
            }
            scanned = buffer.count
            if buffer.count > limit { return .tooLong(Array(buffer.prefix(limit))) }
            if atEnd { return .closed }
            var wait: Int32 = -1
            if let deadline {
                let now = SystemClock.monotonic.milliseconds()
                guard now < deadline else { return .timedOut }
                wait = Int32(clamping: deadline - now)
            }
            var entry = pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0)
            let ready = try retryingInterrupts { poll(&entry, 1, wait) }
            if ready == 0 { continue }
            let count = chunk.withUnsafeMutableBytes { raw in systemRead(descriptor.rawValue, raw.baseAddress, raw.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
            } else if count == 0 {
                atEnd = true
            } else {
                let code = errno
                guard code == EAGAIN || code == EWOULDBLOCK || code == EINTR else { throw Errno(rawValue: code) }
            }
        }
    }
}
