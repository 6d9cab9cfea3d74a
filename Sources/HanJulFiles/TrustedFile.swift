import HanJulSystem

/// Files a program may run or compile without being told to (RELIABILITY H-1): found by
/// searching, not named by the user, so a file another user planted on the way (in `/tmp`,
/// say) must not be trusted.
///
/// The rule is OpenSSH's `StrictModes` and sudo's: the file is a regular file, and it and
/// every folder on its real path up to `/` belong to the user or to root and are writable
/// by no one else — except a folder with the sticky bit owned by root (`/tmp`), where
/// others may add entries but cannot replace ours.
public enum TrustedFile {
    /// Why `path` cannot be trusted, or nil when it can (and exists).
    ///
    /// ```swift
    /// TrustedFile.distrust("/tmp/shared/bench/reference-sim.c")
    /// // "/tmp/shared belongs to user 1001, not to you or root"
    /// ```
    /// - Complexity: one `realpath` and one `lstat` per path component.
    public static func distrust(_ path: String, user: UInt32 = FileSystem.effectiveUser) -> String? {
        // The real path's own bytes (H-5): decoded, a folder named `x\xFF` would be checked
        // as `x\u{FFFD}`, another folder.
        var current: PathBytes
        do throws(Errno) {
            current = PathBytes(bytes: try FileSystem.realPath(path))
        } catch {
            return error == .noSuchFileOrDirectory ? "there is no such file" : error.text
        }
        var isFile = true
        while true {
            let info: FileStatus
            do throws(FileError) {
                guard let found = try current.linkStatus() else { return "\(current): \(Errno.noSuchFileOrDirectory.text)" }
                info = found
            } catch {
                return "\(current): \(Errno(rawValue: error.errno ?? Errno.ioError.rawValue).text)"
            }
            if isFile && info.kind != .regular { return "\(current) is not a regular file" }
            if !isFile && info.kind != .directory { return "\(current) is not a folder" }
            if info.owner != 0 && info.owner != user {
                return "\(current) belongs to user \(info.owner), not to you or root"
            }
            let othersWrite = info.permissions & 0o022 != 0  // group or others may write
            let stickyRootFolder = !isFile && info.permissions & 0o1000 != 0 && info.owner == 0
            if othersWrite && !stickyRootFolder {
                return "\(current) can be written by other users (mode \(String(info.permissions, radix: 8)))"
            }
            if current == "/" { return nil }
            current = current.parent
            isFile = false
        }
    }

    /// The bytes of the regular file `path` (up to `maxBytes`), read without blocking: a
    /// FIFO, device or folder is refused at once instead of waiting for a writer. Links are
    /// followed (the user named the path).
    public static func readRegular(_ path: String, maxBytes: Int) throws(FileError) -> [UInt8] {
        let fd = try Syscall.open(path, [.readOnly, .nonBlocking, .closeOnExec])
        defer { try? fd.close() }
        let info = try Syscall.fstat(fd, path)
        if let type = Syscall.fileType(info) {
            throw FileError(path: path, operation: .open, kind: .notRegularFile(type))
        }
        let size = Int64(info.size)
        guard size >= 0, size <= Int64(maxBytes) else {
            throw FileError(path: path, operation: .read, kind: .tooLarge(size: size, limit: maxBytes))
        }
        return try Syscall.readUpTo(fd, Int(size), path)
    }
}
