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
            let written = HanJulSystem.write(fileDescriptor, next, remaining)
            if written > 0 {
                next += written
                remaining -= written
                fruitless = 0
                continue
            }
            let code = written < 0 ? errno : 0
            fruitless += 1
            switch code {
            case EINTR where fruitless < 1_000:
                continue
            case EAGAIN where fruitless < 100, EWOULDBLOCK where fruitless < 100:
                var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&descriptor, 1, 100)
            case EIO, EPIPE, ENXIO, EBADF:
                throw .outputClosed
            case 0 where fruitless < 10:
                continue
            default:
                throw .systemCall(name: "write", errno: code == 0 ? EIO : code)
            }
        }
    }
}
