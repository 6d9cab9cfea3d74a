import CTerminalShim
import HanJulSystem
import HanJulText
import Synchronization

/// Lines for people on standard error.
public enum StandardError {
    /// One line, with `write(2)` directly: `FileHandle.write` traps on EPIPE (a closed
    /// pipe with SIGPIPE ignored), and a message must never crash the program (T-19).
    /// Messages quote files, mods and arguments: the whole line goes through `visible`
    /// (T-17), whatever its parts did already.
    public static func write(_ line: String, newline: Bool = true) {
        let shown = Manners.forPeople(visible(line))
        writeControl(newline ? shown + "\n" : shown)
    }

    /// The program's own terminal control (the progress bar's `\r` and erase-line), as
    /// it is: never text from a file, a mod or argv.
    public static func writeControl(_ text: String) {
        try? FileDescriptor.standardError.writeAll(text.utf8)
    }
}

/// Standard output at exit (RELIABILITY T-19): headless output into a closed pipe
/// (`hanjul run … | head -c 1`). With SIGPIPE at its default the first failed write ends
/// the process by SIGPIPE, quietly, as for any Unix filter. With SIGPIPE ignored (some
/// parents do that), writes fail with EPIPE: nothing traps, and here the exit status says
/// the output was not delivered (1), with no message when the reader simply went away,
/// and one line for any other write error (disk full, I/O error).
public enum StandardOutput {
    /// The first error of a write that bypassed stdio (``StandardStreams/writeOutput(_:)``).
    private static let directFailure = Atomic<Int32>(0)

    /// Remembers a failed direct write to standard output, reported by ``finish(_:)``.
    public static func noteFailure(_ code: Int32) {
        _ = directFailure.compareExchange(expected: 0, desired: code, ordering: .relaxed)
    }

    public static func finish(_ status: ExitStatus) -> ExitStatus {
        let stdio = hj_stdout_finish()
        let code = stdio != 0 ? stdio : directFailure.load(ordering: .relaxed)
        guard code != 0 else { return status }
        if readerGone || Errno(rawValue: code) == .brokenPipe { return status == .success ? .failure : status }
        StandardError.write("hanjul: could not write to standard output (\(Errno(rawValue: code).text))")
        return status == .success ? .failure : status
    }

    /// Whether standard output is a pipe whose reading end is closed (poll says POLLERR).
    public static var readerGone: Bool {
        FileDescriptor.standardOutput.isWidowedPipe
    }
}
