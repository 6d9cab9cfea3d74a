#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// What `stat(2)` says of a file that HanJul reads: its kind and size.
public struct FileStatus: Equatable, Sendable {
    /// The kind of file (`st_mode & S_IFMT`).
    public enum Kind: Equatable, Sendable {
        case regular, directory, symbolicLink, fifo, characterDevice, blockDevice, socket, other
    }

    public let kind: Kind
    /// The size in bytes (`st_size`).
    public let size: Int
    /// When it was last modified, in nanoseconds since 1970 (`st_mtim`).
    public let modified: Int64
    /// The permission bits with set-id and sticky (`st_mode & 0o7777`).
    public let permissions: UInt32
    /// The owner's user id (`st_uid`).
    public let owner: UInt32

    /// What `info` (a `stat` the caller made) says.
    init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        case S_IFIFO: kind = .fifo
        case S_IFCHR: kind = .characterDevice
        case S_IFBLK: kind = .blockDevice
        case S_IFSOCK: kind = .socket
        default: kind = .other
        }
        size = Int(info.st_size)
        permissions = UInt32(info.st_mode & 0o7777)
        owner = UInt32(info.st_uid)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }

    /// `stat(2)`: the file at `path`, symbolic links followed.
    public static func of(path: String) throws(Errno) -> FileStatus {
        var info = stat()
        _ = try retryingInterrupts { stat(path, &info) }
        return FileStatus(info)
    }

    /// `lstat(2)`: the file at `path` itself, a symbolic link not followed.
    public static func ofLink(atPath path: String) throws(Errno) -> FileStatus {
        var info = stat()
        _ = try retryingInterrupts { lstat(path, &info) }
        return FileStatus(info)
    }
}

extension FileDescriptor {
    /// How a file is opened: the `open(2)` flags HanJul uses.
    public struct OpenOptions: OptionSet, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }

        public static let writeOnly = OpenOptions(rawValue: O_WRONLY)
        public static let create = OpenOptions(rawValue: O_CREAT)
        public static let noFollow = OpenOptions(rawValue: O_NOFOLLOW)
        public static let closeOnExec = OpenOptions(rawValue: O_CLOEXEC)
        public static let nonBlocking = OpenOptions(rawValue: O_NONBLOCK)
        public static let noControllingTerminal = OpenOptions(rawValue: O_NOCTTY)
    }

    /// `open(2)` with `options`, retried on `EINTR`.
    public static func open(_ path: String, _ options: OpenOptions, permissions: UInt32 = 0) throws(Errno) -> FileDescriptor {
        try open(path, options.rawValue, mode: permissions)
    }

    /// `fstat(2)`.
    public func status() throws(Errno) -> FileStatus {
        var info = stat()
        _ = try retryingInterrupts { fstat(rawValue, &info) }
        return FileStatus(info)
    }

    /// `ftruncate(2)`: the file cut (or grown) to `length` bytes.
    public func truncate(to length: Int) throws(Errno) {
        _ = try retryingInterrupts { ftruncate(rawValue, off_t(length)) }
    }

    /// `lseek(2)` to the end; the offset there.
    public func seekToEnd() throws(Errno) -> Int {
        Int(try retryingInterrupts { lseek(rawValue, 0, SEEK_END) })
    }

    /// The file offset now (`lseek(2)`, from where it is).
    public func offset() throws(Errno) -> Int {
        Int(try retryingInterrupts { lseek(rawValue, 0, SEEK_CUR) })
    }

    /// `lseek(2)` to `offset` from the start.
    public func seek(to offset: Int) throws(Errno) {
        _ = try retryingInterrupts { lseek(rawValue, off_t(offset), SEEK_SET) }
    }

    /// A second descriptor for the same open file (`dup(2)`).
    public func duplicate() throws(Errno) -> FileDescriptor {
        FileDescriptor(rawValue: try retryingInterrupts { dup(rawValue) })
    }

    /// `target` made a descriptor for this open file (`dup2(2)`; what `target` was is closed).
    public func duplicate(as target: FileDescriptor) throws(Errno) {
        _ = try retryingInterrupts { dup2(rawValue, target.rawValue) }
    }

    /// A pipe (`pipe(2)`): what is written to `write` is read from `read`.
    public static func pipe() throws(Errno) -> (read: FileDescriptor, write: FileDescriptor) {
        var ends: [Int32] = [0, 0]
        _ = try retryingInterrupts { systemPipe(&ends) }
        return (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
    }

    /// `fsync(2)`: the file's data and size on the disk.
    public func synchronize() throws(Errno) {
        _ = try retryingInterrupts { fsync(rawValue) }
    }

    /// Whether the descriptor is a pipe whose reading end is closed: `poll(2)` answers
    /// `POLLERR` at once for it.
    public var isWidowedPipe: Bool {
        var descriptor = pollfd(fd: rawValue, events: Int16(POLLOUT), revents: 0)
        return poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLERR) != 0
    }

    /// Whether the descriptor is a terminal (`isatty(3)`).
    public var isTerminal: Bool { isatty(rawValue) == 1 }

    /// Turns `O_NONBLOCK` off (`fcntl(2)`): reads and writes wait again.
    public func makeBlocking() throws(Errno) {
        let flags = try retryingInterrupts { fcntl(rawValue, F_GETFL) }
        _ = try retryingInterrupts { fcntl(rawValue, F_SETFL, flags & ~O_NONBLOCK) }
    }
}

extension Errno {
    public static let brokenPipe = Errno(rawValue: EPIPE)
    public static let invalidArgument = Errno(rawValue: EINVAL)
}
