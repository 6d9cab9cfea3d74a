import CTerminalShim

/// Whether text for people may use characters beyond ASCII: only when the user's locale
/// says its character set is UTF-8. Under `LANG=C`, `LC_ALL=POSIX`, a Latin-1 or EUC-KR
/// locale, the game, the start screen and every report draw with ASCII alone (`--unicode`
/// asks for UTF-8 anyway).
public enum LocaleCharset {
    /// This process's answer, worked out once: `nl_langinfo(CODESET)` after
    /// `setlocale(LC_CTYPE, "")` (the C library's own reading of `LC_ALL`, `LC_CTYPE` and
    /// `LANG`). A locale that is named but not installed here (`LANG=en_US.UTF-8` on a
    /// machine with only `C.UTF-8`) cannot be set; then its name decides, as the terminal
    /// it came from most likely speaks what the name says. The C library's locale is set
    /// back to "C" at once, so nothing else depends on it.
    public static let isUTF8: Bool = {
        switch hj_locale_is_utf8() {
        case 1: return true
        case 0: return false
        default: return namesUTF8(TerminalEnvironment.current())
        }
    }()

    /// Whether the locale `environment` names is a UTF-8 one, by its name alone: the
    /// character set of the first of `LC_ALL`, `LC_CTYPE`, `LANG` that is set and not empty
    /// (POSIX's order; none set is the C locale, ASCII). `en_US.UTF-8`, `C.utf8`, `ko_KR.UTF-8@x`.
    public static func namesUTF8(_ environment: [String: String]) -> Bool {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
        let codeset = locale.split(separator: ".").dropFirst().first?.split(separator: "@").first ?? ""
        return codeset.lowercased().filter { $0 != "-" && $0 != "_" } == "utf8"
    }
}
