import Foundation
import HanJulCodec
import Testing

@Suite("SHA-256")
struct SHA256Tests {
    @Test("NIST FIPS 180-4 example vectors", arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ])
    func nistVector(message: String, digest: String) {
        #expect(SHA256.hexDigest(of: Array(message.utf8)) == digest)
    }

    @Test("one million 'a', fed in uneven pieces")
    func millionA() {
        var hasher = SHA256()
        var remaining = 1_000_000
        var piece = 1
        while remaining > 0 {
            let n = min(piece, remaining)
            hasher.update([UInt8](repeating: UInt8(ascii: "a"), count: n))
            remaining -= n
            piece = piece * 3 % 1000 + 1
        }
        #expect(SHA256.hex(of: hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("streaming in any split equals one-shot")
    func splits() {
        let data = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let whole = SHA256.hash(data)
        for cut in [0, 1, 55, 56, 63, 64, 65, 128, 299, 300] {
            var hasher = SHA256()
            hasher.update(Array(data[..<cut]))
            hasher.update(data[cut...])  // a non-array sequence
            #expect(hasher.finalize() == whole, "split at \(cut)")
        }
    }

    @Test("matches sha256sum on random files of awkward sizes")
    func matchesSha256sum() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-sha-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var state: UInt64 = 0x1234_5678
        for size in [0, 1, 55, 56, 57, 63, 64, 65, 1000, 65_537, 1_048_583] {
            var bytes = [UInt8](repeating: 0, count: size)
            for i in 0..<size {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                bytes[i] = UInt8(truncatingIfNeeded: state >> 33)
            }
            let file = folder.appendingPathComponent("f\(size)")
            try Data(bytes).write(to: file)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
            process.arguments = [file.path]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let expected = String(decoding: output, as: UTF8.self).prefix(64)
            #expect(SHA256.hexDigest(of: bytes) == String(expected), "size \(size)")
        }
    }
}

@Suite("FNV-1a 64")
struct FNV1a64Tests {
    @Test("published test values")
    func knownValues() {
        #expect(FNV1a64.hash([UInt8]()) == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a64.hash(Array("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
        #expect(FNV1a64.hash(Array("foobar".utf8)) == 0x8594_4171_f739_67e8)
    }

    @Test("integers hash as 8 little-endian bytes")
    func integers() {
        var a = FNV1a64()
        a.update(Int64(-2))
        var b = FNV1a64()
        b.update([0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF] as [UInt8])
        #expect(a.value == b.value)
    }
}
