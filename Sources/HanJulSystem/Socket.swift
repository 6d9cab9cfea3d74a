#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// TCP over IPv4 for `hanjul versus`, and socket pairs for its tests: the few socket calls
/// the project makes, each throwing a typed ``Errno``. Every socket is non-blocking;
/// callers wait with ``Socket/waitReadable(_:milliseconds:)`` (or their own `poll`).
public enum Socket {
    /// An IPv4 address and port, e.g. `127.0.0.1:4000`.
    public struct Address: Equatable, Sendable, CustomStringConvertible {
        /// The four bytes of the address, in network order.
        public var octets: (UInt8, UInt8, UInt8, UInt8)
        public var port: UInt16

        public init(octets: (UInt8, UInt8, UInt8, UInt8), port: UInt16) {
            self.octets = octets
            self.port = port
        }

        /// `a.b.c.d` (or `localhost`) and a port; nil for anything else: no name lookup.
        public init?(host: String, port: UInt16) {
            let text = host == "localhost" ? "127.0.0.1" : host
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 4 else { return nil }
            var bytes: [UInt8] = []
            for part in parts {
                guard !part.isEmpty, part.count <= 3, part.allSatisfy({ $0.isASCII && $0.isNumber }), let value = UInt8(part) else { return nil }
                bytes.append(value)
            }
            self.init(octets: (bytes[0], bytes[1], bytes[2], bytes[3]), port: port)
        }

        public static func == (a: Address, b: Address) -> Bool {
            a.octets.0 == b.octets.0 && a.octets.1 == b.octets.1 && a.octets.2 == b.octets.2 && a.octets.3 == b.octets.3 && a.port == b.port
        }

        public var host: String { "\(octets.0).\(octets.1).\(octets.2).\(octets.3)" }
        public var description: String { "\(host):\(port)" }

        fileprivate var sockaddr: sockaddr_in {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            let raw = UInt32(octets.0) << 24 | UInt32(octets.1) << 16 | UInt32(octets.2) << 8 | UInt32(octets.3)
            address.sin_addr = in_addr(s_addr: raw.bigEndian)
            return address
        }

        fileprivate init(_ address: sockaddr_in) {
            let raw = UInt32(bigEndian: address.sin_addr.s_addr)
            self.init(octets: (UInt8(raw >> 24), UInt8((raw >> 16) & 0xFF), UInt8((raw >> 8) & 0xFF), UInt8(raw & 0xFF)),
                      port: UInt16(bigEndian: address.sin_port))
        }
    }

    #if os(Linux)
    private static let stream = Int32(SOCK_STREAM.rawValue)
    #else
    private static let stream = SOCK_STREAM
    #endif

    /// A new non-blocking socket of `family`, closed on exec.
    private static func open(_ family: Int32) throws(Errno) -> FileDescriptor {
        let descriptor = FileDescriptor(rawValue: try retryingInterrupts { socket(family, stream, 0) })
        do throws(Errno) {
            try setNonBlocking(descriptor)
        } catch {
            try? descriptor.close()
            throw error
        }
        return descriptor
    }

    /// Makes `descriptor` non-blocking and closed on exec.
    public static func setNonBlocking(_ descriptor: FileDescriptor) throws(Errno) {
        let flags = try retryingInterrupts { fcntl(descriptor.rawValue, F_GETFL) }
        _ = try retryingInterrupts { fcntl(descriptor.rawValue, F_SETFL, flags | O_NONBLOCK) }
        _ = try retryingInterrupts { fcntl(descriptor.rawValue, F_SETFD, FD_CLOEXEC) }
    }

