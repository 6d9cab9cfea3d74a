import HanJulSim
@testable import HanJulSweep
import Testing

/// The versus tally `hanjul stats` merges, and the versus summary file, in-process.
@Suite struct VersusCountTests {
    static let records = (1...9).map { seed in
        MatchRecord(seed: UInt64(seed), result: seed % 4 == 0 ? .error : seed % 3 == 0 ? .draw : seed % 2 == 0 ? .a : .b,
                    pieces: [seed * 10, seed * 10 - 1], attack: [seed, 2 * seed], cancelled: [1, 0], received: [seed, 3],
                    tPieces: [seed, seed], spins: [seed % 2, 0], error: seed % 4 == 0 ? "boom \(seed)" : nil)
    }

    static func count(_ records: some Sequence<MatchRecord>) throws -> VersusCount {
        var count = VersusCount()
        for record in records { try count.add(record) }
        return count
    }

    @Test func theSameCountsInAnyOrderWithTheFirstErrorByItsSeed() throws {
        let inOrder = try Self.count(Self.records)
        var plain = VersusTally()
        for record in Self.records { plain.add(record) }
        #expect(inOrder.tally == plain, "in seed order, the run's own tally")
        var split = try Self.count(Self.records[5...])
        try split.merge(try Self.count(Self.records[..<5]))
        #expect(split == inOrder)
        #expect(split.tally.firstError == "match 4: boom 4" && split.firstErrorSeed == 4)
        #expect(try Self.count(Self.records.reversed()) == inOrder)
    }

    @Test func overflowingSumsAreRefusedNotTrapped() throws {
        var count = VersusCount()
        count.tally.pieces = [Int.max - 5, 0]
        #expect(throws: SweepError.self) { try count.add(Self.records[0]) }
    }

    @Test func aSummaryReadsBackExactlyAndRefusesEdits() throws {
        let header = VersusHeader(rules: "mod:versus", mods: ["versus@1#00"], names: ("eltetris", "attack"), config: VersusConfig(cap: 100),
                                  seeds: 1...9, shard: nil)
        let count = try Self.count(Self.records)
        let bytes = try VersusSummaryFile.bytes(header: header, seeds: [1...9], count: count)
        let lines = bytes.split(separator: 10, omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines[2].isEmpty)
        var reader = VersusSummaryFile.Reader(source: "s.json")
        try reader.start(lines[0], number: 1)
        let read = try #require(try reader.take(lines[1], number: 2))
        #expect(read.count == count && read.header == header && read.seeds == [1...9])
        // A changed count: the checksum no longer matches.
        var edited = Array(lines[0])
        let at = try #require(edited.indices.first { edited[$0...].starts(with: Array("\"draws\":".utf8)) }) + 8
        edited[at] = edited[at] == UInt8(ascii: "1") ? UInt8(ascii: "2") : UInt8(ascii: "1")
        var other = VersusSummaryFile.Reader(source: "s.json")
        do {
            try other.start(edited[...], number: 1)
            _ = try other.take(lines[1], number: 2)
            Issue.record("an edited summary was read")
        } catch {
            #expect(error.message.contains("s.json:"), "\(error)")
        }
    }
}
