/// How many colours the terminal can show, from the environment alone.
public enum ColorCapability: Int, Comparable, Hashable, Sendable, CaseIterable {
    /// No colour: `NO_COLOR` is set (no-color.org), or `TERM` is `dumb` or unset.
    case none
    /// The 16 ANSI colours (`ESC[31m` …), the safe default for an unknown `TERM`.
    case ansi16
    /// The xterm 256-colour palette (`ESC[38;5;Nm`): `TERM` contains `256color`.
    case ansi256
    /// 24-bit colour (`ESC[38;2;R;G;Bm`): `COLORTERM` is `truecolor` or `24bit`, or
    /// `TERM` names a direct-colour terminal (`*-direct`, `*truecolor*`).
    case trueColor

    public static func < (lhs: ColorCapability, rhs: ColorCapability) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// Decides from an environment dictionary (pass `TerminalEnvironment.current()`).
    ///
    /// ```swift
    /// ColorCapability.detect(environment: ["TERM": "xterm-256color"]) // .ansi256
    /// ColorCapability.detect(environment: ["TERM": "xterm", "NO_COLOR": "1"]) // .none
    /// ```
    public static func detect(environment: [String: String]) -> ColorCapability {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let term = (environment["TERM"] ?? "").lowercased()
        if term.isEmpty || term == "dumb" { return .none }
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
        if term.hasSuffix("-direct") || term.contains("truecolor") || term.contains("24bit") { return .trueColor }
        if term.contains("256color") { return .ansi256 }
        return .ansi16
    }
}
