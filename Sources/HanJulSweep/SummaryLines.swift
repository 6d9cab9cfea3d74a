import HanJulCodec
import HanJulSim

/// The head of a summary (``SummaryFile/Head``, ``VersusSummaryFile/Head``): the fields
/// both formats check the same way.
package protocol SummaryHead: Decodable {
    associatedtype Header: RunFileHeader
    /// The summary format's version.
    var version: Int { get }
    var header: Header { get }
    /// The seeds counted, as inclusive ranges `[first, last]`, in order.
    var seeds: [[UInt64]] { get }
}

/// What the two summary formats share: a head line first and a last line
/// `{"sha256":"…"}`, the SHA-256 of every byte before it.
package enum SummaryLines {
    package struct ChecksumLine: Codable { var sha256: String }

    /// A summary's bytes: `lines` (JSON, without newlines), then their checksum line.
    static func bytes(_ lines: [String]) throws(SweepError) -> [UInt8] {
        var bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
        bytes += Array((try JSONLines.text(ChecksumLine(sha256: SHA256.hex(of: SHA256.hash(bytes)))) + "\n").utf8)
        return bytes
    }

    /// Reads the head line of a summary named `name` in errors ("summary", "versus
    /// summary"), whose newest version is `version`: the head, checked as far as both
    /// formats go (its version, its header, its seeds), with its seed ranges and how many
    /// seeds they hold. `fail` words a problem the way the format's reader does.
    static func head<Line: Decodable, Head: SummaryHead>(
        _ line: ArraySlice<UInt8>, number: Int, source: String, name: String, version: Int,
        _ head: (Line) -> Head, fail: (String) -> SweepError
    ) throws(SweepError) -> (head: Head, seeds: [ClosedRange<UInt64>], count: UInt64) {
        guard let head = JSONLines.decode(Line.self, from: line).map(head) else {
            throw SweepError("\(source):\(number): a damaged \(name) head line")
        }
        guard head.version >= 1 else { throw fail("version \(head.version) is not a version") }
        guard head.version <= version else {
            throw SweepError("\(source):\(number): \(name) version \(head.version) is newer than this hanjul reads (\(version))")
        }
        let current = Head.Header.currentFormat
        guard head.header.format <= current else {
            throw SweepError("\(source):\(number): format \(head.header.format) is newer than this hanjul reads (\(current))")
        }
        if let problem = head.header.fileProblem { throw fail(problem) }
        let held = try SummaryFile.seedRanges(head.seeds, first: head.header.firstSeed, last: head.header.lastSeed,
                                              within: head.header.seeds, fail: fail)
        return (head, held.ranges, held.count)
    }

    /// The checksum of a summary's lines as they are read.
    package struct Checksum {
        private var hash = SHA256()

        /// Adds a line read (without its newline) to what the checksum covers.
        mutating func add(_ line: ArraySlice<UInt8>) {
            hash.update(line)
            hash.update([10])
        }

        /// Checks the checksum line `checksum`, line `number` of `source`, against every line
        /// added (once: the hash is finished then).
        mutating func check(_ checksum: ChecksumLine, source: String, number: Int) throws(SweepError) {
            guard checksum.sha256 == SHA256.hex(of: hash.finalize()) else {
                throw SweepError("\(source):\(number): the summary's checksum does not match its contents (damaged or edited?)")
            }
        }
    }
}
