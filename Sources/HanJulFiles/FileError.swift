import HanJulSystem

/// Why a file operation failed: the path, the step, and the system's reason.
///
/// Every system call in HanJulFiles goes through ``Syscall`` (one place), which
/// retries `EINTR` and turns `-1` plus `errno` into this type. The
/// ``description`` is written for a player:
///
/// ```text
/// could not write /home/ana/.local/share/hanjul/scores.hjr: No space left on device (ENOSPC)
/// ```
///
/// and ``playerMessage(saving:)`` adds what was being saved and what was kept:
///
/// ```text
/// could not save high scores to /home/ana/.local/share/hanjul/scores.hjr: No space left on device (ENOSPC); your previous high scores are kept
/// ```
public struct FileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The step that failed.
    public enum Operation: String, Sendable, Equatable {
        case open, read, write, sync, close, rename, stat, lock, remove, link
        case createDirectory = "create directory"
        case syncDirectory = "sync directory"
        case setPermissions = "set permissions"
    }

    /// What kind of failure, for code that must tell them apart.
    public enum Kind: Sendable, Equatable {
        /// The file or a parent folder does not exist (`ENOENT`).
        case missing
        /// The path is a symbolic link and links are refused (`ELOOP` under `O_NOFOLLOW`).
        case symbolicLink
        /// The path exists but is a folder, FIFO, device or socket.
        case notRegularFile(FileType)
        /// An output file's folder does not exist (HanJul does not create it).
        case noFolder(String)
        /// The file is bigger than the caller allows.
        case tooLarge(size: Int64, limit: Int)
        /// A config file's symbolic link that does not lead to a regular file of the user's
        /// (``ConfigFile``): why, naming the target.
        case linkTarget(String)
        /// Any other system error, with its `errno`.
        case system(errno: Int32)
    }

    /// What a path turned out to be when a regular file was required.
    public enum FileType: String, Sendable, Equatable {
        case directory, fifo = "FIFO", characterDevice = "character device"
        case blockDevice = "block device", socket, symbolicLink = "symbolic link", unknown
    }

    /// The path the operation was about.
    public var path: String
    /// The step that failed.
    public var operation: Operation
    /// The kind of failure.
    public var kind: Kind
    /// The `errno` value, if the failure came from a system call.
    public var errno: Int32?

    /// Creates an error. Code outside ``Syscall`` rarely needs this.
    public init(path: String, operation: Operation, kind: Kind, errno: Int32? = nil) {
        self.path = path
        self.operation = operation
        self.kind = kind
        self.errno = errno
    }

    /// Creates the error for a failed system call from its `errno`.
    public init(path: String, operation: Operation, errno code: Int32) {
        let kind: Kind
        switch code {
        case Errno.noSuchFileOrDirectory.rawValue: kind = .missing
        case Errno.tooManySymbolicLinks.rawValue where operation == .open: kind = .symbolicLink
        default: kind = .system(errno: code)
        }
        self.init(path: path, operation: operation, kind: kind, errno: code)
    }

    /// True if the file (or a parent folder) does not exist.
    public var isMissing: Bool { kind == .missing }

    /// The system's text for the error plus its symbolic name, e.g.
    /// "No space left on device (ENOSPC)", or a plain reason for non-system kinds.
    public var reason: String {
        switch kind {
        case .notRegularFile(let type): return "it is a \(type.rawValue), not a regular file"
        case .tooLarge(let size, let limit): return "it is \(size) bytes, over the \(limit)-byte limit"
        case .noFolder(let folder): return "the folder \(folder) does not exist (create it first)"
        case .linkTarget(let why): return why + " (HanJul reads and writes through a link only to a regular file you own)"
        case .symbolicLink where errno == nil: return "it is a symbolic link, which is not followed"
        case .system(Errno.noSuchDeviceOrAddress.rawValue) where operation == .open:
            return "nothing is reading it (a FIFO needs a reader first) (ENXIO)"
        case .system(Errno.illegalByteSequence.rawValue) where operation == .open:
            return "it is a link to a name that is not UTF-8, which HanJul cannot name exactly (EILSEQ)"
        case .missing, .symbolicLink, .system:
            guard let code = errno else { return "unknown error" }
            return "\(Self.systemText(code)) (\(Self.errnoName(code)))"
        }
    }

    /// One line a player can read: "could not write PATH: REASON".
    public var description: String {
        "could not \(operation.rawValue) \(path): \(reason)"
    }

    /// The message for a failed save, naming what was being saved and that the
    /// previous version is kept (true for every failure of ``AtomicFile``).
    ///
    /// - Parameter what: what the player would call the data, e.g. "high scores".
    public func playerMessage(saving what: String) -> String {
        // "the replay", "a replay": one file, named by its path; "high scores": the data.
        let kept = what.hasPrefix("the ") || what.hasPrefix("a ") ? "\(path) was left as it was" : "your previous \(what) are kept"
        return "could not save \(what) to \(path): \(reason); \(kept)"
    }

    /// The message for a failed load.
    public func playerMessage(loading what: String) -> String {
        "could not load \(what) from \(path): \(reason)"
    }

    static func systemText(_ code: Int32) -> String { Errno(rawValue: code).text }

    /// The symbolic name of common `errno` values, e.g. `ENOSPC`.
    public static func errnoName(_ code: Int32) -> String { Errno(rawValue: code).name }
}
