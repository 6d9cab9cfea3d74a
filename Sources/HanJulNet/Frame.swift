/// The frames of the versus protocol (docs/VERSUS-PROTOCOL.md): a two-byte big-endian
/// length, then that many bytes of payload, 1 to `FrameCodec.maxPayload`. Pure: bytes in,
/// frames or a clear error out; nothing here reads a socket.
public enum FrameCodec {
    /// The largest payload a frame may carry; a longer length ends the connection.
    public static let maxPayload = 4096

    /// `payload` as one frame. The caller keeps payloads within `maxPayload`.
    public static func encode(_ payload: [UInt8]) -> [UInt8] {
        precondition(!payload.isEmpty && payload.count <= maxPayload, "a frame's payload is 1 to \(maxPayload) bytes")
        return [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)] + payload
    }
}

/// Why the bytes from a peer are not the protocol: said in one line to the player.
public struct ProtocolError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Cuts a byte stream into frames as it arrives. Holds at most one frame's bytes (plus
/// what one read brings), so a peer cannot make it grow without bound.
public struct FrameReader: Sendable {
    private var buffer: [UInt8] = []
    private var start = 0
    /// Frames read so far.
    public private(set) var framesRead = 0

    public init() {}

    /// Bytes received and not yet cut into frames.
    public var pendingCount: Int { buffer.count - start }

    /// Adds bytes from the peer.
    public mutating func feed(_ bytes: some Collection<UInt8>) {
        if start > 0 && start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 4 * FrameCodec.maxPayload {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next whole frame's payload; nil until one has arrived. Throws on a length of 0
    /// or over the limit (the stream cannot be trusted after it: the caller ends the match).
    public mutating func next() throws(ProtocolError) -> [UInt8]? {
        guard buffer.count - start >= 2 else { return nil }
        let length = Int(buffer[start]) << 8 | Int(buffer[start + 1])
        guard length > 0 else { throw ProtocolError("an empty frame (frame \(framesRead + 1))") }
        guard length <= FrameCodec.maxPayload else {
            throw ProtocolError("an oversized frame of \(length) bytes (the limit is \(FrameCodec.maxPayload))")
        }
        guard buffer.count - start >= 2 + length else { return nil }
        let payload = Array(buffer[(start + 2)..<(start + 2 + length)])
        start += 2 + length
        framesRead += 1
        return payload
    }

    /// At the end of the stream: an error when a frame was cut short.
    public func finish() throws(ProtocolError) {
        let left = buffer.count - start
        guard left > 0 else { return }
        if left < 2 { throw ProtocolError("a truncated frame (the connection closed 1 byte into a frame's length)") }
        let length = Int(buffer[start]) << 8 | Int(buffer[start + 1])
        throw ProtocolError("a truncated frame (the connection closed \(left - 2) bytes into a \(length)-byte frame)")
    }
}
