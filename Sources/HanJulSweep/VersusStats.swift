import CZlib
import HanJulSystem
import HanJulCodec
import HanJulSim
import HanJulText

/// A versus run's figures as `hanjul stats` merges them: sums (``VersusTally``), the seeds'
/// ends, and the first error by seed, so files merged in any order give one run's report.
package struct VersusCount: Equatable, Sendable {
    package var tally = VersusTally()
    package var lowestSeed: UInt64?
    package var highestSeed: UInt64?
    package var firstErrorSeed: UInt64?

    package init() {}

    /// The most any count of one match line may be: sums of ``SweepLimits/maxGames`` such
    /// lines stay far from `Int.max`.
    package static let maxCount = 1 << 40

    /// Counts `record` in; a sum that would overflow is refused (a crafted file).
    package mutating func add(_ record: MatchRecord) throws(SweepError) {
        var other = VersusCount()
        other.tally.add(record)
        other.lowestSeed = record.seed
        other.highestSeed = record.seed
        if record.result == .error { other.firstErrorSeed = record.seed }
        try merge(other)
    }

    /// Adds `other`'s counts (matches of other seeds).
    package mutating func merge(_ other: VersusCount) throws(SweepError) {
        func sum(_ x: Int, _ y: Int) throws(SweepError) -> Int {
            let (total, overflow) = x.addingReportingOverflow(y)
            guard !overflow else { throw SweepError("counts too large to add up; hanjul sim cannot have written them") }
            return total
        }
        var t = tally
        let o = other.tally
        t.matches = try sum(t.matches, o.matches)
        t.winsA = try sum(t.winsA, o.winsA)
        t.winsB = try sum(t.winsB, o.winsB)
        t.draws = try sum(t.draws, o.draws)
        t.errors = try sum(t.errors, o.errors)
        for i in 0..<2 {
            t.pieces[i] = try sum(t.pieces[i], o.pieces[i])
            t.attack[i] = try sum(t.attack[i], o.attack[i])
            t.cancelled[i] = try sum(t.cancelled[i], o.cancelled[i])
            t.received[i] = try sum(t.received[i], o.received[i])
            t.tPieces[i] = try sum(t.tPieces[i], o.tPieces[i])
            t.spins[i] = try sum(t.spins[i], o.spins[i])
            t.spinSingles[i] = try sum(t.spinSingles[i], o.spinSingles[i])
            t.perfectClears[i] = try sum(t.perfectClears[i], o.perfectClears[i])
        }
        t.length = try sum(t.length, o.length)
        // The report names the error of the lowest seed, as a run in seed order does.
        if let seed = other.firstErrorSeed, firstErrorSeed.map({ seed < $0 }) ?? true {
            firstErrorSeed = seed
            t.firstError = o.firstError
        }
        tally = t
        lowestSeed = [lowestSeed, other.lowestSeed].compactMap { $0 }.min()
        highestSeed = [highestSeed, other.highestSeed].compactMap { $0 }.max()
    }
}

extension VersusHeader {
    /// Why this header cannot be one `hanjul sim --versus` wrote, or nil.
    package var fileProblem: String? {
        if format < 1 { return "format \(format) is not a format" }
        if !(1...GameRecord.maxPieces).contains(cap) { return "cap \(cap) is not from 1 to \(GameRecord.maxPieces)" }
        for (label, side) in [("A", a), ("B", b)] {
            if !(side.bot.noise.isFinite && (0...1).contains(side.bot.noise)) { return "side \(label)'s noise \(side.bot.noise) is not a probability from 0 to 1" }
            if !(side.pps.isFinite && SimulationConfig.paceRange.contains(side.pps)) {
                return "side \(label)'s pps \(side.pps) is not from \(Format.number(SimulationConfig.paceRange.lowerBound)) to \(Format.number(SimulationConfig.paceRange.upperBound))"
            }
            if side.name.utf8.count > 256 { return "side \(label)'s name is over 256 bytes" }
        }
        if let problem = SweepLimits.problem(first: firstSeed, last: lastSeed) { return problem }
        if let shard {
            if let problem = shard.problem { return problem }
            if shard.seeds != seeds {
                return "shard \(shard.description) of seeds \(shard.firstSeed)…\(shard.lastSeed) holds other seeds than \(firstSeed)…\(lastSeed)"
            }
        }
        return nil
    }

