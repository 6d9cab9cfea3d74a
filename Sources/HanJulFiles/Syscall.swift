import HanJulSystem

/// The one place where HanJulSystem's ``Errno``s become ``FileError``s: each wrapper
/// names the path and the step that failed. The calls themselves, and their `EINTR`
/// loop, are HanJulSystem's.
enum Syscall {
    /// Runs `body` (a HanJulSystem call); its ``Errno`` becomes a ``FileError``.
    @inline(__always)
    static func mapping<T>(_ operation: FileError.Operation, _ path: String, _ body: () throws(Errno) -> T) throws(FileError) -> T {
        do throws(Errno) {
            return try body()
        } catch {
            throw FileError(path: path, operation: operation, errno: error.rawValue)
        }
    }

    static func open(_ path: String, _ options: FileDescriptor.OpenOptions, _ permissions: UInt32 = 0) throws(FileError) -> FileDescriptor {
        try mapping(.open, path) { () throws(Errno) in try FileDescriptor.open(cString: path, options, permissions: permissions) }
    }

    /// `open` of the path's own bytes; errors name it as `name`.
    static func open(_ path: PathBytes, named name: String, _ options: FileDescriptor.OpenOptions) throws(FileError) -> FileDescriptor {
        try mapping(.open, name) { () throws(Errno) in try path.withSystemPath { p throws(Errno) in try FileDescriptor.open(cString: p, options) } }
    }

    static func fstat(_ fd: FileDescriptor, _ path: String) throws(FileError) -> FileStatus {
        try mapping(.stat, path) { () throws(Errno) in try fd.status() }
    }

    /// `stat` following links; `nil` if the path does not exist.
    static func statIfPresent(_ path: String) throws(FileError) -> FileStatus? {
        try mapping(.stat, path) { () throws(Errno) in try FileSystem.status(path) }
    }

    /// `lstat`; `nil` if the path does not exist.
    static func lstatIfPresent(_ path: String) throws(FileError) -> FileStatus? {
        try mapping(.stat, path) { () throws(Errno) in try FileSystem.linkStatus(path) }
    }

    /// `lstat` of the path's own bytes; `nil` if it does not exist.
    static func lstatIfPresent(_ path: PathBytes) throws(FileError) -> FileStatus? {
        try mapping(.stat, path.shown) { () throws(Errno) in try path.withSystemPath { p throws(Errno) in try FileSystem.linkStatus(p) } }
    }

    /// Writes all of `bytes`, looping on short writes.
    static func writeAll(_ fd: FileDescriptor, _ bytes: [UInt8], _ path: String) throws(FileError) {
        var offset = 0
        while offset < bytes.count {
            let chunk = min(bytes.count - offset, 1 << 30)
            let start = offset
            let written = try mapping(.write, path) { () throws(Errno) in
                let result = bytes.withUnsafeBytes { raw in
                    Result { () throws(Errno) in try fd.write(UnsafeRawBufferPointer(rebasing: raw[start..<(start + chunk)])) }
                }
                return try result.get()
            }
            if written == 0 {  // should not happen for regular files; do not spin
                throw FileError(path: path, operation: .write, errno: Errno.ioError.rawValue)
            }
            offset += written
        }
    }

    /// Reads up to `count` bytes, stopping early only at end of file.
    static func readUpTo(_ fd: FileDescriptor, _ count: Int, _ path: String) throws(FileError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let start = filled
            let n = try mapping(.read, path) { () throws(Errno) in try fd.read(into: &buffer, from: start) }
            if n == 0 { break }
            filled += n
        }
        buffer.removeLast(count - filled)
        return buffer
    }

    static func fsync(_ fd: FileDescriptor, _ path: String, _ operation: FileError.Operation = .sync) throws(FileError) {
        try mapping(operation, path) { () throws(Errno) in try fd.synchronize() }
    }

    /// Closes `fd`. `EINTR` is not retried: on Linux the descriptor is gone
    /// after `close` returns, whatever the result.
    static func close(_ fd: FileDescriptor, _ path: String) throws(FileError) {
        try mapping(.close, path) { () throws(Errno) in try fd.close() }
    }

    static func rename(_ from: String, _ to: String) throws(FileError) {
        try mapping(.rename, to) { () throws(Errno) in try FileSystem.rename(from, to: to) }
    }

    static func link(_ from: String, _ to: String) throws(FileError) {
        try mapping(.link, to) { () throws(Errno) in try FileSystem.link(from, to: to) }
    }

    static func unlink(_ path: String) throws(FileError) {
        try mapping(.remove, path) { () throws(Errno) in try FileSystem.remove(cString: path) }
    }

    static func unlink(_ path: PathBytes) throws(FileError) {
        try mapping(.remove, path.shown) { () throws(Errno) in try path.withSystemPath { p throws(Errno) in try FileSystem.remove(cString: p) } }
    }

    static func mkdir(_ path: String, _ permissions: UInt32) throws(FileError) {
        try mapping(.createDirectory, path) { () throws(Errno) in try FileSystem.makeDirectory(path, permissions: permissions) }
    }

    static func fchmod(_ fd: FileDescriptor, _ permissions: UInt32, _ path: String) throws(FileError) {
        try mapping(.setPermissions, path) { () throws(Errno) in try fd.setPermissions(permissions) }
    }

    static func lockExclusively(_ fd: FileDescriptor, _ path: String) throws(FileError) {
        try mapping(.lock, path) { () throws(Errno) in try fd.lockExclusively() }
    }

    /// The type of a status, for ``FileError``: nil for a regular file.
    static func fileType(_ info: FileStatus) -> FileError.FileType? {
        switch info.kind {
        case .regular: return nil
        case .directory: return .directory
        case .fifo: return .fifo
        case .characterDevice: return .characterDevice
        case .blockDevice: return .blockDevice
        case .socket: return .socket
        case .symbolicLink: return .symbolicLink
        case .other: return .unknown
        }
    }
}

extension PathBytes {
    /// `body` with the path as a C string, for a HanJulSystem call that throws ``Errno``.
    func withSystemPath<T>(_ body: (UnsafePointer<CChar>) throws(Errno) -> T) throws(Errno) -> T {
        let result = withCString { path in Result { () throws(Errno) in try body(path) } }
        return try result.get()
    }
}

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
