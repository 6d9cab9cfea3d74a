import Glibc
import HanJulCommandLine
import HanJulCore
@testable import HanJulServe
import Testing

/// `hanjul serve`'s protocol played in-process over real pipes: the server reads requests
/// written beforehand and its answers are read back.
@Suite struct ServeSessionTests {
    /// Runs a standard-rules server over `requests`; its status and everything it wrote.
    static func serve(_ requests: [UInt8], games: Int = 1) -> (status: HanJulCommandLine.ExitStatus, answers: [UInt8]) {
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0]
        precondition(pipe(&input) == 0 && pipe(&output) == 0)
        defer { close(input[0]); close(output[0]) }
        let written = requests.withUnsafeBytes { write(input[1], $0.baseAddress!, $0.count) }
        precondition(written == requests.count)
        close(input[1])
        var channel = ServeSession.Channel()
        channel.inputDescriptor = input[0]
        channel.outputDescriptor = output[1]
        var server = ServeSession.Server(make: { StandardRules() }, name: "standard", resultFormat: nil, lockfile: [], channel: channel,
                                         games: games)
        let status = server.loop()
        close(output[1])
        var answers: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while case let n = chunk.withUnsafeMutableBytes({ read(output[0], $0.baseAddress!, $0.count) }), n > 0 { answers += chunk[0..<n] }
        return (status, answers)
    }

    static func reset(_ seed: UInt64) -> [UInt8] {
        [UInt8(ascii: "R")] + (0..<8).map { UInt8(truncatingIfNeeded: seed >> (8 * UInt64($0))) }
    }

    @Test func infoThenTwoResetsOfOneSeedAnswerAlike() throws {
        let (status, answers) = Self.serve([UInt8(ascii: "I")] + Self.reset(7) + Self.reset(7) + [UInt8(ascii: "Q")])
        #expect(status == HanJulCommandLine.ExitStatus.success)
        let length = Int(answers[0]) | Int(answers[1]) << 8 | Int(answers[2]) << 16 | Int(answers[3]) << 24
        let info = String(decoding: answers[4..<(4 + length)], as: UTF8.self)
        #expect(info.contains("\"rules\":\"standard\"") && info.contains("\"width\":10") && info.contains("\"actions\":40"), "\(info)")
        let size: Int = 48 + 1 + 8 * 20 + 5  // preview 1, 20 rows, a mask of 40 actions
        #expect(info.contains("\"observationBytes\":\(size)"), "\(info)")
        let observations = answers[(4 + length)...]
        #expect(observations.count == 2 * size)
        #expect(Array(observations.prefix(size)) == Array(observations.suffix(size)))
        let mask = observations.prefix(size).suffix(5)
        #expect(mask.contains { $0 != 0 }, "a new game allows placements")
    }

    @Test func aPlacementPlaysAndAnUnknownRequestIsRefused() {
        let placed = Self.serve(Self.reset(1) + [UInt8(ascii: "P"), 4, 0, UInt8(ascii: "Q")])
        #expect(placed.status == HanJulCommandLine.ExitStatus.success)
        let size: Int = 48 + 1 + 8 * 20 + 5
        #expect(placed.answers.count == 2 * size)
        #expect(placed.answers[size + 11] == 1, "the placement was played")
        #expect(Self.serve([UInt8(ascii: "Z")]).status == HanJulCommandLine.ExitStatus.usage)
        #expect(Self.serve(Self.reset(1) + [UInt8(ascii: "P")]).status == HanJulCommandLine.ExitStatus.usage, "a request cut short")
    }

    static let size: Int = 48 + 1 + 8 * 20 + 5

    static func little(_ value: UInt64, _ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) } }

    /// `T KEY MS`: a key (255: none), then game time: a gravity row each 700 ms at level 1,
    /// the part of an interval left over carried to the next request.
    @Test func timePassesAfterAKey() {
        let t = { (key: UInt8, ms: UInt64) in [UInt8(ascii: "T"), key] + Self.little(ms, 4) }
        let (status, answers) = Self.serve(Self.reset(3) + t(255, 1000) + t(255, 400) + t(0, 0) + t(9, 5000) + [UInt8(ascii: "Q")])
        #expect(status == HanJulCommandLine.ExitStatus.success)
        #expect(answers.count == 5 * Self.size)
        let y = { (index: Int) in Int(Int8(bitPattern: answers[index * Self.size + 4])) }
        let x = { (index: Int) in Int(Int8(bitPattern: answers[index * Self.size + 3])) }
        #expect(y(1) == y(0) + 1, "1000 ms: one row, 300 ms carried")
        #expect(y(2) == y(0) + 2, "400 ms more: the second row at 1400 ms")
        #expect(x(3) == x(2) - 1 && y(3) == y(2), "a left and no time")
        #expect(answers[4 * Self.size] & 2 == 2 && y(4) == y(3), "an unknown key is refused, and no time passes")
        let time = { (index: Int) in answers[(index * Self.size + 40)..<(index * Self.size + 48)].reversed().reduce(0) { $0 << 8 | Int($1) } }
        #expect(time(1) == 1000 && time(2) == 1400, "the game clock: \(time(1)), \(time(2))")
    }

    /// `B`: one request for every game of `--games N`, one observation each, in order.
    @Test func oneBatchRequestPlaysEveryGame() throws {
        let op = { (code: Character, argument: UInt64) in [UInt8(ascii: code.unicodeScalars.first!)] + Self.little(argument, 8) }
        let resets = [UInt8(ascii: "B")] + op("R", 7) + op("R", 7) + op("R", 8)
        let moves = [UInt8(ascii: "B")] + op("P", 4) + op("O", 0) + op("K", 6)
        let timed = [UInt8(ascii: "B")] + op("T", 255 | 1000 << 16) + op("P", 70_000) + op("K", 262)
        let (status, answers) = Self.serve([UInt8(ascii: "I")] + resets + moves + timed + [UInt8(ascii: "Q")], games: 3)
        #expect(status == HanJulCommandLine.ExitStatus.success)
        let length = Int(answers[0]) | Int(answers[1]) << 8 | Int(answers[2]) << 16 | Int(answers[3]) << 24
        let info = String(decoding: answers[4..<(4 + length)], as: UTF8.self)
        #expect(info.contains("\"games\":3") && info.contains("\"letter\":\"T\"") && info.contains("\"color\":\"#"), "\(info)")
        let observations = Array(answers[(4 + length)...])
        try #require(observations.count == 9 * Self.size)
        let game = { (step: Int, index: Int) in Array(observations[((3 * step + index) * Self.size)..<((3 * step + index + 1) * Self.size)]) }
        #expect(game(0, 0) == game(0, 1), "one seed, one game")
        #expect(game(0, 0) != game(0, 2))
        #expect(game(1, 0)[11] == 1, "game 0 placed a piece")
        #expect(game(1, 1) == game(0, 1), "game 1 only looked")
        #expect(game(1, 2)[11] == 0 && game(1, 2)[28..<32] != game(0, 2)[28..<32], "game 2 hard-dropped a piece by key")
        #expect(game(2, 0)[4] == game(1, 0)[4] &+ 1, "game 0: a second of time, a gravity row")
        #expect(game(2, 1)[0] & 2 == 2 && game(2, 2)[0] & 2 == 2, "an action or key out of range is refused, not wrapped")
        #expect(Self.serve([UInt8(ascii: "B")] + op("X", 0) + op("R", 1), games: 2).status == HanJulCommandLine.ExitStatus.usage)
        #expect(Self.serve([UInt8(ascii: "B")] + op("R", 0), games: 2).status == HanJulCommandLine.ExitStatus.usage, "cut short")
    }
}