    /// How `other` was played differently, naming the field (`"bot B 'attack', not 'eltetris'"`),
    /// or nil when its matches can be merged with these (seeds and shard aside).
    package func difference(from other: VersusHeader) -> String? {
        if hanjul != other.hanjul { return "played by hanjul \(other.hanjul), not \(hanjul)" }
        if engine != other.engine { return "played by engine \(other.engine), not \(engine)" }
        if rules != other.rules || mods != other.mods {
            let mine = ([rules] + (mods ?? [])).joined(separator: " "), theirs = ([other.rules] + (other.mods ?? [])).joined(separator: " ")
            return "played under '\(theirs)', not '\(mine)'"
        }
        for (label, mine, theirs) in [("A", a, other.a), ("B", b, other.b)] where mine != theirs {
            if mine.name != theirs.name { return "bot \(label) '\(theirs.name)', not '\(mine.name)'" }
            if mine.pps != theirs.pps { return "bot \(label) at \(Format.number(theirs.pps, digits: 3)) pieces/s, not \(Format.number(mine.pps, digits: 3))" }
            return "bot \(label) played as \(Self.describe(theirs)), not \(Self.describe(mine))"
        }
        if cap != other.cap { return "capped at \(other.cap) pieces a side, not \(cap)" }
        return nil
    }

    static func describe(_ side: Side) -> String {
        let bot = side.bot
        var text = bot.kind.rawValue + (bot.plain ? " (plain)" : "") + " with noise \(Format.number(bot.noise, digits: 3)), \(bot.search.rawValue) search"
        if bot.lookahead > 0 { text += ", lookahead \(bot.lookahead)" }
        return text
    }
}

extension MatchRecord {
    /// Why this match line cannot be one `hanjul sim --versus` wrote under `header`, or nil.
    package func problem(under header: VersusHeader) -> String? {
        if !header.seeds.contains(seed) { return "seed \(seed) is outside the header's \(header.firstSeed)…\(header.lastSeed)" }
        for i in 0..<2 {
            let side = i == 0 ? "A" : "B"
            if pieces[i] > header.cap { return "side \(side)'s pieces \(pieces[i]) are over the cap \(header.cap)" }
            if [attack[i], received[i]].contains(where: { $0 > VersusCount.maxCount }) { return "side \(side)'s counts are over \(VersusCount.maxCount)" }
            if cancelled[i] > attack[i] { return "side \(side) cancelled more than it sent" }
            if tPieces[i] > pieces[i] || spins[i] > tPieces[i] { return "side \(side)'s T pieces or spins are more than its pieces" }
        }
        if (result == .error) != (error != nil) { return "an error without the result 'error', or the other way round" }
        return nil
    }
}

extension VersusFile: RunFileFormat {
    // Versus runs are read by ``RunFileFormat/read(_:into:record:summary:partDone:)``, as
    // runs of games are: each match to `record` in seed order, each summary whole.
    package typealias Record = MatchRecord
    package typealias Summary = VersusSummaryFile.Reader

    package static let words = RunFileWords(header: "versus header", record: "match", records: "matches",
                                            writer: "hanjul sim --versus", summary: "versus summary",
                                            output: "hanjul sim --versus --jsonl")
    package static var summaryPrefix: [UInt8] { VersusSummaryFile.headPrefix }

    package static func header(of line: ArraySlice<UInt8>) -> VersusHeader? {
        JSONLines.decode(HeaderLine.self, from: line)?.versus
    }

    package static func foreign(_ line: ArraySlice<UInt8>) -> String? {
        guard line.starts(with: SweepFile.headerPrefix) || line.starts(with: SummaryFile.headPrefix) else { return nil }
        return "a run of single games (hanjul sim without --versus); merge versus runs with versus runs only"
    }

