/// How a cell's character is drawn: colours and attributes.
public struct TextStyle: Hashable, Sendable {
    /// The character's colour.
    public var foreground: Color
    /// The cell's background colour.
    public var background: Color
    /// Bold, dim, reverse.
    public var attributes: TextAttributes

    /// A style; every part defaults to the terminal's own.
    public init(foreground: Color = .default, background: Color = .default, attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's default colours, no attributes.
    public static let plain = TextStyle()
    /// Bold in the default colours.
    public static let bold = TextStyle(attributes: .bold)
    /// Dim in the default colours.
    public static let dim = TextStyle(attributes: .dim)
}
