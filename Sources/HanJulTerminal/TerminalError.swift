import HanJulSystem

/// Why a terminal session could not start or an operation failed. Every case has a
/// one-line `description` an application can print as is (after leaving nothing on
/// the screen: these errors are raised before any escape byte is written).
public enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Standard input or output is not a terminal (a pipe, a file, /dev/null; T-8, T-9).
    case notATerminal(StandardStream)
    /// `TERM` is unset or `dumb`, so escape sequences cannot be trusted (T-10).
    case unsupportedTerminal(term: String?)
    /// Only one session can own the terminal at a time.
    case sessionAlreadyActive
    /// The terminal went away (EIO, EPIPE): further output is skipped (T-14).
    case outputClosed
    /// A system call failed.
    case systemCall(name: String, errno: Int32)

    /// Which standard stream a check was about.
    public enum StandardStream: String, Sendable {
        case input = "standard input"
        case output = "standard output"
    }

    public var description: String {
        switch self {
        case .notATerminal(let stream):
            return "\(stream.rawValue) is not a terminal"
        case .unsupportedTerminal(let term?):
            return "the terminal type TERM=\(term) cannot show a full-screen interface"
        case .unsupportedTerminal(nil):
            return "TERM is not set, so the terminal type is unknown"
        case .sessionAlreadyActive:
            return "a terminal session is already active"
        case .outputClosed:
            return "the terminal was closed"
        case .systemCall(let name, let code):
            return "\(name) failed: \(Errno(rawValue: code).text)"
        }
    }
}
