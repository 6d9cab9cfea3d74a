import HanJulCodec
import HanJulSim

/// A run file's header (`RunHeader`, `VersusHeader`): what its readers check of it.
package protocol RunFileHeader: Sendable {
    static var currentFormat: Int { get }
    var format: Int { get }
    /// Why this header cannot be one hanjul sim wrote, or nil.
    var fileProblem: String? { get }
    var firstSeed: UInt64 { get }
    var lastSeed: UInt64 { get }
    var seeds: ClosedRange<UInt64> { get }
}

extension RunHeader: RunFileHeader {
    package var fileProblem: String? { problem }
}

extension VersusHeader: RunFileHeader {}

/// A line of a run after its header: a game (`GameRecord`) or a match (`MatchRecord`).
package protocol RunFileRecord: Decodable {
    associatedtype Header: RunFileHeader
    var seed: UInt64 { get }
    /// Why this line cannot be one hanjul sim wrote under `header`, or nil.
    func problem(under header: Header) -> String?
}

extension GameRecord: RunFileRecord {}
extension MatchRecord: RunFileRecord {}

/// Reads a summary line by line (``SummaryFile/Reader``, ``VersusSummaryFile/Reader``).
package protocol RunSummaryReader {
    associatedtype Header: RunFileHeader
    /// What the summary counts (`RunTally`, `VersusCount`).
    associatedtype Count
    init(source: String)
    /// Takes the head line.
    mutating func start(_ line: ArraySlice<UInt8>, number: Int) throws(SweepError)
    /// Takes a line after the head: the summary read whole when it was the last.
    mutating func whole(after line: ArraySlice<UInt8>, number: Int) throws(SweepError)
        -> (header: Header, seeds: [ClosedRange<UInt64>], count: Count)?
}

/// One run read from a file (its header and the seeds of its records; the records go to the
/// reader's callback as they are read), or one summary.
package struct RunPart<Header: RunFileHeader> {
    package var header: Header
    /// Where it came from, as the user named it (sanitized; `standard input` for `-`).
    package var source: String
    /// The seeds it holds.
    package var held = SeedRanges()
    /// Seeds it holds more than once.
    package var repeated = SeedRanges()
    package var isSummary = false

    package init(header: Header, source: String, isSummary: Bool = false) {
        self.header = header
        self.source = source
        self.isSummary = isSummary
    }
}

/// How a kind of run file words its lines in the reader's errors.
package struct RunFileWords: Sendable {
    /// "header", "versus header".
    var header: String
    /// "game", "match", and their plural.
    var record: String
    var records: String
    /// The command that writes such lines.
    var writer: String
    /// "summary", "versus summary".
    var summary: String
    /// The command whose output the file should be.
    var output: String
}

/// A kind of run file (``SweepFile``, ``VersusFile``): a header line, then one record per
/// line in seed order, and summaries among the runs; ``read(_:into:record:summary:partDone:)``
/// reads it, the same way for every kind.
package protocol RunFileFormat {
    associatedtype Record: RunFileRecord
    associatedtype Summary: RunSummaryReader where Summary.Header == Record.Header
    /// How a header line starts.
    static var headerPrefix: [UInt8] { get }
    /// How a summary's head line starts.
    static var summaryPrefix: [UInt8] { get }
    static var words: RunFileWords { get }
    /// The header of a header line, or nil when it is damaged.
    static func header(of line: ArraySlice<UInt8>) -> Record.Header?
    /// Why `line`, a line of another kind of run, cannot be read here; nil when it is not one.
    static func foreign(_ line: ArraySlice<UInt8>) -> String?
}

extension RunFileFormat {
    package typealias Part = RunPart<Record.Header>

