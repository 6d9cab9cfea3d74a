/// A size in terminal cells: columns × rows.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// A size; negative values are kept as given (layout treats them as zero).
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Whether `self` is at least `other` in both directions.
    public func contains(_ other: Size) -> Bool { width >= other.width && height >= other.height }

    /// `"44×22"`.
    public var description: String { "\(width)×\(height)" }
}
