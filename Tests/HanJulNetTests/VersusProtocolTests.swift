import HanJulCore
import HanJulNet
import HanJulSystem
import Testing

/// The versus protocol's frames and messages: round trips, every malformed case named, and
/// random bytes that never trap.
struct VersusProtocolTests {
    static let versusHash = "5d1c" + String(repeating: "0a", count: 30)
    static let hello = VersusHello(hanjul: "0.1.1", engine: 1, rules: "mod:versus", rulesHash: versusHash, seed: 42, bestOf: 3)
    static let messages: [VersusMessage] = [
        .hello(hello), .hello(VersusHello(hanjul: "0.1.1", engine: 1, rules: "standard", rulesHash: "-")),
        .hello(VersusHello(hanjul: "0.1.1", engine: 1, rules: "standard", rulesHash: "-", seed: .max, bestOf: 1)),
        .ready(game: 1), .ready(game: 99), .input(milliseconds: 0, action: .left), .input(milliseconds: 12_345, action: .hardDrop),
        .input(milliseconds: 7, action: .hold), .input(milliseconds: 8, action: .rotateHalfTurn), .accept(milliseconds: 900, attack: 0),
        .accept(milliseconds: 901, attack: 17), .time(milliseconds: 86_400_000), .over(milliseconds: 3), .bye(reason: "match over"),
    ]

    @Test func everyMessageRoundTripsThroughAFrame() throws {
        var reader = FrameReader()
        for message in Self.messages { reader.feed(FrameCodec.encode(message.payload)) }
        var read: [VersusMessage] = []
        while let payload = try reader.next() { read.append(try VersusMessage.decode(payload)) }
        #expect(read == Self.messages)
        #expect(reader.pendingCount == 0)
        try reader.finish()
    }

    @Test func framesArriveOneByteAtATime() throws {
        let bytes = Self.messages.flatMap { FrameCodec.encode($0.payload) }
        var reader = FrameReader()
        var read: [VersusMessage] = []
        for byte in bytes {
            reader.feed([byte])
            while let payload = try reader.next() { read.append(try VersusMessage.decode(payload)) }
        }
        #expect(read == Self.messages)
    }

    static func error(_ bytes: [UInt8]) -> String? {
        var reader = FrameReader()
        reader.feed(bytes)
        do {
            while let payload = try reader.next() { _ = try VersusMessage.decode(payload) }
            try reader.finish()
            return nil
        } catch { return error.message }
    }

    static func frame(_ text: String) -> [UInt8] { FrameCodec.encode(Array(text.utf8)) }

