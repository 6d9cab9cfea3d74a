import HanJulCore

/// The handshake: who plays, under which rules, from which seed.
public struct VersusHello: Equatable, Sendable {
    /// The protocol's name and version; a peer speaking another is refused.
    public static let protocolName = "hanjul-versus/1"

    public var protocolVersion: String = VersusHello.protocolName
    /// HanJul's release and engine version (`HanJulVersion`).
    public var hanjul: String
    public var engine: Int
    /// The rules' name (`standard`, `mod:versus`, `mod:a+mod:b`) and what they are made of:
    /// each mod's SHA-256 over its files (`ModPackage.sha256`, as a replay's lock records it),
    /// in the same order, joined by `+`; `-` for the built-in rules (`rulesHash(mods:)`).
    public var rules: String
    public var rulesHash: String
    /// The host's: the match seed and the number of games (best of); nil from the joiner.
    public var seed: UInt64?
    public var bestOf: Int?

    public init(hanjul: String, engine: Int, rules: String, rulesHash: String, seed: UInt64? = nil, bestOf: Int? = nil) {
        self.hanjul = hanjul
        self.engine = engine
        self.rules = rules
        self.rulesHash = rulesHash
        self.seed = seed
        self.bestOf = bestOf
    }

    /// Why a peer's hello cannot play with ours (nil: it can).
    public func mismatch(with peer: VersusHello) -> String? {
        if peer.protocolVersion != protocolVersion {
            return "the peer speaks \(peer.protocolVersion), this is \(protocolVersion)"
        }
        if peer.hanjul != hanjul || peer.engine != engine {
            return "the peer runs hanjul \(peer.hanjul) (engine \(peer.engine)), this is hanjul \(hanjul) (engine \(engine))"
        }
        if peer.rules != rules { return "the peer plays \(peer.rules), this side \(rules): give both the same --mod" }
        guard peer.rulesHash != rulesHash else { return nil }
        let ids = Self.modIDs(rules) ?? []
        let mine = rulesHash.split(separator: "+").map(String.init), theirs = peer.rulesHash.split(separator: "+").map(String.init)
        for (index, id) in ids.enumerated() where index < mine.count && index < theirs.count && mine[index] != theirs[index] {
            return "the peer's mod '\(id)' differs from this side's (its files hash to \(theirs[index].prefix(16))…, "
                + "here \(mine[index].prefix(16))…): give both the same files ('hanjul mods' shows each mod's hash)"
        }
        return "the peer's \(rules) differs from this side's (its hash \(VersusMessage.shown(peer.rulesHash)), here \(VersusMessage.shown(rulesHash)))"
    }

    /// The hash field for rules made of mods with these SHA-256s (lowercase hex), in order.
    public static func rulesHash(mods: [String]) -> String { mods.isEmpty ? "-" : mods.joined(separator: "+") }

