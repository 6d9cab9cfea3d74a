import HanJulSystem
import CTerminalShim

/// The size of the terminal in character cells.
///
/// Terminals report 0×0 (some CI environments, a detached pty), and layouts subtract;
/// every helper here saturates at zero instead of trapping (T-7). Negative widths,
/// heights and amounts count as zero.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    /// Number of columns, never negative.
    public let columns: Int
    /// Number of rows, never negative.
    public let rows: Int

    /// Negative values are clamped to zero.
    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
    }

    public static let zero = TerminalSize(columns: 0, rows: 0)

    /// Whether either dimension is zero.
    public var isEmpty: Bool { columns == 0 || rows == 0 }

    /// Whether a `width`×`height` area fits.
    public func canFit(width: Int, height: Int) -> Bool {
        columns >= max(0, width) && rows >= max(0, height)
    }

    /// How many columns and rows are missing for a `width`×`height` area (zero where
    /// the terminal is large enough).
    public func shortfall(width: Int, height: Int) -> TerminalSize {
        TerminalSize(columns: max(0, width).subtractingSaturated(columns), rows: max(0, height).subtractingSaturated(rows))
    }

    /// The zero-based top-left cell that centres a `width`×`height` area; zero when the
    /// area is larger than the terminal.
    public func centeredOrigin(width: Int, height: Int) -> (column: Int, row: Int) {
        (columns.subtractingSaturated(max(0, width)) / 2, rows.subtractingSaturated(max(0, height)) / 2)
    }

    /// This size with `columns` and `rows` taken away, never below zero.
    public func shrunk(columns lessColumns: Int, rows lessRows: Int) -> TerminalSize {
        TerminalSize(columns: columns.subtractingSaturated(max(0, lessColumns)), rows: rows.subtractingSaturated(max(0, lessRows)))
    }

    public var description: String { "\(columns)x\(rows)" }

    /// Asks the terminal on `fileDescriptor` (TIOCGWINSZ); nil if it is not a terminal.
    public static func query(fileDescriptor: Int32) -> TerminalSize? {
        var columns: UInt16 = 0
        var rows: UInt16 = 0
        guard hj_term_window_size(fileDescriptor, &columns, &rows) == 0 else { return nil }
        return TerminalSize(columns: Int(columns), rows: Int(rows))
    }
}

extension Int {
    /// `self - other`, but zero instead of negative and no overflow trap.
    @usableFromInline
    func subtractingSaturated(_ other: Int) -> Int {
        let (difference, overflow) = subtractingReportingOverflow(other)
        if overflow { return other < 0 ? Int.max : 0 }
        return Swift.max(0, difference)
    }
}
