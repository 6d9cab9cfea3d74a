/// Which characters draw the board: blocks in colour, or a monochrome board that reads
/// without colour.
///
/// | style         | filled cell | piece in play | ghost | empty | border        |
/// |---------------|-------------|---------------|-------|-------|---------------|
/// | `.color`      | `██` in the kind's colour | `██` | `░░` in the colour at 60 % | ` .` grey | box drawing |
/// | `.monochrome` | `[]`        | `[]` bold     | `::`  | ` .` dim | box drawing |
/// | `.ascii`      | `[]`        | `[]` bold     | `::`  | ` .` dim | `+`, `-`, `|` |
///
/// Every filled cell is `[]` in the monochrome styles, whatever its kind: the shapes tell
/// the pieces apart, and a piece set may use any letters. `.ascii` also writes every other
/// text in ASCII (`x` for `×`, `?` for any non-ASCII character in a mod's strings).
/// Use `.monochrome` (or `.ascii`) with `ColorMode.none` for `NO_COLOR`.
public enum RenderStyle: Hashable, Sendable {
    /// Coloured blocks; the default.
    case color
    /// `[]` cells, no colours, box-drawing borders.
    case monochrome
    /// `[]` cells, no colours, ASCII only.
    case ascii

    /// Whether every character drawn is ASCII.
    public var isASCII: Bool { self == .ascii }
    /// Whether cells are drawn with colours.
    public var usesColor: Bool { self == .color }
}

/// The characters and styles of one `RenderStyle`.
struct Glyphs {
    var filled: (Unicode.Scalar, Unicode.Scalar)
    var ghost: (Unicode.Scalar, Unicode.Scalar)
    var empty: (Unicode.Scalar, Unicode.Scalar)
    var emptyStyle: TextStyle
    var borderStyle: TextStyle
    var labelStyle: TextStyle
    var horizontal: Unicode.Scalar
    var vertical: Unicode.Scalar
    var topLeft: Unicode.Scalar, topRight: Unicode.Scalar
    var bottomLeft: Unicode.Scalar, bottomRight: Unicode.Scalar
    var times: String
    var ellipsis: String
    var marker: String

    /// The grey of empty cells in colour (grey-ramp entry 239, so short to write).
    static let emptyGrey: UInt32 = 0x4E4E4E
    /// The grey of borders and labels in colour (grey-ramp entry 247).
    static let borderGrey: UInt32 = 0x9E9E9E
    /// How bright the ghost is, in percent of its kind's colour.
    static let ghostPercent = 60

    init(_ style: RenderStyle) {
        switch style {
        case .color:
            filled = ("█", "█"); ghost = ("░", "░"); empty = (" ", ".")
            emptyStyle = TextStyle(foreground: .rgb(Glyphs.emptyGrey))
            borderStyle = TextStyle(foreground: .rgb(Glyphs.borderGrey))
            labelStyle = TextStyle(foreground: .rgb(Glyphs.borderGrey))
        case .monochrome, .ascii:
            filled = ("[", "]"); ghost = (":", ":"); empty = (" ", ".")
            emptyStyle = .dim
            borderStyle = .plain
            labelStyle = .plain
        }
        if style == .ascii {
            horizontal = "-"; vertical = "|"
            topLeft = "+"; topRight = "+"; bottomLeft = "+"; bottomRight = "+"
            times = "x"; ellipsis = "~"; marker = ">"
        } else {
            horizontal = "─"; vertical = "│"
            topLeft = "┌"; topRight = "┐"; bottomLeft = "└"; bottomRight = "┘"
            times = "×"; ellipsis = "…"; marker = "▶"
        }
    }
}
