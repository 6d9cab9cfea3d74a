import HanJulText

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
        cells = Array(repeating: cell.span == 1 ? cell : FrameCell(" ", style: cell.style), count: self.width * self.height)
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
    ///
    /// A wide character stays whole or goes: writing over either half of one leaves a space
    /// (in its style) in the other; a wide cell written at the right edge is a space; a
    /// right half written anywhere but after its wide character is a space.
    public subscript(x: Int, y: Int) -> FrameCell {
        get { contains(x: x, y: y) ? cells[y * width + x] : .blank }
        set { if contains(x: x, y: y) { place(newValue, at: y * width + x, x: x) } }
    }

    /// Puts `cell` at `index` (column `x`), keeping every wide character whole.
    private mutating func place(_ cell: FrameCell, at index: Int, x: Int) {
        if cell.span == 1 && cells[index].span == 1 {
            cells[index] = cell  // the common case: one column over one column
            return
        }
        if cell.isContinuation && cells[index].isContinuation { return }
        unpair(at: index, x: x)
        if cell.isWide && x + 1 < width {
            unpair(at: index + 1, x: x + 1)
            cells[index] = cell
            cells[index + 1] = .continuation(style: cell.style)
        } else {
            cells[index] = cell.span == 1 ? cell : FrameCell(" ", style: cell.style)
        }
    }

    /// Makes the cell at `index` (column `x`) one column wide, leaving a space in the
    /// other half of a wide character it belonged to.
    private mutating func unpair(at index: Int, x: Int) {
        switch cells[index].span {
        case 0 where x > 0: cells[index - 1] = FrameCell(" ", style: cells[index - 1].style)
        case 2 where x + 1 < width: cells[index + 1] = FrameCell(" ", style: cells[index + 1].style)
        default: break
        }
        cells[index] = FrameCell(" ", style: cells[index].style)
    }

    /// Writes `text` from `(x, y)` to the right in `style`, clipped to the frame, after
    /// `DisplayText.sanitized(_:asciiOnly:)`: each character takes one cell, a wide one
    /// two (cut by an edge of the frame, the half inside is a space).
    ///
    /// - Returns: the number of columns the text takes, whether or not they were visible.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, style: TextStyle = .plain, asciiOnly: Bool = false) -> Int {
        let shown = DisplayText.sanitized(text, asciiOnly: asciiOnly)
        var column = x
        if shown.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII, the common case: a cell a byte.
            for byte in shown.utf8 {
                self[column, y] = FrameCell(Unicode.Scalar(byte), style: style)
                column = column.addingReportingOverflow(1).overflow ? column : column + 1
            }
            return column &- x
        }
        var index = shown.startIndex
        while index < shown.endIndex {
            let next = shown.index(after: index)
            let cluster = shown.unicodeScalars[index..<next]
            let columns = max(displayWidth(cluster: cluster), 1)
            if columns == 2 && column == -1 {
                self[0, y] = FrameCell(" ", style: style)
            } else {
                self[column, y] = FrameCell(cluster: cluster, isWide: columns == 2, style: style)
            }
            column = column.addingReportingOverflow(columns).overflow ? column : column + columns
            index = next
        }
        return column &- x
    }

    /// Fills the rectangle `x..<x+width`, `y..<y+height` (clipped) with `cell`.
    public mutating func fill(x: Int, y: Int, width: Int, height: Int, with cell: FrameCell) {
        let left = max(x, 0), top = max(y, 0)
        let right = min(x.addingReportingOverflow(width).overflow ? Int.max : x + width, self.width)
        let bottom = min(y.addingReportingOverflow(height).overflow ? Int.max : y + height, self.height)
        guard left < right, top < bottom else { return }
        let plain = cell.span == 1 ? cell : FrameCell(" ", style: cell.style)
        for row in top..<bottom {
            // Wide characters cut by the rectangle's sides lose their other half.
            if cells[row * self.width + left].isContinuation { self[left, row] = plain }
            if cells[row * self.width + right - 1].isWide { self[right - 1, row] = plain }
            for column in left..<right { cells[row * self.width + column] = plain }
        }
    }

    /// The characters of each row, as text (a wide character once, for its two cells).
    public var lines: [String] {
        (0..<height).map { y in
            var line = String.UnicodeScalarView()
            for x in 0..<width {
                let cell = cells[y * width + x]
                guard !cell.isContinuation else { continue }
                line.append(cell.character)
                cell.forEachMark { line.append($0) }
            }
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