    /// A listening socket on `address` (port 0: one the system picks) and the address it
    /// has; one connection may wait to be accepted.
    public static func listen(on address: Address) throws(Errno) -> (FileDescriptor, Address) {
        let descriptor = try open(AF_INET)
        do throws(Errno) {
            var one: Int32 = 1
            _ = try retryingInterrupts { setsockopt(descriptor.rawValue, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size)) }
            var socketAddress = address.sockaddr
            _ = try retryingInterrupts {
                withUnsafePointer(to: &socketAddress) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor.rawValue, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
                }
            }
            _ = try retryingInterrupts { systemListen(descriptor.rawValue, 1) }
            return (descriptor, try localAddress(of: descriptor))
        } catch {
            try? descriptor.close()
            throw error
        }
    }

    /// The address `descriptor` is bound to.
    public static func localAddress(of descriptor: FileDescriptor) throws(Errno) -> Address {
        var bound = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = try retryingInterrupts {
            withUnsafeMutablePointer(to: &bound) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor.rawValue, $0, &length) }
            }
        }
        return Address(bound)
    }

    /// A connection waiting on `listener` (non-blocking), and the peer's address; nil when none waits.
    public static func accept(_ listener: FileDescriptor) throws(Errno) -> (FileDescriptor, Address)? {
        var peer = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &peer) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                Result { () throws(Errno) in try retryingInterrupts { systemAccept(listener.rawValue, pointer, &length) } }
            }
        }
        let raw: Int32
        switch result {
        case .success(let value): raw = value
        case .failure(let error):
            if error == .resourceTemporarilyUnavailable || error == .wouldBlock || error.rawValue == ECONNABORTED { return nil }
            throw error
        }
        let descriptor = FileDescriptor(rawValue: raw)
        do throws(Errno) { try setNonBlocking(descriptor) } catch {
            try? descriptor.close()
            throw error
        }
        return (descriptor, Address(peer))
    }

    /// A connection to `address`, waiting at most `milliseconds` for it.
    public static func connect(to address: Address, milliseconds: Int) throws(Errno) -> FileDescriptor {
        let descriptor = try open(AF_INET)
        var socketAddress = address.sockaddr
        let started = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { systemConnect(descriptor.rawValue, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if started == 0 { return descriptor }
        let code = errno
        guard code == EINPROGRESS || code == EINTR else {
            try? descriptor.close()
            throw Errno(rawValue: code)
        }
        guard (try? waitWritable(descriptor, milliseconds: milliseconds)) == true else {
            try? descriptor.close()
            throw Errno(rawValue: ETIMEDOUT)
        }
        var failure: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        _ = getsockopt(descriptor.rawValue, SOL_SOCKET, SO_ERROR, &failure, &length)
        guard failure == 0 else {
            try? descriptor.close()
            throw Errno(rawValue: failure)
        }
        return descriptor
    }

    /// Two connected non-blocking stream sockets (AF_UNIX): a network for tests.
    public static func pair() throws(Errno) -> (FileDescriptor, FileDescriptor) {
        var descriptors: [Int32] = [-1, -1]
        _ = try retryingInterrupts { socketpair(AF_UNIX, stream, 0, &descriptors) }
        let pair = (FileDescriptor(rawValue: descriptors[0]), FileDescriptor(rawValue: descriptors[1]))
        do throws(Errno) {
            try setNonBlocking(pair.0)
            try setNonBlocking(pair.1)
        } catch {
            try? pair.0.close()
            try? pair.1.close()
            throw error
        }
        return pair
    }

    /// What a non-blocking read found.
    public enum Received: Equatable, Sendable {
        /// Bytes (at least one).
        case bytes([UInt8])
        /// Nothing yet.
        case nothing
        /// The peer closed its end.
        case closed
    }

    /// One read of at most `limit` bytes, without blocking.
    public static func receive(_ descriptor: FileDescriptor, limit: Int) throws(Errno) -> Received {
        var buffer = [UInt8](repeating: 0, count: max(1, limit))
        let count = buffer.withUnsafeMutableBytes { raw in
            recv(descriptor.rawValue, raw.baseAddress, raw.count, Int32(MSG_DONTWAIT))
        }
        if count > 0 { return .bytes(Array(buffer[0..<count])) }
        if count == 0 { return .closed }
        let code = errno
        if code == EAGAIN || code == EWOULDBLOCK || code == EINTR { return .nothing }
        if code == ECONNRESET { return .closed }
        throw Errno(rawValue: code)
    }

    /// Sends what it can of `bytes` without blocking (never SIGPIPE); how many went.
    public static func send(_ descriptor: FileDescriptor, _ bytes: ArraySlice<UInt8>) throws(Errno) -> Int {
        guard !bytes.isEmpty else { return 0 }
        let count = bytes.withUnsafeBytes { raw in
            systemSend(descriptor.rawValue, raw.baseAddress, raw.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
        }
        if count >= 0 { return count }
        let code = errno
        if code == EAGAIN || code == EWOULDBLOCK || code == EINTR { return 0 }
        throw Errno(rawValue: code)
    }

    /// Waits at most `milliseconds` until `descriptor` can be read (or has hung up).
    public static func waitReadable(_ descriptor: FileDescriptor, milliseconds: Int) throws(Errno) -> Bool {
        try wait(descriptor, Int16(POLLIN), milliseconds: milliseconds)
    }

    /// Waits at most `milliseconds` until `descriptor` can be written (or has failed).
    public static func waitWritable(_ descriptor: FileDescriptor, milliseconds: Int) throws(Errno) -> Bool {
        try wait(descriptor, Int16(POLLOUT), milliseconds: milliseconds)
    }

    private static func wait(_ descriptor: FileDescriptor, _ events: Int16, milliseconds: Int) throws(Errno) -> Bool {
        var entry = pollfd(fd: descriptor.rawValue, events: events, revents: 0)
        let ready = try retryingInterrupts { poll(&entry, 1, Int32(clamping: milliseconds)) }
        return ready > 0
    }
}
