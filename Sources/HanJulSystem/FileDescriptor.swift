#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// An open file descriptor: reads and writes that retry `EINTR` and throw ``Errno``.
///
/// It does not own the descriptor (no `deinit`): whoever opened it closes it.
public struct FileDescriptor: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let standardInput = FileDescriptor(rawValue: STDIN_FILENO)
    public static let standardOutput = FileDescriptor(rawValue: STDOUT_FILENO)
    public static let standardError = FileDescriptor(rawValue: STDERR_FILENO)

    /// `open(2)`, retried on `EINTR`.
    public static func open(_ path: String, _ flags: Int32, mode: UInt32 = 0) throws(Errno) -> FileDescriptor {
        FileDescriptor(rawValue: try retryingInterrupts { systemOpen(path, flags, mode) })
    }

    /// One `read(2)` into `buffer`; 0 at end of file.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try retryingInterrupts { systemRead(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// One `write(2)` of `buffer`; how many bytes went.
    public func write(_ buffer: UnsafeRawBufferPointer) throws(Errno) -> Int {
        try retryingInterrupts { systemWrite(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// One `read(2)` into `buffer` from index `start` on; 0 at end of file.
    public func read(into buffer: inout [UInt8], from start: Int = 0) throws(Errno) -> Int {
        let result = buffer.withUnsafeMutableBytes { raw in
            Result { () throws(Errno) in try read(into: UnsafeMutableRawBufferPointer(rebasing: raw[start...])) }
        }
        return try result.get()
    }

    /// One `write(2)` of `bytes` from index `start` on; how many bytes went.
    public func write(_ bytes: [UInt8], from start: Int = 0) throws(Errno) -> Int {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(Errno) in try write(UnsafeRawBufferPointer(rebasing: raw[start...])) }
        }
        return try result.get()
    }

    /// Writes all of `bytes`, looping on short writes. A write that makes no progress
    /// throws `EIO` rather than spinning.
    public func writeAll(_ bytes: some Collection<UInt8>) throws(Errno) {
        let bytes = Array(bytes)
        var offset = 0
        while offset < bytes.count {
            let written = try write(bytes, from: offset)
            guard written > 0 else { throw .ioError }
            offset += written
        }
    }

    /// `close(2)`. `EINTR` is not retried: on Linux the descriptor is gone after
    /// `close` returns, whatever the result, so it counts as closed.
    public func close() throws(Errno) {
        if systemClose(rawValue) == -1 {
            let code = errno
            if code != EINTR { throw Errno(rawValue: code) }
        }
    }
}
