import HanJulCodec
import HanJulSim

/// `hanjul sim --versus A:B --summary FILE`: a versus run's figures (sums, so a few hundred
/// bytes whatever the matches), which `hanjul stats` merges with other summaries and with
/// versus JSONL files exactly (docs/SIM.md, "Versus summary files"). Two JSON lines: the head
/// `{"hanjulVersusSummary":{"header":{…},"seeds":[[A,B]],"matches":N,…,"version":1}}`, then
/// `{"sha256":"…"}`, the SHA-256 of the head line and its newline.
package enum VersusSummaryFile {
    package static let version = 1
    package static let headPrefix = Array("{\"hanjulVersusSummary\":".utf8)

    package struct HeadLine: Codable { var hanjulVersusSummary: Head }

    package struct FirstError: Codable, Equatable {
        package var seed: UInt64
        package var text: String
    }

    package struct Head: Codable, SummaryHead {
        package var version: Int
        package var header: VersusHeader
        /// The seeds counted, as inclusive ranges `[first, last]`, in order.
        package var seeds: [[UInt64]]
        package var matches: Int
        package var winsA: Int
        package var winsB: Int
        package var draws: Int
        package var errors: Int
        /// Per side, `[A, B]`: sums over the matches.
        package var pieces: [Int]
        package var attack: [Int]
        package var cancelled: [Int]
        package var received: [Int]
        package var tPieces: [Int]
        package var spins: [Int]
        /// The error of the lowest seed, as the report shows it.
        package var firstError: FirstError?
    }

    typealias ChecksumLine = SummaryLines.ChecksumLine

    /// The file's bytes for `count`, the matches of `seeds` played as `header` says.
    package static func bytes(header: VersusHeader, seeds: [ClosedRange<UInt64>], count: VersusCount) throws(SweepError) -> [UInt8] {
        let t = count.tally
        let head = Head(version: version, header: header, seeds: seeds.map { [$0.lowerBound, $0.upperBound] }, matches: t.matches,
                        winsA: t.winsA, winsB: t.winsB, draws: t.draws, errors: t.errors, pieces: t.pieces, attack: t.attack,
                        cancelled: t.cancelled, received: t.received, tPieces: t.tPieces, spins: t.spins,
                        firstError: count.firstErrorSeed.map { FirstError(seed: $0, text: t.firstError ?? "") })
        return try SummaryLines.bytes([try JSONLines.text(HeadLine(hanjulVersusSummary: head))])
    }

    /// Reads a versus summary line by line, checking what it claims.
    package struct Reader: RunSummaryReader {
        package let source: String
        package var header: VersusHeader
        package var seeds: [ClosedRange<UInt64>] = []
        package var count = VersusCount()
        private var checksum = SummaryLines.Checksum()
        private var started = false

        package init(source: String) {
            self.source = source
            header = VersusHeader(rules: "", mods: nil, names: ("", ""), config: VersusConfig(), seeds: 0...0, shard: nil)
        }

        private func fail(_ number: Int, _ problem: String) -> SweepError {
            SweepError("\(source):\(number): a versus summary that hanjul sim cannot have written: \(problem)")
        }

        /// Takes the head line.
        package mutating func start(_ line: ArraySlice<UInt8>, number: Int) throws(SweepError) {
            let (head, ranges, games) = try SummaryLines.head(line, number: number, source: source, name: "versus summary",
                                                              version: VersusSummaryFile.version,
                                                              { (line: HeadLine) in line.hanjulVersusSummary },
                                                              fail: { fail(number, $0) })
            seeds = ranges
            guard head.matches >= 0, UInt64(head.matches) == games else { throw fail(number, "\(head.matches) matches, but its seeds are \(games)") }
            let outcomes = [head.winsA, head.winsB, head.draws, head.errors]
            guard outcomes.allSatisfy({ (0...head.matches).contains($0) }), outcomes.reduce(0, +) == head.matches else {
                throw fail(number, "the wins, draws and errors do not add up to \(head.matches) matches")
            }
            let sides = [head.pieces, head.attack, head.cancelled, head.received, head.tPieces, head.spins]
            let most = head.matches.multipliedReportingOverflow(by: VersusCount.maxCount)
            guard sides.allSatisfy({ $0.count == 2 && $0.allSatisfy { (0...(most.overflow ? Int.max : most.partialValue)).contains($0) } }) else {
                throw fail(number, "per-side counts that are not two sums of 0 or more")
            }
            for i in 0..<2 {
                let capped = head.matches.multipliedReportingOverflow(by: head.header.cap)
                guard capped.overflow || head.pieces[i] <= capped.partialValue, head.cancelled[i] <= head.attack[i],
                      head.tPieces[i] <= head.pieces[i], head.spins[i] <= head.tPieces[i] else {
                    throw fail(number, "per-side counts that no matches can have (pieces over the cap, more cancelled than sent, more spins than T pieces)")
                }
            }
            guard (head.firstError != nil) == (head.errors > 0) else { throw fail(number, "\(head.errors) errors, but \(head.firstError == nil ? "none" : "one") named") }
            if let first = head.firstError {
                guard seeds.contains(where: { $0.contains(first.seed) }), first.text.utf8.count <= SummaryFile.maxErrorBytes + 64 else {
                    throw fail(number, "an error of seed \(first.seed) outside its seeds, or over \(SummaryFile.maxErrorBytes >> 10) KiB")
                }
            }
            var t = VersusTally()
            (t.matches, t.winsA, t.winsB, t.draws, t.errors) = (head.matches, head.winsA, head.winsB, head.draws, head.errors)
            (t.pieces, t.attack, t.cancelled, t.received, t.tPieces, t.spins) = (head.pieces, head.attack, head.cancelled, head.received, head.tPieces, head.spins)
            let length = head.pieces[0].addingReportingOverflow(head.pieces[1])
            guard !length.overflow else { throw fail(number, "pieces too many to add up") }
            t.length = length.partialValue
            t.firstError = head.firstError?.text
            count.tally = t
            count.firstErrorSeed = head.firstError?.seed
            count.lowestSeed = seeds.first?.lowerBound
            count.highestSeed = seeds.last?.upperBound
            header = head.header
            started = true
            checksum.add(line)
        }

        package mutating func whole(after line: ArraySlice<UInt8>, number: Int) throws(SweepError)
            -> (header: VersusHeader, seeds: [ClosedRange<UInt64>], count: VersusCount)? {
            try take(line, number: number).map { ($0.header, $0.seeds, $0.count) }
        }

        /// Takes the line after the head: the checksum. Returns the summary read whole.
        package mutating func take(_ line: ArraySlice<UInt8>, number: Int) throws(SweepError) -> Reader? {
            guard started, let line = JSONLines.decode(ChecksumLine.self, from: line) else {
                throw SweepError("\(source):\(number): not the checksum line of a versus summary (truncated or edited file?)")
            }
            try checksum.check(line, source: source, number: number)
            return self
        }
    }
}