    /// Reads every run and summary in `path` (a path, or `-` for standard input), gzip or
    /// plain, appending each to `parts` and handing over its contents as they are read: each
    /// record of a run, in seed order, to `record` (a seed repeated at once is noted in the
    /// part's `repeated`, not handed over; one going back is an error); each summary whole to
    /// `summary` (with every part so far). `partDone` follows each part. Nothing is kept but
    /// the parts' seed ranges.
    package static func read(_ path: String, into parts: inout [Part],
                             record: (Record) throws(SweepError) -> Void,
                             summary: (Part, Summary.Count, [Part]) throws(SweepError) -> Void,
                             partDone: (Part) -> Void) throws(SweepError) {
        let words = Self.words
        let source = SweepFile.isStream(path) ? "standard input" : SweepError.shown(path)
        let firstPart = parts.count
        var number = 0, blank = 0
        var reader: Summary?
        var open = false  // whether parts.last is still being read
        var last: UInt64?
        try LineReader.lines(of: path, shown: source) { (line: ArraySlice<UInt8>, complete: Bool) throws(SweepError) in
            number += 1
            if reader != nil {
                if let finished = try reader!.whole(after: line, number: number) {
                    reader = nil
                    var part = Part(header: finished.header, source: source, isSummary: true)
                    part.held = SeedRanges(finished.seeds)
                    parts.append(part)
                    try summary(part, finished.count, parts)
                    partDone(part)
                }
                return
            }
            if line.allSatisfy({ $0 == 32 || $0 == 13 }) {
                // hanjul sim writes none; a few are forgiven, a flood is not read for minutes (H-6).
                blank += 1
                if blank > SweepFile.maxBlankLines {
                    throw SweepError("\(source):\(number): more than \(SweepFile.maxBlankLines) blank lines; hanjul sim --jsonl writes none, so this is not its output")
                }
                return
            }
            if line.starts(with: summaryPrefix) {
                if open { partDone(parts[parts.count - 1]) }
                open = false
                var started = Summary(source: source)
                try started.start(line, number: number)
                reader = started
                return
            }
            if line.starts(with: headerPrefix) {
                guard let header = Self.header(of: line) else {
                    throw SweepError("\(source):\(number): a damaged \(words.header) line\(complete ? "" : " (cut short: was the run stopped?)")")
                }
                let current = Record.Header.currentFormat
                guard header.format <= current else {
                    throw SweepError("\(source):\(number): format \(header.format) is newer than this hanjul reads (\(current))")
                }
                if let problem = header.fileProblem { throw SweepError("\(source):\(number): a header that \(words.writer) cannot have written: \(problem)") }
                if open { partDone(parts[parts.count - 1]) }
                parts.append(Part(header: header, source: source))
                open = true
                last = nil
                return
            }
            if let problem = foreign(line) { throw SweepError("\(source):\(number): \(problem)") }
            guard open else {
                throw SweepError("\(source):\(number): a \(words.record) line before any \(words.header) line; is this \(words.output) output?")
            }
            let read: Record
            do {
                read = try JSONValueDecoder().decode(Record.self, from: line)
            } catch {
                let hint = complete ? "truncated file?" : "the last line is cut short: was the run stopped? finish it with hanjul sim --resume \(source == "standard input" ? "FILE" : source)"
                throw SweepError("\(source):\(number): not a \(words.record) record (\(hint))")
            }
            if let problem = read.problem(under: parts[parts.count - 1].header) {
                throw SweepError("\(source):\(number): a \(words.record) line that \(words.writer) cannot have written: \(problem)")
            }
            if let last, read.seed <= last {
                // hanjul sim writes records in seed order, which lets stats check seeds by ranges.
                guard read.seed == last else {
                    throw SweepError("\(source):\(number): seed \(read.seed) after seed \(last); hanjul sim writes the \(words.records) of a run in seed order, so this is not its output")
                }
                parts[parts.count - 1].repeated.append(read.seed)
                return
            }
            last = read.seed
            parts[parts.count - 1].held.append(read.seed)
            try record(read)
        }
        if reader != nil { throw SweepError("\(source):\(number): a \(words.summary) without its checksum line (cut short?)") }
        if open { partDone(parts[parts.count - 1]) }
        guard parts.count > firstPart else { throw SweepError("\(source): no \(words.header) line; is this \(words.output) output?") }
    }
}
