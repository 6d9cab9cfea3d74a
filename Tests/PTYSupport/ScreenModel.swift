/// What a terminal shows after some output, as characters: enough of a VT100 to read
/// HanJul's frames (cursor moves CUP, CHA, CUU/CUD/CUF/CUB, erase ED/EL, CR, LF, the
/// alternate screen) with attributes ignored but one: a space written on a coloured
/// background (SGR 41-47, 100-107, 48;…) shows as `█`, as a person sees a filled cell.
/// Tests read the screen with it instead of searching the byte stream, where a frame
/// written as a diff spells only what changed.
public struct ScreenModel {
    public let width: Int
    public let height: Int
    var cells: [Unicode.Scalar]
    var x = 0, y = 0
    /// Whether the current SGR background is a colour.
    var coloredBackground = false
    /// An escape sequence or UTF-8 character cut off at the end of the last feed.
    var pending: [UInt8] = []

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = Array(repeating: " ", count: width * height)
    }

    /// The screen's rows, trailing spaces removed, joined by newlines.
    public var text: String {
        (0..<height).map { row in
            var line = String.UnicodeScalarView()
            line.append(contentsOf: cells[(row * width)..<((row + 1) * width)])
            var text = String(line)
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }.joined(separator: "\n")
    }

    /// Feeds output as it came, in any chunks: a sequence split across two feeds is kept.
    public mutating func feed(_ chunk: [UInt8]) {
        let bytes = pending + chunk
        pending = []
        var index = 0
        var text: [UInt8] = []
        func flushText() {
            guard !text.isEmpty else { return }
            var iterator = text.makeIterator()
            var utf8 = UTF8()
            loop: while true {
                switch utf8.decode(&iterator) {
                case .scalarValue(let scalar): put(scalar)
                case .emptyInput: break loop
                case .error: put("?")
                }
            }
            text.removeAll()
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B, index + 1 < bytes.count, bytes[index + 1] == 0x5B {
                flushText()
                var end = index + 2
                while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                guard end < bytes.count else {
                    pending = Array(bytes[index...])
                    return
                }
                csi(Array(bytes[(index + 2)..<end]), final: bytes[end])
                index = end + 1
            } else if byte == 0x1B {
                flushText()
                if index + 1 >= bytes.count {
                    pending = [byte]
                    return
                }
                index += 2
            } else if byte == 0x0D {
                flushText()
                x = 0
                index += 1
            } else if byte == 0x0A {
                flushText()
                y = min(y + 1, height - 1)
                index += 1
            } else if byte < 0x20 {
                flushText()
                index += 1
            } else {
                // A UTF-8 character cut at the end waits for its other bytes.
                if byte >= 0xC0 {
                    let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                    if index + length > bytes.count {
                        flushText()
                        pending = Array(bytes[index...])
                        return
                    }
                }
                text.append(byte)
                index += 1
            }
        }
        flushText()
    }

    mutating func put(_ scalar: Unicode.Scalar) {
        guard x < width, y < height else { return }
        cells[y * width + x] = scalar == " " && coloredBackground ? "█" : scalar
        x += 1
    }

    mutating func csi(_ parameters: [UInt8], final: UInt8) {
        let text = String(decoding: parameters, as: UTF8.self)
        if text.hasPrefix("?") || text.hasPrefix(">") || text.hasPrefix("<") || text.hasPrefix("=") {
            if text == "?1049h" || text == "?1049l" { clear() }
            return
        }
        let numbers = text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        func n(_ i: Int, _ fallback: Int = 1) -> Int { i < numbers.count && numbers[i] > 0 ? numbers[i] : fallback }
        switch final {
        case 0x48, 0x66: // H, f
            y = min(max(n(0) - 1, 0), height - 1)
            x = min(max(n(1) - 1, 0), width - 1)
        case 0x47: x = min(max(n(0) - 1, 0), width - 1)       // G
        case 0x41: y = max(y - n(0), 0)                      // A
        case 0x42: y = min(y + n(0), height - 1)             // B
        case 0x43: x = min(x + n(0), width - 1)              // C
        case 0x44: x = max(x - n(0), 0)                      // D
        case 0x6D: graphicRendition(numbers)                 // m
        case 0x4A: if n(0, 0) == 2 { clear() }              // J
        case 0x4B:                                           // K: erase to the end of the line
            for column in x..<width { cells[y * width + column] = " " }
        default: break
        }
    }

    /// Follows SGR for the background alone (colour selections `38;5;n`, `38;2;r;g;b`
    /// skipped whole, so their numbers are not read as attributes).
    mutating func graphicRendition(_ numbers: [Int]) {
        var index = 0
        while index < numbers.count {
            let code = numbers[index]
            switch code {
            case 0, 49: coloredBackground = false
            case 40...47, 100...107: coloredBackground = true
            case 38, 48:
                if code == 48 { coloredBackground = true }
                index += index + 1 < numbers.count && numbers[index + 1] == 2 ? 4 : 2
            default: break
            }
            index += 1
        }
    }

    mutating func clear() {
        cells = Array(repeating: " ", count: width * height)
        x = 0
        y = 0
    }
}
