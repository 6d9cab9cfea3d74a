import HanJulCore
import HanJulNet
import HanJulServe

/// The network targets: the versus protocol's frames and messages as a hostile peer
/// sends them, played into a real match whose attack is a mod's value (up to Int.max), and
/// `hanjul serve`'s request stream (`ServeFuzzing`, beside the server it drives).
extension FuzzTargets {
    /// The attacks a lock may send, as a mod's `attack` hook may return them.
    static let attacks = [0, 1, 4, 1_000_000_000, Int.max]

    /// Byte 0 picks the attack every lock sends, byte 1 how many bytes arrive at a time;
    /// the rest is the peer's byte stream. Frames are cut, messages decoded (each accepted
    /// one must survive encode and decode), hellos compared both ways, and the rest played
    /// into a `NetMatch` in which this side hard-drops between messages. The first error
    /// ends the input, as it ends a match. Nothing may trap; counters never go negative.
    static func netFrames(_ bytes: [UInt8]) -> String? {
        guard bytes.count >= 2 else { return nil }
        let attack = attacks[Int(bytes[0]) % attacks.count], chunk = Int(bytes[1]) % 64 + 1
        let ours = VersusHello(hanjul: HanJulVersion.release, engine: HanJulVersion.engine, rules: "mod:versus",
                               rulesHash: VersusHello.rulesHash(mods: [String(repeating: "5d", count: 32)]), seed: .max, bestOf: 99)
        guard (try? VersusMessage.decode(VersusMessage.hello(ours).payload)) == .hello(ours) else { return "a hello of seed 2^64-1 does not round-trip" }
        let side = VersusRules(rules: StandardRules()) { _ throws(RuleError) in attack }
        var match = NetMatch(boards: RefereeBoards(sides: [side, side], seed: .max), me: 0)
        var reader = FrameReader()
        var rest = bytes[2...], wall: UInt64 = 0
        while !rest.isEmpty {
            reader.feed(rest.prefix(chunk))
            rest = rest.dropFirst(chunk)
            while true {
                let message: VersusMessage
                do {
                    guard let payload = try reader.next() else { break }
                    message = try VersusMessage.decode(payload)
                } catch {
                    _ = error.description
                    return nil
                }
                if case .bye = message { return nil }  // its reason is cut to 512 characters when sent
                guard message.fitsFrame, (try? VersusMessage.decode(message.payload)) == message else {
                    return "\(message) does not survive encode and decode"
                }
                if case .hello(let hello) = message {
                    _ = ours.mismatch(with: hello)
                    _ = hello.mismatch(with: ours)
                    continue
                }
                wall += 37
                match.local(.hardDrop, at: wall)
                match.tick(at: wall)
                do throws(ImpossibleInput) { try match.receive(message, wallMilliseconds: wall) } catch {
                    _ = error.description
                    return nil
                }
                for player in 0..<2 {
                    let counters = match.boards.counters(player)
                    if counters.attack < 0 || counters.cancelled < 0 || counters.received < 0 || match.boards.incoming(player) < 0 {
                        return "side \(player)'s counters went negative: \(counters)"
                    }
                }
                _ = match.ignoredGarbage
                _ = match.result
            }
        }
        return nil
    }

    static func serveProtocol(_ bytes: [UInt8]) -> String? { ServeFuzzing.run(bytes) }
}
