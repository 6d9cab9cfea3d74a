import HanJulCodec
import HanJulSim

/// `hanjul sim --summary FILE`: a run's summary state (``RunTally``), which `hanjul stats`
/// merges with other summaries and with JSONL files, exactly (docs/SIM.md, "Summary files").
///
/// JSON lines: a head (`{"hanjulSummary":{"header":{…},"seeds":[[A,B]],…,"version":1}}`), lines of counts
/// (`{"figure":"pieces","counts":[[value,games],…]}`, `{"held":[[held,pieces,games],…]}`,
/// `{"endings":[[pieces,toppedOut,stopped],…]}`, at most ``maxEntriesPerLine`` each), and
/// `{"sha256":"…"}`, the SHA-256 of every byte before it. Its size is the distinct values'.
package enum SummaryFile {
    package static let version = 1
    package static let headPrefix = Array("{\"hanjulSummary\":".utf8)
    package static let maxEntriesPerLine = 10_000
    /// The most seed ranges a summary may list (one for a run sim wrote).
    package static let maxRanges = SweepLimits.maxShards
    /// The longest rule error kept, in bytes of UTF-8.
    package static let maxErrorBytes = 64 << 10

    /// The first line: `{"hanjulSummary":{…}}`.
    package struct HeadLine: Codable { var hanjulSummary: Head }

    package struct Head: Codable, SummaryHead {
        /// The summary format's version (``SummaryFile/version``).
        package var version: Int
        package var header: RunHeader
        /// The seeds counted, as inclusive ranges `[first, last]`, in order.
        package var seeds: [[UInt64]]
        package var games: Int
        package var capped: Int
        package var toppedOut: Int
        package var finished: Int
        package var ruleErrors: Int
        package var errors: [RuleErrorLine]
        package var heldGames: Int
        /// Games that went on past a hook's failure, and the first distinct failures; left
        /// out when there were none (so a summary without them has the bytes it always had).
        package var warnedGames: Int?
        package var warnings: [RuleErrorLine]?
        /// `[length, games]`: games by the length of their record's clears.
        package var clearLengths: [[Int]]
    }

    package struct RuleErrorLine: Codable {
        package var seed: UInt64
        package var text: String
    }

    package struct CountsLine: Codable {
        package var figure: String
        package var counts: [[Double]]
    }

    package struct HeldLine: Codable { var held: [[Double]] }
    package struct EndingsLine: Codable { var endings: [[Int]] }
    package typealias ChecksumLine = SummaryLines.ChecksumLine

    /// The file's bytes for `tally`, the games of `seeds` played as `header` says.
    package static func bytes(header: RunHeader, seeds: [ClosedRange<UInt64>], tally: RunTally) throws(SweepError) -> [UInt8] {
        var lines: [String] = []
        let head = Head(version: version, header: header, seeds: seeds.map { [$0.lowerBound, $0.upperBound] },
                        games: tally.games, capped: tally.capped, toppedOut: tally.toppedOut, finished: tally.finished,
                        ruleErrors: tally.ruleErrors, errors: tally.errors.map { RuleErrorLine(seed: $0.seed, text: $0.text) },
                        heldGames: tally.heldGames, warnedGames: tally.warnedGames > 0 ? tally.warnedGames : nil,
                        warnings: tally.warnedGames > 0 ? tally.warnings.map { RuleErrorLine(seed: $0.seed, text: $0.text) } : nil,
                        clearLengths: tally.clearLengths.sorted { $0.key < $1.key }.map { [$0.key, $0.value] })
        lines.append(try JSONLines.text(HeadLine(hanjulSummary: head)))
        func counts(_ key: String, _ values: ValueCounts) throws(SweepError) {
            let entries = values.sorted
            var start = 0
            while start < entries.count {
                let chunk = entries[start..<min(entries.count, start + maxEntriesPerLine)]
                lines.append(try JSONLines.text(CountsLine(figure: key, counts: chunk.map { [$0.value, Double($0.count)] })))
                start += maxEntriesPerLine
            }
        }
        for (index, figure) in Figure.base.enumerated() { try counts(figure.key, tally.base[index]) }
        for (index, values) in tally.clears.enumerated() { try counts("clears\(index + 1)", values) }
        try counts("result", tally.result)
        for (index, values) in tally.tieBreaks.enumerated() { try counts("then\(index + 1)", values) }
        if tally.time.total > 0 { try counts(Figure.time.key, tally.time) }
        let held = tally.held.sorted
        var start = 0
        while start < held.count {
            let chunk = held[start..<min(held.count, start + maxEntriesPerLine)]
            lines.append(try JSONLines.text(HeldLine(held: chunk.map { [$0.part, $0.whole, Double($0.count)] })))
            start += maxEntriesPerLine
        }
        let endings = tally.endings.sorted { $0.key < $1.key }
        start = 0
        while start < endings.count {
            let chunk = endings[start..<min(endings.count, start + maxEntriesPerLine)]
            lines.append(try JSONLines.text(EndingsLine(endings: chunk.map { [$0.key, $0.value.events, $0.value.censored] })))
            start += maxEntriesPerLine
        }
        return try SummaryLines.bytes(lines)
    }

    /// A summary head's ranges of seeds (`[first, last]` pairs; of a run's games or a versus
    /// run's matches): at most `maxRanges`, each within the header's seeds (`first`…`last`,
    /// `within`), in order and apart; with how many seeds they hold. `fail` words a problem.
    static func seedRanges(_ pairs: [[UInt64]], first: UInt64, last: UInt64, within: ClosedRange<UInt64>,
                           fail: (String) -> SweepError) throws(SweepError) -> (ranges: [ClosedRange<UInt64>], count: UInt64) {
        guard pairs.count <= maxRanges else { throw fail("more than \(maxRanges) ranges of seeds") }
        var ranges: [ClosedRange<UInt64>] = []
        var count: UInt64 = 0
        var previous: UInt64?
        for pair in pairs {
            guard pair.count == 2, pair[0] <= pair[1], within.contains(pair[0]), within.contains(pair[1]) else {
                throw fail("seeds \(pair.map(String.init).joined(separator: "..")) are not a range within the header's \(first)…\(last)")
            }
            if let previous, pair[0] <= previous || pair[0] - previous < 2 { throw fail("the ranges of seeds are not in order, apart") }
            previous = pair[1]
            count += pair[1] - pair[0] + 1  // within the header's seeds: at most SweepLimits.maxGames
            ranges.append(pair[0]...pair[1])
        }
        return (ranges, count)
    }

    /// Reads a summary line by line (``Reader/take(_:number:)``), checking everything it
    /// claims against the limits a command line and a JSONL file have.
    package struct Reader: RunSummaryReader {
        package let source: String
        package var head: Head?
        package var tally = RunTally()
        package var seeds: [ClosedRange<UInt64>] = []
        private var checksum = SummaryLines.Checksum()
        /// Base figures seen on a line of their own (each must be there unless no game was played).
        private var totals: [String: Int] = [:]
        private var heldTotal = 0, endingsTotal = 0, endingsEvents = 0

        package init(source: String) {
            self.source = source
        }

        private func fail(_ number: Int, _ problem: String) -> SweepError {
            SweepError("\(source):\(number): a summary that hanjul sim cannot have written: \(problem)")
        }

        /// Takes the head line.
        package mutating func start(_ line: ArraySlice<UInt8>, number: Int) throws(SweepError) {
            let (head, ranges, games) = try SummaryLines.head(line, number: number, source: source, name: "summary",
                                                              version: SummaryFile.version, { (line: HeadLine) in line.hanjulSummary },
                                                              fail: { fail(number, $0) })
            seeds = ranges
            guard head.games >= 0, UInt64(head.games) == games else { throw fail(number, "\(head.games) games, but its seeds are \(games)") }
            let outcomes = [head.capped, head.toppedOut, head.finished, head.ruleErrors]
            guard outcomes.allSatisfy({ (0...head.games).contains($0) }), outcomes.reduce(0, +) == head.games else {
                throw fail(number, "the games capped, topped out, finished and ended by rule errors do not add up to \(head.games)")
            }
            guard (0...head.games).contains(head.heldGames) else { throw fail(number, "\(head.heldGames) games with hold of \(head.games)") }
            guard head.errors.count <= RunTally.maxErrors, head.errors.isEmpty || head.ruleErrors > 0 else {
                throw fail(number, "more rule errors listed than it had")
            }
            for error in head.errors {
                guard seeds.contains(where: { $0.contains(error.seed) }), error.text.utf8.count <= maxErrorBytes else {
                    throw fail(number, "a rule error of seed \(error.seed) outside its seeds, or over \(maxErrorBytes >> 10) KiB")
                }
                tally.note(RunTally.RuleError(seed: error.seed, text: error.text))
            }
            guard tally.errors.count == head.errors.count else { throw fail(number, "a rule error listed twice") }
            let warnedGames = head.warnedGames ?? 0
            let warnings = head.warnings ?? []
            guard (0...head.games).contains(warnedGames), warnings.count <= RunTally.maxErrors, warnings.isEmpty == (warnedGames == 0) else {
                throw fail(number, "\(warnedGames) games with warnings of \(head.games), listing \(warnings.count)")
            }
            for warning in warnings {
                guard seeds.contains(where: { $0.contains(warning.seed) }), warning.text.utf8.count <= maxErrorBytes else {
                    throw fail(number, "a warning of seed \(warning.seed) outside its seeds, or over \(maxErrorBytes >> 10) KiB")
                }
                tally.noteWarning(RunTally.RuleError(seed: warning.seed, text: warning.text))
            }
            guard tally.warnings.count == warnings.count else { throw fail(number, "a warning listed twice") }
            tally.warnedGames = warnedGames
            var lengths = 0
            for pair in head.clearLengths {
                guard pair.count == 2, (0...64).contains(pair[0]), (1...head.games).contains(pair[1]), tally.clearLengths[pair[0]] == nil else {
                    throw fail(number, "clear lengths that are not counts of games by 0 to 64 rows")
                }
                tally.clearLengths[pair[0]] = pair[1]
                lengths += pair[1]
            }
            guard lengths == head.games else { throw fail(number, "clear lengths of \(lengths) games, not \(head.games)") }
            tally.games = head.games
            tally.capped = head.capped
            tally.toppedOut = head.toppedOut
            tally.finished = head.finished
            tally.ruleErrors = head.ruleErrors
            tally.heldGames = head.heldGames
            tally.lowestSeed = seeds.first?.lowerBound
            tally.highestSeed = seeds.last?.upperBound
            self.head = head
            checksum.add(line)
        }

        package mutating func whole(after line: ArraySlice<UInt8>, number: Int) throws(SweepError)
            -> (header: RunHeader, seeds: [ClosedRange<UInt64>], count: RunTally)? {
            guard try take(line, number: number), let head else { return nil }
            return (head.header, seeds, tally)
        }

        /// Takes a line after the head; true when it was the checksum, and the summary is whole.
        package mutating func take(_ line: ArraySlice<UInt8>, number: Int) throws(SweepError) -> Bool {
            guard let head else { return false }
            let data = try? JSON.parse(Array(line), maxDepth: JSONValueDecoder.maxDepth, maxBytes: .max, options: .decoderCompatible)
            if let counts = data.flatMap({ JSONLines.decode(CountsLine.self, from: $0) }) {
                try add(counts, number: number, head: head)
            } else if let held = data.flatMap({ JSONLines.decode(HeldLine.self, from: $0) }) {
                guard held.held.count <= maxEntriesPerLine else { throw fail(number, "more than \(maxEntriesPerLine) counts on a line") }
                for entry in held.held {
                    guard entry.count == 3, entry.allSatisfy({ $0.isFinite && $0 >= 0 && $0 == $0.rounded() }),
                          entry[1] <= Double(head.header.cap), entry[0] <= entry[1] + 1, entry[2] >= 1, entry[2] <= Double(head.games),
                          heldTotal + Int(entry[2]) <= head.games else {
                        throw fail(number, "held counts that are not pieces held of pieces placed, by game")
                    }
                    heldTotal += Int(entry[2])
                    tally.held.add(part: entry[0], whole: entry[1], count: Int(entry[2]))
                }
            } else if let endings = data.flatMap({ JSONLines.decode(EndingsLine.self, from: $0) }) {
                guard endings.endings.count <= maxEntriesPerLine else { throw fail(number, "more than \(maxEntriesPerLine) counts on a line") }
                for entry in endings.endings {
                    guard entry.count == 3, (0...head.header.cap).contains(entry[0]), (0...head.games).contains(entry[1]),
                          (0...head.games).contains(entry[2]), entry[1] + entry[2] >= 1, endingsTotal + entry[1] + entry[2] <= head.games,
                          tally.endings[entry[0]] == nil else {
                        throw fail(number, "endings that are not games by the piece count they ended at")
                    }
                    endingsTotal += entry[1] + entry[2]
                    endingsEvents += entry[1]
                    tally.endings[entry[0]] = RunTally.Ending(events: entry[1], censored: entry[2])
                }
            } else if let line = data.flatMap({ JSONLines.decode(ChecksumLine.self, from: $0) }) {
                try checksum.check(line, source: source, number: number)
                try finish(number: number, head: head)
                return true
            } else {
                throw SweepError("\(source):\(number): not a line of a summary (truncated file?)")
            }
            checksum.add(line)
            return false
        }

        private mutating func add(_ line: CountsLine, number: Int, head: Head) throws(SweepError) {
            guard line.counts.count <= maxEntriesPerLine else { throw fail(number, "more than \(maxEntriesPerLine) counts on a line") }
            let key = line.figure
            let base = Figure.base.firstIndex { $0.key == key }
            var clear: Int?
            if key.hasPrefix("clears"), let size = Int(key.dropFirst("clears".count)), (1...64).contains(size), "clears\(size)" == key { clear = size }
            let tieBreak = Figure.tieBreakIndex(key)
            guard base != nil || clear != nil || tieBreak != nil || key == "result" || key == Figure.time.key else { throw fail(number, "no figure '\(key)'") }
            let cap = Double(head.header.cap)
            for entry in line.counts {
                guard entry.count == 2, entry[0].isFinite, entry[1] >= 1, entry[1] <= Double(head.games), entry[1] == entry[1].rounded() else {
                    throw fail(number, "counts of \(key) that are not [value, games]")
                }
                let value = entry[0], whole = value == value.rounded()
                let fits: Bool = switch key {
                case "pieces": whole && value >= 0 && value <= cap
                case "lines", "holes": whole && value >= 0
                case "score", "result": whole
                case "level": whole && value >= 0
                case "time": value >= 0
                case "toppedOut": value == 0 || value == 1
                case "maxHeight": whole && (0...64).contains(value)
                case "meanHeight": (0...64).contains(value)
                case "linesPerPiece": value >= 0
                case "scorePerPiece": true
                case _ where tieBreak != nil: whole
                default: whole && value >= 0  // clears
                }
                guard fits else { throw fail(number, "\(key) \(value) is not a value hanjul sim records") }
                let n = Int(entry[1])
                let total = (totals[key] ?? 0) + n
                guard total <= head.games else { throw fail(number, "\(key) counts more than \(head.games) games") }
                totals[key] = total
                if let base {
                    tally.base[base].add(value, count: n)
                } else if let clear {
                    if tally.clears.count < clear { tally.clears += Array(repeating: ValueCounts(), count: clear - tally.clears.count) }
                    tally.clears[clear - 1].add(value, count: n)
                } else if let tieBreak {
                    if tally.tieBreaks.count <= tieBreak {
                        tally.tieBreaks += Array(repeating: ValueCounts(), count: tieBreak + 1 - tally.tieBreaks.count)
                    }
                    tally.tieBreaks[tieBreak].add(value, count: n)
                } else if key == Figure.time.key {
                    tally.time.add(value, count: n)
                } else {
                    tally.result.add(value, count: n)
                }
            }
        }

        /// The checks of the whole: every game counted once in every figure.
        private func finish(number: Int, head: Head) throws(SweepError) {
            for figure in Figure.base where (totals[figure.key] ?? 0) != head.games {
                throw fail(number, "\(figure.key) counts \(totals[figure.key] ?? 0) games, not \(head.games)")
            }
            if let index = Figure.base.firstIndex(where: { $0.key == "toppedOut" }), tally.base[index].counts[1] ?? 0 != head.toppedOut {
                throw fail(number, "topped out counts other games than the outcomes")
            }
            for size in 1...max(1, tally.clears.count) where size <= tally.clears.count {
                let expected = tally.clearLengths.filter { $0.key >= size }.reduce(0) { $0 + $1.value }
                guard tally.clears[size - 1].total == expected else {
                    throw fail(number, "clears\(size) counts \(tally.clears[size - 1].total) games, not the \(expected) whose clears go that far")
                }
            }
            if tally.clearLengths.keys.contains(where: { $0 > tally.clears.count }) { throw fail(number, "clears missing for some games") }
            guard heldTotal == head.games else { throw fail(number, "held counts \(heldTotal) games, not \(head.games)") }
            guard endingsTotal == head.games, endingsEvents == head.toppedOut else {
                throw fail(number, "the endings count \(endingsTotal) games (\(endingsEvents) topped out), not \(head.games) (\(head.toppedOut))")
            }
            guard tally.result.total <= head.games else { throw fail(number, "more results than games") }
        }
    }
}
