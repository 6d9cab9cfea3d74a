import HanJulSystem

/// Why a connection to the peer ended: one line for the player.
public enum LinkError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The peer closed the connection.
    case closed
    /// The peer's bytes are not the protocol.
    case malformed(ProtocolError)
    /// More messages than any player makes.
    case flood(Int)
    /// More bytes waiting to go than the peer reads.
    case backlog
    case system(Errno)

    public var description: String {
        switch self {
        case .closed: "the peer disconnected"
        case .malformed(let error): "the peer sent \(error.message)"
        case .flood(let count): "the peer sent \(count) messages in a second (the limit is \(PeerLink.maxMessagesPerSecond))"
        case .backlog: "the peer stopped reading (over \(PeerLink.maxOutgoing / 1024) KiB unsent)"
        case .system(let errno): "the connection failed: \(errno)"
        }
    }
}

/// A connection to the peer carrying versus messages, over any stream descriptor (a TCP
/// socket, or a socket pair in tests), never blocking. Bounded every way: a read takes at
/// most `readChunk` bytes and only while less than two frames wait uncut, a call hands over
/// at most `maxMessagesPerCall` messages, a peer sending more than
/// `maxMessagesPerSecond` is cut off, and at most `maxOutgoing` bytes wait to be sent.
public struct PeerLink {
    public let descriptor: FileDescriptor
    private var reader = FrameReader()
    private var outgoing: [UInt8] = []
    private var sentOffset = 0
    private var closed = false
    /// The wall second (monotonic nanoseconds / 1e9) being counted, and its messages.
    private var second: UInt64 = 0
    private var messagesThisSecond = 0

    public static let readChunk = 8192
    public static let maxMessagesPerCall = 256
    public static let maxMessagesPerSecond = 2000
    public static let maxOutgoing = 1 << 20

    public init(descriptor: FileDescriptor) { self.descriptor = descriptor }

    /// Queues `message` and sends what the socket takes now.
    public mutating func send(_ message: VersusMessage) throws(LinkError) {
        outgoing += FrameCodec.encode(message.payload)
        guard outgoing.count - sentOffset <= Self.maxOutgoing else { throw .backlog }
        try flush()
    }

    /// Whether bytes wait to be sent.
    public var hasOutgoing: Bool { sentOffset < outgoing.count }

    /// Sends what the socket takes now of what waits.
    public mutating func flush() throws(LinkError) {
        while sentOffset < outgoing.count {
            let sent: Int
            do { sent = try Socket.send(descriptor, outgoing[sentOffset...]) } catch {
                if error == .brokenPipe || error == .connectionReset { throw .closed }
                throw .system(error)
            }
            if sent == 0 { break }
            sentOffset += sent
        }
        if sentOffset == outgoing.count {
            outgoing.removeAll(keepingCapacity: true)
            sentOffset = 0
        }
    }

    /// The messages that have arrived (none when nothing has), read without blocking;
    /// `now` is the monotonic clock in nanoseconds, for the rate limit. Throws when the
    /// peer has closed (after the messages before it were handed over), sent bytes that are
    /// not the protocol, or flooded.
    public mutating func receive(now: UInt64) throws(LinkError) -> [VersusMessage] {
        var messages: [VersusMessage] = []
        if now / 1_000_000_000 != second {
            second = now / 1_000_000_000
            messagesThisSecond = 0
        }
        while messages.count < Self.maxMessagesPerCall {
            let payload: [UInt8]?
            do { payload = try reader.next() } catch { throw .malformed(error) }
            if let payload {
                messagesThisSecond += 1
                guard messagesThisSecond <= Self.maxMessagesPerSecond else { throw .flood(messagesThisSecond) }
                do { messages.append(try VersusMessage.decode(payload)) } catch { throw .malformed(error) }
                continue
            }
            if closed {
                if !messages.isEmpty { return messages }
                do { try reader.finish() } catch { throw .malformed(error) }
                throw .closed
            }
            guard reader.pendingCount < 2 * (FrameCodec.maxPayload + 2) else { break }
            let received: Socket.Received
            do { received = try Socket.receive(descriptor, limit: Self.readChunk) } catch { throw .system(error) }
            switch received {
            case .bytes(let bytes): reader.feed(bytes)
            case .nothing: return messages
            case .closed: closed = true
            }
        }
        return messages
    }

    /// Messages received and not yet handed over by `next(milliseconds:)`.
    private var inbox: [VersusMessage] = []

    /// The next message, waiting at most `milliseconds` for it (nil: none came in time).
    public mutating func next(milliseconds: Int) throws(LinkError) -> VersusMessage? {
        let deadline = SystemClock.monotonic.milliseconds() + UInt64(max(0, milliseconds))
        while inbox.isEmpty {
            try flush()
            inbox = try receive(now: SystemClock.monotonic.nanoseconds())
            if !inbox.isEmpty { break }
            let now = SystemClock.monotonic.milliseconds()
            guard now < deadline else { return nil }
            do { _ = try Socket.waitReadable(descriptor, milliseconds: Int(min(deadline - now, 100))) } catch { throw .system(error) }
        }
        return inbox.removeFirst()
    }

    /// Messages `next(milliseconds:)` read ahead, then what has arrived since (see `receive(now:)`).
    public mutating func takeAll(now: UInt64) throws(LinkError) -> [VersusMessage] {
        let early = inbox
        inbox = []
        return early + (try receive(now: now))
    }

    /// Puts `messages` back in front of what is still to be read (a caller that read past
    /// the message it was waiting for).
    public mutating func unread(_ messages: some Collection<VersusMessage>) {
        inbox.insert(contentsOf: messages, at: 0)
    }

    /// Sends what waits, for at most `milliseconds` (a goodbye before closing).
    public mutating func drain(milliseconds: Int) {
        let deadline = SystemClock.monotonic.milliseconds() + UInt64(max(0, milliseconds))
        while hasOutgoing, SystemClock.monotonic.milliseconds() < deadline {
            guard (try? flush()) != nil else { return }
            if hasOutgoing { _ = try? Socket.waitWritable(descriptor, milliseconds: 20) }
        }
    }
}
