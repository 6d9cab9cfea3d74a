extension Board {
    /// The board as text, top row first: `.` for an empty cell, otherwise the letter of
    /// the kind that locked there.
    public func lines(letters set: PieceSet) -> [String] {
        (0..<height).map { y in
            String((0..<width).map { x in kind(atX: x, y: y).map { set.kinds[$0].letter } ?? "." })
        }
    }

    /// A board drawn as text, for tests and tools: one line per row, `.` empty and a kind
    /// letter for a filled cell. The lines fill the bottom of the board; blank lines and
    /// indentation are ignored.
    ///
    /// ```
    /// let board = try Board("""
    ///     ..........
    ///     IIII.SS...
    ///     """, pieces: .standard)
    /// ```
    public init(_ text: String, width: Int = 10, height: Int = 20, pieces: PieceSet) throws(BoardTextError) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingSpaces() }
            .filter { !$0.isEmpty }
        guard lines.count <= height else { throw .tooManyRows(lines.count, height) }
        self.init(width: width, height: height)
        for (index, line) in lines.enumerated() {
            let y = height - lines.count + index
            guard line.count == width else { throw .badRowWidth(row: index + 1, line.count, width) }
            for (x, character) in line.enumerated() where character != "." {
                guard let kind = pieces.kind(forLetter: character) else {
                    throw .unknownLetter(row: index + 1, column: x + 1, character)
                }
                set(x: x, y: y, to: kind)
            }
        }
    }
}

/// Why a board literal could not be read.
public enum BoardTextError: Error, Equatable, Sendable, CustomStringConvertible {
    case tooManyRows(Int, Int)
    case badRowWidth(row: Int, Int, Int)
    case unknownLetter(row: Int, column: Int, Character)

    public var description: String {
        switch self {
        case .tooManyRows(let n, let h): "\(n) rows given for a board \(h) rows high"
        case .badRowWidth(let row, let n, let w): "row \(row) has \(n) cells; the board is \(w) wide"
        case .unknownLetter(let row, let column, let c): "row \(row), column \(column): '\(c)' is not a piece letter"
        }
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
