/// The SGR attributes a cell may carry besides its colours.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt8
    /// Attributes from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bold or bright: SGR 1.
    public static let bold = TextAttributes(rawValue: 1 << 0)
    /// Faint: SGR 2.
    public static let dim = TextAttributes(rawValue: 1 << 1)
    /// Foreground and background swapped: SGR 7.
    public static let reverse = TextAttributes(rawValue: 1 << 2)
}
