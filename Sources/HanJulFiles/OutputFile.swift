import HanJulSystem

/// The one rule for every file a user names as an output (`--save-replay`, `--jsonl`,
/// `--svg`, `--record`, and each file of `--save-replays DIR`), RELIABILITY D-11:
///
/// - `-` is standard output;
/// - a symbolic link is followed (a chain of them too), and its final target is written:
///   the link itself stays;
/// - a regular file (or no file yet) is replaced atomically through ``AtomicFile``, keeping
///   an existing file's permissions (a new one gets 0644);
/// - a FIFO or a character device is written through, never replaced: opened without
///   waiting (a FIFO nobody reads is an error, not a hang) and written to;
/// - a folder, a block device or a socket is refused with a message;
/// - folders are never created for an output file: its folder must exist. An output
///   folder (``prepareFolder(_:)``) is created when missing, its own parent must exist.
///
/// HanJul's own files (high scores, settings, the quarantine) are not outputs: they go
/// through ``AtomicFile`` or ``DurableStore`` in HanJul's data folder.
public enum OutputFile {
    /// What an output path turned out to be.
    public enum Target: Equatable, Sendable {
        case standardOutput
        /// A regular file to replace, or a new file: the final path after links, and the
        /// permissions to give it.
        case file(path: String, mode: UInt32)
        /// A FIFO or character device to write into.
        case device(path: String, type: FileError.FileType)
    }

    /// Writes `bytes` to the output `path` by the rule above.
    /// - Throws: ``FileError`` naming the path and what is wrong; nothing was changed.
    public static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        switch try target(of: path) {
        case .standardOutput:
            try Syscall.writeAll(.standardOutput, bytes, "standard output")
        case .file(let final, let mode):
            try AtomicFile.write(bytes, to: final, mode: mode)
        case .device(let final, _):
            // O_NONBLOCK for the open only: a FIFO without a reader fails with ENXIO
            // instead of blocking forever.
            let fd = try Syscall.open(final, [.writeOnly, .noControllingTerminal, .closeOnExec, .nonBlocking])
            defer { try? fd.close() }
            try? fd.makeBlocking()
            try Syscall.writeAll(fd, bytes, final)
        }
    }

    /// Where `path` leads, checked: nothing is written.
    public static func target(of path: String) throws(FileError) -> Target {
        if path == "-" { return .standardOutput }
        guard !path.isEmpty else { throw FileError(path: path, operation: .open, errno: Errno.noSuchFileOrDirectory.rawValue) }
        let final = try following(path)
        guard let info = try Syscall.lstatIfPresent(final) else {
            let folder = PathText.parent(of: final)
            guard let parent = try Syscall.statIfPresent(folder) else {
                throw FileError(path: path, operation: .open, kind: .noFolder(folder))
            }
            guard parent.kind == .directory else {
                throw FileError(path: path, operation: .open, errno: Errno.notADirectory.rawValue)
            }
            return .file(path: final, mode: 0o644)
        }
        switch Syscall.fileType(info) {
        case nil: return .file(path: final, mode: info.permissions)
        case .fifo: return .device(path: final, type: .fifo)
        case .characterDevice: return .device(path: final, type: .characterDevice)
        case let type?: throw FileError(path: path, operation: .open, kind: .notRegularFile(type))
        }
    }

    /// Makes sure the output folder `path` exists (`--save-replays DIR`): a symbolic link
    /// to a folder is accepted; a missing folder is created (0755) when its parent exists.
    public static func prepareFolder(_ path: String) throws(FileError) {
        let final = try following(path)
        if let info = try Syscall.statIfPresent(final) {
            guard info.kind == .directory else {
                throw FileError(path: path, operation: .createDirectory, errno: Errno.notADirectory.rawValue)
            }
            return
        }
        let parent = PathText.parent(of: final)
        guard try Syscall.statIfPresent(parent) != nil else {
            throw FileError(path: path, operation: .createDirectory, kind: .noFolder(parent))
        }
        do throws(FileError) {
            try Syscall.mkdir(final, 0o755)
        } catch where error.errno == Errno.fileExists.rawValue {}
    }

    /// `path` with every symbolic link at its end followed, to the first path that is not
    /// a link (it may not exist: a dangling link names the file to create). A link whose
    /// target is not UTF-8 fails with `EILSEQ` (H-5): decoded, it would name another file.
    public static func following(_ path: String) throws(FileError) -> String {
        var current = path
        for _ in 0..<40 {
            guard let info = try Syscall.lstatIfPresent(current), info.kind == .symbolicLink else { return current }
            let link = current
            let bytes = try Syscall.mapping(.stat, current) { () throws(Errno) in try FileSystem.linkTarget(link) }
            guard let target = PathBytes(bytes: bytes).text else {
                throw FileError(path: current, operation: .open, errno: Errno.illegalByteSequence.rawValue)
            }
            current = target.hasPrefix("/") ? target : PathText.parent(of: current) + "/" + target
        }
        throw FileError(path: path, operation: .open, errno: Errno.tooManySymbolicLinks.rawValue)
    }
}