    /// The mod ids of a rules name (`[]` for `standard`); nil when it is neither `standard`
    /// nor `mod:ID[+mod:ID…]` (ids of 1–32 of `a-z 0-9 _ -`).
    public static func modIDs(_ rules: String) -> [String]? {
        if rules == "standard" { return [] }
        var ids: [String] = []
        for part in rules.split(separator: "+", omittingEmptySubsequences: false) {
            guard part.hasPrefix("mod:") else { return nil }
            let id = part.dropFirst(4)
            guard (1...32).contains(id.utf8.count), id.utf8.allSatisfy({ (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F || $0 == 0x2D })
            else { return nil }
            ids.append(String(id))
        }
        return ids
    }

    /// Whether `hash` is the hash field for `rules`: `-` for `standard`, else one SHA-256
    /// (64 lowercase hex digits) per mod, joined by `+`.
    static func isHash(_ hash: String, of rules: String) -> Bool {
        guard let ids = modIDs(rules) else { return false }
        if ids.isEmpty { return hash == "-" }
        let parts = hash.split(separator: "+", omittingEmptySubsequences: false)
        return parts.count == ids.count && parts.allSatisfy { part in
            part.utf8.count == 64 && part.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
        }
    }
}

/// One message of the versus protocol (docs/VERSUS-PROTOCOL.md), the payload of one frame:
/// printable ASCII words separated by single spaces, the first naming the message.
public enum VersusMessage: Equatable, Sendable {
    case hello(VersusHello)
    /// Ready for game `game` (1-based) of the match; it starts when both sides have said so.
    case ready(game: Int)
    /// A player's action at its game time (milliseconds since the game started).
    case input(milliseconds: UInt64, action: Action)
    /// "At my game time I took attack `attack` (0-based, in the order sent) into my queue."
    case accept(milliseconds: UInt64, attack: Int)
    /// A heartbeat: "my game clock has reached this time" (no input before it is still to come).
    case time(milliseconds: UInt64)
    /// "My game ended (topped out) at this time."
    case over(milliseconds: UInt64)
    /// After a match, "play another": the host's carries the new match seed, the joiner's
    /// none; a new match (from game 1) starts when each side has sent and received one.
    case rematch(seed: UInt64?)
    /// The sender leaves the match, and why.
    case bye(reason: String)

    /// The longest game time a message may carry: a day.
    public static let maxMilliseconds: UInt64 = 86_400_000
    /// The most attacks one game may send.
    public static let maxAttacks = 1_000_000
    /// The actions a peer may send: what a player does. Gravity and waits are not sent:
    /// each side derives them from the times.
    public static let playerActions: [Action] = [.left, .right, .rotate, .rotateCounterclockwise, .rotateHalfTurn, .softDrop, .hardDrop, .hold]

    /// The message as a frame's payload.
    public var payload: [UInt8] { Array(text.utf8.prefix(FrameCodec.maxPayload)) }

    /// The message's words, whole.
    var text: String {
        switch self {
        case .hello(let hello):
            ["HELLO", hello.protocolVersion, hello.hanjul, String(hello.engine), hello.rules, hello.rulesHash,
             hello.seed.map { String($0) } ?? "-", hello.bestOf.map { String($0) } ?? "-"].joined(separator: " ")
        case .ready(let game): "READY \(game)"
        case .input(let milliseconds, let action): "I \(milliseconds) \(action.kind.letter)"
        case .accept(let milliseconds, let attack): "A \(milliseconds) \(attack)"
        case .time(let milliseconds): "T \(milliseconds)"
        case .over(let milliseconds): "OVER \(milliseconds)"
        case .rematch(let seed): "REMATCH " + (seed.map { String($0) } ?? "-")
        case .bye(let reason): "BYE " + Self.printable(reason)
        }
    }

    /// Whether the whole message fits one frame (`payload` cuts it to `FrameCodec.maxPayload`:
    /// only a hello naming very many mods is longer).
    public var fitsFrame: Bool { text.utf8.count <= FrameCodec.maxPayload }

