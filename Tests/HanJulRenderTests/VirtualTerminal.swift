import Testing
@testable import HanJulRender

/// A terminal emulator just large enough to check `TerminalWriter`: it understands the
/// sequences the writer may emit (CUP, CUU/CUD/CUF/CUB, CHA, ED 2, SGR, CR and UTF-8
/// text) and records anything else, or a write that would wrap, as a problem.
///
/// Text is placed as xterm and VTE place it, scalar by scalar with their own width table
/// (not HanJulText's): a combining mark joins the character before the cursor without
/// moving it; an East Asian Wide character or emoji takes two cells and moves the cursor
/// two; writing over either half of a wide character blanks the other half.
struct VirtualTerminal {
    struct Cell: Hashable, CustomStringConvertible {
        /// The character with the marks that joined it; empty on a wide character's right half.
        var character: String = " "
        var isContinuation = false
        var style = TerminalStyle.plain
        var description: String { "'\(character)' \(style)" }
    }

    let width: Int
    let height: Int
    var cells: [Cell]
    var x = 0, y = 0
    var pendingWrap = false
    var style = TerminalStyle.plain
    var problems: [String] = []

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = Array(repeating: Cell(), count: width * height)
    }

    /// A terminal already showing `frame` as `writer` would have drawn it.
    init(showing frame: Frame, writer: TerminalWriter) {
        self.init(width: frame.width, height: frame.height)
        cells = frame.cells.map { Cell(character: $0.text, isContinuation: $0.isContinuation, style: writer.terminalStyle($0.style)) }
    }

    /// Whether the screen shows `frame` as `writer` spells its styles.
    func shows(_ frame: Frame, writer: TerminalWriter) -> Bool {
        frame.width == width && frame.height == height
            && zip(frame.cells, cells).allSatisfy {
                $0.text.unicodeScalars.elementsEqual($1.character.unicodeScalars) && $0.isContinuation == $1.isContinuation
                    && writer.terminalStyle($0.style) == $1.style
            }
    }

    /// Row `y` as the cells show it: each character once, a wide one for its two cells.
    func row(_ y: Int) -> String {
        cells[(y * width)..<((y + 1) * width)].map(\.character).joined()
    }

    /// The column where `text` (ASCII) first starts on row `y`, counted in cells.
    func column(of text: String, row y: Int) -> Int? {
        let needle = text.map(String.init)
        let row = cells[(y * width)..<((y + 1) * width)].map(\.character)
        guard needle.count <= row.count else { return nil }
        return (0...(row.count - needle.count)).first { Array(row[$0..<($0 + needle.count)]) == needle }
    }

    mutating func feed(_ bytes: [UInt8]) {
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == 0x1B {
                guard i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "[") else {
                    problems.append("lone ESC at \(i)")
                    return
                }
                var j = i + 2
                while j < bytes.count, !(0x40...0x7E).contains(bytes[j]) { j += 1 }
                guard j < bytes.count else {
                    problems.append("unterminated CSI")
                    return
                }
                let parameterText = String(decoding: bytes[(i + 2)..<j], as: UTF8.self)
                control(parameterText, final: bytes[j])
                i = j + 1
            } else if byte == 0x0D {
                x = 0
                pendingWrap = false
                i += 1
            } else if byte < 0x20 || byte == 0x7F {
                problems.append("control byte \(byte)")
                i += 1
            } else {
                let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                let scalar = String(decoding: bytes[i..<min(i + length, bytes.count)], as: UTF8.self).unicodeScalars.first!
                put(scalar)
                i += length
            }
        }
    }

    private mutating func put(_ scalar: Unicode.Scalar) {
        let columns = Self.columns(of: scalar)
        guard columns > 0 else {
            // A mark joins the character before the cursor (under a pending wrap: the last).
            var target = pendingWrap ? x : x - 1
            if target >= 0 && cells[y * width + target].isContinuation { target -= 1 }
            guard target >= 0 else {
                problems.append("a combining mark with nothing before it")
                return
            }
            cells[y * width + target].character.unicodeScalars.append(scalar)
            return
        }
        if pendingWrap { problems.append("text wrapped past column \(width)") }
        guard x < width, y < height else {
            problems.append("text outside the screen")
            return
        }
        guard x + columns <= width else {
            problems.append("a wide character at the last column")
            return
        }
        for column in x..<(x + columns) { blankOtherHalf(at: column) }
        cells[y * width + x] = Cell(character: String(scalar), style: style)
        if columns == 2 { cells[y * width + x + 1] = Cell(character: "", isContinuation: true, style: style) }
        if x + columns >= width { pendingWrap = true } else { x += columns }
    }

    /// Before column `column` is written: the other half of a wide character there becomes a
    /// space (in its style).
    private mutating func blankOtherHalf(at column: Int) {
        let index = y * width + column
        if cells[index].isContinuation, column > 0 {
            cells[index - 1] = Cell(style: cells[index - 1].style)
        } else if column + 1 < width, cells[index + 1].isContinuation {
            cells[index + 1] = Cell(style: cells[index + 1].style)
        }
    }

    /// The columns a scalar takes, as a terminal's wcwidth table says: 0 for marks and
    /// format characters, 2 for the wide ranges a test uses (Hangul, CJK, kana, fullwidth
    /// forms, the emoji blocks), else 1.
    static func columns(of scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        switch scalar.value {
        case 0x1160...0x11FF: return 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default: return 1
        }
    }

    private mutating func control(_ parameterText: String, final: UInt8) {
        let parameters = parameterText.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        func count(_ index: Int) -> Int { index < parameters.count ? (parameters[index] ?? 1) : 1 }
        pendingWrap = false
        switch Unicode.Scalar(final) {
        case "H":
            y = min(max(count(0), 1), height) - 1
            x = min(max(count(1), 1), width) - 1
        case "A": y = max(y - count(0), 0)
        case "B": y = min(y + count(0), height - 1)
        case "C": x = min(x + count(0), width - 1)
        case "D": x = max(x - count(0), 0)
        case "G": x = min(max(count(0), 1), width) - 1
        case "J":
            if parameterText == "2" {
                if style.background != .default { problems.append("cleared with a background colour") }
                cells = Array(repeating: Cell(), count: width * height)
            } else {
                problems.append("ED \(parameterText)")
            }
        case "m": sgr(parameters.map { $0 ?? 0 })
        default: problems.append("unexpected CSI \(parameterText)\(Unicode.Scalar(final))")
        }
    }

    private mutating func sgr(_ parameters: [Int]) {
        var p = parameters.isEmpty ? [0] : parameters
        while !p.isEmpty {
            let code = p.removeFirst()
            switch code {
            case 0: style = .plain
            case 1: style.attributes.insert(.bold)
            case 2: style.attributes.insert(.dim)
            case 22: style.attributes.subtract([.bold, .dim])
            case 7: style.attributes.insert(.reverse)
            case 27: style.attributes.remove(.reverse)
            case 30...37: style.foreground = .ansi(code - 30)
            case 90...97: style.foreground = .ansi(code - 90 + 8)
            case 39: style.foreground = .default
            case 40...47: style.background = .ansi(code - 40)
            case 100...107: style.background = .ansi(code - 100 + 8)
            case 49: style.background = .default
            case 38, 48:
                let color: TerminalColor
                if p.first == 5, p.count >= 2 {
                    color = .indexed(p[1])
                    p.removeFirst(2)
                } else if p.first == 2, p.count >= 4 {
                    color = .rgb(p[1], p[2], p[3])
                    p.removeFirst(4)
                } else {
                    problems.append("bad extended colour")
                    return
                }
                if code == 38 { style.foreground = color } else { style.background = color }
            default: problems.append("SGR \(code)")
            }
        }
    }
}
