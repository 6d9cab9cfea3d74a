import HanJulSystem

/// A versus connection opened: waiting for the peer or reaching it, then hellos both ways
/// (docs/VERSUS-PROTOCOL.md, "A match"). What is printed and how the match is played are the
/// caller's; every way it can fail is one line for the player.
public enum PeerConnection {
    /// Where to listen or connect.
    public enum Role: Sendable {
        case host(Socket.Address)
        case join(Socket.Address)
    }

    /// Why no match was started: one line for the player.
    public struct Failure: Error, Sendable {
        public let line: String
        public init(line: String) { self.line = line }
    }

    /// How long a join may take to connect, and the handshake once connected.
    public static let connectMilliseconds = 10_000, handshakeMilliseconds = 10_000

    /// Listens and waits for one player (telling `listening` the address bound, once), or
    /// connects; the descriptor and the peer's name.
    public static func open(_ role: Role, listening: (Socket.Address) -> Void) -> Result<(FileDescriptor, peerName: String), Failure> {
        switch role {
        case .host(let address):
            let listener: FileDescriptor, bound: Socket.Address
            do throws(Errno) { (listener, bound) = try Socket.listen(on: address) } catch {
                return .failure(Failure(line: "cannot listen on \(address): \(error)"))
            }
            defer { try? listener.close() }
            listening(bound)
            while true {
                do throws(Errno) {
                    if let (accepted, from) = try Socket.accept(listener) { return .success((accepted, from.description)) }
                    _ = try Socket.waitReadable(listener, milliseconds: 1000)
                } catch {
                    return .failure(Failure(line: "waiting for a player failed: \(error)"))
                }
            }
        case .join(let address):
            do throws(Errno) {
                return .success((try Socket.connect(to: address, milliseconds: connectMilliseconds), address.description))
            } catch {
                return .failure(Failure(line: "cannot connect to \(address): \(error)"))
            }
        }
    }

    /// Hellos both ways; the host's seed and best-of. A mismatch or a peer that breaks the
    /// protocol is told why (`BYE`) where the protocol allows it.
    public static func handshake(_ link: inout PeerLink, ours: VersusHello) -> Result<(seed: UInt64, bestOf: Int), Failure> {
        let theirs: VersusHello
        do throws(LinkError) {
            try link.send(.hello(ours))
            guard let message = try link.next(milliseconds: handshakeMilliseconds) else {
                return .failure(Failure(line: "the peer said nothing for \(handshakeMilliseconds / 1000) s after connecting (no hello); match ended"))
            }
            switch message {
            case .hello(let hello): theirs = hello
            case .bye(let reason): return .failure(Failure(line: "the peer refused the match: \(VersusMessage.printable(reason))"))
            default:
                try? link.send(.bye(reason: "expected HELLO"))
                return .failure(Failure(line: "the peer did not start with a hello; match ended"))
            }
        } catch {
            return .failure(Failure(line: "\(error) during the handshake; match ended"))
        }
        if let mismatch = ours.mismatch(with: theirs) {
            try? link.send(.bye(reason: mismatch))
            return .failure(Failure(line: "cannot play: \(mismatch)"))
        }
        if let seed = ours.seed { return .success((seed, ours.bestOf ?? 1)) }
        guard let seed = theirs.seed, let bestOf = theirs.bestOf else {
            try? link.send(.bye(reason: "both sides joined; one must --host"))
            return .failure(Failure(line: "the peer is not a host (its hello has no seed); match ended"))
        }
        return .success((seed, bestOf))
    }
}