    /// `text` in printable ASCII (anything else as `?`), for a reason that must fit a message.
    public static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.prefix(512).map { $0.value >= 0x20 && $0.value < 0x7F ? $0 : "?" }))
    }

    /// Reads a payload; every fault is a `ProtocolError` that says what was wrong.
    public static func decode(_ payload: [UInt8]) throws(ProtocolError) -> VersusMessage {
        if let index = payload.firstIndex(where: { $0 < 0x20 || $0 >= 0x7F }) {
            throw ProtocolError("a malformed message (byte 0x\(String(payload[index], radix: 16)) at \(index + 1): messages are printable ASCII)")
        }
        let text = String(decoding: payload, as: UTF8.self)
        let words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let verb = words[0]
        func count(_ expected: Int) throws(ProtocolError) {
            guard words.count == expected else {
                throw ProtocolError("a malformed \(verb) message (\(words.count - 1) fields, \(expected - 1) expected): \(shown(text))")
            }
        }
        func time(_ word: String) throws(ProtocolError) -> UInt64 {
            guard let value = number(word), value <= maxMilliseconds else {
                throw ProtocolError("a malformed time \(shown(word)) in \(shown(text)) (whole milliseconds, at most \(maxMilliseconds))")
            }
            return value
        }
        switch verb {
        case "HELLO":
            try count(8)
            guard let engine = number(words[3]), engine <= 1_000_000 else { throw ProtocolError("a malformed HELLO (engine \(shown(words[3])))") }
            for word in words[1...5] where word.isEmpty {
                throw ProtocolError("a malformed HELLO (an empty field): \(shown(text))")
            }
            guard VersusHello.modIDs(words[4]) != nil else {
                throw ProtocolError("a malformed HELLO (rules \(shown(words[4])): standard, or mod:ID joined by +)")
            }
            guard VersusHello.isHash(words[5], of: words[4]) else {
                throw ProtocolError("a malformed HELLO (hash \(shown(words[5])): one SHA-256, 64 lowercase hex digits, per mod of the rules, joined by +; - for standard)")
            }
            var hello = VersusHello(hanjul: words[2], engine: Int(engine), rules: words[4], rulesHash: words[5])
            hello.protocolVersion = words[1]
            if words[6] != "-" {
                guard let seed = number(words[6]) else { throw ProtocolError("a malformed HELLO (seed \(shown(words[6])))") }
                hello.seed = seed
            }
            if words[7] != "-" {
                guard let bestOf = number(words[7]), (1...99).contains(bestOf), bestOf % 2 == 1 else {
                    throw ProtocolError("a malformed HELLO (best of \(shown(words[7])): an odd number from 1 to 99)")
                }
                hello.bestOf = Int(bestOf)
            }
            return .hello(hello)
        case "READY":
            try count(2)
            guard let game = number(words[1]), (1...99).contains(game) else { throw ProtocolError("a malformed READY (game \(shown(words[1])))") }
            return .ready(game: Int(game))
        case "I":
            try count(3)
            let milliseconds = try time(words[1])
            guard words[2].count == 1, let letter = words[2].first, let kind = Action.Kind(letter: letter),
                  let action = Action(kind), playerActions.contains(action) else {
                throw ProtocolError("an unknown action \(shown(words[2])) (a player's action is one of L R C A F D H X)")
            }
            return .input(milliseconds: milliseconds, action: action)
        case "A":
            try count(3)
            let milliseconds = try time(words[1])
            guard let attack = number(words[2]), attack < UInt64(maxAttacks) else { throw ProtocolError("a malformed attack number \(shown(words[2]))") }
            return .accept(milliseconds: milliseconds, attack: Int(attack))
        case "T":
            try count(2)
            return .time(milliseconds: try time(words[1]))
        case "OVER":
            try count(2)
            return .over(milliseconds: try time(words[1]))
        case "REMATCH":
            try count(2)
            if words[1] == "-" { return .rematch(seed: nil) }
            guard let seed = number(words[1]) else { throw ProtocolError("a malformed REMATCH (seed \(shown(words[1])))") }
            return .rematch(seed: seed)
        case "BYE":
            return .bye(reason: words.dropFirst().joined(separator: " "))
        default:
            throw ProtocolError("an unknown message \(shown(verb))")
        }
    }

    /// A decimal number of at most 20 digits, up to 2^64−1 (no sign, no spaces): every seed
    /// the command line accepts.
    static func number(_ word: String) -> UInt64? {
        guard !word.isEmpty, word.utf8.count <= 20, word.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return UInt64(word)
    }

    /// A peer's text quoted and cut short for a message.
    static func shown(_ text: String) -> String {
        let cut = text.count > 40 ? String(text.prefix(40)) + "…" : text
        return "'" + cut + "'"
    }
}
