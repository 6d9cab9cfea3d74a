import HanJulNet
import HanJulSystem
import Testing

/// Opening a match: the hellos over a real socket pair, and a join that finds nobody.
struct PeerConnectionTests {
    static let host = VersusHello(hanjul: "0.1.1", engine: 1, rules: "mod:versus", rulesHash: VersusProtocolTests.versusHash, seed: 42, bestOf: 3)
    static let joiner = VersusHello(hanjul: "0.1.1", engine: 1, rules: "mod:versus", rulesHash: VersusProtocolTests.versusHash)

    @Test func bothSidesAgreeOnTheHostsSeedAndBestOf() throws {
        let (a, b) = try Socket.pair()
        defer { try? a.close(); try? b.close() }
        var joining = PeerLink(descriptor: a), hosting = PeerLink(descriptor: b)
        // The joiner's hello waits in the socket; the host answers it, then the joiner reads the host's.
        try joining.send(.hello(Self.joiner))
        let agreed = try PeerConnection.handshake(&hosting, ours: Self.host).get()
        #expect(agreed.seed == 42 && agreed.bestOf == 3)
        let joined = try PeerConnection.handshake(&joining, ours: Self.joiner).get()
        #expect(joined.seed == 42 && joined.bestOf == 3)
    }

    @Test func otherRulesAreRefusedWithOneLineAndABye() throws {
        let (a, b) = try Socket.pair()
        defer { try? a.close(); try? b.close() }
        var joining = PeerLink(descriptor: a), hosting = PeerLink(descriptor: b)
        let other = VersusHello(hanjul: "0.1.1", engine: 1, rules: "mod:duel", rulesHash: "5d1c" + String(repeating: "0b", count: 30))
        try joining.send(.hello(other))
        guard case .failure(let failure) = PeerConnection.handshake(&hosting, ours: Self.host) else {
            Issue.record("other rules were accepted")
            return
        }
        #expect(failure.line.hasPrefix("cannot play: "), "\(failure.line)")
        _ = try Socket.waitReadable(a, milliseconds: 1000)
        let heard = try joining.receive(now: 0)
        #expect(heard.first == .hello(Self.host))
        #expect(heard.contains { if case .bye = $0 { true } else { false } }, "\(heard)")
    }

    @Test func twoJoinersAreToldOneMustHost() throws {
        let (a, b) = try Socket.pair()
        defer { try? a.close(); try? b.close() }
        var left = PeerLink(descriptor: a), right = PeerLink(descriptor: b)
        try left.send(.hello(Self.joiner))
        guard case .failure(let failure) = PeerConnection.handshake(&right, ours: Self.joiner) else {
            Issue.record("two joiners agreed")
            return
        }
        #expect(failure.line == "the peer is not a host (its hello has no seed); match ended")
    }

    @Test func aJoinWhereNobodyListensIsOneLine() {
        let nobody = Socket.Address(host: "127.0.0.1", port: 1)!
        guard case .failure(let failure) = PeerConnection.open(.join(nobody), listening: { _ in }) else {
            Issue.record("connected to port 1")
            return
        }
        #expect(failure.line.hasPrefix("cannot connect to 127.0.0.1:1: "), "\(failure.line)")
    }
}