    @Test func eachMalformedInputSaysWhatIsWrong() {
        #expect(Self.error([0x10, 0x01] + [UInt8](repeating: 65, count: 10)) == "an oversized frame of 4097 bytes (the limit is 4096)")
        #expect(Self.error([0xFF, 0xFF]) == "an oversized frame of 65535 bytes (the limit is 4096)")
        #expect(Self.error([0, 0]) == "an empty frame (frame 1)")
        #expect(Self.error([0, 9, 65]) == "a truncated frame (the connection closed 1 bytes into a 9-byte frame)")
        #expect(Self.error([0]) == "a truncated frame (the connection closed 1 byte into a frame's length)")
        #expect(Self.error(Self.frame("HI THERE")) == "an unknown message 'HI'")
        #expect(Self.error(Self.frame("I 12 Q")) == "an unknown action 'Q' (a player's action is one of L R C A F D H X)")
        #expect(Self.error(Self.frame("I 12 G"))?.hasPrefix("an unknown action 'G'") == true)
        #expect(Self.error(Self.frame("I 12 W5"))?.hasPrefix("an unknown action 'W5'") == true)
        #expect(Self.error(Self.frame("I -3 L")) == "a malformed time '-3' in 'I -3 L' (whole milliseconds, at most 86400000)")
        #expect(Self.error(Self.frame("I 99999999999999999999 L"))?.hasPrefix("a malformed time") == true)
        #expect(Self.error(Self.frame("I 12")) == "a malformed I message (1 fields, 2 expected): 'I 12'")
        #expect(Self.error(Self.frame("A 5 x")) == "a malformed attack number 'x'")
        #expect(Self.error(Self.frame("READY 0")) == "a malformed READY (game '0')")
        #expect(Self.error(Self.frame("HELLO hanjul-versus/1 0.1.1 1 standard - 7 4"))
            == "a malformed HELLO (best of '4': an odd number from 1 to 99)")
        #expect(Self.error(FrameCodec.encode([0x49, 0x20, 0x00])) == "a malformed message (byte 0x0 at 3: messages are printable ASCII)")
        #expect(Self.error(FrameCodec.encode([0xC3, 0xA9])) == "a malformed message (byte 0xc3 at 1: messages are printable ASCII)")
    }

    @Test func helloMismatchesAreNamed() {
        let ours = Self.hello
        var theirs = ours
        #expect(ours.mismatch(with: theirs) == nil)
        theirs.rulesHash = "77" + Self.versusHash.dropFirst(2)
        #expect(ours.mismatch(with: theirs) == "the peer's mod 'versus' differs from this side's (its files hash to 771c0a0a0a0a0a0a…, "
            + "here 5d1c0a0a0a0a0a0a…): give both the same files ('hanjul mods' shows each mod's hash)")
        theirs = ours
        theirs.rules = "standard"
        #expect(ours.mismatch(with: theirs) == "the peer plays standard, this side mod:versus: give both the same --mod")
        theirs = ours
        theirs.protocolVersion = "hanjul-versus/2"
        #expect(ours.mismatch(with: theirs) == "the peer speaks hanjul-versus/2, this is hanjul-versus/1")
        theirs = ours
        theirs.engine = 2
        #expect(ours.mismatch(with: theirs)?.hasPrefix("the peer runs hanjul") == true)
    }

    /// #39 item 3: every seed the command line takes (0 to 2^64−1, 20 digits) is a seed the
    /// hello carries; 2^64 and 21 digits are not numbers.
    @Test func seedsUpTo2To64Minus1Travel() throws {
        for seed: UInt64 in [0, 9_999_999_999_999_999_999, 10_000_000_000_000_000_000, .max] {
            var hello = Self.hello
            hello.seed = seed
            #expect(try VersusMessage.decode(VersusMessage.hello(hello).payload) == .hello(hello), "\(seed)")
        }
        let base = "HELLO hanjul-versus/1 0.1.1 1 standard - "
        #expect(Self.error(Self.frame(base + "18446744073709551616 1")) == "a malformed HELLO (seed '18446744073709551616')")
        #expect(Self.error(Self.frame(base + "018446744073709551615 1")) == "a malformed HELLO (seed '018446744073709551615')")
        #expect(Self.error(Self.frame("T 00000000000000000001")) == nil, "20 digits with leading zeros is still a number")
    }

    /// #39 item 2 (#35 item 3): the hash field is each mod's SHA-256 in the order of the
    /// rules, `-` for standard; anything else is refused before it is compared.
    @Test func theRulesHashFieldIsCheckedAndNamesTheModThatDiffers() throws {
        let a = String(repeating: "a", count: 64), b = String(repeating: "b", count: 64)
        #expect(VersusHello.rulesHash(mods: []) == "-")
        #expect(VersusHello.rulesHash(mods: [a, b]) == a + "+" + b)
        let two = "HELLO hanjul-versus/1 0.1.1 1 mod:guideline+mod:versus "
        #expect(Self.error(Self.frame(two + a + "+" + b + " 7 1")) == nil)
        for hash in ["beef", a, a + "+" + b + "+" + a, a.uppercased() + "+" + b, a + "+", "-"] {
            #expect(Self.error(Self.frame(two + hash + " 7 1"))?.hasPrefix("a malformed HELLO (hash") == true, "\(hash)")
        }
        #expect(Self.error(Self.frame("HELLO hanjul-versus/1 0.1.1 1 standard \(a) 7 1"))?.hasPrefix("a malformed HELLO (hash") == true)
        #expect(Self.error(Self.frame("HELLO hanjul-versus/1 0.1.1 1 mod:Versus \(a) 7 1"))?.hasPrefix("a malformed HELLO (rules") == true)
        #expect(Self.error(Self.frame("HELLO hanjul-versus/1 0.1.1 1 versus \(a) 7 1"))?.hasPrefix("a malformed HELLO (rules") == true)
        let ours = VersusHello(hanjul: "0.1.1", engine: 1, rules: "mod:guideline+mod:versus", rulesHash: a + "+" + b)
        var theirs = ours
        theirs.rulesHash = a + "+" + a
        #expect(ours.mismatch(with: theirs)?.hasPrefix("the peer's mod 'versus' differs from this side's") == true)
        theirs.rulesHash = b + "+" + b
        #expect(ours.mismatch(with: theirs)?.hasPrefix("the peer's mod 'guideline' differs") == true, "the first that differs")
    }

    /// A hello too long for a frame (very many mods) is known before it is sent, not cut.
    @Test func aHelloTooLongForAFrameIsKnown() {
        let ids = (0..<60).map { "mod\($0)" }
        let hello = VersusHello(hanjul: "0.1.1", engine: 1, rules: ids.map { "mod:" + $0 }.joined(separator: "+"),
                                rulesHash: VersusHello.rulesHash(mods: ids.map { _ in String(repeating: "c", count: 64) }))
        #expect(!VersusMessage.hello(hello).fitsFrame)
        #expect(VersusMessage.hello(Self.hello).fitsFrame)
    }

    /// Random bytes, and valid frames with bytes flipped: every outcome is a message or a
    /// clear error, never a trap (a crash would end the test process).
    @Test func randomBytesNeverCrash() {
        var random = SplitMix64(seed: 2026)
        var errors = 0, decoded = 0
        let valid = Self.messages.flatMap { FrameCodec.encode($0.payload) }
        for round in 0..<3000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                bytes = (0..<Int(random.below(600))).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                if round % 4 == 0, bytes.count >= 2 { bytes[0] = 0; bytes[1] = UInt8(min(bytes.count - 2, 255)) }
            } else {
                bytes = valid
                for _ in 0..<(1 + Int(random.below(4))) {
                    bytes[Int(random.below(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
                }
                bytes = Array(bytes.prefix(Int(random.below(bytes.count + 1))))
            }
            var reader = FrameReader()
            var offset = 0
            var failed = false
            while offset < bytes.count && !failed {
                let step = 1 + Int(random.below(64))
                reader.feed(bytes[offset..<min(bytes.count, offset + step)])
                offset += step
                do {
                    while let payload = try reader.next() {
                        _ = try VersusMessage.decode(payload)
                        decoded += 1
                    }
                } catch {
                    #expect(!error.message.isEmpty && !error.message.contains("\n"))
                    errors += 1
                    failed = true
                }
            }
            #expect(reader.pendingCount <= 2 + FrameCodec.maxPayload + 64)
        }
        #expect(errors > 1000)
        #expect(decoded > 1000)
    }
}

