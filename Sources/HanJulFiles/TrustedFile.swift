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
    public static func distrust(_ path: String, user: uid_t = geteuid()) -> String? {
        guard let resolved = realpath(path, nil) else {
            return errno == ENOENT ? "there is no such file" : String(cString: strerror(errno))
        }
        // The real path's own bytes (H-5): decoded, a folder named `x\xFF` would be checked
        // as `x\u{FFFD}`, another folder.
        var current = PathBytes(cString: resolved)
        free(resolved)
        var isFile = true
        while true {
            let info: stat
            do throws(FileError) {
                guard let found = try current.linkStatus() else { return "\(current): \(String(cString: strerror(ENOENT)))" }
                info = found
            } catch {
                return "\(current): \(String(cString: strerror(error.errno ?? EIO)))"
            }
            let type = info.st_mode & S_IFMT
            if isFile && type != S_IFREG { return "\(current) is not a regular file" }
            if !isFile && type != S_IFDIR { return "\(current) is not a folder" }
            if info.st_uid != 0 && info.st_uid != user {
                return "\(current) belongs to user \(info.st_uid), not to you or root"
            }
            let othersWrite = info.st_mode & (S_IWGRP | S_IWOTH) != 0
            let stickyRootFolder = !isFile && info.st_mode & S_ISVTX != 0 && info.st_uid == 0
            if othersWrite && !stickyRootFolder {
                return "\(current) can be written by other users (mode \(String(info.st_mode & 0o7777, radix: 8)))"
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
        let fd = try Syscall.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        defer { _ = HanJulSystem.close(fd) }
        let info = try Syscall.fstat(fd, path)
        if let type = Syscall.fileType(info) {
            throw FileError(path: path, operation: .open, kind: .notRegularFile(type))
        }
        let size = Int64(info.st_size)
        guard size >= 0, size <= Int64(maxBytes) else {
            throw FileError(path: path, operation: .read, kind: .tooLarge(size: size, limit: maxBytes))
        }
        return try Syscall.readUpTo(fd, Int(size), path)
    }
}
