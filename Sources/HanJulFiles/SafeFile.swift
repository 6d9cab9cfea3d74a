import HanJulSystem

/// Reading files that may be hostile: symbolic links, FIFOs, devices,
/// folders, or huge (RELIABILITY L-41, D-3).
public enum SafeFile {
    /// Reads a whole regular file, refusing anything else, without blocking.
    ///
    /// Opens with `O_RDONLY|O_NOFOLLOW|O_NONBLOCK|O_CLOEXEC`, so a symbolic
    /// link as the last component fails at once (``FileError/Kind/symbolicLink``)
    /// and a FIFO without a writer does not block. `fstat` must report a regular
    /// file of at most `maxBytes`; then exactly that many bytes are read, so a
    /// file that grows while being read still yields a bounded result. (A file
    /// that shrinks yields fewer bytes; checksummed formats notice.)
    ///
    /// ```swift
    /// let bytes = try SafeFile.read("Mods/tetra/mod.lua", maxBytes: 1 << 20)
    /// ```
    ///
    /// - Throws: ``FileError`` with kind `.missing`, `.symbolicLink`,
    ///   `.notRegularFile(_)`, `.tooLarge(size:limit:)` or `.system(errno:)`.
    /// - Complexity: O(*n*) in the file size.
    public static func read(_ path: String, maxBytes: Int) throws(FileError) -> [UInt8] {
        try read(PathBytes(path), named: path, maxBytes: maxBytes)
    }

    /// ``read(_:maxBytes:)`` of the file whose name is these bytes (one listed from a
    /// folder, RELIABILITY H-5); errors name it by ``PathBytes/shown``.
    public static func read(_ path: PathBytes, maxBytes: Int) throws(FileError) -> [UInt8] {
        try read(path, named: path.shown, maxBytes: maxBytes)
    }

    static func read(_ file: PathBytes, named path: String, maxBytes: Int) throws(FileError) -> [UInt8] {
        let fd = try Syscall.open(file, named: path, [.readOnly, .noFollow, .nonBlocking, .closeOnExec])
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
