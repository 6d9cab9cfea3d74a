import Foundation
import PTYSupport
import Testing

/// `hanjul versus` moves held keys by the game's own handling: the host, in a terminal that
/// reports releases (kitty), holds → and hard-drops; the JOINER, which re-simulates the
/// host's game from its messages and checks each, shows where the piece landed.
@Suite(.serialized) struct VersusNetHandlingTests {
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let handling: [String]
        let hold: Double
        /// The columns of the host's first piece (a Z under seed 9) in the bottom row.
        let bottom: [Int]
        var description: String { name }
    }

    static let cases: [Case] = [
        // Spawned, the Z's lower half is on columns 4 and 5; the right wall is after 9.
        Case(name: "held past DAS: auto-shift to the wall at ARR", handling: ["--das", "150", "--arr", "40"], hold: 0.9, bottom: [8, 9]),
        Case(name: "ARR 0: to the wall once DAS is up", handling: ["--das", "100", "--arr", "0"], hold: 0.4, bottom: [8, 9]),
        Case(name: "held shorter than DAS: one move", handling: ["--das", "1000", "--arr", "0"], hold: 0.5, bottom: [5, 6]),
    ]

    /// The filled columns of the bottom row of the right-hand (PEER) board on `screen`.
    static func peerBottomRow(_ screen: String) -> [Int]? {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let floor = lines.firstIndex(where: { $0.filter { $0 == "└" }.count == 2 }), floor > 0 else { return nil }
        let parts = lines[floor - 1].split(separator: "│", omittingEmptySubsequences: false).map { Array($0) }
        guard parts.count >= 4, parts[3].count == 20 else { return nil }
        // An empty cell is " ."; a block is two blank (coloured) characters.
        return (0..<10).filter { parts[3][2 * $0 + 1] != "." }
    }

    @Test(.enabled(if: PTYDriver.hasPython), arguments: cases)
    func theJoinerSeesTheHostsHeldMove(_ heldCase: Case) throws {
        let hanjul = try #require(VersusNetPTYTests.hanjul)
        let port = try VersusNetPTYTests.freePort()
        let root = PTYDriver.packageRoot.path
        let handling = heldCase.handling + ["--soft-drop", "20", "--das-cut", "17"]
        let host: @Sendable () throws -> PTYRun = {
            try PTYDriver.run(hanjul, ["versus", "--host", "127.0.0.1:\(port)", "--seed", "9"] + handling, steps: [
                .winsize(rows: 30, cols: 110), .wait("waiting for a player on 127.0.0.1:\(port)"), .wait("LINES", timeout: 20), .pump(0.5),
                // → down (kitty's press), held, up (its release); then Space pressed and released.
                .send("\u{1B}[C"), .pump(heldCase.hold), .send("\u{1B}[1;1:3C"), .pump(0.2),
                .send("\u{1B}[32u\u{1B}[32;1:3u"), .pump(3), .send("q"), .exit(),
            ], answer: .kitty, directory: root)
        }
        let joiner: @Sendable () throws -> PTYRun = {
            Thread.sleep(forTimeInterval: 1.0)
            return try PTYDriver.run(hanjul, ["versus", "--join", "127.0.0.1:\(port)"], steps: [
                .winsize(rows: 30, cols: 110), .wait("LINES", timeout: 20), .pump(0.5 + heldCase.hold + 0.2 + 1.5),
                .capture(as: "board", from: "start"), .wait("the peer left the match", timeout: 20), .exit(),
            ], directory: root)
        }
        let runs = PTYDriver.runAll([host, joiner], concurrency: 2)
        let hostRun = try runs[0].get(), joinRun = try runs[1].get()
        #expect(hostRun.kitty.depthAtExit == 0 && hostRun.baselineProblems().isEmpty, "\(hostRun.baselineProblems())")
        #expect(joinRun.baselineProblems().isEmpty, "\(joinRun.baselineProblems())")
        // The host left (q, status 0); for the joiner a match cut short is status 1.
        #expect(hostRun.exit == .exited(0) && joinRun.exit == .exited(1), "\(hostRun.status) \(joinRun.status)")
        // The joiner checked every move it was sent: the match ended by the host leaving, nothing else.
        let joinLine = joinRun.afterRestore(allowText: true).text
        #expect(joinLine.contains("hanjul versus: the peer left the match: the player left"), "\(joinLine.suffix(300).debugDescription)")
        let screen = PTYRun.screen(of: joinRun.captured("board"), width: 110, height: 30)
        #expect(Self.peerBottomRow(screen) == heldCase.bottom, "\(screen)")
    }

    /// The handling options of hanjul play, with its ranges and messages, before any connection.
    @Test func handlingOptionsOutOfRangeAreUsageErrors() throws {
        let hanjul = try #require(VersusNetPTYTests.hanjul)
        let cases: [([String], String)] = [
            (["--das", "2000"], "hanjul versus: --das '2000' is out of range: give a whole number of milliseconds from 0 to 1000"),
            (["--arr", "x"], "hanjul versus: --arr 'x' is out of range: give a whole number of milliseconds from 0 to 500"),
        ]
        for (options, message) in cases {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: hanjul)
            process.arguments = ["versus", "--join", "127.0.0.1:4000"] + options
            let input = Pipe(), output = Pipe(), error = Pipe()
            (process.standardInput, process.standardOutput, process.standardError) = (input, output, error)
            try process.run()
            try input.fileHandleForWriting.close()
            let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 2, "\(options)")
            #expect(text.contains(message) && text.split(separator: "\n").count == 1, "\(options): \(text)")
        }
    }
}
