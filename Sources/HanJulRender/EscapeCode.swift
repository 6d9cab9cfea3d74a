/// The terminal escape sequences HanJul writes, by name (ECMA-48 and xterm's private modes).
///
/// The terminal layer reuses the fixed ones for setup and restore:
/// ```
/// write(EscapeCode.alternateScreenOn.bytes + EscapeCode.cursorHide.bytes)
/// ```
public enum EscapeCode: String, CaseIterable, Sendable {
    /// Switch to the alternate screen, saving the cursor: `ESC[?1049h`.
    case alternateScreenOn = "\u{1B}[?1049h"
    /// Back to the normal screen, restoring the cursor: `ESC[?1049l`.
    case alternateScreenOff = "\u{1B}[?1049l"
    /// Hide the cursor: `ESC[?25l`.
    case cursorHide = "\u{1B}[?25l"
    /// Show the cursor: `ESC[?25h`.
    case cursorShow = "\u{1B}[?25h"
    /// Erase the whole screen (the cursor stays): `ESC[2J`.
    case clearScreen = "\u{1B}[2J"
    /// Cursor to the top-left cell: `ESC[H`.
    case cursorHome = "\u{1B}[H"
    /// All attributes and colours back to the terminal's defaults: `ESC[0m`.
    case reset = "\u{1B}[0m"
    /// Stop wrapping at the right margin: `ESC[?7l`.
    case autowrapOff = "\u{1B}[?7l"
    /// Wrap at the right margin again: `ESC[?7h`.
    case autowrapOn = "\u{1B}[?7h"

    /// The sequence's bytes.
    public var bytes: [UInt8] { Array(rawValue.utf8) }

    /// The escape character, `0x1B`.
    public static let escape: UInt8 = 0x1B
    /// The Control Sequence Introducer `ESC [`.
    public static let csi: [UInt8] = [0x1B, 0x5B]

    /// CUP, the cursor to a 1-based `row` and `column`, in its shortest spelling:
    /// `ESC[H` for 1;1, `ESC[5H` for column 1, else `ESC[5;9H`.
    public static func cursorPosition(row: Int, column: Int) -> [UInt8] {
        var out = csi
        if row != 1 || column != 1 { appendDecimal(row, to: &out) }
        if column != 1 {
            out.append(UInt8(ascii: ";"))
            appendDecimal(column, to: &out)
        }
        out.append(UInt8(ascii: "H"))
        return out
    }

    /// A relative move by `count` cells: CUU `A` (up), CUD `B` (down), CUF `C` (forward),
    /// CUB `D` (back); also CHA `G` (to an absolute 1-based column on the same row). The
    /// count is left out when it is 1.
    public static func cursor(_ final: Unicode.Scalar, _ count: Int) -> [UInt8] {
        var out = csi
        if count != 1 { appendDecimal(count, to: &out) }
        out.append(UInt8(truncatingIfNeeded: final.value))
        return out
    }

    /// SGR with `parameters` joined by `;`: `ESC[1;38;5;80m`.
    public static func selectGraphicRendition(_ parameters: [Int]) -> [UInt8] {
        var out = csi
        for (index, parameter) in parameters.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ";")) }
            appendDecimal(parameter, to: &out)
        }
        out.append(UInt8(ascii: "m"))
        return out
    }

    /// Appends `value` (0 or more) in decimal digits.
    static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        var v = max(value, 0)
        var digits: [UInt8] = []
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(v % 10))
            v /= 10
        } while v > 0
        out.append(contentsOf: digits.reversed())
    }
}
