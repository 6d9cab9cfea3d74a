import Foundation
import HanJulNet
import HanJulSystem
import PTYSupport
import TestTiers
import Testing

/// #39 (and #35 item 3), end to end with real processes in pseudo-terminals: the rules check
/// compares the mods' real SHA-256s and names the mod that differs; a client written from
/// docs/VERSUS-PROTOCOL.md alone is accepted; the largest seed the command line takes is
/// played; SIGTERM mid-match restores the terminal, tells the peer, says one line, exits 1.
@Suite(.serialized, .needsTerminal) struct VersusRulesCheckPTYTests {
    static var hanjul: String? { PTYDriver.binary("hanjul") }
    static let root = PTYDriver.packageRoot.path

    /// A copy of Mods/versus in a fresh folder, `edit` applied to its mod.lua.
    static func versusCopy(_ edit: (String) -> String = { $0 }) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-rules-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/versus", withIntermediateDirectories: true)
        let source = try String(contentsOfFile: root + "/Mods/versus/mod.lua", encoding: .utf8)
        let edited = edit(source)
        try edited.write(toFile: folder + "/versus/mod.lua", atomically: false, encoding: .utf8)
        return folder
    }

    @Test(.enabled(if: PTYDriver.hasPython)) func twoProcessesWhoseVersusModsDifferInOneAttackValueRefuseNamingIt() throws {
        let hanjul = try #require(Self.hanjul)
        let same = try Self.versusCopy()
        // Doubles send 2 lines here, 1 there: the same id and version, other rules.
        let changed = try Self.versusCopy { $0.replacingOccurrences(of: "local CLEARS = { [0] = 0, 0, 1, 2, 4 }", with: "local CLEARS = { [0] = 0, 0, 2, 2, 4 }") }
        defer { for folder in [same, changed] { try? FileManager.default.removeItem(atPath: folder) } }
        #expect(try String(contentsOfFile: changed + "/versus/mod.lua", encoding: .utf8).contains("0, 0, 2, 2, 4"), "the edit took")
        let port = try VersusNetPTYTests.freePort()
        let expected = "hanjul versus: cannot play: the peer's mod 'versus' differs from this side's"
        let host: @Sendable () throws -> PTYRun = {
            try PTYDriver.run(hanjul, ["versus", "--host", "127.0.0.1:\(port)", "--seed", "5", "--mod", "versus", "--mods-dir", same], steps: [
                .winsize(rows: 30, cols: 110), .wait("waiting for a player"), .wait(expected, timeout: 20), .exit(),
            ], directory: Self.root)
        }
        let joiner: @Sendable () throws -> PTYRun = {
            Thread.sleep(forTimeInterval: 1.0)
            return try PTYDriver.run(hanjul, ["versus", "--join", "127.0.0.1:\(port)", "--mod", "versus", "--mods-dir", changed], steps: [
                .winsize(rows: 30, cols: 110), .wait(expected, timeout: 20), .exit(),
            ], directory: Self.root)
        }
        let runs = PTYDriver.runAll([host, joiner], concurrency: 2)
        for run in [try runs[0].get(), try runs[1].get()] {
            #expect(run.exit == .exited(1), "\(String(describing: run.exit)) \(run.outputText.suffix(300))")
            #expect(run.outputText.components(separatedBy: expected).count == 2, "\(run.outputText.suffix(400).debugDescription)")
            #expect(!run.outputText.contains("PEER"), "no game was started")
        }

        // The same files on both sides: the handshake passes (the joiner then leaves with q).
        let port2 = try VersusNetPTYTests.freePort()
        let host2: @Sendable () throws -> PTYRun = {
            try PTYDriver.run(hanjul, ["versus", "--host", "127.0.0.1:\(port2)", "--seed", "5", "--mod", "versus", "--mods-dir", same], steps: [
                .winsize(rows: 30, cols: 110), .wait("waiting for a player"), .wait("the peer left the match", timeout: 30), .exit(),
            ], directory: Self.root)
        }
        let joiner2: @Sendable () throws -> PTYRun = {
            Thread.sleep(forTimeInterval: 1.0)
            return try PTYDriver.run(hanjul, ["versus", "--join", "127.0.0.1:\(port2)", "--mod", "versus", "--mods-dir", Self.root + "/Mods"], steps: [
                .winsize(rows: 30, cols: 110), .wait("PEER 127.0.0.1", timeout: 20), .send("q"), .exit(),
            ], directory: Self.root)
        }
        let again = PTYDriver.runAll([host2, joiner2], concurrency: 2)
        let joined = try again[1].get()
        #expect(joined.exit == .exited(0), "\(joined.outputText.suffix(300))")
        #expect(joined.outputText.contains("playing 127.0.0.1:\(port2) under mod:versus, best of 1"))
    }

    /// The hash as docs/VERSUS-PROTOCOL.md says, computed here without HanJul's code: the
    /// mod's files but `tests/` and dot-files, by path in byte order, each as the path, a
    /// NUL, its length in 8 little-endian bytes and its bytes, through sha256sum.
    static func documentedHash(ofMod folder: String) throws -> String {
        let base = URL(fileURLWithPath: folder)
        var paths: [String] = []
        let walker = FileManager.default.enumerator(atPath: folder)
        while let path = walker?.nextObject() as? String {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder)
            let parts = path.split(separator: "/")
            if isFolder.boolValue || path.hasPrefix("tests/") || parts.contains(where: { $0.hasPrefix(".") }) { continue }
            paths.append(path)
        }
        paths.sort { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        var stream = Data()
        for path in paths {
            let bytes = try Data(contentsOf: base.appendingPathComponent(path))
            stream.append(contentsOf: Array(path.utf8) + [0])
            stream.append(contentsOf: (0..<8).map { UInt8(truncatingIfNeeded: UInt64(bytes.count) >> (8 * UInt64($0))) })
            stream.append(bytes)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        let input = Pipe(), output = Pipe()
        (process.standardInput, process.standardOutput) = (input, output)
        try process.run()
        input.fileHandleForWriting.write(stream)
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return String(text.prefix(64))
    }

    /// A frame as the document says: two bytes of length, big-endian, then the payload.
    static func frame(_ text: String) -> [UInt8] { [UInt8(text.utf8.count >> 8), UInt8(text.utf8.count & 0xFF)] + Array(text.utf8) }

    final class Heard: @unchecked Sendable {
        private let lock = NSLock()
        private var kept: [String] = []
        var payloads: [String] { lock.withLock { kept } }
        func add(_ payload: String) { lock.withLock { kept.append(payload) } }
    }

    /// Waits for one connection on `listener`, sends `frames` (after reading the peer's first
    /// frame), then keeps reading until the peer hangs up; every payload heard is kept.
    static func documentClient(listener: FileDescriptor, frames: @escaping @Sendable (String) -> [[UInt8]], heard: Heard) {
        defer { try? listener.close() }
        var accepted: FileDescriptor?
        for _ in 0..<300 where accepted == nil {
            accepted = (try? Socket.accept(listener))??.0
            if accepted == nil { _ = try? Socket.waitReadable(listener, milliseconds: 100) }
        }
        guard let socket = accepted else { return }
        defer { try? socket.close() }
        var buffer: [UInt8] = [], answered = false
        for _ in 0..<400 {
            guard let received = try? Socket.receive(socket, limit: 65536), received != .closed else { return }
            if case .bytes(let bytes) = received { buffer += bytes }
            while buffer.count >= 2, buffer.count >= 2 + (Int(buffer[0]) << 8 | Int(buffer[1])) {
                let length = Int(buffer[0]) << 8 | Int(buffer[1])
                heard.add(String(decoding: buffer[2..<(2 + length)], as: UTF8.self))
                buffer.removeFirst(2 + length)
            }
            if !answered, let first = heard.payloads.first {
                answered = true
                for bytes in frames(first) { _ = try? Socket.send(socket, bytes[...]) }
            }
            _ = try? Socket.waitReadable(socket, milliseconds: 50)
        }
    }

    @Test(.enabled(if: PTYDriver.hasPython)) func aHelloWrittenFromTheDocumentIsAccepted() throws {
        let hanjul = try #require(Self.hanjul)
        let hash = try Self.documentedHash(ofMod: Self.root + "/Mods/versus")
        #expect(hash.count == 64)
        let (listener, bound) = try Socket.listen(on: Socket.Address(host: "127.0.0.1", port: 0)!)
        let heard = Heard()
        let peer = Thread {
            Self.documentClient(listener: listener, frames: { theirs in
                // The release and engine are the joiner's own (the third and fourth words).
                let words = theirs.split(separator: " ")
                return [Self.frame("HELLO hanjul-versus/1 \(words[2]) \(words[3]) mod:versus \(hash) 18446744073709551615 1"),
                        Self.frame("READY 1"), Self.frame("T 100"), Self.frame("BYE documented client done")]
            }, heard: heard)
        }
        peer.start()
        let run = try PTYDriver.run(hanjul, ["versus", "--join", "127.0.0.1:\(bound.port)", "--mod", "versus"],
                                    steps: [.winsize(rows: 30, cols: 110), .wait("the peer left the match", timeout: 25), .exit(timeout: 10)],
                                    directory: Self.root)
        #expect(run.outputText.contains("playing 127.0.0.1:\(bound.port) under mod:versus, best of 1"), "\(run.outputText.suffix(400).debugDescription)")
        #expect(!run.outputText.contains("cannot play"))
        #expect(run.afterRestore(allowText: true).text.contains("hanjul versus: the peer left the match: documented client done"))
        #expect(run.exit == .exited(1))
        let hello = try #require(heard.payloads.first)
        #expect(hello.hasPrefix("HELLO hanjul-versus/1 ") && hello.hasSuffix(" mod:versus \(hash) - -"),
                "hanjul's own hello carries the hash the document gives: \(hello)")
    }

    @Test(.enabled(if: PTYDriver.hasPython)) func theLargestSeedTheCommandLineTakesIsPlayed() throws {
        let hanjul = try #require(Self.hanjul)
        let port = try VersusNetPTYTests.freePort()
        let host: @Sendable () throws -> PTYRun = {
            try PTYDriver.run(hanjul, ["versus", "--host", "127.0.0.1:\(port)", "--seed", "18446744073709551615"], steps: [
                .winsize(rows: 30, cols: 110), .wait("waiting for a player"), .wait("PEER 127.0.0.1", timeout: 20),
                .wait("the peer left the match", timeout: 30), .exit(),
            ], directory: Self.root)
        }
        let joiner: @Sendable () throws -> PTYRun = {
            Thread.sleep(forTimeInterval: 1.0)
            return try PTYDriver.run(hanjul, ["versus", "--join", "127.0.0.1:\(port)"], steps: [
                .winsize(rows: 30, cols: 110), .wait("PEER 127.0.0.1", timeout: 20), .send("q"), .exit(),
            ], directory: Self.root)
        }
        let runs = PTYDriver.runAll([host, joiner], concurrency: 2)
        let hostRun = try runs[0].get(), joinRun = try runs[1].get()
        // Without --mod both play the modern game with the Guideline attack table (#35 item 4).
        #expect(joinRun.outputText.contains("playing 127.0.0.1:\(port) under mod:guideline+mod:versus, best of 1"), "\(joinRun.outputText.suffix(300).debugDescription)")
        #expect(!joinRun.outputText.contains("malformed HELLO"))
        #expect(joinRun.exit == .exited(0))
        #expect(hostRun.exit == .exited(1))
        #expect(hostRun.afterRestore(allowText: true).text.contains("hanjul versus: the peer left the match: the player left"))
    }

    /// The help's statuses in a terminal: a `--mod` found in no mod folder is 2, a mod that
    /// fails to load 3, both before any connection.
    @Test(.enabled(if: PTYDriver.hasPython)) func modsThatCannotLoadStopVersusWithTheHelpsStatuses() throws {
        let hanjul = try #require(Self.hanjul)
        let broken = try Self.versusCopy { _ in "return 42\n" }
        defer { try? FileManager.default.removeItem(atPath: broken) }
        for (arguments, status, text) in [(["--mod", "nosuch"], 2, "hanjul versus: no mod 'nosuch' in "),
                                          (["--mod", "versus", "--mods-dir", broken], 3, "hanjul versus: mod 'versus': mod.lua must return one table")] {
            let run = try PTYDriver.run(hanjul, ["versus", "--join", "127.0.0.1:9"] + arguments, steps: [.exit(timeout: 10)],
                                        directory: Self.root)
            #expect(run.exit == .exited(Int32(status)), "\(arguments): \(String(describing: run.exit)) \(run.outputText.debugDescription)")
            #expect(run.outputText.contains(text), "\(arguments): \(run.outputText.debugDescription)")
            #expect(!run.outputText.contains("cannot connect"), "refused before connecting")
        }
    }

    @Test(.enabled(if: PTYDriver.hasPython)) func sigtermMidMatchRestoresTellsThePeerSaysOneLineAndExits1() throws {
        let hanjul = try #require(Self.hanjul)
        let (listener, bound) = try Socket.listen(on: Socket.Address(host: "127.0.0.1", port: 0)!)
        let heard = Heard()
        let peer = Thread {
            Self.documentClient(listener: listener, frames: { theirs in
                let words = theirs.split(separator: " ")
                return [Self.frame("HELLO hanjul-versus/1 \(words[2]) \(words[3]) \(words[4]) \(words[5]) 3 1"), Self.frame("READY 1"), Self.frame("T 50")]
            }, heard: heard)
        }
        peer.start()
        let run = try PTYDriver.run(hanjul, ["versus", "--join", "127.0.0.1:\(bound.port)"],
                                    steps: [.winsize(rows: 30, cols: 110), .wait("PEER 127.0.0.1", timeout: 20), .pump(0.5),
                                            .signal("SIGTERM"), .exit(timeout: 10)],
                                    directory: Self.root)
        let line = "hanjul versus: stopped by SIGTERM; match ended"
        #expect(run.exit == .exited(1), "not killed by the signal: \(String(describing: run.exit))")
        #expect(run.termiosRestored)
        #expect(run.baselineProblems().isEmpty, "\(run.baselineProblems())")
        let after = run.afterRestore(allowText: true)
        #expect(after.problems.isEmpty)
        #expect(after.text.components(separatedBy: line).count == 2, "\(after.text.debugDescription)")
        #expect(after.text.components(separatedBy: "hanjul versus:").count == 2, "one line: \(after.text.debugDescription)")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(heard.payloads.contains("BYE the player's program was stopped"), "the peer was told: \(heard.payloads.suffix(3))")
    }
}
