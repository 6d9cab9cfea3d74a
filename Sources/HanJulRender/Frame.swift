/// A screenful of cells, `width × height`, row by row: what the terminal should show.
///
/// Frames are plain values: the layout fills one per state, `FrameDiff` compares two, and
/// `TerminalWriter` turns the difference into escape text. Writing outside the frame is
/// ignored, never a trap, so layout code may draw at any position.
///
/// ```
/// var frame = Frame(width: 5, height: 1)
/// frame.write("HanJul", x: 0, y: 0)
/// frame.text == "HanJu"
/// ```
public struct Frame: Hashable, Sendable {
    /// Columns (never negative).
    public let width: Int
    /// Rows (never negative).
    public let height: Int
    /// The cells, row by row, top row first.
    public private(set) var cells: [FrameCell]

    /// The largest width or height a frame takes (a terminal reports its size as `UInt16`).
    public static let maxSide = Int(UInt16.max)

    /// A frame of `cell` (blank by default); each side is clamped to `0...maxSide`.
    public init(width: Int, height: Int, filledWith cell: FrameCell = .blank) {
        self.width = min(max(width, 0), Frame.maxSide)
        self.height = min(max(height, 0), Frame.maxSide)
        cells = Array(repeating: cell, count: self.width * self.height)
    }

    /// A blank frame of `size`.
    public init(size: Size) { self.init(width: size.width, height: size.height) }

    /// The frame's size.
    public var size: Size { Size(width: width, height: height) }

    /// Whether `(x, y)` is inside the frame.
    @inlinable
    public func contains(x: Int, y: Int) -> Bool { x >= 0 && x < width && y >= 0 && y < height }

    /// The cell at `(x, y)`; outside the frame, reading gives a blank cell and writing
    /// does nothing.
    public subscript(x: Int, y: Int) -> FrameCell {
        get { contains(x: x, y: y) ? cells[y * width + x] : .blank }
        set { if contains(x: x, y: y) { cells[y * width + x] = newValue } }
    }

    /// Writes `text` from `(x, y)` to the right in `style`, clipped to the frame, after
    /// `DisplayText.sanitized(_:asciiOnly:)` (so each character takes one column).
    ///
    /// - Returns: the number of columns the text takes, whether or not they were visible.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, style: TextStyle = .plain, asciiOnly: Bool = false) -> Int {
        var column = x
        for scalar in DisplayText.sanitized(text, asciiOnly: asciiOnly).unicodeScalars {
            self[column, y] = FrameCell(scalar, style: style)
            column = column.addingReportingOverflow(1).overflow ? column : column + 1
        }
        return column &- x
    }

    /// Fills the rectangle `x..<x+width`, `y..<y+height` (clipped) with `cell`.
    public mutating func fill(x: Int, y: Int, width: Int, height: Int, with cell: FrameCell) {
        let left = max(x, 0), top = max(y, 0)
        let right = min(x.addingReportingOverflow(width).overflow ? Int.max : x + width, self.width)
        let bottom = min(y.addingReportingOverflow(height).overflow ? Int.max : y + height, self.height)
        guard left < right, top < bottom else { return }
        for row in top..<bottom {
            for column in left..<right { cells[row * self.width + column] = cell }
        }
    }

    /// The characters of each row, as text.
    public var lines: [String] {
        (0..<height).map { y in
            var line = String.UnicodeScalarView()
            for x in 0..<width { line.append(cells[y * width + x].character) }
            return String(line)
        }
    }

    /// The frame's characters, rows joined by newlines, trailing spaces of each row removed:
    /// the form tests compare with multi-line literals.
    public var text: String {
        lines.map { line in
            var scalars = Array(line.unicodeScalars)
            while scalars.last == " " { scalars.removeLast() }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars)
            return String(view)
        }.joined(separator: "\n")
    }
}
