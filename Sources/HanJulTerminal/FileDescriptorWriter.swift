import HanJulSystem

/// Writes whole buffers to a file descriptor: one frame, one `write` loop. Partial
/// writes continue where they stopped, `EINTR` is retried, `EAGAIN` waits in `poll`.
/// `EIO`/`EPIPE` (the terminal is gone) become `TerminalError.outputClosed` at once, so
/// a hung-up terminal never makes the caller spin (T-14).
public struct FileDescriptorWriter: Sendable {
    public let fileDescriptor: Int32

    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Writes every byte of `text` as UTF-8.
    public func write(_ text: String) throws(TerminalError) {
        var text = text
        let result: Result<Void, TerminalError> = text.withUTF8 { buffer in
            Result { () throws(TerminalError) in try write(UnsafeRawBufferPointer(buffer)) }
        }
        try result.get()
    }

    /// Writes every byte of `bytes`.
    public func write(bytes: [UInt8]) throws(TerminalError) {
        let result: Result<Void, TerminalError> = bytes.withUnsafeBytes { buffer in
            Result { () throws(TerminalError) in try write(buffer) }
        }
        try result.get()
    }

    /// Writes every byte of `buffer`.
    public func write(_ buffer: UnsafeRawBufferPointer) throws(TerminalError) {
        guard var next = buffer.baseAddress else { return }
        var remaining = buffer.count
        var fruitless = 0
        while remaining > 0 {
            // One write, EINTR not retried here: this loop bounds its retries itself.
            let written: Int
            let failure: Errno?
            switch FileDescriptor(rawValue: fileDescriptor).writeOnce(UnsafeRawBufferPointer(start: next, count: remaining)) {
            case .success(let count): (written, failure) = (count, nil)
            case .failure(let error): (written, failure) = (-1, error)
            }
            if written > 0 {
                next += written
                remaining -= written
                fruitless = 0
                continue
            }
            fruitless += 1
            switch failure {
            case .interrupted? where fruitless < 1_000:
                continue
            case .resourceTemporarilyUnavailable? where fruitless < 100, .wouldBlock? where fruitless < 100:
                _ = Poll.readiness(of: fileDescriptor, for: .writable, milliseconds: 100)
            case .ioError?, .brokenPipe?, .noSuchDeviceOrAddress?, .badDescriptor?:
                throw .outputClosed
            case nil where fruitless < 10:
                continue
            default:
                throw .systemCall(name: "write", errno: (failure ?? .ioError).rawValue)
            }
        }
    }
}
