import HanJulSystem

/// An exclusive `flock` on a sibling `<path>.lock` file, held around a
/// read-modify-write so that concurrent writers lose no entry (D-6).
///
/// ```swift
/// try FileLock.withLock(for: scoresPath) {
///     var table = try load()
///     table.append(score)
///     try save(table)
/// }
/// ```
///
/// The lock works between processes and between threads of one process
/// (each call opens its own file description). The lock file is never
/// deleted: deleting it would let two writers lock two different files.
public enum FileLock {
    /// The lock file used for `path`.
    public static func lockPath(for path: String) -> String { path + ".lock" }

    /// Runs `body` while holding the exclusive lock for `path`, waiting for
    /// other holders. Missing parent folders are created (0700).
    ///
    /// - Throws: a ``FileError`` if the lock cannot be taken, or what `body` throws.
    /// - Complexity: one `open`, one blocking `flock`, one `close`, plus `body`.
    public static func withLock<T>(for path: String, _ body: () throws -> T) throws -> T {
        let lock = lockPath(for: path)
        try Directory.create(PathText.parent(of: lock))
        let fd = try Syscall.open(lock, [.readWrite, .create, .noFollow, .closeOnExec], 0o600)
        defer { try? fd.close() }  // closing releases the lock
        try Syscall.lockExclusively(fd, lock)
        return try body()
    }
}
