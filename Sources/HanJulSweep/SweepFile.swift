import CZlib
import HanJulSystem
import HanJulCodec
import HanJulSim

/// The JSONL files of `hanjul sim --jsonl`: a header line, then one game per line in seed
/// order (docs/SIM.md). Read line by line from a file or standard input (`-`), plain or
/// gzip-compressed (zlib tells them apart), by ``RunFileFormat/read(_:into:record:summary:partDone:)``;
/// written by ``SweepWriter``.
package enum SweepFile: RunFileFormat {
    package typealias Record = GameRecord
    package typealias Summary = SummaryFile.Reader

    package static let words = RunFileWords(header: "header", record: "game", records: "games", writer: "hanjul sim",
                                            summary: "summary", output: "hanjul sim --jsonl")
    package static var summaryPrefix: [UInt8] { SummaryFile.headPrefix }

    package static func header(of line: ArraySlice<UInt8>) -> RunHeader? {
        JSONLines.decode(HeaderLine.self, from: line)?.header
    }

    /// Nothing else is refused by name (a versus line is not a game record).
    package static func foreign(_ line: ArraySlice<UInt8>) -> String? { nil }

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
