import CZlib
import HanJulSystem
import HanJulCodec
import HanJulSim

/// The JSONL files of `hanjul sim --jsonl`: a header line, then one game per line in seed
/// order (docs/SIM.md). Read line by line from a file or standard input (`-`), plain or
/// gzip-compressed (zlib tells them apart); written by ``SweepWriter``.
package enum SweepFile {
    /// One header and the seeds of the games after it (the games themselves go to the
    /// reader's callback as they are read), or one summary (``SummaryFile``).
    package struct Part {
        package var header: RunHeader
        /// Where it came from, as the user named it (sanitized; `standard input` for `-`).
        package var source: String
        /// The seeds it holds.
        package var held = SeedRanges()
        /// Seeds it holds more than once.
        package var repeated = SeedRanges()
        package var isSummary = false
    }

    /// The first line of a file: `{"header":{…}}`.
    package struct HeaderLine: Codable {
        package var header: RunHeader?
        package init(header: RunHeader?) { self.header = header }
    }

    package static let headerPrefix = Array("{\"header\":".utf8)

    /// Whether `path` names standard input (`-`) rather than a file.
    package static func isStream(_ path: String) -> Bool { path == "-" }

    /// The most blank lines a file may hold (hanjul sim writes none).
    package static let maxBlankLines = 1000

    /// Reads every run and summary in `path` (a path, or `-` for standard input), gzip or
    /// plain, appending each to `parts` and handing over its contents as they are read: each
    /// game of a run, in seed order, to `record` (a seed repeated at once is noted in the
    /// part's `repeated`, not handed over; one going back is an error); each summary whole to
    /// `summary` (with every part so far). `partDone` follows each part. Nothing is kept but the parts' seed ranges.
    package static func read(_ path: String, into parts: inout [Part],
                     record: (GameRecord) throws(SweepError) -> Void,
                     summary: (Part, RunTally, [Part]) throws(SweepError) -> Void,
                     partDone: (Part) -> Void) throws(SweepError) {
        let source = SweepFile.isStream(path) ? "standard input" : SweepError.shown(path)
        let firstPart = parts.count
        var number = 0, blank = 0
        var reader: SummaryFile.Reader?
        var open = false  // whether parts.last is still being read
        var last: UInt64?
        try LineReader.lines(of: path, shown: source) { (line: ArraySlice<UInt8>, complete: Bool) throws(SweepError) in
            number += 1
            if reader != nil {
                if try reader!.take(line, number: number) {
                    let finished = reader!
                    reader = nil
                    var part = Part(header: finished.head!.header, source: source, isSummary: true)
                    part.held = SeedRanges(finished.seeds)
                    parts.append(part)
                    try summary(part, finished.tally, parts)
                    partDone(part)
                }
                return
            }
            if line.allSatisfy({ $0 == 32 || $0 == 13 }) {
                // hanjul sim writes none; a few are forgiven, a flood is not read for minutes (H-6).
                blank += 1
                if blank > maxBlankLines {
                    throw SweepError("\(source):\(number): more than \(maxBlankLines) blank lines; hanjul sim --jsonl writes none, so this is not its output")
                }
                return
            }
            if line.starts(with: SummaryFile.headPrefix) {
                if open { partDone(parts[parts.count - 1]) }
                open = false
                var started = SummaryFile.Reader(source: source)
                try started.start(line, number: number)
                reader = started
                return
            }
            let bytes = line
            if line.starts(with: headerPrefix) {
                guard let header = JSONLines.decode(HeaderLine.self, from: bytes)?.header else {
                    throw SweepError("\(source):\(number): a damaged header line\(complete ? "" : " (cut short: was the run stopped?)")")
                }
                guard header.format <= RunHeader.currentFormat else {
                    throw SweepError("\(source):\(number): format \(header.format) is newer than this hanjul reads (\(RunHeader.currentFormat))")
                }
                if let problem = header.problem { throw SweepError("\(source):\(number): a header that hanjul sim cannot have written: \(problem)") }
                if open { partDone(parts[parts.count - 1]) }
                parts.append(Part(header: header, source: source))
                open = true
                last = nil
                return
            }
            guard open else { throw SweepError("\(source):\(number): a game line before any header line; is this hanjul sim --jsonl output?") }
            let game: GameRecord
            do {
                game = try JSONValueDecoder().decode(GameRecord.self, from: bytes)
            } catch {
                let hint = complete ? "truncated file?" : "the last line is cut short: was the run stopped? finish it with hanjul sim --resume \(source == "standard input" ? "FILE" : source)"
                throw SweepError("\(source):\(number): not a game record (\(hint))")
            }
            if let problem = game.problem(under: parts[parts.count - 1].header) {
                throw SweepError("\(source):\(number): a game line that hanjul sim cannot have written: \(problem)")
            }
            if let last, game.seed <= last {
                // hanjul sim writes games in seed order, which lets stats check seeds by ranges.
                guard game.seed == last else {
                    throw SweepError("\(source):\(number): seed \(game.seed) after seed \(last); hanjul sim writes the games of a run in seed order, so this is not its output")
                }
                parts[parts.count - 1].repeated.append(game.seed)
                return
            }
            last = game.seed
            parts[parts.count - 1].held.append(game.seed)
            try record(game)
        }
        if reader != nil { throw SweepError("\(source):\(number): a summary without its checksum line (cut short?)") }
        if open { partDone(parts[parts.count - 1]) }
        guard parts.count > firstPart else { throw SweepError("\(source): no header line; is this hanjul sim --jsonl output?") }
    }

    /// What a stopped run left in its file: the header and the games written whole.
    package struct Prefix {
        /// The header, when its line was written whole.
        package var header: RunHeader?
        /// The games written whole, counted (not kept: a long run's file may hold millions).
        package var tally: RunTally
        package var count: Int
        /// Bytes up to the end of the last whole line (the header's or a game's).
        package var validLength: Int
        /// Bytes after that: a line cut short by the stop (or zeros a crash left), dropped on resume.
        package var tornLength: Int
    }

    /// Reads what a stopped `hanjul sim --jsonl` left in `bytes` (the whole file `path`).
    /// Only the last line may be cut short; anything else that is not a header then games
    /// of consecutive seeds from the header's first is an error, and the file is left alone.
    package static func prefix(of bytes: [UInt8], path: String) throws(SweepError) -> Prefix {
        var prefix = Prefix(header: nil, tally: RunTally(), count: 0, validLength: 0, tornLength: 0)
        let (valid, torn) = try ResumableLines.walk(bytes, path: path, format: "hanjul sim --jsonl", headerPrefix: headerPrefix) {
            (number, line) throws(SweepError) -> Bool in
            if let header = prefix.header {
                guard let record = JSONLines.decode(GameRecord.self, from: line), record.problem(under: header) == nil else {
                    throw SweepError("\(SweepError.shown(path)):\(number): not a game record; only a last line cut short can be repaired, so the file is left as it is")
                }
                let (expected, overflow) = header.firstSeed.addingReportingOverflow(UInt64(prefix.count))
                guard !overflow, record.seed == expected, expected <= header.lastSeed else {
                    throw SweepError("\(SweepError.shown(path)):\(number): seed \(record.seed) where \(expected) was expected; this is not a run hanjul sim wrote in one go, so it cannot be resumed")
                }
                prefix.tally.add(record)
                prefix.count += 1
            } else {
                guard line.starts(with: headerPrefix), let header = JSONLines.decode(HeaderLine.self, from: line)?.header else {
                    throw SweepError("\(SweepError.shown(path)):\(number): not a hanjul sim --jsonl header; is this the right file?")
                }
                if let problem = header.problem {
                    throw SweepError("\(SweepError.shown(path)):\(number): a header that hanjul sim cannot have written: \(problem); the file is left as it is")
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

/// Reads a file or standard input line by line, through zlib (which passes plain files
/// through unchanged and inflates gzip, concatenated members too).
package enum LineReader {
    /// The longest line read (a game record is a few hundred bytes; a header, a few KiB).
    package static let maxLineBytes = 4 << 20
    /// How many times its size gzip data may inflate to: JSONL of games compresses about
    /// ten times; a bomb (gigabytes of one repeated line) hundreds of times (H-6).
    package static let maxInflation = 200
    /// Output below this is never called a bomb (small files inflate oddly; sim output
    /// inflates about 10 times, so 8 MiB at 200 times is far from it, and refused in seconds).
    package static let inflationFloor = 8 << 20

    /// Calls `body` with each line (without its `\n`) and whether it ended with one.
    package static func lines(of path: String, shown source: String, _ body: (ArraySlice<UInt8>, Bool) throws(SweepError) -> Void) throws(SweepError) {
        let opened: FileDescriptor?
        if SweepFile.isStream(path) {
            opened = try? FileDescriptor.standardInput.duplicate()
        } else {
            do throws(Errno) { opened = try FileDescriptor.open(path, [.closeOnExec]) } catch {
                throw SweepError("cannot read '\(source)': \(error == .noSuchFileOrDirectory ? "no such file" : error.text)")
            }
            if let fd = opened, (try? fd.status())?.kind == .directory {
                try? fd.close()
                throw SweepError("cannot read '\(source)': it is a folder; give the JSONL files in it")
            }
        }
        guard let fd = opened, let file = gzdopen(fd.rawValue, "rb") else {
            try? opened?.close()
            throw SweepError("cannot read '\(source)': out of memory")
        }
        defer { gzclose(file) }
        gzbuffer(file, 1 << 17)
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var inflated = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { gzread(file, $0.baseAddress, UInt32($0.count)) }
            if n < 0 {
                var code: Int32 = 0
                let message = gzerror(file, &code).map { String(cString: $0) } ?? "read error"
                let reason = code == Z_ERRNO ? Errno.current.text : code == Z_BUF_ERROR ? message + " (a gzip file cut short?)" : message
                throw SweepError("cannot read '\(source)': \(reason)")
            }
            if n == 0 { break }
            inflated += Int(n)
            // gzoffset is where zlib is in the compressed input (-1 for a pipe, which only
            // the line and blank-line limits bound).
            if inflated > inflationFloor, gzdirect(file) == 0 {
                let compressed = Int(gzoffset(file))
                if compressed > 0 && inflated / compressed > maxInflation {
                    throw SweepError("cannot read '\(source)': its gzip data inflates more than \(maxInflation) times (\(compressed) bytes to over \(inflated >> 20) MiB so far); hanjul sim output compresses about 10 times, so this is not its output")
                }
            }
            pending += chunk[0..<Int(n)]
            var start = pending.startIndex
            while let end = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                try body(pending[start..<end], true)
                start = end + 1
            }
            pending.removeSubrange(..<start)
            // No line of hanjul sim output is near this long: a file without line breaks
            // (or a gzip bomb of one) must not fill the memory.
            if pending.count > maxLineBytes {
                throw SweepError("cannot read '\(source)': a line longer than \(maxLineBytes >> 20) MiB; is this hanjul sim --jsonl output?")
            }
        }
        // A gzip stream cut short reads as far as it goes, then says so.
        var code: Int32 = 0
        let message = gzerror(file, &code).map { String(cString: $0) } ?? ""
        if code != Z_OK && code != Z_STREAM_END {
            throw SweepError("cannot read '\(source)': \(message.isEmpty ? "damaged gzip data" : message) (a gzip file cut short?)")
        }
        if !pending.isEmpty { try body(pending[...], false) }
    }
}
