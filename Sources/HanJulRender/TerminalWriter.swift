import HanJulText

/// Turns frames into the escape text that updates a terminal: only the changed cells,
/// with the cheapest cursor moves and only the SGR changes the cells need.
///
/// ```
/// let writer = TerminalWriter(colorMode: .trueColor)
/// let bytes = writer.bytes(from: shown, to: frame)   // write(fd, bytes) once
/// shown = frame
/// ```
/// The contract with the terminal: the frame covers the whole screen; between two
/// outputs nothing else draws on it; each output leaves the terminal in the default style
/// (it ends with `ESC[0m` when it changed the style) and so assumes it at the start. The
/// cursor position is never assumed: the first move is absolute (CUP). For a new screen (no
/// previous frame, a resize, or after something else wrote to it), pass `nil`: the
/// output resets the style, clears the screen and writes every non-blank cell.
public struct TerminalWriter: Hashable, Sendable {
    /// How colours are spelled. In `.trueColor`, a colour that is exactly an entry of the
    /// 256-colour cube or grey ramp is written as that entry (fewer bytes, same colour).
    public var colorMode: ColorMode
    /// The longest run of unchanged cells rewritten (when cheaper) instead of jumping over it.
    public static let maxRewrite = 8

    /// A writer for a terminal with `colorMode`.
    public init(colorMode: ColorMode) { self.colorMode = colorMode }

    /// The bytes that turn a screen showing `previous` (nil: unknown) into `frame`;
    /// empty when nothing changed.
    public func bytes(from previous: Frame?, to frame: Frame) -> [UInt8] {
        bytes(for: FrameDiff(from: previous, to: frame), in: frame)
    }

    /// The bytes that write `diff`, whose cells come from `frame`.
    /// - Complexity: O(changed cells + rows), plus O(width × height) for a full redraw.
    public func bytes(for diff: FrameDiff, in frame: Frame) -> [UInt8] {
        var out: [UInt8] = []
        guard !diff.isEmpty else { return out }
        out.reserveCapacity(diff.changedCellCount * 4 + diff.runs.count * 8 + 16)
        if diff.isFullRedraw {
            out += EscapeCode.reset.bytes
            out += EscapeCode.clearScreen.bytes
        }
        var cursor: (x: Int, y: Int)? = nil
        var current = TerminalStyle.plain
        for run in diff.runs {
            for x in run.columns {
                let cell = frame[x, run.row]
                // The right half of a wide character was written with its left half.
                if cell.isContinuation { continue }
                if cursor == nil || cursor! != (x, run.row) {
                    out += move(from: cursor, to: (x, run.row), style: current, frame: frame)
                }
                let style = terminalStyle(cell.style)
                if style != current {
                    out += style.transition(from: current)
                    current = style
                }
                Self.appendCell(cell, to: &out)
                // Where a wide character or one with marks leaves the cursor depends on the
                // terminal's Unicode tables: the next cell is reached by an absolute move, so
                // a terminal that counts it differently misplaces nothing after it.
                cursor = cell.isPlain && x + 1 < frame.width ? (x + 1, run.row) : nil
            }
        }
        if current != .plain { out += EscapeCode.reset.bytes }
        return out
    }

    /// The shortest way from `cursor` (nil: unknown) to `target`: absolute CUP, or a
    /// vertical move and then CHA, CUF, CUB or a carriage return, or — on the same row —
    /// writing the few cells in between again when they already have the current style.
    func move(from cursor: (x: Int, y: Int)?, to target: (x: Int, y: Int), style: TerminalStyle, frame: Frame) -> [UInt8] {
        var best = EscapeCode.cursorPosition(row: target.y + 1, column: target.x + 1)
        guard let cursor else { return best }
        func consider(_ candidate: [UInt8]) { if candidate.count < best.count { best = candidate } }
        let dy = target.y - cursor.y, dx = target.x - cursor.x
        let vertical: [UInt8] = dy == 0 ? [] : dy > 0 ? EscapeCode.cursor("B", dy) : EscapeCode.cursor("A", -dy)
        consider(vertical + EscapeCode.cursor("G", target.x + 1))
        consider(vertical + [0x0D] + (target.x == 0 ? [] : EscapeCode.cursor("C", target.x)))
        if dx > 0 { consider(vertical + EscapeCode.cursor("C", dx)) }
        if dx < 0 { consider(vertical + EscapeCode.cursor("D", -dx)) }
        if dx == 0 { consider(vertical) }
        if dy == 0 && dx > 0 && dx <= TerminalWriter.maxRewrite {
            var rewrite: [UInt8] = []
            for x in cursor.x..<target.x {
                let cell = frame[x, target.y]
                guard cell.isPlain, terminalStyle(cell.style) == style else { return best }
                Self.appendCharacter(cell.character, to: &rewrite)
            }
            consider(rewrite)
        }
        return best
    }

