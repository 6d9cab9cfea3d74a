import Glibc

/// Folder helpers.
public enum Directory {
    /// Creates `path` and any missing parents with `mode` (default 0700, D-9).
    ///
    /// Existing folders, and symbolic links to folders, are accepted as they
    /// are; their permissions are not changed. A path component that exists
    /// but is not a folder fails with `ENOTDIR`.
    ///
    /// - Complexity: O(*d*) system calls for *d* path components.
    public static func create(_ path: String, mode: mode_t = 0o700) throws(FileError) {
        if let info = try Syscall.statIfPresent(path) {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw FileError(path: path, operation: .createDirectory, errno: ENOTDIR)
            }
            return
        }
        let parent = PathText.parent(of: path)
        if parent != path && parent != "." && parent != "/" {
            try create(parent, mode: mode)
        }
        do throws(FileError) {
            try Syscall.mkdir(path, mode)
        } catch where error.errno == EEXIST {
            // Another process made it between our stat and mkdir; check it is a folder.
            guard let info = try Syscall.statIfPresent(path), info.st_mode & S_IFMT == S_IFDIR else {
                throw FileError(path: path, operation: .createDirectory, errno: ENOTDIR)
            }
        }
    }

    /// Flushes the folder's entries (new names, renames) to disk.
    ///
    /// - Complexity: one `open`, `fsync` and `close`.
    public static func sync(_ path: String) throws(FileError) {
        let fd = try Syscall.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { _ = Glibc.close(fd) }
        try Syscall.fsync(fd, path, .syncDirectory)
    }
}
