import HanJulSystem
import HanJulTerminal

/// How text for people on a terminal may look, from the environment: whether the locale's
/// character set is UTF-8 (else only ASCII is drawn) and whether the terminal is `dumb`
/// (then nothing is redrawn in place: no carriage returns, no escape codes).
public struct OutputManners: Equatable, Sendable {
    public var unicode: Bool
    public var dumb: Bool

    /// The manners for `environment`, by the locale's name (``LocaleCharset/namesUTF8(_:)``)
    /// and `TERM` (`dumb`, or unset, is a terminal that cannot redraw).
    public init(environment: [String: String]) {
        unicode = LocaleCharset.namesUTF8(environment)
        let term = environment["TERM"] ?? ""
        dumb = term.isEmpty || term == "dumb"
    }

    /// The manners of this process: the locale as the C library reads it
    /// (``LocaleCharset/isUTF8``).
    public static var current: OutputManners {
        var manners = OutputManners(environment: ["TERM": SystemProcess.environment("TERM") ?? ""])
        manners.unicode = LocaleCharset.isUTF8
        return manners
    }
}
