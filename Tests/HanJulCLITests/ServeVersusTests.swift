import Foundation
import Testing

/// `hanjul serve --versus` on its own (python/README.md, "Versus session"): a real process
/// spoken to over pipes, one request at a time. Both players get the same pieces and holes;
/// garbage follows the mods' `attack` and `garbage` (test mods with known numbers); hostile
/// requests end the session with a clear line, never a wrapped value.
@Suite struct ServeVersusTests {
    /// A `hanjul serve --versus` process, answering one request at a time.
    final class Session {
        let process = Process()
        let input = Pipe(), output = Pipe(), errors = Pipe()
        var info: [String: Any] = [:]
        var size = 0, answerBytes = 0, preview = 0, height = 0, actions = 0

        init(_ arguments: [String]) throws {
            process.executableURL = Hanjul.binary
            process.arguments = ["serve", "--versus"] + arguments
            process.standardInput = input
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            let head = try send([UInt8(ascii: "I")], reading: 4)
            let length = Int(head[0]) | Int(head[1]) << 8 | Int(head[2]) << 16 | Int(head[3]) << 24
            let json = output.fileHandleForReading.readData(ofLength: length)
            info = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
            size = try #require(info["observationBytes"] as? Int)
            preview = try #require(info["preview"] as? Int)
            height = try #require(info["height"] as? Int)
            actions = try #require(info["actions"] as? Int)
            let versus = try #require(info["versus"] as? [String: Any])
            answerBytes = try #require(versus["answerBytes"] as? Int)
        }

        func send(_ bytes: [UInt8], reading count: Int) throws -> [UInt8] {
            input.fileHandleForWriting.write(Data(bytes))
            let data = output.fileHandleForReading.readData(ofLength: count)
            try #require(data.count == count, "the answer was \(data.count) bytes, not \(count)")
            return [UInt8](data)
        }

        func reset(_ seed: UInt64) throws -> Answer {
            Answer(try send([UInt8(ascii: "R")] + withUnsafeBytes(of: seed.littleEndian) { Array($0) }, reading: answerBytes), self)
        }

        func step(_ a: Int, _ b: Int) throws -> Answer {
            let bytes = [UInt8(ascii: "V"), UInt8(a & 255), UInt8(a >> 8), UInt8(b & 255), UInt8(b >> 8)]
            return Answer(try send(bytes, reading: answerBytes), self)
        }

        /// Ends the session; its exit status and standard error.
        func finish(sending bytes: [UInt8] = [UInt8(ascii: "Q")]) throws -> (Int32, String) {
            input.fileHandleForWriting.write(Data(bytes))
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            return (process.terminationStatus, text)
        }
    }

    /// One answer: the outcome, and per player its counters and observation.
    struct Answer {
        struct Player {
            var attack: Int64, cancelled: Int64, received: Int64, incoming: Int64
            var observation: [UInt8]
            var flags: UInt8 { observation[0] }
            var piece: UInt8 { observation[1] }
            var placed: Bool { observation[11] == 1 }
        }
        var outcome: UInt8
        var players: [Player]
        /// Per player: the queue, the rows and the mask, as bytes.
        var queues: [[UInt8]], boards: [[UInt8]], masks: [[Bool]]

        init(_ bytes: [UInt8], _ session: Session) {
            outcome = bytes[0]
            players = []
            queues = []
            boards = []
            masks = []
            for side in 0..<2 {
                let base = 1 + side * (32 + session.size)
                let numbers = (0..<4).map { index in
                    (0..<8).reduce(Int64(0)) { $0 | Int64(bytes[base + 8 * index + $1]) << (8 * Int64($1)) }
                }
                let observation = Array(bytes[(base + 32)..<(base + 32 + session.size)])
                players.append(Player(attack: numbers[0], cancelled: numbers[1], received: numbers[2], incoming: numbers[3],
                                      observation: observation))
                let rowsAt = 48 + session.preview, maskAt = rowsAt + 8 * session.height
                queues.append(Array(observation[48..<rowsAt]))
                boards.append(Array(observation[rowsAt..<maskAt]))
                masks.append((0..<session.actions).map { observation[maskAt + $0 >> 3] & (1 << UInt8($0 & 7)) != 0 })
            }
        }
    }

