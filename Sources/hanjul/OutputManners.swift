import Glibc

/// How text for people on a terminal may look, from the environment: whether the locale's
/// character set is UTF-8 (else only ASCII is drawn) and whether the terminal is `dumb`
/// (then nothing is redrawn in place: no carriage returns, no escape codes).
struct OutputManners: Equatable {
    var unicode: Bool
    var dumb: Bool

    /// The manners for `environment`: the character set of the first of `LC_ALL`,
    /// `LC_CTYPE`, `LANG` that is set and not empty (POSIX's order; none set is the C
    /// locale, ASCII), and `TERM` (`dumb`, or unset, is a terminal that cannot redraw).
    init(environment: [String: String]) {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
        let codeset = locale.split(separator: ".").dropFirst().first?.split(separator: "@").first ?? ""
        let normalized = codeset.lowercased().filter { $0 != "-" && $0 != "_" }
        unicode = normalized == "utf8"
        let term = environment["TERM"] ?? ""
        dumb = term.isEmpty || term == "dumb"
    }

    /// The manners of this process.
    static var current: OutputManners {
        var environment: [String: String] = [:]
        for name in ["LC_ALL", "LC_CTYPE", "LANG", "TERM"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return OutputManners(environment: environment)
    }
}
