import HanJulCodec
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
        var prefix = Prefix()
        let (valid, torn) = try ResumableLines.walk(bytes, path: path, format: "hanjul sim --versus --jsonl", headerPrefix: headerPrefix) {
            (number, line) throws(SweepError) -> Bool in
            if let header = prefix.header {
                guard let record = JSONLines.decode(MatchRecord.self, from: line) else {
                    throw SweepError("\(SweepError.shown(path)):\(number): not a match record; only a last line cut short can be repaired, so the file is left as it is")
                }
                let (expected, overflow) = header.firstSeed.addingReportingOverflow(UInt64(prefix.records.count))
                guard !overflow, record.seed == expected, expected <= header.lastSeed else {
                    throw SweepError("\(SweepError.shown(path)):\(number): seed \(record.seed) where \(expected) was expected; this is not a run hanjul sim wrote in one go, so it cannot be resumed")
                }
                if let problem = record.problem(under: header) {
                    throw SweepError("\(SweepError.shown(path)):\(number): a match line that hanjul sim --versus cannot have written: \(problem)")
                }
                prefix.records.append(record)
            } else {
                guard line.starts(with: headerPrefix), let header = JSONLines.decode(HeaderLine.self, from: line)?.versus,
                      header.firstSeed <= header.lastSeed, header.cap > 0 else {
                    throw SweepError("\(SweepError.shown(path)):\(number): not a hanjul sim --versus --jsonl header; is this the right file?")
                }
                // The limits of the command line and of hanjul stats (H-3): a header claiming
                // 2^64−1 seeds must not reach the seed arithmetic of a resumed run.
                if let problem = header.fileProblem {
                    throw SweepError("\(SweepError.shown(path)):\(number): a header that hanjul sim --versus cannot have written: \(problem)")
                }
                prefix.header = header
            }
            return true
        }
        prefix.validLength = valid
        prefix.tornLength = torn
        return prefix
    }
}
