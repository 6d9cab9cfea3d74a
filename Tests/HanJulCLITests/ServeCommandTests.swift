import Foundation
import Testing

/// `hanjul serve`, the Gymnasium environment's transport (python/README.md, "Protocol"):
/// answers of the size it announces, the same game for the same seed, masked actions refused.
@Suite struct ServeCommandTests {
    static func serve(_ requests: [UInt8], _ arguments: [String] = []) throws -> [UInt8] {
        let process = Process()
        process.executableURL = Hanjul.binary
        process.arguments = ["serve"] + arguments
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(requests + [UInt8(ascii: "Q")]))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return [UInt8](data)
    }

    static func reset(_ seed: UInt64) -> [UInt8] {
        [UInt8(ascii: "R")] + withUnsafeBytes(of: seed.littleEndian) { Array($0) }
    }

    @Test func answersAreTheAnnouncedSizeAndASeedGivesTheSameGame() throws {
        let info = try Self.serve([UInt8(ascii: "I")])
        let length = Int(info[0]) | Int(info[1]) << 8 | Int(info[2]) << 16 | Int(info[3]) << 24
        let fields = try JSONSerialization.jsonObject(with: Data(info[4..<(4 + length)])) as? [String: Any]
        let size = try #require(fields?["observationBytes"] as? Int)
        #expect(fields?["actions"] as? Int == 40 && fields?["width"] as? Int == 10)
        // A game: reset, then the first allowed placement ten times; twice, the same bytes.
        var requests = Self.reset(42)
        for _ in 0..<10 { requests += [UInt8(ascii: "K"), 6] }  // hard drops
        let once = try Self.serve(requests), twice = try Self.serve(requests)
        #expect(once.count == 11 * size)
        #expect(once == twice)
        // A masked action (rotation 3 of column 9 for most pieces) or one out of range is refused, nothing changes.
        let refused = try Self.serve(Self.reset(1) + [UInt8(ascii: "P"), 255, 255])
        #expect(refused.count == 2 * size && refused[size] & 2 == 2)
        #expect(Array(refused[size + 12..<2 * size]) == Array(refused[12..<size]), "the state is as it was")
    }
}
