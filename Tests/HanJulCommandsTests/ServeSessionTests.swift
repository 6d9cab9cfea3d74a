import Glibc
import HanJulCommandLine
@testable import HanJulCommands
import HanJulCore
import Testing

/// `hanjul serve`'s protocol played in-process over real pipes: the server reads requests
/// written beforehand and its answers are read back.
@Suite struct ServeSessionTests {
    /// Runs a standard-rules server over `requests`; its status and everything it wrote.
    static func serve(_ requests: [UInt8]) -> (status: HanJulCommandLine.ExitStatus, answers: [UInt8]) {
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0]
        precondition(pipe(&input) == 0 && pipe(&output) == 0)
        defer { close(input[0]); close(output[0]) }
        let written = requests.withUnsafeBytes { write(input[1], $0.baseAddress!, $0.count) }
        precondition(written == requests.count)
        close(input[1])
        var channel = ServeCommand.Channel()
        channel.inputDescriptor = input[0]
        channel.outputDescriptor = output[1]
        var server = ServeCommand.Server(make: { StandardRules() }, name: "standard", resultFormat: nil, lockfile: [], channel: channel)
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
}
