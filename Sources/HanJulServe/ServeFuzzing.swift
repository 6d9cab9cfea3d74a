import HanJulCore
import HanJulCodec
import HanJulMods

/// `hanjul serve`'s protocol as a fuzz target (HanJulFuzzing's `serve-protocol`, RELIABILITY
/// F-5 and #39): the input is a stream of requests, played by the real server over an
/// in-memory channel under the standard rules or under a mod whose value hooks return the
/// extremes a hostile mod may (`math.maxinteger`, `math.mininteger`).
///
/// Oracles: no trap; every answer has its size (an observation `observationBytes`, the
/// info its length and JSON that parses); an action or key out of the space is flagged
/// invalid (never played as another); the server stops with success or a usage error.
public enum ServeFuzzing {
    /// Value hooks at the extremes of Lua's integers: the score, level, gravity and drop
    /// points arithmetic must saturate or clamp (the observation carries them).
    static let extremeMod = """
        return { id = "extreme", name = "extreme", version = "1", description = "fuzz", api = 1,
          scoring = function(_, lines, level, points) return math.maxinteger end,
          level = function(lines, level) return math.maxinteger end,
          gravity = function(level, interval) return math.mininteger end,
          hard_drop_points = function(rows, points) return math.maxinteger end,
          soft_drop_points = function(rows, points) return math.mininteger end,
          attack = function(_, facts, sent) return math.maxinteger end }
        """

    /// Runs one input: its first byte picks the rules (`V`: a versus session under the
    /// extreme mod), the rest are requests (at most 4 KiB).
    public static func run(_ bytes: [UInt8]) -> String? {
        guard let first = bytes.first else { return nil }
        let requests = Array(bytes.dropFirst().prefix(4096))
        if first % 2 == 0 && first != UInt8(ascii: "V") { return play(requests) { StandardRules() } }
        let package = ModPackage(id: "extreme", folder: "extreme", files: ["mod.lua": Array(extremeMod.utf8)])
        let load = { try LuaRules(packages: [package], displayFolders: ["extreme"]) }
        guard let rules = try? load() else { return "the extreme mod did not load" }
        if first == UInt8(ascii: "V") { return playVersus(requests, first: rules, make: load) }
        return play(requests) { (try? load()) ?? rules }
    }

    /// `hanjul serve --versus`'s session: every answer its size (`answerBytes`, the info and
    /// `E`'s lengths), an action out of the space refused for its player, a clean stop.
    static func playVersus(_ requests: [UInt8], first: LuaRules, make: @escaping () throws -> LuaRules) -> String? {
        var server = ServeSession.VersusServer(first: first.versusSide, make: { try make().versusSide }, name: "fuzz", resultFormat: nil,
                                               lockfile: [], channel: .init(requests: requests))
        let status = server.loop()
        guard status == .success || status == .usage else { return "the versus session stopped with status \(status.code)" }
        let answers = server.channel.memory?.answers ?? [], size = server.answerBytes
        let observation = server.boards[0].observationSize, actions = server.boards[0].actionCount
        var index = 0, offset = 0
        func lengthPrefixed(json: Bool) -> String? {
            guard answers.count - offset >= 4 else { return "a length cut short" }
            let length = (0..<4).reduce(0) { $0 | Int(answers[offset + $1]) << (8 * $1) }
            guard answers.count - offset - 4 >= length else { return "\(length) bytes announced, fewer sent" }
            let body = Array(answers[(offset + 4)..<(offset + 4 + length)])
            if json ? (try? JSON.parse(body)) == nil : String(validating: body, as: UTF8.self) == nil { return "an answer that does not read" }
            offset += 4 + length
            return nil
        }
        while index < requests.count {
            let op = requests[index]
            index += 1
            let sizes: [UInt8: Int] = [UInt8(ascii: "I"): 0, UInt8(ascii: "R"): 8, UInt8(ascii: "V"): 4, UInt8(ascii: "E"): 0]
            guard let argument = sizes[op], requests.count - index >= argument else { break }
            let word = Array(requests[index..<(index + argument)])
            index += argument
            switch op {
            case UInt8(ascii: "I"): if let problem = lengthPrefixed(json: true) { return problem }
            case UInt8(ascii: "E"): if let problem = lengthPrefixed(json: false) { return problem }
            default:
                guard answers.count - offset >= size, answers[offset] <= 4 else { return "a versus answer cut short or with a bad outcome at byte \(offset)" }
                if op == UInt8(ascii: "V") {
                    for side in 0..<2 where Int(word[2 * side]) | Int(word[2 * side + 1]) << 8 >= actions {
                        let flags = answers[offset + 1 + side * (32 + observation) + 32]
                        if flags & 2 == 0 { return "player \(side)'s action outside the space was not refused" }
                    }
                }
                offset += size
            }
        }
        return offset == answers.count ? nil : "\(answers.count - offset) bytes answered to nothing"
    }

