import Foundation
import Glibc
import HanJulCore
import HanJulSim
@testable import HanJulSweep
import Testing

/// The sweep library in-process: games handed over in seed order whatever the workers, and
/// the JSONL and summary formats read back exactly what was written.
@Suite struct SweepRoundTripTests {
    static let config = SimulationConfig(cap: 60)

    /// A private folder, removed after `body`.
    static func withFolder<T>(_ body: (String) throws -> T) throws -> T {
        var template = Array((NSTemporaryDirectory() + "/hanjul-sweep-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        let folder = String(cString: try #require(made))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try body(folder)
    }

    final class Counting: RunProgress, @unchecked Sendable {
        var finished: Int?
        func draw(done: Int) {}
        func finish(done: Int) { finished = done }
    }

    @Test func recordsComeInSeedOrderWhateverTheWorkers() throws {
        let one = try OrderedRun.records(.standard, seeds: 5...16, config: Self.config, workers: 1, progress: nil)
        let progress = Counting()
        let three = try OrderedRun.records(.standard, seeds: 5...16, config: Self.config, workers: 3, progress: progress)
        #expect(one.map(\.seed) == Array(5...16))
        #expect(one == three)
        #expect(progress.finished == 12)
    }

    @Test func aRuleSetThatFailsToLoadIsASweepErrorNamingIt() {
        struct Broken: Error, CustomStringConvertible { var description: String { "no such mod" } }
        let spec = RuleSetSpec(name: "broken") { () throws -> StandardRules in throw Broken() }
        #expect(throws: SweepError("broken: no such mod")) {
            try OrderedRun.records(spec, seeds: 1...3, config: Self.config, workers: 2, progress: nil)
        }
    }

    @Test func aWrittenRunReadsBackGameForGame() throws {
        let records = try OrderedRun.records(.standard, seeds: 1...6, config: Self.config, workers: 2, progress: nil)
        let header = RunHeader(rules: "standard", config: Self.config, firstSeed: 1, lastSeed: 6)
        try Self.withFolder { folder in
            let path = folder + "/run.jsonl"
            let writer = try SweepWriter(creating: path)
            try writer.write(line: try JSONLines.text(SweepFile.HeaderLine(header: header)))
            for record in records { try writer.write(line: try JSONLines.text(record)) }
            try writer.finish()

            var parts: [SweepFile.Part] = []
            var read: [GameRecord] = []
            try SweepFile.read(path, into: &parts) { read.append($0) } summary: { _, _, _ in } partDone: { _ in }
            #expect(read == records)
            #expect(parts.count == 1 && parts[0].held == SeedRanges([1...6]))

            // A new run never replaces a file with games in it.
            #expect(throws: SweepError.self) { try SweepWriter(creating: path) }
        }
    }

    @Test func aStoppedRunsPrefixKeepsWholeLinesAndDropsTheTornOne() throws {
        let records = try OrderedRun.records(.standard, seeds: 1...3, config: Self.config, workers: 1, progress: nil)
        let header = RunHeader(rules: "standard", config: Self.config, firstSeed: 1, lastSeed: 10)
        var text = try JSONLines.text(SweepFile.HeaderLine(header: header)) + "\n"
        for record in records { text += try JSONLines.text(record) + "\n" }
        let whole = text.utf8.count
        text += "{\"seed\":4,\"pie"
        let prefix = try SweepFile.prefix(of: Array(text.utf8), path: "run.jsonl")
        #expect(prefix.header == header)
        #expect(prefix.count == 3)
        #expect(prefix.validLength == whole)
        #expect(prefix.tornLength == text.utf8.count - whole)
        // A game out of order is not a run sim wrote: refused, never "repaired".
        let swapped = try JSONLines.text(SweepFile.HeaderLine(header: header)) + "\n" + (try JSONLines.text(records[1])) + "\n"
        #expect(throws: SweepError.self) { try SweepFile.prefix(of: Array(swapped.utf8), path: "run.jsonl") }
    }

    @Test func aSummaryReadsBackAsTheSameTally() throws {
        let records = try OrderedRun.records(.standard, seeds: 1...8, config: Self.config, workers: 2, progress: nil)
        let header = RunHeader(rules: "standard", config: Self.config, firstSeed: 1, lastSeed: 8)
        var tally = RunTally()
        for record in records { tally.add(record) }
        let bytes = try SummaryFile.bytes(header: header, seeds: [1...8], tally: tally)
        try Self.withFolder { folder in
            let path = folder + "/run.summary"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            var parts: [SweepFile.Part] = []
            var merged: RunTally?
            try SweepFile.read(path, into: &parts) { _ in } summary: { _, counted, _ in merged = counted } partDone: { _ in }
            let read = try #require(merged)
            #expect(Summary(header: header, tally: read).text == Summary(header: header, tally: tally).text)
            #expect(parts.first?.isSummary == true)

            // One byte changed: the checksum says so.
            var damaged = bytes
            damaged[damaged.count / 2] ^= 1
            try Data(damaged).write(to: URL(fileURLWithPath: path))
            #expect(throws: SweepError.self) {
                var again: [SweepFile.Part] = []
                try SweepFile.read(path, into: &again) { _ in } summary: { _, _, _ in } partDone: { _ in }
            }
        }
    }

    @Test func seedRangesMergeTouchingRangesAndSubtract() {
        var ranges = SeedRanges()
        for seed: UInt64 in [1, 2, 3, 7, 8] { ranges.append(seed) }
        ranges.insert(4...5)
        #expect(ranges.ranges == [1...5, 7...8])
        #expect(ranges.contains(5) && !ranges.contains(6))
        #expect(ranges.subtracting(2...7).ranges == [1...1, 8...8])
        #expect(ranges.intersection(SeedRanges([5...7])).ranges == [5...5, 7...7])
    }
}

extension SweepRoundTripTests {
    @Test func aSummaryKeepsTheGamesThatWentOnPastAHooksFailure() throws {
        let header = RunHeader(rules: "standard", config: Self.config, firstSeed: 1, lastSeed: 3)
        var tally = RunTally()
        for seed: UInt64 in 1...3 {
            tally.add(GameRecord(seed: seed, pieces: 10, lines: 0, score: 0, level: 1, outcome: .capped, clears: [], meanHeight: 2, maxHeight: 3, holes: 0, evaluated: 0,
                                 warnings: seed == 2 ? ["mod bad, spawn: oops (mod.lua:4)"] : nil))
        }
        let bytes = try SummaryFile.bytes(header: header, seeds: [1...3], tally: tally)
        #expect(String(decoding: bytes, as: UTF8.self).contains("\"warnedGames\":1"))
        var reader = SummaryFile.Reader(source: "run.summary")
        var number = 0
        var whole = false
        for line in bytes.split(separator: 10) {
            number += 1
            if number == 1 { try reader.start(line, number: 1) } else { whole = try reader.take(line, number: number) }
        }
        #expect(whole)
        #expect(reader.tally.warnedGames == 1)
        #expect(reader.tally.warnings == [RunTally.RuleError(seed: 2, text: "mod bad, spawn: oops (mod.lua:4)")])

        // Without warnings the head has no such fields: the bytes summaries always had.
        var quiet = RunTally()
        quiet.add(GameRecord(seed: 1, pieces: 10, lines: 0, score: 0, level: 1, outcome: .capped, clears: [], meanHeight: 2, maxHeight: 3, holes: 0, evaluated: 0))
        let plain = try SummaryFile.bytes(header: header, seeds: [1...1], tally: quiet)
        #expect(!String(decoding: plain, as: UTF8.self).contains("warn"))
    }
}
