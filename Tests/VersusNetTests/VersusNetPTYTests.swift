import Foundation
import HanJulNet
import HanJulSystem
import PTYSupport
import TestTiers
import Testing

/// `hanjul versus` end to end: two real processes, each in its own pseudo-terminal, play a
/// match on the loopback; and the test itself, as the host over a raw socket, sends what no
/// honest peer sends and checks that hanjul ends with one clear line, exits, and leaves the
/// terminal as it found it.
@Suite(.serialized, .needsTerminal) struct VersusNetPTYTests {
    static var hanjul: String? { PTYDriver.binary("hanjul") }

    /// A free loopback port (bound once by the system's choice, then let go).
    static func freePort() throws -> UInt16 {
        let (listener, bound) = try Socket.listen(on: Socket.Address(host: "127.0.0.1", port: 0)!)
        try listener.close()
        return bound.port
    }

    /// A home of its own for each process: the match replays and the versus table go there.
    static func home() throws -> (root: String, environment: [String]) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-versus-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        return (root, ["HOME=\(root)", "XDG_DATA_HOME=\(root)/data", "XDG_CONFIG_HOME=\(root)/config"])
    }

    /// #35: two real processes play a best of 3 to its end in the play session: the same
    /// first five pieces on both screens, the result between games, a match-over screen
    /// that waits for q, an .hjvs on each side that `replay --verify` accepts, a versus row.
    @Test(.enabled(if: PTYDriver.hasPython)) func twoProcessesPlayAMatchToItsEnd() throws {
        let hanjul = try #require(Self.hanjul)
        let port = try Self.freePort()
        let root = PTYDriver.packageRoot.path
        let homes = [try Self.home(), try Self.home()]
        defer { for home in homes { try? FileManager.default.removeItem(atPath: home.root) } }
        let host: @Sendable () throws -> PTYRun = {
            // The handling options of hanjul play, for this match (the host only hard-drops: accepted, not felt).
            try PTYDriver.run(hanjul, ["versus", "--host", "127.0.0.1:\(port)", "--best-of", "3", "--seed", "9", "--das", "100", "--arr", "0"],
                              environment: homes[0].environment, steps: [
                // The two boards need 98×24 (hanjul play --versus bot's layout).
                .winsize(rows: 30, cols: 110), .wait("waiting for a player on 127.0.0.1:\(port)"), .wait("PEER 127.0.0.1", timeout: 20),
                // Just after GO (1.5 s of READY), before gravity or a key moved anything.
                .wait("READY", timeout: 10), .pump(1.7), .capture(as: "start", from: "start"),
                // The host only hard-drops (once the joiner has seen the start): it tops out twice, and loses the match 0-2.
                .pump(3.0), .repeatUntil([0x20], every: 0.12, until: "MATCH LOST", timeout: 90), .settle(), .capture(as: "over", from: "start"),
                .wait("the peer left", timeout: 20), .send("q"), .exit(),
            ], directory: root)
        }
        let joiner: @Sendable () throws -> PTYRun = {
            Thread.sleep(forTimeInterval: 1.0)
            return try PTYDriver.run(hanjul, ["versus", "--join", "localhost:\(port)"], environment: homes[1].environment, steps: [
                .winsize(rows: 30, cols: 110), .wait("PEER 127.0.0.1:\(port)", timeout: 20),
                .wait("READY", timeout: 10), .pump(1.7), .capture(as: "start", from: "start"),
                .wait("YOU WIN", timeout: 60), .wait("game 2", timeout: 60), .wait("MATCH WON", timeout: 90), .settle(), .send("q"), .exit(),
            ], directory: root)
        }
        let runs = PTYDriver.runAll([host, joiner], concurrency: 2)
        let hostRun = try runs[0].get(), joinRun = try runs[1].get()
        #expect(hostRun.baselineProblems().isEmpty, "\(hostRun.baselineProblems())")
        #expect(joinRun.baselineProblems().isEmpty, "\(joinRun.baselineProblems())")
        #expect(hostRun.exit == .exited(0))
        #expect(joinRun.exit == .exited(0))
        let hostLine = hostRun.afterRestore(allowText: true), joinLine = joinRun.afterRestore(allowText: true)
        #expect(hostLine.problems.isEmpty && joinLine.problems.isEmpty)
        #expect(hostLine.text.contains("hanjul versus: you lost the match 0-2"), "\(hostLine.text.debugDescription)")
        #expect(joinLine.text.contains("hanjul versus: you won the match 2-0"), "\(joinLine.text.debugDescription)")
        #expect(hostRun.outputText.contains("playing 127.0.0.1:"))
        #expect(joinRun.outputText.contains("playing 127.0.0.1:\(port) under mod:guideline+mod:versus, best of 3"), "no --mod: the modern game")

        // The same pieces: at the start, the next pieces of both sides (what only a lock
        // changes) are the same on each screen and on both screens.
        let nexts = [hostRun, joinRun].map { run in
            PTYRun.screen(of: run.captured("start"), width: 110, height: 30).split(separator: "\n").compactMap { line -> [String]? in
                let cells = Array(line)
                let bars = cells.indices.filter { cells[$0] == "\u{2502}" }
                guard bars.count == 4 else { return nil }
                return [String(cells[(bars[1] + 1)..<min(bars[1] + 13, cells.count)]), String(cells[(bars[3] + 1)...])]
            }
        }
        let drawn = nexts[0].map { $0[0] }.joined()
        #expect(drawn.filter { $0 == "\u{2588}" }.count >= 4 * 4 * 2, "four next pieces drawn: \(nexts[0])")
        for next in nexts { #expect(next.map { $0[0] } == next.map { $0[1].padding(toLength: 12, withPad: " ", startingAt: 0).prefix(12).description }, "\(next)") }
        #expect(nexts[0] == nexts[1], "host: \(nexts[0])\njoiner: \(nexts[1])")
        #expect(PTYRun.screen(of: hostRun.captured("over"), width: 110, height: 30).contains("replay saved: versus-"))

        // Each side's match replay verifies; each side has its row in the versus table.
        for (index, home) in homes.enumerated() {
            let folder = home.root + "/data/hanjul"
            let replays = ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/replays")) ?? []).filter { $0.hasSuffix(".hjvs") }
            try #require(replays.count == 1, "\(index): \(replays)")
            let verify = Process()
            verify.executableURL = URL(fileURLWithPath: hanjul)
            verify.arguments = ["replay", "--verify", folder + "/replays/" + replays[0]]
            verify.currentDirectoryURL = URL(fileURLWithPath: root)
            let output = Pipe()
            (verify.standardOutput, verify.standardError) = (output, output)
            try verify.run()
            let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            verify.waitUntilExit()
            #expect(verify.terminationStatus == 0 && said.hasPrefix("match: 2 games"), "\(index): \(said)")
            // Each side's file counts from its own player: the host lost 0 : 2, the joiner won 2 : 0.
            #expect(said.contains(index == 0 ? "score 0 : 2 (you against the peer" : "score 2 : 0 (you against the peer"), "\(index): \(said)")
            let table = (try? String(contentsOfFile: folder + "/versus.txt", encoding: .utf8)) ?? ""
            #expect(table == (index == 0 ? "peer guideline versus\t0\t1\n" : "peer guideline versus\t1\t0\n"), "\(index): \(table.debugDescription)")
        }
    }

    /// What the hostile host does once hanjul has joined.
    enum Script: Sendable {
        /// Nothing at all, not even a hello.
        case silent
        /// These bytes instead of a hello.
        case instead([UInt8])
        /// A hello and READY 1, then these bytes (then stays connected, silent).
        case afterReady([UInt8])
        /// A hello and READY 1, then these bytes, then closes.
        case afterReadyThenClose([UInt8])
        /// A hello for other rules.
        case otherRules
    }

    static func frames(_ texts: String...) -> [UInt8] { texts.flatMap { FrameCodec.encode(Array($0.utf8)) } }

    /// Plays the host on `port` by `script` until hanjul hangs up (or 30 s pass).
    static func hostile(listener: FileDescriptor, script: Script) {
        defer { try? listener.close() }
        var accepted: FileDescriptor?
        for _ in 0..<300 where accepted == nil {
            accepted = (try? Socket.accept(listener))??.0
            if accepted == nil { _ = try? Socket.waitReadable(listener, milliseconds: 100) }
        }
        guard let socket = accepted else { return }
        defer { try? socket.close() }
        var link = PeerLink(descriptor: socket)
        func send(_ bytes: [UInt8]) {
            var offset = 0
            while offset < bytes.count, let sent = try? Socket.send(socket, bytes[offset...]) {
                offset += sent
                if sent == 0 { _ = try? Socket.waitWritable(socket, milliseconds: 100) }
            }
        }
        switch script {
        case .silent: break
        case .instead(let bytes): send(bytes)
        case .otherRules:
            guard case .hello(var hello)? = try? link.next(milliseconds: 10_000) else { return }
            // Other rules than the joiner's guideline and versus, its default (the same mods with other files: VersusRulesCheckPTYTests).
            hello.rules = "mod:versus"
            hello.rulesHash = String(repeating: "0", count: 64)
            hello.seed = 3
            hello.bestOf = 1
            try? link.send(.hello(hello))
        case .afterReady(let bytes), .afterReadyThenClose(let bytes):
            guard case .hello(var hello)? = try? link.next(milliseconds: 10_000) else { return }
            hello.seed = 3
            hello.bestOf = 1
            try? link.send(.hello(hello))
            try? link.send(.ready(game: 1))
            guard case .ready? = try? link.next(milliseconds: 10_000) else { return }
            send(bytes)
            if case .afterReadyThenClose = script { return }
        }
        // Stay connected (and read) until hanjul hangs up.
        for _ in 0..<300 {
            guard let received = try? Socket.receive(socket, limit: 65536), received != .closed else { return }
            _ = try? Socket.waitReadable(socket, milliseconds: 100)
        }
    }

    /// One hostile case: hanjul joins the test's socket and must end with `line`.
    static func run(_ script: Script, expecting line: String, inGame: Bool = true) throws -> (PTYRun, String) {
        let hanjul = try #require(Self.hanjul)
        let (listener, bound) = try Socket.listen(on: Socket.Address(host: "127.0.0.1", port: 0)!)
        let peer = Thread { hostile(listener: listener, script: script) }
        peer.start()
        let run = try PTYDriver.run(hanjul, ["versus", "--join", "127.0.0.1:\(bound.port)"],
                                    steps: [.wait(line, timeout: 25), .exit(timeout: 10)], directory: PTYDriver.packageRoot.path)
        let after = run.afterRestore(allowText: true)
        return (run, inGame ? after.text : run.outputText)
    }

    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let script: Script
        let line: String
        var inGame = true
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "oversized frame", script: .afterReady([0xFF, 0xF0] + [UInt8](repeating: 0x41, count: 5000)),
             line: "hanjul versus: the peer sent an oversized frame of 65520 bytes (the limit is 4096); match ended"),
        Case(name: "garbage bytes for a hello", script: .instead([0, 5, 1, 2, 3, 4, 5, 0xFF, 0xFE]),
             line: "hanjul versus: the peer sent a malformed message (byte 0x1 at 1: messages are printable ASCII) during the handshake; match ended",
             inGame: false),
        Case(name: "time going backwards", script: .afterReady(frames("I 500 L", "I 100 L")),
             line: "hanjul versus: the peer sent an impossible input at 0.100 s: its time went back from 0.500 s; match ended"),
        Case(name: "an unknown action", script: .afterReady(frames("I 100 G")),
             line: "hanjul versus: the peer sent an unknown action 'G' (a player's action is one of L R C A F D H X); match ended"),
        Case(name: "an attack never sent", script: .afterReady(frames("T 50", "A 100 0")),
             line: "hanjul versus: the peer sent an impossible input at 0.100 s: it took attack 0, but only 0 were sent; match ended"),
        Case(name: "a false claim of its end", script: .afterReady(frames("OVER 100")),
             line: "hanjul versus: the peer sent an impossible input at 0.100 s: it says its game ended, but replayed from its inputs the game goes on; match ended"),
        Case(name: "a time far ahead", script: .afterReady(frames("T 3600000")),
             line: "hanjul versus: the peer sent an impossible input at 3600.000 s: its time is ahead of the clock"),
        Case(name: "a truncated frame", script: .afterReadyThenClose([0, 20, 65, 66]),
             line: "hanjul versus: the peer sent a truncated frame (the connection closed 2 bytes into a 20-byte frame); match ended"),
        Case(name: "a disconnect", script: .afterReadyThenClose([]), line: "hanjul versus: the peer disconnected; match ended"),
        Case(name: "a flood", script: .afterReady((0..<3000).flatMap { _ in frames("T 0") }),
             line: "hanjul versus: the peer sent 2001 messages in a second (the limit is 2000); match ended"),
        Case(name: "a stall mid-match", script: .afterReady(frames("I 10 L")),
             line: "hanjul versus: the peer sent nothing for 10 s; match ended"),
        Case(name: "other rules", script: .otherRules,
             line: "hanjul versus: cannot play: the peer plays mod:versus, this side mod:guideline+mod:versus: give both the same --mod", inGame: false),
        Case(name: "a peer that connects and says nothing", script: .silent,
             line: "hanjul versus: the peer said nothing for 10 s after connecting (no hello); match ended", inGame: false),
    ]

    /// Mistakes caught before any connection: no terminal, a bad address, options that are the host's.
    @Test func mistakesBeforeConnectingAreUsageErrors() throws {
        let hanjul = try #require(Self.hanjul)
        let cases: [([String], String)] = [
            (["versus", "--join", "127.0.0.1:4000"], "hanjul versus: standard input is not a terminal; a match is played in one"),
            (["versus"], "give --host [ADDR:]PORT to wait for a player, or --join ADDR:PORT to play one"),
            (["versus", "--host", "1", "--join", "127.0.0.1:1"], "give --host or --join, not both"),
            (["versus", "--join", "example.org:4000"], "'example.org' is not an IPv4 address (like 127.0.0.1) or localhost"),
            (["versus", "--join", "127.0.0.1:0"], "the port is a whole number from 1 to 65535"),
            (["versus", "--host", "4000", "--best-of", "2"], "--best-of '2' is not an odd number from 1 to 99"),
            (["versus", "--join", "127.0.0.1:4000", "--seed", "3"], "--seed is the host's to choose"),
            // hanjul play's handling options, read by the same code; READY is the same on both sides.
            (["versus", "--host", "4000", "--das", "5000"], "--das '5000' is out of range: give a whole number of milliseconds from 0 to 1000"),
            (["versus", "--join", "127.0.0.1:4000", "--arr", "x"], "--arr 'x'"),
            (["versus", "--host", "4000", "--countdown", "0"], "unknown option --countdown"),
        ]
        for (arguments, message) in cases {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: hanjul)
            process.arguments = arguments
            let input = Pipe(), output = Pipe(), error = Pipe()
            (process.standardInput, process.standardOutput, process.standardError) = (input, output, error)
            try process.run()
            try input.fileHandleForWriting.close()
            let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 2, "\(arguments)")
            #expect(text.contains(message), "\(arguments): \(text)")
            #expect(text.split(separator: "\n").count == 1, "\(arguments): \(text)")
        }
    }

    @Test(.enabled(if: PTYDriver.hasPython), arguments: cases)
    func aHostilePeerEndsTheMatchWithOneLine(_ hostileCase: Case) throws {
        let (run, text) = try Self.run(hostileCase.script, expecting: hostileCase.line, inGame: hostileCase.inGame)
        #expect(run.exit == .exited(1), "\(String(describing: run.exit)) \(run.notes)")
        #expect(run.termiosRestored)
        #expect(text.components(separatedBy: hostileCase.line).count == 2, "\(text.suffix(400).debugDescription)")
        #expect(text.components(separatedBy: "hanjul versus:").count == 2, "one line: \(text.suffix(400).debugDescription)")
        if hostileCase.inGame {
            #expect(run.baselineProblems().isEmpty, "\(run.baselineProblems())")
            #expect(run.afterRestore(allowText: true).problems.isEmpty)
        }
        #expect(!run.outputText.contains("Fatal error") && !run.outputText.contains("Crash"))
    }
}