    /// Whether `path`'s first line that is not blank starts a versus run or summary; nil when
    /// it cannot be told (standard input, which cannot be read twice, or an unreadable file:
    /// the reader says why). Reads only the start of the file.
    package static func startsVersus(_ path: String) -> Bool? {
        guard !SweepFile.isStream(path) else { return nil }
        guard let fd = try? FileDescriptor.open(path, [.closeOnExec]) else { return nil }
        guard (try? fd.status())?.kind == .regular else {
            try? fd.close()
            return nil
        }
        return startsVersus(reading: fd)
    }

    /// Reads the start of `fd` (through zlib) and closes it.
    private static func startsVersus(reading fd: FileDescriptor) -> Bool? {
        guard let file = gzdopen(fd.rawValue, "rb") else {
            try? fd.close()
            return nil
        }
        defer { gzclose(file) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let n = bytes.withUnsafeMutableBytes { gzread(file, $0.baseAddress, UInt32($0.count)) }
        guard n > 0 else { return nil }
        return isVersusStart(bytes[0..<Int(n)])
    }

    /// Whether text (its first bytes) starts, after blank lines, with a versus header or summary.
    static func isVersusStart(_ bytes: ArraySlice<UInt8>) -> Bool {
        let text = bytes.drop { $0 == 32 || $0 == 13 || $0 == 10 }
        return headerPrefix.starts(with: text.prefix(headerPrefix.count)) && text.count >= headerPrefix.count
            || VersusSummaryFile.headPrefix.starts(with: text.prefix(VersusSummaryFile.headPrefix.count)) && text.count >= VersusSummaryFile.headPrefix.count
    }

    /// Whether standard input starts a versus run or summary, looked at without losing a
    /// byte: a file is read and wound back; a pipe's start is read and a pipe of our own,
    /// fed that start and then the rest by a thread, takes standard input's place.
    package static func standardInputStartsVersus() -> Bool {
        let input = FileDescriptor.standardInput
        guard let info = try? input.status() else { return false }
        if info.kind == .regular {
            guard let position = try? input.offset(), let fd = try? input.duplicate() else { return false }
            defer { try? input.seek(to: position) }
            return startsVersus(reading: fd) ?? false
        }
        guard let original = try? input.duplicate() else { return false }
        var head: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var answer = false
        while head.count < 1 << 16 {
            guard let n = try? original.read(into: &chunk), n > 0 else { break }
            head += chunk[0..<n]
            let text = head.starts(with: [0x1F, 0x8B]) ? inflatedStart(head) : head
            let start = text.drop { $0 == 32 || $0 == 13 || $0 == 10 }
            // Enough to tell once the longer prefix fits, or the text is no prefix at all.
            if start.count >= VersusSummaryFile.headPrefix.count || !(headerPrefix.starts(with: start.prefix(headerPrefix.count))
                || VersusSummaryFile.headPrefix.starts(with: start.prefix(VersusSummaryFile.headPrefix.count))) {
                answer = isVersusStart(text[...])
                break
            }
        }
        guard let ends = try? FileDescriptor.pipe() else {
            try? original.close()
            return answer
        }
        try? ends.read.duplicate(as: input)
        try? ends.read.close()
        let (start, writeEnd) = (head, ends.write)
        _ = Platform.startThreads(1) { _ in
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            if (try? writeEnd.writeAll(start)) != nil {
                while let n = try? original.read(into: &buffer), n > 0, (try? writeEnd.writeAll(buffer[0..<n])) != nil {}
            }
            try? original.close()
            try? writeEnd.close()
        }
        return answer
    }

    /// The first bytes gzip data `bytes` inflates to (as many as it gives).
    static func inflatedStart(_ bytes: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, 15 + 32, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return [] }
        defer { inflateEnd(&stream) }
        var input = bytes
        var output = [UInt8](repeating: 0, count: 4096)
        let produced = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = UInt32(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = UInt32(outBuffer.count)
                _ = inflate(&stream, Z_SYNC_FLUSH)
                return outBuffer.count - Int(stream.avail_out)
            }
        }
        return Array(output[0..<produced])
    }
}
