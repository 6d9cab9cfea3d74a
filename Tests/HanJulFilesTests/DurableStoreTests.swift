import Foundation
import Glibc
import HanJulFiles
import HanJulCodec
import Testing

private func appendEntry(_ entry: String) -> (JSON?) -> JSON {
    { old in
        var entries = old?["entries"]?.arrayValue ?? []
        entries.append(.string(entry))
        return ["entries": .array(entries)]
    }
}

private func entries(_ path: String, kind: String = "scores") throws -> [String] {
    let record = try RecordFile.read(path, kind: kind, supportedVersion: 1)
    return (record.payload["entries"]?.arrayValue ?? []).compactMap(\.stringValue)
}

@Suite("DurableStore")
struct DurableStoreTests {
    @Test("a first update creates the file; later ones see the earlier data")
    func createsAndAppends() throws {
        let folder = TemporaryFolder()
        let path = folder.file("data/scores.hjr")
        let first = try DurableStore.update(path, kind: "scores", version: 1, transform: appendEntry("a"))
        #expect(first.previousVersion == nil && first.keptAside == nil)
        try DurableStore.update(path, kind: "scores", version: 1, transform: appendEntry("b"))
        #expect(try entries(path) == ["a", "b"])
        #expect(folder.names(folder.file("data")) == ["scores.hjr", "scores.hjr.lock"])
    }

    @Test("a corrupt file is kept aside, the player told where, and a fresh file started")
    func corruptKeptAside() throws {
        let folder = TemporaryFolder()
        let path = folder.file("scores.hjr")
        var bytes = try RecordFile.encode(["entries": ["old"]], kind: "scores", version: 1)
        bytes.removeLast(10)
        put(bytes, path)
        let result = try DurableStore.update(path, kind: "scores", version: 1, transform: appendEntry("new"))
        let kept = try #require(result.keptAside)
        #expect(contents(kept.keptPath) == bytes)
        #expect(try entries(path) == ["new"])
        #expect(kept.playerMessage(what: "high scores").contains("it was kept at \(kept.keptPath)"))
    }

    @Test("a newer-version file is never overwritten by default, and kept aside only on request")
    func newerVersion() throws {
        let folder = TemporaryFolder()
        let path = folder.file("scores.hjr")
        let newer = try RecordFile.encode(["entries": ["future"]], kind: "scores", version: 5)
        put(newer, path)
        #expect(throws: RecordFile.ReadError.newerVersion(found: 5, supported: 1)) {
            try DurableStore.update(path, kind: "scores", version: 1, transform: appendEntry("x"))
        }
        #expect(contents(path) == newer)
        let result = try DurableStore.update(path, kind: "scores", version: 1, onNewerVersion: .keepAside,
                                             transform: appendEntry("x"))
        #expect(contents(try #require(result.keptAside).keptPath) == newer)
    }

    @Test("an older-version file is backed up before its first rewrite")
    func olderVersionBackup() throws {
        let folder = TemporaryFolder()
        let path = folder.file("scores.hjr")
        let old = try RecordFile.encode(["entries": ["v1"]], kind: "scores", version: 1)
        put(old, path)
        let result = try DurableStore.update(path, kind: "scores", version: 2, transform: appendEntry("v2"))
        #expect(result.previousVersion == 1)
        #expect(result.backupPath == path + ".v1-backup")
        #expect(contents(path + ".v1-backup") == old)
    }

    @Test("an error in the transform writes nothing")
    func transformThrows() throws {
        struct Refused: Error {}
        let folder = TemporaryFolder()
        let path = folder.file("scores.hjr")
        try DurableStore.update(path, kind: "scores", version: 1, transform: appendEntry("a"))
        let before = contents(path)
        #expect(throws: Refused.self) {
            try DurableStore.update(path, kind: "scores", version: 1) { _ in throw Refused() }
        }
        #expect(contents(path) == before)
    }

    @Test("8 threads x 50 updates: all 400 entries are present")
    func concurrentThreads() throws {
        let folder = TemporaryFolder()
        let path = folder.file("scores.hjr")
        let failures = NSLock()
        nonisolated(unsafe) var errors: [String] = []
        let group = DispatchGroup()
        for t in 0..<8 {
            group.enter()
            let thread = Thread {
                for i in 0..<50 {
                    do {
                        try DurableStore.update(path, kind: "scores", version: 1, transform: appendEntry("t\(t)-\(i)"))
                    } catch {
                        failures.lock()
                        errors.append("\(error)")
                        failures.unlock()
                    }
                }
                group.leave()
            }
            thread.start()
        }
        group.wait()
        #expect(errors.isEmpty)
        let all = try entries(path)
        #expect(all.count == 400)
        #expect(Set(all) == Set((0..<8).flatMap { t in (0..<50).map { "t\(t)-\($0)" } }))
        #expect(folder.names() == ["scores.hjr", "scores.hjr.lock"])
    }

    @Test("20 processes each adding one entry at the same moment: all 20 present (D-6)")
    func concurrentProcesses() throws {
        let folder = TemporaryFolder()
        let path = folder.file("scores.hjr")
        var processes: [Process] = []
        for p in 0..<20 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tortureExecutable())
            process.arguments = ["append", path, "p\(p)", "1"]
            try process.run()
            processes.append(process)
        }
        for process in processes {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        let all = try entries(path, kind: "torture")
        #expect(Set(all) == Set((0..<20).map { "p\($0)-0" }))
        #expect(all.count == 20)
    }
}
