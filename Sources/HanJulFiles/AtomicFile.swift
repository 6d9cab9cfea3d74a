import HanJulSystem

/// The one write path for every file HanJul saves (RELIABILITY D-1).
///
/// ```swift
/// try AtomicFile.write(bytes, to: "/home/ana/.local/share/hanjul/scores.hjr")
/// ```
///
/// At every moment — a crash, `kill -9`, a full disk, a power cut after the
/// call returned — the file at `path` is either the complete old version or
/// the complete new one.
public enum AtomicFile {
    /// The prefix of temporary file names: `.<name>.tmp-<pid>-<n>`.
    static func temporaryPrefix(for path: String) -> String {
        ".\(PathText.name(of: path)).tmp-"
    }

    nonisolated(unsafe) private static var counter: UInt64 = 0
    private static let counterLock = SpinLock()

    /// Replaces the file at `path` with `bytes`, atomically and durably.
    ///
    /// Steps:
    /// 1. create missing parent folders (mode 0700);
    /// 2. create `.<name>.tmp-<pid>-<n>` in the same folder with
    ///    `O_CREAT|O_EXCL|O_NOFOLLOW` and `mode`;
    /// 3. write all bytes (short writes and `EINTR` are looped);
    /// 4. `fsync` the temporary file, then `close` it;
    /// 5. `rename` it over `path`;
    /// 6. `fsync` the folder so the rename itself is durable.
    ///
    /// If any of steps 2–5 fails, the temporary file is removed and the old
    /// file at `path` is untouched. If step 6 fails, the new content is in
    /// place but may not survive a power cut; that is reported as an error
    /// with operation ``FileError/Operation/syncDirectory``.
    ///
    /// A symbolic link at `path` is replaced by a regular file, not followed.
    ///
    /// - Parameters:
    ///   - bytes: the complete new content.
    ///   - path: the destination.
    ///   - mode: permission bits of the new file (default 0600), not reduced by the umask.
    /// - Throws: ``FileError`` naming the path and the step that failed.
    /// - Complexity: O(*n*) in the size of `bytes`, plus two `fsync`s.
    public static func write(_ bytes: [UInt8], to path: String, mode: UInt32 = 0o600) throws(FileError) {
        let folder = PathText.parent(of: path)
        try Directory.create(folder)

        let prefix = folder + "/" + temporaryPrefix(for: path) + "\(SystemProcess.id)-"
        var temporary = ""
        var fd: FileDescriptor?
        for _ in 0..<100 {
            let n = counterLock.withLock { () -> UInt64 in
                counter &+= 1
                return counter
            }
            temporary = prefix + "\(n)"
            do throws(FileError) {
                fd = try Syscall.open(temporary, [.writeOnly, .create, .exclusive, .noFollow, .closeOnExec], mode)
                break
            } catch where error.errno == Errno.fileExists.rawValue {
                continue  // a stale file from a killed process with our pid; take the next number
            }
        }
        guard let open = fd else {
            throw FileError(path: path, operation: .open, errno: Errno.fileExists.rawValue)
        }

        do throws(FileError) {
            try Syscall.fchmod(open, mode, temporary)
            try Syscall.writeAll(open, bytes, path)
            try Syscall.fsync(open, path)
            let closing = open
            fd = nil
            try Syscall.close(closing, path)
            try Syscall.rename(temporary, path)
        } catch {
            if let fd { try? fd.close() }
            try? FileSystem.remove(cString: temporary)
            throw error
        }
        try Directory.sync(folder)
    }

    /// Removes temporary files left next to `path` by writers that were
    /// killed mid-save (their process no longer exists).
    ///
    /// Call it while holding the ``FileLock`` for `path`, or at startup.
    /// Temporary files of live processes are left alone.
    ///
    /// - Returns: the names of the files removed.
    /// - Complexity: O(*n*) in the number of entries in the folder.
    @discardableResult
    public static func removeStaleTemporaries(for path: String) -> [String] {
        let folder = PathBytes(PathText.parent(of: path))
        let prefix = Array(temporaryPrefix(for: path).utf8)
        guard let names = try? Directory.names(in: folder) else { return [] }
        var removed: [String] = []
        for name in names where name.bytes.starts(with: prefix) {
            let rest = name.bytes.dropFirst(prefix.count)
            guard let dash = rest.firstIndex(of: UInt8(ascii: "-")),
                  let pid = Int32(String(decoding: rest[..<dash], as: UTF8.self)), pid > 0 else { continue }
            if pid == SystemProcess.id { continue }
            if SystemProcess.exists(pid) { continue }  // still running
            // The name's own bytes (H-5): never another file whose name decodes the same.
            if (try? folder.appending(name).remove()) != nil { removed.append(name.shown) }
        }
        return removed
    }
}

/// A tiny mutex for static counters, without Foundation.
final class SpinLock: @unchecked Sendable {
    private let mutex = SystemMutex()

    func withLock<T>(_ body: () -> T) -> T {
        mutex.lock()
        defer { mutex.unlock() }
        return body()
    }
}