/// The link over a real socket pair: messages both ways, the peer closing mid-frame, a
/// flood, oversized frames.
struct PeerLinkTests {
    @Test func messagesCrossASocketPair() throws {
        let (a, b) = try Socket.pair()
        defer { try? a.close(); try? b.close() }
        var left = PeerLink(descriptor: a), right = PeerLink(descriptor: b)
        for message in VersusProtocolTests.messages { try left.send(message) }
        var read: [VersusMessage] = []
        for _ in 0..<100 where read.count < VersusProtocolTests.messages.count {
            _ = try Socket.waitReadable(b, milliseconds: 100)
            read += try right.receive(now: 0)
        }
        #expect(read == VersusProtocolTests.messages)
        try right.send(.bye(reason: "done"))
        _ = try Socket.waitReadable(a, milliseconds: 1000)
        #expect(try left.receive(now: 0) == [.bye(reason: "done")])
    }

    func failure(after bytes: [UInt8], close: Bool = true) throws -> (messages: [VersusMessage], error: LinkError?) {
        let (a, b) = try Socket.pair()
        defer { try? b.close() }
        var written = 0
        var closedA = false
        var link = PeerLink(descriptor: b)
        var messages: [VersusMessage] = []
        var rounds = 0
        while rounds < 2000 {
            rounds += 1
            if written < bytes.count { written += try Socket.send(a, bytes[written...]) } else if close, !closedA {
                try a.close()
                closedA = true
            }
            do { messages += try link.receive(now: 5_000_000_000) } catch {
                if !closedA { try a.close() }
                return (messages, error)
            }
            _ = try Socket.waitReadable(b, milliseconds: 5)
        }
        if !closedA { try a.close() }
        return (messages, nil)
    }

    @Test func closedMidFrameIsATruncatedFrame() throws {
        let bytes = FrameCodec.encode(VersusMessage.time(milliseconds: 5).payload) + [0, 20, 65, 66]
        let (messages, error) = try failure(after: bytes)
        #expect(messages == [.time(milliseconds: 5)])
        #expect(error?.description == "the peer sent a truncated frame (the connection closed 2 bytes into a 20-byte frame)")
    }

    @Test func cleanCloseIsADisconnect() throws {
        let (messages, error) = try failure(after: FrameCodec.encode(VersusMessage.time(milliseconds: 5).payload))
        #expect(messages == [.time(milliseconds: 5)])
        #expect(error == .closed)
        #expect(error?.description == "the peer disconnected")
    }

    @Test func aFloodIsCutOff() throws {
        let bytes = (0..<2500).flatMap { FrameCodec.encode(VersusMessage.time(milliseconds: UInt64($0)).payload) }
        let (messages, error) = try failure(after: bytes, close: false)
        #expect(messages.count > 1000 && messages.count <= PeerLink.maxMessagesPerSecond)
        #expect(error?.description == "the peer sent 2001 messages in a second (the limit is 2000)")
    }

    @Test func anOversizedFrameEndsTheLinkWithoutReadingIt() throws {
        let bytes: [UInt8] = [0xFF, 0xF0] + [UInt8](repeating: 0x41, count: 30_000)
        let (_, error) = try failure(after: bytes, close: false)
        #expect(error?.description == "the peer sent an oversized frame of 65520 bytes (the limit is 4096)")
    }
}
