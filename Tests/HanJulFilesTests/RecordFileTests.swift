import Foundation
import Glibc
import HanJulFiles
import HanJulCodec
import Testing

private let sample: JSON = ["entries": [["name": "ana", "score": 1200], ["name": "bo", "score": 900]]]

@Suite("RecordFile")
struct RecordFileTests {
    @Test("the written layout: header, compact payload, checksum of both")
    func layout() throws {
        let bytes = try RecordFile.encode(["a": 1], kind: "scores", version: 2)
        let body = "HANJUL scores 2\n{\"a\":1}"
        #expect(String(decoding: bytes, as: UTF8.self) == body + "\nsha256 \(SHA256.hexDigest(of: Array(body.utf8)))\n")
        #expect(try RecordFile.decode(bytes, kind: "scores", supportedVersion: 2)
            == .init(kind: "scores", version: 2, payload: ["a": 1]))
    }

    @Test("truncation at every byte length is detected as corrupt")
    func everyTruncation() throws {
        let bytes = try RecordFile.encode(sample, kind: "scores", version: 1)
        for length in 0..<bytes.count {
            #expect(throws: (any Error).self) { try RecordFile.decode(Array(bytes[..<length]), kind: "scores", supportedVersion: 1) }
            do {
                _ = try RecordFile.decode(Array(bytes[..<length]), kind: "scores", supportedVersion: 1)
            } catch {
                guard case .corrupt = error else {
                    Issue.record("truncation at \(length) gave \(error)")
                    continue
                }
            }
        }
    }

    @Test("a flip of every single bit is detected as corrupt (never as a newer version or another kind)")
    func everyBitFlip() throws {
        let bytes = try RecordFile.encode(sample, kind: "scores", version: 1)
        for position in 0..<bytes.count {
            for bit in 0..<8 {
                var damaged = bytes
                damaged[position] ^= 1 << bit
                do {
                    let record = try RecordFile.decode(damaged, kind: "scores", supportedVersion: 1)
                    Issue.record("flip at byte \(position) bit \(bit) was accepted: \(record)")
                } catch {
                    guard case .corrupt = error else {
                        Issue.record("flip at byte \(position) bit \(bit) gave \(error)")
                        continue
                    }
                }
            }
        }
    }

    @Test("empty, garbage, and wrong JSON types are corrupt with a reason")
    func garbage() {
        #expect(throws: RecordFile.ReadError.corrupt("the file is empty")) {
            try RecordFile.decode([], kind: "scores", supportedVersion: 1)
        }
        #expect(throws: RecordFile.ReadError.corrupt("it is not a HanJul file (no HANJUL header)")) {
            try RecordFile.decode(Array("{\"entries\":[]}".utf8), kind: "scores", supportedVersion: 1)
        }
    }

    @Test("a newer version and another kind are reported as such")
    func versionAndKind() throws {
        let newer = try RecordFile.encode(sample, kind: "scores", version: 3)
        #expect(throws: RecordFile.ReadError.newerVersion(found: 3, supported: 2)) {
            try RecordFile.decode(newer, kind: "scores", supportedVersion: 2)
        }
        let replay = try RecordFile.encode(sample, kind: "replay", version: 1)
        #expect(throws: RecordFile.ReadError.wrongKind(found: "replay", expected: "scores")) {
            try RecordFile.decode(replay, kind: "scores", supportedVersion: 1)
        }
        let older = try RecordFile.encode(sample, kind: "scores", version: 1)
        #expect(try RecordFile.decode(older, kind: "scores", supportedVersion: 2).version == 1)
    }

    @Test("read: missing, a FIFO is unreadable, an oversize file is corrupt")
    func readErrors() throws {
        let folder = TemporaryFolder()
        #expect(throws: RecordFile.ReadError.missing) {
            try RecordFile.read(folder.file("none"), kind: "scores", supportedVersion: 1)
        }
        mkfifo(folder.file("fifo"), 0o600)
        #expect(throws: RecordFile.ReadError.unreadable(
            FileError(path: folder.file("fifo"), operation: .open, kind: .notRegularFile(.fifo)))) {
            try RecordFile.read(folder.file("fifo"), kind: "scores", supportedVersion: 1)
        }
        put([UInt8](repeating: 0x20, count: 2000), folder.file("big"))
        #expect(throws: RecordFile.ReadError.corrupt("the file is 2000 bytes, over the 1000-byte limit")) {
            try RecordFile.read(folder.file("big"), kind: "scores", supportedVersion: 1, maxBytes: 1000)
        }
    }

    @Test("quarantine moves the file aside and never overwrites an earlier one")
    func quarantine() throws {
        let folder = TemporaryFolder()
        let path = folder.file("scores.hjr")
        put(Array("bad one".utf8), path)
        let first = try RecordFile.quarantine(path)
        put(Array("bad two".utf8), path)
        let second = try RecordFile.quarantine(path)
        #expect(first != second)
        #expect(first.hasPrefix(path + ".corrupt-2"))
        #expect(first.hasSuffix("Z"))
        #expect(contents(first) == Array("bad one".utf8))
        #expect(contents(second) == Array("bad two".utf8))
        #expect(contents(path) == nil)
    }
}
