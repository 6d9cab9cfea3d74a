import HanJulSystem

/// The one place where system-call results become ``FileError``s.
///
/// Each wrapper retries on `EINTR` and throws with the path and the step
/// that failed, in the style of swift-system's `valueOrErrno`.
enum Syscall {
    /// Runs `body` until it does not fail with `EINTR` (HanJulSystem's one loop); a
    /// result of `-1` becomes a ``FileError`` built from `errno`.
    ///
    /// - Complexity: O(1) per attempt.
    @inline(__always)
    static func retrying<T: FixedWidthInteger>(
        _ operation: FileError.Operation, _ path: String, _ body: () -> T
    ) throws(FileError) -> T {
        do throws(Errno) {
            return try retryingInterrupts(body)
        } catch {
            throw FileError(path: path, operation: operation, errno: error.rawValue)
        }
    }

    static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) throws(FileError) -> Int32 {
        try retrying(.open, path) { HanJulSystem.open(path, flags, mode) }
    }

    /// `open` of the path's own bytes; errors name it as `name`.
    static func open(_ path: PathBytes, named name: String, _ flags: Int32, _ mode: mode_t = 0) throws(FileError) -> Int32 {
        try retrying(.open, name) { path.withCString { HanJulSystem.open($0, flags, mode) } }
    }

    static func fstat(_ fd: Int32, _ path: String) throws(FileError) -> stat {
        var info = stat()
        _ = try retrying(.stat, path) { HanJulSystem.fstat(fd, &info) }
        return info
    }

    /// `stat` following links; `nil` if the path does not exist.
    static func statIfPresent(_ path: String) throws(FileError) -> stat? {
        var info = stat()
        do throws(FileError) {
            _ = try retrying(.stat, path) { fstatat(AT_FDCWD, path, &info, 0) }
        } catch where error.isMissing {
            return nil
        }
        return info
    }

    /// `lstat`; `nil` if the path does not exist.
    static func lstatIfPresent(_ path: String) throws(FileError) -> stat? {
        var info = stat()
        do throws(FileError) {
            _ = try retrying(.stat, path) { fstatat(AT_FDCWD, path, &info, AT_SYMLINK_NOFOLLOW) }
        } catch where error.isMissing {
            return nil
        }
        return info
    }

    /// `lstat` of the path's own bytes; `nil` if it does not exist.
    static func lstatIfPresent(_ path: PathBytes) throws(FileError) -> stat? {
        var info = stat()
        do throws(FileError) {
            _ = try retrying(.stat, path.shown) { path.withCString { fstatat(AT_FDCWD, $0, &info, AT_SYMLINK_NOFOLLOW) } }
        } catch where error.isMissing {
            return nil
        }
        return info
    }

    /// Writes all of `bytes`, looping on short writes.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8], _ path: String) throws(FileError) {
        var offset = 0
        while offset < bytes.count {
            let chunk = min(bytes.count - offset, 1 << 30)
            let start = offset
            let written = try retrying(.write, path) {
                bytes.withUnsafeBytes { raw in HanJulSystem.write(fd, raw.baseAddress! + start, chunk) }
            }
            if written == 0 {  // should not happen for regular files; do not spin
                throw FileError(path: path, operation: .write, errno: EIO)
            }
            offset += written
        }
    }

    /// Reads up to `count` bytes, stopping early only at end of file.
    static func readUpTo(_ fd: Int32, _ count: Int, _ path: String) throws(FileError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let start = filled
            let n = try retrying(.read, path) {
                buffer.withUnsafeMutableBytes { raw in HanJulSystem.read(fd, raw.baseAddress! + start, count - start) }
            }
            if n == 0 { break }
            filled += n
        }
        buffer.removeLast(count - filled)
        return buffer
    }

    static func fsync(_ fd: Int32, _ path: String, _ operation: FileError.Operation = .sync) throws(FileError) {
        _ = try retrying(operation, path) { HanJulSystem.fsync(fd) }
    }

    /// Closes `fd`. `EINTR` is not retried: on Linux the descriptor is gone
    /// after `close` returns, whatever the result.
    static func close(_ fd: Int32, _ path: String) throws(FileError) {
        do throws(Errno) {
            try FileDescriptor(rawValue: fd).close()
        } catch {
            throw FileError(path: path, operation: .close, errno: error.rawValue)
        }
    }

    static func rename(_ from: String, _ to: String) throws(FileError) {
        _ = try retrying(.rename, to) { HanJulSystem.rename(from, to) }
    }

    static func link(_ from: String, _ to: String) throws(FileError) {
        _ = try retrying(.link, to) { HanJulSystem.link(from, to) }
    }

    static func unlink(_ path: String) throws(FileError) {
        _ = try retrying(.remove, path) { HanJulSystem.unlink(path) }
    }

    static func unlink(_ path: PathBytes) throws(FileError) {
        _ = try retrying(.remove, path.shown) { path.withCString { HanJulSystem.unlink($0) } }
    }

    static func mkdir(_ path: String, _ mode: mode_t) throws(FileError) {
        _ = try retrying(.createDirectory, path) { HanJulSystem.mkdir(path, mode) }
    }

    static func fchmod(_ fd: Int32, _ mode: mode_t, _ path: String) throws(FileError) {
        _ = try retrying(.setPermissions, path) { HanJulSystem.fchmod(fd, mode) }
    }

    static func flock(_ fd: Int32, _ operation: Int32, _ path: String) throws(FileError) {
        _ = try retrying(.lock, path) { systemFlock(fd, operation) }
    }

    /// The type of a `stat` result.
    static func fileType(_ info: stat) -> FileError.FileType? {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return .directory
        case S_IFIFO: return .fifo
        case S_IFCHR: return .characterDevice
        case S_IFBLK: return .blockDevice
        case S_IFSOCK: return .socket
        case S_IFLNK: return .symbolicLink
        default: return .unknown
        }
    }
}

/// `flock(2)`. Swift imports the C `struct flock` under the same name, which
/// hides the function, so it is bound by its symbol here.
@_silgen_name("flock")
private func systemFlock(_ fd: Int32, _ operation: Int32) -> Int32

/// Path helpers that do not touch the file system.
enum PathText {
    /// The folder part of `path` ("." for a bare name, "/" for "/x").
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let head = path[..<slash]
        return head.isEmpty ? "/" : String(head)
    }

    /// The last component of `path`.
    static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
