import HanJulSystem

/// Folder helpers.
public enum Directory {
    /// Creates `path` and any missing parents with `mode` (default 0700, D-9).
    ///
    /// Existing folders, and symbolic links to folders, are accepted as they
    /// are; their permissions are not changed. A path component that exists
    /// but is not a folder fails with `ENOTDIR`.
    ///
    /// - Complexity: O(*d*) system calls for *d* path components.
    public static func create(_ path: String, mode: UInt32 = 0o700) throws(FileError) {
        if let info = try Syscall.statIfPresent(path) {
            guard info.kind == .directory else {
                throw FileError(path: path, operation: .createDirectory, errno: Errno.notADirectory.rawValue)
            }
            return
        }
        let parent = PathText.parent(of: path)
        if parent != path && parent != "." && parent != "/" {
            try create(parent, mode: mode)
        }
        do throws(FileError) {
            try Syscall.mkdir(path, mode)
        } catch where error.errno == Errno.fileExists.rawValue {
            // Another process made it between our stat and mkdir; check it is a folder.
            guard let info = try Syscall.statIfPresent(path), info.kind == .directory else {
                throw FileError(path: path, operation: .createDirectory, errno: Errno.notADirectory.rawValue)
            }
        }
    }

    /// The names in `folder` (not `.` and `..`), as the system keeps them: bytes, in the
    /// order it gives them, at most `limit` (reading stops there). A name is never turned
    /// into text on the way, so `folder.appending(name)` is the very entry listed, whatever
    /// its bytes (RELIABILITY H-5).
    ///
    /// - Throws: ``FileError`` (operation `open`) when the folder cannot be read.
    /// - Complexity: O(*n*) in the entries read.
    public static func names(in folder: PathBytes, limit: Int = .max) throws(FileError) -> [PathBytes] {
        let names = try Syscall.mapping(.open, folder.shown) { () throws(Errno) in
            try folder.withSystemPath { path throws(Errno) in
                try FileSystem.names(in: path, limit: limit) { $0 != [0x2E] && $0 != [0x2E, 0x2E] }
            }
        }
        return names.map { PathBytes(bytes: $0) }
    }

    /// Flushes the folder's entries (new names, renames) to disk.
    ///
    /// - Complexity: one `open`, `fsync` and `close`.
    public static func sync(_ path: String) throws(FileError) {
        let fd = try Syscall.open(path, [.readOnly, .directory, .closeOnExec])
        defer { try? fd.close() }
        try Syscall.fsync(fd, path, .syncDirectory)
    }
}
