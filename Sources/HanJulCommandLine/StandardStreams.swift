import HanJulSystem
import HanJulTerminal
import HanJulText

/// `-` as a file name: standard input where a file is read, standard output where one is
/// written (for every command, by the kinds ``ValueKind/input`` and ``ValueKind/output``).
public enum StandardStreams {
    /// The first of standard input and standard output that is not a terminal ("standard
    /// input"), or nil when both are: the one check of the commands a player plays in a
    /// terminal (`play`, `replay`, `versus`), so each says the same.
    public static var notATerminal: String? {
        [(FileDescriptor.standardInput, "standard input"), (.standardOutput, "standard output")]
            .first { !$0.0.isTerminal }?.1
    }

    /// Whether `path` names a standard stream.
    public static func isStream(_ path: String) -> Bool { path == "-" }

    /// All of standard input, up to `maxBytes` (more is a usage error naming `what`).
    public static func readInput(maxBytes: Int, what: String) throws(UsageError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n: Int
            do throws(Errno) {
                n = try FileDescriptor.standardInput.read(into: &chunk)
            } catch {
                throw UsageError("\(what): cannot read standard input (\(error.text))")
            }
            if n == 0 { return bytes }
            bytes += chunk[0..<n]
            guard bytes.count <= maxBytes else {
                throw UsageError("\(what): standard input is over the \(maxBytes)-byte limit")
            }
        }
    }

    /// Writes `bytes` to standard output, after anything already printed (stdio is flushed
    /// first, so the order holds). A failed write is reported at exit, as for `print`: the
    /// first error is kept by ``StandardOutput``.
    public static func writeOutput(_ bytes: [UInt8]) {
        SystemProcess.flushStandardOutput()
        do throws(Errno) {
            try FileDescriptor.standardOutput.writeAll(bytes)
        } catch {
            StandardOutput.noteFailure(error.rawValue)
        }
    }

    /// Refuses a command line that sends two things to standard output, naming them.
    public static func checkOneOutput(_ uses: [(option: String, path: String?)]) throws(UsageError) {
        let streams = uses.filter { $0.path.map(isStream) ?? false }.map(\.option)
        guard streams.count > 1 else { return }
        throw UsageError("\(streams.joined(separator: " and ")) both write to standard output ('-'); send one to a file")
    }
}

/// Lines for people that go to standard output, or to standard error when standard output
/// carries data (`--jsonl -`, `--save-replay -`): data and messages never mix.
public struct Report {
    public var toStandardError: Bool

    public init(toStandardError: Bool) { self.toStandardError = toStandardError }

    /// Prints `text` (one line or several) made visible line by line (T-17). Text for
    /// people is in ASCII under a locale that is not UTF-8 (``Manners``); `data` (JSON)
    /// is written as it is.
    public func line(_ text: String, data: Bool = false) {
        let shown = visibleLines(text)
        if toStandardError {
            for line in shown.split(separator: "\n", omittingEmptySubsequences: false) {
                if data { StandardError.writeControl(String(line) + "\n") } else { StandardError.write(String(line)) }
            }
        } else if data {
            Swift.print(shown)
        } else {
            say(shown)
        }
    }
}

/// How text for people is spelled: under a locale whose character set is not UTF-8
/// (`LANG=C`, `LC_ALL=POSIX`, Latin-1), in ASCII (``ASCIIText``), so a terminal that
/// expects ASCII shows no mojibake. Data (JSON, replays, sweep files, the man page's roff,
/// completion scripts) is never changed.
public enum Manners {
    /// Whether text for people must be ASCII: the locale is not UTF-8.
    public static let ascii = !LocaleCharset.isUTF8

    /// `text` as people on this terminal should see it.
    public static func forPeople(_ text: String) -> String { ascii ? ASCIIText.folded(text) : text }
}

/// Text for people on standard output, in the locale's manners (``Manners``): every report
/// of this module goes through it; data (JSON, roff, completion scripts) goes through
/// `Swift.print` unchanged.
public func say(_ text: String = "", terminator: String = "\n") {
    Swift.print(Manners.forPeople(text), terminator: terminator)
}