    /// A cell's style as this terminal shows it: colours quantised to `colorMode`.
    func terminalStyle(_ style: TextStyle) -> TerminalStyle {
        TerminalStyle(foreground: terminalColor(style.foreground), background: terminalColor(style.background),
                      attributes: style.attributes)
    }

    func terminalColor(_ color: Color) -> TerminalColor {
        guard case .rgb(let value) = color else { return .default }
        switch colorMode {
        case .trueColor:
            // A colour that is exactly an entry of the 256-colour cube or grey ramp is the
            // same colour spelled shorter: `38;5;239` rather than `38;2;78;78;78`.
            let index = ColorQuantization.palette256Index(value)
            if ColorQuantization.palette256Color(index) == value { return .indexed(index) }
            let (r, g, b) = ColorQuantization.channels(value)
            return .rgb(r, g, b)
        case .palette256: return .indexed(ColorQuantization.palette256Index(value))
        case .palette16: return .ansi(ColorQuantization.palette16Index(value))
        case .none: return .default
        }
    }

    /// Appends the cell's character with its marks; a control, bidi or invisible character
    /// among the marks is left out (T-17; a cell made by `Frame.write` has none).
    static func appendCell(_ cell: FrameCell, to out: inout [UInt8]) {
        appendCharacter(cell.character, to: &out)
        cell.forEachMark { mark in
            guard !isHidden(mark) else { return }
            UTF8.encode(mark) { out.append($0) }
        }
    }

    /// Appends the character's UTF-8 bytes; a control character (C0, DEL, C1) becomes `?`
    /// so nothing but this writer's own sequences reaches the terminal.
    static func appendCharacter(_ character: Unicode.Scalar, to out: inout [UInt8]) {
        let v = character.value
        if v < 0x20 || (0x7F...0x9F).contains(v) {
            out.append(UInt8(ascii: "?"))
        } else if v < 0x80 {
            out.append(UInt8(truncatingIfNeeded: v))
        } else {
            UTF8.encode(character) { out.append($0) }
        }
    }
}

/// A colour as the terminal is told it.
enum TerminalColor: Hashable, Sendable {
    case `default`
    case rgb(Int, Int, Int)
    /// An entry of the 256-colour palette.
    case indexed(Int)
    /// One of the 16 ANSI colours, 0…15.
    case ansi(Int)

    /// SGR parameters selecting this colour for the foreground or the background.
    func parameters(foreground: Bool) -> [Int] {
        switch self {
        case .default: [foreground ? 39 : 49]
        case .rgb(let r, let g, let b): [foreground ? 38 : 48, 2, r, g, b]
        case .indexed(let n): [foreground ? 38 : 48, 5, n]
        case .ansi(let n): [(foreground ? 30 : 40) + (n < 8 ? n : 60 + n - 8)]
        }
    }
}

/// A cell's style in the terminal's terms.
struct TerminalStyle: Hashable, Sendable {
    var foreground: TerminalColor
    var background: TerminalColor
    var attributes: TextAttributes

    static let plain = TerminalStyle(foreground: .default, background: .default, attributes: [])

    /// The SGR sequence from `old` to `self`: only what differs, or a reset and the whole
    /// style when that is shorter (turning bold or dim off needs `22`, which clears both).
    func transition(from old: TerminalStyle) -> [UInt8] {
        var changes: [Int] = []
        let was = old.attributes, now = attributes
        if was.contains(.bold) && !now.contains(.bold) || was.contains(.dim) && !now.contains(.dim) {
            changes.append(22)
            if now.contains(.bold) { changes.append(1) }
            if now.contains(.dim) { changes.append(2) }
        } else {
            if now.contains(.bold) && !was.contains(.bold) { changes.append(1) }
            if now.contains(.dim) && !was.contains(.dim) { changes.append(2) }
        }
        if was.contains(.reverse) != now.contains(.reverse) { changes.append(now.contains(.reverse) ? 7 : 27) }
        if foreground != old.foreground { changes += foreground.parameters(foreground: true) }
        if background != old.background { changes += background.parameters(foreground: false) }

        var whole = [0]
        if now.contains(.bold) { whole.append(1) }
        if now.contains(.dim) { whole.append(2) }
        if now.contains(.reverse) { whole.append(7) }
        if foreground != .default { whole += foreground.parameters(foreground: true) }
        if background != .default { whole += background.parameters(foreground: false) }

        let partial = EscapeCode.selectGraphicRendition(changes)
        let reset = EscapeCode.selectGraphicRendition(whole)
        return reset.count < partial.count ? reset : partial
    }
}
