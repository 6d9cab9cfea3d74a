#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HanJulSim

/// The JSONL of `hanjul sim --versus A:B --jsonl FILE`: a header line `{"versus":{…}}`, then
/// one line per match in seed order (`MatchRecord`).
package enum VersusFile {
    package struct HeaderLine: Codable {
        package var versus: VersusHeader
        package init(_ header: VersusHeader) { versus = header }
    }

    package static let headerPrefix = Array("{\"versus\":".utf8)

    /// What a stopped run left: its header (when written whole), the matches written whole,
    /// and where the whole lines end.
    package struct Prefix {
        package var header: VersusHeader?
        package var records: [MatchRecord] = []
        package var validLength = 0
        package var tornLength = 0
    }

    /// Reads what a stopped `--versus --jsonl` run left in `bytes` (the file `path`). Only the
    /// last line may be cut short; anything else that is not a header, then matches of
    /// consecutive seeds from its first, is an error and the file is left alone.
    package static func prefix(of bytes: [UInt8], path: String) throws(SweepError) -> Prefix {
        let decoder = JSONDecoder()
        var prefix = Prefix()
        var start = 0, number = 0
        while start < bytes.count {
            guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else { break }
            number += 1
            let line = bytes[start..<end]
            guard line.count <= LineReader.maxLineBytes else {
                throw SweepError("\(SweepError.shown(path)):\(number): a line longer than \(LineReader.maxLineBytes >> 20) MiB; this is not a versus run's file, so it is left as it is")
            }
            if let header = prefix.header {
                guard let record = try? decoder.decode(MatchRecord.self, from: Data(line)) else {
                    throw SweepError("\(SweepError.shown(path)):\(number): not a match record; only a last line cut short can be repaired, so the file is left as it is")
                }
                let (expected, overflow) = header.firstSeed.addingReportingOverflow(UInt64(prefix.records.count))
                guard !overflow, record.seed == expected, expected <= header.lastSeed else {
                    throw SweepError("\(SweepError.shown(path)):\(number): seed \(record.seed) where \(expected) was expected; this is not a run hanjul sim wrote in one go, so it cannot be resumed")
                }
                prefix.records.append(record)
            } else {
                guard line.starts(with: headerPrefix), let header = try? decoder.decode(HeaderLine.self, from: Data(line)).versus,
                      header.firstSeed <= header.lastSeed, header.cap > 0 else {
                    throw SweepError("\(SweepError.shown(path)):\(number): not a hanjul sim --versus --jsonl header; is this the right file?")
                }
                prefix.header = header
            }
            start = end + 1
            prefix.validLength = start
        }
        let tail = bytes[start...]
        if !tail.isEmpty {
            let looksTorn = prefix.header == nil
                ? tail.allSatisfy({ $0 == 0 }) || headerPrefix.starts(with: tail.prefix(headerPrefix.count))
                : tail.first == UInt8(ascii: "{") || tail.allSatisfy({ $0 == 0 })
            guard looksTorn, tail.count <= LineReader.maxLineBytes else {
                throw SweepError("\(SweepError.shown(path)):\(number + 1): not a hanjul sim --versus --jsonl line; is this the right file?")
            }
            prefix.tornLength = tail.count
        }
        return prefix
    }
}