    static func play<R: Rules>(_ requests: [UInt8], make: @escaping () -> R) -> String? {
        var server = ServeSession.Server(make: make, name: "fuzz", resultFormat: nil, lockfile: [], channel: .init(requests: requests))
        let status = server.loop()
        guard status == .success || status == .usage else { return "the server stopped with status \(status.code)" }
        return check(requests, answers: server.channel.memory?.answers ?? [], size: server.observationSize,
                     actions: server.games[0].actionCount)
    }

    /// Walks the requests as the server read them and checks each answer.
    static func check(_ requests: [UInt8], answers: [UInt8], size: Int, actions: Int) -> String? {
        var index = 0, offset = 0
        func observation(invalid: Bool) -> String? {
            guard answers.count - offset >= size else { return "an observation cut short at byte \(offset)" }
            let flags = answers[offset]
            if invalid && flags & 2 == 0 { return "a request outside the space was not flagged invalid" }
            offset += size
            return nil
        }
        while index < requests.count {
            let op = requests[index]
            index += 1
            // One game is served: `B` carries one 9-byte request (an op and a u64).
            let sizes: [UInt8: Int] = [UInt8(ascii: "I"): 0, UInt8(ascii: "R"): 8, UInt8(ascii: "P"): 2, UInt8(ascii: "K"): 1,
                                       UInt8(ascii: "T"): 5, UInt8(ascii: "G"): 2, UInt8(ascii: "B"): 9]
            guard let argument = sizes[op], requests.count - index >= argument else { break }
            let word = requests[index..<(index + argument)]
            index += argument
            let problem: String?
            switch op {
            case UInt8(ascii: "I"):
                guard answers.count - offset >= 4 else { return "the info's length cut short" }
                let length = (0..<4).reduce(0) { $0 | Int(answers[offset + $1]) << (8 * $1) }
                guard answers.count - offset - 4 >= length, (try? JSON.parse(Array(answers[(offset + 4)..<(offset + 4 + length)]))) != nil else {
                    return "the info is not \(length) bytes of JSON"
                }
                offset += 4 + length
                problem = nil
            case UInt8(ascii: "P"):
                let action = Int(word[word.startIndex]) | Int(word[word.startIndex + 1]) << 8
                problem = observation(invalid: action >= actions)
            case UInt8(ascii: "K"), UInt8(ascii: "T"): problem = observation(invalid: Int(word[word.startIndex]) >= ServeSession.keys.count)
            case UInt8(ascii: "B"):
                let inner = word[word.startIndex]
                let value = word.dropFirst().enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
                switch inner {
                case UInt8(ascii: "P"): problem = observation(invalid: value >= UInt64(actions))
                case UInt8(ascii: "K"): problem = observation(invalid: value >= UInt64(ServeSession.keys.count))
                case UInt8(ascii: "T"): problem = observation(invalid: value & 0xFFFF >= UInt64(ServeSession.keys.count))
                case UInt8(ascii: "R"), UInt8(ascii: "O"): problem = observation(invalid: false)
                default: return offset == answers.count ? nil : "\(answers.count - offset) bytes answered to an unknown batch op"
                }
            default: problem = observation(invalid: false)
            }
            if let problem { return problem }
        }
        return offset == answers.count ? nil : "\(answers.count - offset) bytes answered to nothing"
    }
}
