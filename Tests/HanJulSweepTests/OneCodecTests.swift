import Foundation
import HanJulCore
import HanJulCodec
import HanJulSim
@testable import HanJulSweep
import Testing

/// The simulation files through HanJul's one JSON codec: every kind of line and report
/// byte for byte what Foundation's JSONEncoder (`.sortedKeys`, hidden characters escaped
/// afterwards) wrote before, and read back as JSONDecoder read it.
@Suite struct OneCodecTests {
    /// The old pipeline, kept as the oracle: JSONEncoder, then JSONLines.escapingHidden.
    static func foundation(_ value: some Encodable, pretty: Bool = false) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted] : [.sortedKeys]
        let json = String(decoding: try encoder.encode(value), as: UTF8.self)
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            guard isHiddenForTest(scalar), !["\t", "\n", "\r"].contains(scalar) else { out.append(scalar); continue }
            let units = scalar.value > 0xFFFF
                ? [0xD800 + ((scalar.value - 0x10000) >> 10), 0xDC00 + ((scalar.value - 0x10000) & 0x3FF)] : [scalar.value]
            for unit in units {
                let digits = String(unit, radix: 16)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - digits.count) + digits).unicodeScalars)
            }
        }
        return String(out)
    }

    static func isHiddenForTest(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v >= 0x20 && v < 0x7F { return false }
        switch v {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0xAD, 0x34F, 0x61C, 0x115F...0x1160, 0x17B4...0x17B5, 0x180B...0x180F: return true
        case 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F: return true
        case 0x3164, 0xFE00...0xFE0F, 0xFEFF, 0xFFA0, 0xFFF9...0xFFFB: return true
        case 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0000...0xE0FFF: return true
        case 0xFDD0...0xFDEF, 0xE000...0xF8FF, 0xF0000...0x10FFFF: return true
        default: return v & 0xFFFE == 0xFFFE
        }
    }

    @Test func everyKindOfLineAndReportIsTheBytesJSONEncoderWrote() throws {
        var config = SimulationConfig(cap: 80)
        config.bot.noise = 0.25
        let last = UInt64.max, first = UInt64.max - 5
        let records = try OrderedRun.records(.standard, seeds: first...last, config: config, workers: 1, progress: nil)
        var header = RunHeader(rules: "mod:a/b \u{202e}x", config: config, firstSeed: first, lastSeed: last)
        header.mods = ["a/b@1.0#00", "é\u{1b}[2J"]
        header.shard = Shard(index: 1, count: 3, firstSeed: 0, lastSeed: last)
        var lines: [(String, String)] = []
        lines.append((try JSONLines.text(SweepFile.HeaderLine(header: header)), try Self.foundation(SweepFile.HeaderLine(header: header))))
        for record in records { lines.append((try JSONLines.text(record), try Self.foundation(record))) }
        let summary = Summary(header: header, records: records)
        lines.append((try JSONLines.text(summary, pretty: true), try Self.foundation(summary, pretty: true)))
        let plain = RunHeader(rules: "standard", config: SimulationConfig(cap: 80), firstSeed: first, lastSeed: last)
        let plainRecords = try OrderedRun.records(.standard, seeds: first...last, config: SimulationConfig(cap: 80), workers: 1, progress: nil)
        let comparison = Comparison(a: plain, recordsA: plainRecords, b: header, recordsB: records)
        lines.append((try JSONLines.text(comparison, pretty: true), try Self.foundation(comparison, pretty: true)))
        var tally = RunTally()
        for record in records { tally.add(record) }
        let summaryFile = String(decoding: try SummaryFile.bytes(header: header, seeds: [first...last], tally: tally), as: UTF8.self)
        lines.append((summaryFile, try Self.oldSummaryFile(header: header, seeds: [first...last], tally: tally)))
        for (ours, theirs) in lines { #expect(ours == theirs) }
        #expect(lines[0].0.contains(#"a\/b \u202ex"#) && lines[0].0.contains("\"lastSeed\":18446744073709551615"))
    }

    /// SummaryFile.bytes written line by line through the oracle (the same lines, the same checksum rule).
    static func oldSummaryFile(header: RunHeader, seeds: [ClosedRange<UInt64>], tally: RunTally) throws -> String {
        // Re-encode each line the codec wrote through JSONEncoder: decode with JSONDecoder, then encode.
        let ours = String(decoding: try SummaryFile.bytes(header: header, seeds: seeds, tally: tally), as: UTF8.self)
        var out = ""
        for line in ours.split(separator: "\n") {
            let data = Data(line.utf8)
            if line.hasPrefix("{\"hanjulSummary\"") {
                out += try foundation(try JSONDecoder().decode(SummaryFile.HeadLine.self, from: data))
            } else if line.hasPrefix("{\"counts\"") {
                out += try foundation(try JSONDecoder().decode(SummaryFile.CountsLine.self, from: data))
            } else if line.hasPrefix("{\"held\"") {
                out += try foundation(try JSONDecoder().decode(SummaryFile.HeldLine.self, from: data))
            } else if line.hasPrefix("{\"endings\"") {
                out += try foundation(try JSONDecoder().decode(SummaryFile.EndingsLine.self, from: data))
            } else {
                out += try foundation(try JSONDecoder().decode(SummaryFile.ChecksumLine.self, from: data))
            }
            out += "\n"
        }
        return out
    }

    @Test func linesReadBackAsJSONDecoderReadThem() throws {
        var config = SimulationConfig(cap: 60)
        config.piecesPerSecond = 2.5
        let records = try OrderedRun.records(.standard, seeds: 1...4, config: config, workers: 1, progress: nil)
        for record in records {
            let line = Array(try JSONLines.text(record).utf8)
            let ours = try JSONValueDecoder().decode(GameRecord.self, from: line)
            #expect(ours == record)
            #expect(ours == (try JSONDecoder().decode(GameRecord.self, from: Data(line))))
        }
        let header = RunHeader(rules: "standard", config: config, firstSeed: 1, lastSeed: 4)
        let line = Array(try JSONLines.text(SweepFile.HeaderLine(header: header)).utf8)
        #expect(JSONLines.decode(SweepFile.HeaderLine.self, from: line)?.header == header)
        // Hand-edited but still read the same: spaces, a repeated key (the first counts), 3.0 for an integer.
        let edited = #"{ "seed" : 3, "seed": 9, "pieces": 3.0, "lines": 0, "score": 0, "level": 1, "outcome": "capped", "clears": [0,0,0,0], "scorePerPiece": 0, "maxHeight": 0, "meanHeight": 0, "holes": 0, "evaluated": 1 }"#
        let a = try? JSONValueDecoder().decode(GameRecord.self, from: Array(edited.utf8))
        let b = try? JSONDecoder().decode(GameRecord.self, from: Data(edited.utf8))
        #expect(a == b)
        #expect(a?.seed == 3)
    }
}