    /// A folder holding test mods with known numbers: `everylock` sends 1 line at every lock,
    /// garbage entering at once and never cancelled; `slowlock` the same, entering after two
    /// pieces.
    static func testMods() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-serve-versus-\(getpid())-\(UUID().uuidString)")
        for (id, delay) in [("everylock", 0), ("slowlock", 2)] {
            let mod = folder.appendingPathComponent(id)
            try FileManager.default.createDirectory(at: mod, withIntermediateDirectories: true)
            try """
                return { id = "\(id)", name = "\(id)", version = "1", description = "test", api = 1,
                  garbage = { delay = \(delay), cap = 8, cancels = false },
                  attack = function(_, facts, sent) return sent + 1 end }
                """.write(to: mod.appendingPathComponent("mod.lua"), atomically: true, encoding: .utf8)
        }
        // `boom`: its attack fails at the first lock that clears nothing.
        let boom = folder.appendingPathComponent("boom")
        try FileManager.default.createDirectory(at: boom, withIntermediateDirectories: true)
        try """
            return { id = "boom", name = "boom", version = "1", description = "test", api = 1,
              attack = function(_, facts, sent) if facts.lines == 0 then error("boom at a lock") end return sent end }
            """.write(to: boom.appendingPathComponent("mod.lua"), atomically: true, encoding: .utf8)
        return folder
    }

    /// The columns 0, 3, 6 in turn, rotation 0: allowed for every standard piece on a low stack.
    static func spread(_ step: Int) -> Int { [0, 3, 6][step % 3] }

    @Test func infoSaysTheProtocolTheRefereeAndTheAnswerSize() throws {
        let session = try Session(["--mods-dir", SlurmArrayTests.repository.appendingPathComponent("Mods").path, "--mod", "duel"])
        #expect(session.info["protocol"] as? Int == 2)
        let versus = try #require(session.info["versus"] as? [String: Any])
        #expect(versus["delay"] as? Int == 2 && versus["cap"] as? Int == 4 && versus["dealing"] as? String == "shared")
        #expect(session.answerBytes == 1 + 2 * (32 + session.size))
        #expect((session.info["mods"] as? [String])?.first?.hasPrefix("duel@1.0.0#") == true)
        #expect(try session.finish().0 == 0)
    }

    @Test func bothPlayersGetTheSamePiecesAndHolesAndGarbageFollowsTheMod() throws {
        let mods = try Self.testMods()
        defer { try? FileManager.default.removeItem(at: mods) }
        let session = try Session(["--mods-dir", mods.path, "--mod", "everylock"])
        var answer = try session.reset(11)
        #expect(answer.outcome == 0)
        #expect(answer.players[0].piece == answer.players[1].piece && answer.queues[0] == answer.queues[1])
        for step in 1...6 {
            answer = try session.step(Self.spread(step - 1), Self.spread(step - 1))
            for player in answer.players {
                // One line sent per lock, accepted at the step's end, entering at the next lock.
                #expect(player.placed && player.attack == Int64(step) && player.received == Int64(step - 1) && player.incoming == 1,
                        "step \(step): \(player.attack) sent, \(player.received) received, \(player.incoming) waiting")
            }
            // The same pieces and the same holes: the same actions leave the same boards.
            #expect(answer.boards[0] == answer.boards[1] && answer.queues[0] == answer.queues[1], "step \(step)")
        }
        #expect(answer.boards[0].contains { $0 != 0 })
        #expect(try session.finish().0 == 0)

        // Under `slowlock` garbage waits two pieces: the first line enters at the fourth lock.
        let slow = try Session(["--mods-dir", mods.path, "--mod", "slowlock"])
        _ = try slow.reset(11)
        var received: [Int64] = [], waiting: [Int64] = []
        for step in 0..<6 {
            answer = try slow.step(Self.spread(step), Self.spread(step))
            received.append(answer.players[0].received)
            waiting.append(answer.players[0].incoming)
        }
        #expect(received == [0, 0, 0, 1, 2, 3] && waiting == [1, 2, 3, 3, 3, 3], "\(received) \(waiting)")
        #expect(try slow.finish().0 == 0)
    }

    @Test func aMatchEndsWithAWinnerAndRefusesMoreSteps() throws {
        let mods = try Self.testMods()
        defer { try? FileManager.default.removeItem(at: mods) }
        let session = try Session(["--mods-dir", mods.path, "--mod", "everylock"])
        var answer = try session.reset(5)
        var steps = 0
        // Player 0 piles into the leftmost columns it can reach, player 1 spreads its pieces.
        while answer.outcome == 0 && steps < 200 {
            let first = answer.masks[0].firstIndex(of: true) ?? 0
            let second = answer.masks[1][Self.spread(steps)] ? Self.spread(steps) : answer.masks[1].firstIndex(of: true) ?? 0
            answer = try session.step(first, second)
            steps += 1
        }
        #expect(answer.outcome == 2, "player 1 wins (outcome \(answer.outcome) after \(steps) steps)")
        #expect(answer.players[0].flags & 1 == 1 && answer.players[1].flags & 1 == 0)
        let after = try session.step(0, 0)
        #expect(after.outcome == 2 && after.players.allSatisfy { $0.flags & 2 == 2 && !$0.placed })
        #expect(try session.finish().0 == 0)
    }

    @Test func aRuleErrorEndsTheMatchAndESaysWhy() throws {
        let mods = try Self.testMods()
        defer { try? FileManager.default.removeItem(at: mods) }
        let session = try Session(["--mods-dir", mods.path, "--mod", "boom"])
        _ = try session.reset(1)
        let ended = try session.step(0, 0)
        #expect(ended.outcome == 4)
        let head = try session.send([UInt8(ascii: "E")], reading: 4)
        let length = Int(head[0]) | Int(head[1]) << 8 | Int(head[2]) << 16 | Int(head[3]) << 24
        let text = String(decoding: session.output.fileHandleForReading.readData(ofLength: length), as: UTF8.self)
        #expect(text.hasSuffix("boom/mod.lua:2: attack: boom at a lock"), "\(text)")
        #expect(try session.step(0, 0).outcome == 4)
        #expect(try session.finish().0 == 0)
    }

    @Test func actionsOutOfTheSpaceAreRefusedNeverWrapped() throws {
        let mods = try Self.testMods()
        defer { try? FileManager.default.removeItem(at: mods) }
        let session = try Session(["--mods-dir", mods.path, "--mod", "everylock"])
        let start = try session.reset(3)
        // 65535 and the action count itself are outside the space; 65536 + 3 cannot be sent in a u16.
        let refused = try session.step(65535, session.actions)
        #expect(refused.players.allSatisfy { $0.flags & 2 == 2 && !$0.placed && $0.attack == 0 })
        #expect(refused.boards == start.boards && refused.players.map(\.piece) == start.players.map(\.piece))
        // One refused, one played: only the player whose action is allowed locks.
        let half = try session.step(session.actions + 1, 0)
        #expect(half.players[0].flags & 2 == 2 && half.players[1].placed && half.players[1].attack == 1)
        #expect(try session.finish().0 == 0)
    }

    @Test func hostileRequestsEndTheSessionWithAClearLine() throws {
        let mods = try Self.testMods()
        defer { try? FileManager.default.removeItem(at: mods) }
        for (bytes, expected) in [([UInt8(ascii: "V"), 1, 0], "request V cut short: it takes two u16 placement actions"),
                                  ([UInt8(ascii: "R"), 1], "request R cut short: it takes a u64 seed"),
                                  ([UInt8(ascii: "P"), 0, 0], "request P plays a single game; a versus session takes I, R, V, E and Q"),
                                  ([0xC3], "unknown request byte 195")] {
            let session = try Session(["--mods-dir", mods.path, "--mod", "everylock"])
            let (status, errors) = try session.finish(sending: bytes)
            #expect(status == 2 && errors.contains(expected), "\(bytes): \(status) \(errors)")
        }
        let both = try Hanjul.run(["serve", "--versus", "--games", "2"], stdin: "")
        #expect(both.status == 2 && both.stderr.contains("--versus serves one match between two boards; --games N is for single games"),
                "\(both.stderr)")
        // `E` answers an empty text while the match is on.
        let session = try Session(["--mods-dir", mods.path, "--mod", "everylock"])
        _ = try session.reset(1)
        #expect(try session.send([UInt8(ascii: "E")], reading: 4) == [0, 0, 0, 0])
        #expect(try session.finish().0 == 0)
    }
}
