/// One terminal cell of a `Frame`: a character one column wide, and its style.
///
/// The character is a single Unicode scalar that takes exactly one column; `Frame`'s
/// text-writing methods replace anything else (controls, wide or zero-width characters).
public struct FrameCell: Hashable, Sendable {
    /// The character shown, one column wide.
    public var character: Unicode.Scalar
    /// Colours and attributes.
    public var style: TextStyle

    /// A cell showing `character` in `style`.
    public init(_ character: Unicode.Scalar, style: TextStyle = .plain) {
        self.character = character
        self.style = style
    }

    /// The character's colour.
    public var foreground: Color { style.foreground }
    /// The background colour.
    public var background: Color { style.background }
    /// Bold, dim, reverse.
    public var attributes: TextAttributes { style.attributes }

    /// A space in the default style: what a cleared terminal shows.
    public static let blank = FrameCell(" ")
}
