#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// The path calls of HanJulFiles' durable files, typed: each retries `EINTR` and throws
/// ``Errno``. A path is a C string, so a `String` and a ``FileDescriptor``-free byte path
/// (`withCString`) both pass.
extension FileSystem {
    /// `stat(2)`: the file at `path`, symbolic links followed; nil when nothing is there.
    public static func status(_ path: UnsafePointer<CChar>) throws(Errno) -> FileStatus? {
        try statusIfPresent { info in stat(path, &info) }
    }

    /// `lstat(2)`: the file at `path` itself, a symbolic link not followed; nil when
    /// nothing is there.
    public static func linkStatus(_ path: UnsafePointer<CChar>) throws(Errno) -> FileStatus? {
        try statusIfPresent { info in lstat(path, &info) }
    }

    private static func statusIfPresent(_ call: (inout stat) -> Int32) throws(Errno) -> FileStatus? {
        var info = stat()
        do throws(Errno) {
            _ = try retryingInterrupts { call(&info) }
        } catch where error == .noSuchFileOrDirectory {
            return nil
        }
        return FileStatus(info)
    }

    /// `rename(2)`: `from` replaces `to`, atomically.
    public static func rename(_ from: UnsafePointer<CChar>, to: UnsafePointer<CChar>) throws(Errno) {
        _ = try retryingInterrupts { systemRename(from, to) }
    }

    /// `link(2)`: a second name `to` for the file `from`.
    public static func link(_ from: UnsafePointer<CChar>, to: UnsafePointer<CChar>) throws(Errno) {
        _ = try retryingInterrupts { systemLink(from, to) }
    }

    /// `unlink(2)`, of a path's own bytes.
    public static func remove(cString path: UnsafePointer<CChar>) throws(Errno) {
        _ = try retryingInterrupts { unlink(path) }
    }

    /// `mkdir(2)` with `permissions` (the umask applies).
    public static func makeDirectory(_ path: UnsafePointer<CChar>, permissions: UInt32) throws(Errno) {
        _ = try retryingInterrupts { mkdir(path, mode_t(permissions)) }
    }

    /// `readlink(2)`: the bytes a symbolic link holds.
    public static func linkTarget(_ path: UnsafePointer<CChar>) throws(Errno) -> [UInt8] {
        var buffer = [Int8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = try retryingInterrupts { readlink(path, &buffer, buffer.count - 1) }
        return buffer.prefix(count).map { UInt8(bitPattern: $0) }
    }

    /// `realpath(3)`: the absolute path of `path` with every link resolved, as bytes.
    public static func realPath(_ path: UnsafePointer<CChar>) throws(Errno) -> [UInt8] {
        guard let resolved = realpath(path, nil) else { throw Errno.current }
        defer { free(resolved) }
        return Array(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
    }

    /// The names in the folder `path` (`opendir`/`readdir`), `.` and `..` included, as
    /// bytes in the system's order; at most `limit` of them (reading stops there).
    public static func names(in path: UnsafePointer<CChar>, limit: Int = .max,
                             keeping keep: ([UInt8]) -> Bool) throws(Errno) -> [[UInt8]] {
        guard let directory = opendir(path) else { throw Errno.current }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while names.count < limit, let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if keep(name) { names.append(name) }
        }
        return names
    }

    /// The calling user's effective id (`geteuid(2)`).
    public static var effectiveUser: UInt32 { UInt32(geteuid()) }
}

extension FileDescriptor {
    /// `open(2)` of a path's own bytes with `options`, retried on `EINTR`.
    public static func open(cString path: UnsafePointer<CChar>, _ options: OpenOptions, permissions: UInt32 = 0) throws(Errno) -> FileDescriptor {
        FileDescriptor(rawValue: try retryingInterrupts { systemOpen(path, options.rawValue, mode_t(permissions)) })
    }

    /// `fchmod(2)`: the file's permission bits, not reduced by the umask.
    public func setPermissions(_ permissions: UInt32) throws(Errno) {
        _ = try retryingInterrupts { fchmod(rawValue, mode_t(permissions)) }
    }

    /// `flock(2)` with `LOCK_EX`: waits for, then holds, the exclusive lock (until closed).
    public func lockExclusively() throws(Errno) {
        _ = try retryingInterrupts { systemFlock(rawValue, LOCK_EX) }
    }
}

// At file scope, where FileSystem's own `rename` and `link` do not hide the C library's.
private func systemRename(_ from: UnsafePointer<CChar>, _ to: UnsafePointer<CChar>) -> Int32 { rename(from, to) }
private func systemLink(_ from: UnsafePointer<CChar>, _ to: UnsafePointer<CChar>) -> Int32 { link(from, to) }

/// `flock(2)`. Swift imports the C `struct flock` under the same name, which
/// hides the function, so it is bound by its symbol here.
@_silgen_name("flock")
private func systemFlock(_ fd: Int32, _ operation: Int32) -> Int32

extension FileDescriptor.OpenOptions {
    public static let readOnly = Self([])
    public static let readWrite = Self(rawValue: O_RDWR)
    public static let exclusive = Self(rawValue: O_EXCL)
    public static let directory = Self(rawValue: O_DIRECTORY)
}

extension Errno {
    public static let operationNotPermitted = Errno(rawValue: EPERM)
    public static let fileExists = Errno(rawValue: EEXIST)
    public static let notADirectory = Errno(rawValue: ENOTDIR)
    public static let noSuchDeviceOrAddress = Errno(rawValue: ENXIO)
    public static let illegalByteSequence = Errno(rawValue: EILSEQ)
    public static let notSupported = Errno(rawValue: EOPNOTSUPP)
    public static let tooManyLinks = Errno(rawValue: EMLINK)
}
