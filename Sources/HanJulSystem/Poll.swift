#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Waiting for descriptors (`poll(2)`), typed. One call, `EINTR` not retried: the callers
/// that loop (the terminal recomputing its timeout, a writer bounding its retries) decide.
public enum Poll {
    /// What to wait for, and what came (`POLL*`).
    public struct Events: OptionSet, Sendable {
        public let rawValue: Int16
        public init(rawValue: Int16) { self.rawValue = rawValue }

        public static let readable = Events(rawValue: Int16(POLLIN))
        public static let writable = Events(rawValue: Int16(POLLOUT))
        /// Returned only: an error on the descriptor (a pipe whose reader is gone).
        public static let error = Events(rawValue: Int16(POLLERR))
        /// Returned only: the other end hung up.
        public static let hangUp = Events(rawValue: Int16(POLLHUP))
        /// Returned only: the descriptor is not open.
        public static let invalid = Events(rawValue: Int16(POLLNVAL))
    }

    /// One descriptor to wait on, and what it turned out to be ready for.
    public struct Request: Sendable {
        public var descriptor: Int32
        public var events: Events
        public var returned: Events = []

        public init(_ descriptor: Int32, for events: Events) {
            self.descriptor = descriptor
            self.events = events
        }
    }

    /// Waits up to `milliseconds` (negative: without end) until one of `requests` is ready;
    /// how many are, 0 on a timeout. Each request's `returned` says what came.
    ///
    /// - Throws: ``Errno``, `.interrupted` when a signal came first.
    @discardableResult
    public static func wait(_ requests: inout [Request], milliseconds: Int32) throws(Errno) -> Int {
        var descriptors = requests.map { pollfd(fd: $0.descriptor, events: $0.events.rawValue, revents: 0) }
        let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
        if ready < 0 { throw Errno.current }
        for index in requests.indices { requests[index].returned = Events(rawValue: descriptors[index].revents) }
        return Int(ready)
    }

    /// What `descriptor` is ready for among `events` now, without waiting; nil when
    /// nothing (or the call failed).
    public static func readiness(of descriptor: Int32, for events: Events, milliseconds: Int32 = 0) -> Events? {
        var requests = [Request(descriptor, for: events)]
        guard let ready = try? wait(&requests, milliseconds: milliseconds), ready > 0, !requests[0].returned.isEmpty else { return nil }
        return requests[0].returned
    }
}

extension Errno {
    public static let badDescriptor = Errno(rawValue: EBADF)
}

extension FileDescriptor {
    /// One `write(2)`, `EINTR` not retried: for a caller that bounds its own retries.
    public func writeOnce(_ buffer: UnsafeRawBufferPointer) -> Result<Int, Errno> {
        let written = systemWrite(rawValue, buffer.baseAddress, buffer.count)
        return written < 0 ? .failure(.current) : .success(written)
    }
}

extension FileDescriptor {
    /// How many bytes wait to be read (`ioctl(FIONREAD)`); 0 when it cannot be told.
    public var queuedInputCount: Int32 {
        var queued: Int32 = 0
        _ = ioctl(rawValue, UInt(FIONREAD), &queued)
        return queued
    }
}
