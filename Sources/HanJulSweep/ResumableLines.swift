/// The walk `--resume` makes over what a stopped `--jsonl` run left (plain and versus):
/// whole lines, each at most `LineReader.maxLineBytes`, then at most one last line cut short
/// (the start of a header or a record, or the zeros a crashed machine can leave).
enum ResumableLines {
    /// Hands each whole line to `line` with its number (from 1); `line` answers whether a
    /// header has been read by then. Returns where the whole lines end and the length of the
    /// torn last line. `format` names the file's kind in errors ("hanjul sim --jsonl").
    static func walk(_ bytes: [UInt8], path: String, format: String, headerPrefix: [UInt8],
                     _ line: (Int, ArraySlice<UInt8>) throws(SweepError) -> Bool) throws(SweepError) -> (valid: Int, torn: Int) {
        var start = 0, number = 0, hasHeader = false
        func tooLong(_ number: Int) -> SweepError {
            // The limit stats reads under, so resume accepts nothing stats refuses (H-4).
            SweepError("\(SweepError.shown(path)):\(number): a line longer than \(LineReader.maxLineBytes >> 20) MiB; this is not \(format) output, so the file is left as it is")
        }
        while start < bytes.count {
            guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else { break }
            number += 1
            guard end - start <= LineReader.maxLineBytes else { throw tooLong(number) }
            hasHeader = try line(number, bytes[start..<end])
            start = end + 1
        }
        let tail = bytes[start...]
        guard tail.count <= LineReader.maxLineBytes else { throw tooLong(number + 1) }
        if !tail.isEmpty {
            let looksTorn = hasHeader
                ? tail.first == UInt8(ascii: "{") || tail.allSatisfy({ $0 == 0 })
                : tail.allSatisfy({ $0 == 0 }) || headerPrefix.starts(with: tail.prefix(headerPrefix.count))
            guard looksTorn else {
                throw SweepError("\(SweepError.shown(path)):\(number + 1): not a \(format) line; is this the right file?")
            }
        }
        return (start, tail.count)
    }
}
