/// Removes everything from untrusted text (mod names, mod error messages, strings a
/// mod asks the host to show) that a terminal could interpret as a command (T-17):
///
/// - C0 controls U+0000–U+001F, including ESC (U+001B), BEL, CR and LF;
/// - DEL (U+007F) and the C1 controls U+0080–U+009F (U+009B is an 8-bit CSI);
/// - bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069), which can
///   make shown text read differently from what it is.
///
/// A tab becomes a space; everything else listed is dropped. With ESC and BEL gone, the
/// rest of an escape sequence (`]52;c;…`) is inert text.
///
/// ```swift
/// sanitize("evil\u{1B}]0;pwned\u{07}mod") // "evil]0;pwnedmod"
/// ```
public func sanitize(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
        switch scalar.value {
        case 0x09:
            scalars.append(" ")
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069:
            continue
        default:
            scalars.append(scalar)
        }
    }
    return String(scalars)
}
