#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// A system error number, typed (swift-system's `Errno` in miniature).
///
/// ```swift
/// do { try descriptor.writeAll(bytes) } catch { print(error) }  // "Broken pipe (EPIPE)"
/// ```
public struct Errno: RawRepresentable, Error, Hashable, Sendable, CustomStringConvertible {
    /// The raw `errno` value.
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The calling thread's `errno` now.
    public static var current: Errno { Errno(rawValue: errno) }

    public static let interrupted = Errno(rawValue: EINTR)
    public static let ioError = Errno(rawValue: EIO)
    public static let resourceTemporarilyUnavailable = Errno(rawValue: EAGAIN)
    public static let wouldBlock = Errno(rawValue: EWOULDBLOCK)
    public static let noSuchFileOrDirectory = Errno(rawValue: ENOENT)
    public static let permissionDenied = Errno(rawValue: EACCES)
    public static let tooManySymbolicLinks = Errno(rawValue: ELOOP)
    public static let connectionReset = Errno(rawValue: ECONNRESET)
    public static let connectionRefused = Errno(rawValue: ECONNREFUSED)
    public static let timedOut = Errno(rawValue: ETIMEDOUT)
    public static let noSpace = Errno(rawValue: ENOSPC)
    public static let fileTooLarge = Errno(rawValue: EFBIG)
    public static let isADirectory = Errno(rawValue: EISDIR)
    public static let readOnlyFileSystem = Errno(rawValue: EROFS)
    public static let notEmpty = Errno(rawValue: ENOTEMPTY)

    /// The system's text, e.g. "No space left on device".
    public var text: String {
        guard let text = strerror(rawValue) else { return "error \(rawValue)" }
        return String(cString: text)
    }

    /// The text and the symbolic name: "No space left on device (ENOSPC)".
    public var description: String { "\(text) (\(name))" }

    /// The symbolic name of common values, e.g. `ENOSPC`; "errno N" for the rest.
    public var name: String {
        switch rawValue {
        case EPERM: return "EPERM"
        case ENOENT: return "ENOENT"
        case EINTR: return "EINTR"
        case EIO: return "EIO"
        case ENXIO: return "ENXIO"
        case EBADF: return "EBADF"
        case EAGAIN: return "EAGAIN"
        case ENOMEM: return "ENOMEM"
        case EACCES: return "EACCES"
        case EBUSY: return "EBUSY"
        case EEXIST: return "EEXIST"
        case EXDEV: return "EXDEV"
        case ENOTDIR: return "ENOTDIR"
        case EISDIR: return "EISDIR"
        case EINVAL: return "EINVAL"
        case ENFILE: return "ENFILE"
        case EMFILE: return "EMFILE"
        case ETXTBSY: return "ETXTBSY"
        case EFBIG: return "EFBIG"
        case ENOSPC: return "ENOSPC"
        case EROFS: return "EROFS"
        case EMLINK: return "EMLINK"
        case EPIPE: return "EPIPE"
        case ENAMETOOLONG: return "ENAMETOOLONG"
        case ENOTEMPTY: return "ENOTEMPTY"
        case ELOOP: return "ELOOP"
        case EDQUOT: return "EDQUOT"
        case ENOLCK: return "ENOLCK"
        case EOPNOTSUPP: return "EOPNOTSUPP"
        case ESTALE: return "ESTALE"
        case EILSEQ: return "EILSEQ"
        case EADDRINUSE: return "EADDRINUSE"
        case EADDRNOTAVAIL: return "EADDRNOTAVAIL"
        case ECONNREFUSED: return "ECONNREFUSED"
        case ECONNRESET: return "ECONNRESET"
        case ETIMEDOUT: return "ETIMEDOUT"
        case EHOSTUNREACH: return "EHOSTUNREACH"
        case ENETUNREACH: return "ENETUNREACH"
        default: return "errno \(rawValue)"
        }
    }
}

/// Runs a system call until it does not fail with `EINTR`; `-1` becomes the `Errno`.
/// The one `EINTR` loop of the project (swift-system's `valueOrErrno(retryOnInterrupt:)`).
///
/// - Complexity: O(1) per attempt.
public func retryingInterrupts<T: FixedWidthInteger>(_ body: () -> T) throws(Errno) -> T {
    while true {
        let result = body()
        if result != -1 { return result }
        let code = errno
        if code != EINTR { throw Errno(rawValue: code) }
    }
}
