/// How many colours the terminal shows, and so how `TerminalWriter` spells a colour.
public enum ColorMode: Hashable, Sendable {
    /// 24-bit colour: `ESC[38;2;r;g;bm`.
    case trueColor
    /// The xterm 256-colour palette: `ESC[38;5;nm`, the nearest entry of the 6×6×6 cube
    /// or the 24-step grey ramp.
    case palette256
    /// The 16 ANSI colours: `ESC[3xm` / `ESC[9xm` (bright), chosen by hue.
    case palette16
    /// No colour at all (`NO_COLOR`, dumb terminals): only bold, dim and reverse are written.
    case none

    /// The mode a terminal described by `environment` supports, by the usual conventions:
    /// `NO_COLOR` set and non-empty → `.none` (see no-color.org); `TERM=dumb` → `.none`;
    /// `COLORTERM` `truecolor` or `24bit`, or a `TERM` ending in `-direct` → `.trueColor`;
    /// a `TERM` naming `256color` → `.palette256`; otherwise `.palette16`.
    ///
    /// ```
    /// ColorMode.detect(["TERM": "xterm-256color"]) == .palette256
    /// ```
    public static func detect(_ environment: [String: String]) -> ColorMode {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let term = environment["TERM"] ?? ""
        if term == "dumb" { return .none }
        let colorTerm = environment["COLORTERM"] ?? ""
        if colorTerm == "truecolor" || colorTerm == "24bit" || term.hasSuffix("-direct") { return .trueColor }
        if term.contains("256color") { return .palette256 }
        return .palette16
    }
}
