/// Which characters draw the board, and whether in colour.
///
/// | style         | filled cell | piece in play | ghost | empty | border        |
/// |---------------|-------------|---------------|-------|-------|---------------|
/// | `.color`      | two spaces on the kind's colour | the same | `░░` in the colour at 60 % | ` .` grey | box drawing |
/// | `.monochrome` | `[]`        | `[]` bold     | `::`  | ` .` dim | box drawing |
/// | `.ascii`      | `[]`        | `[]` bold     | `::`  | ` .` dim | `+`, `-`, `|` |
/// | `.asciiColor` | `[]` in the kind's colour | `[]` bold | `::` in the colour at 60 % | ` .` grey | `+`, `-`, `|` |
///
/// Every filled cell is `[]` in the monochrome styles, whatever its kind: the shapes tell
/// the pieces apart, and a piece set may use any letters. The ASCII styles also write every
/// other text in ASCII (`x` for `×`, `|` for `·`, `?` for any other non-ASCII character in
/// a mod's strings). `--ascii` is `.asciiColor`, or `.ascii` under `NO_COLOR`.
/// Use `.monochrome` (or `.ascii`) with `ColorMode.none` for `NO_COLOR`.
///
/// A filled cell in `.color` is a coloured background, not `█`: the block glyph leaves gaps
/// between cells in many fonts, a background never does (D6).
///
/// `lightBackground` draws for a light terminal background (D7): piece colours too light
/// to read on it darkened, greys for labels and borders darker, the empty cells' dots lighter.
public struct RenderStyle: Hashable, Sendable {
    /// Whether cells are drawn with colours.
    public var usesColor: Bool
    /// Whether every character drawn is ASCII.
    public var isASCII: Bool
    /// Whether the terminal's background is light (its colours chosen to read on it).
    public var lightBackground = false

    public init(usesColor: Bool, isASCII: Bool) {
        self.usesColor = usesColor
        self.isASCII = isASCII
    }

    /// Coloured blocks; the default.
    public static let color = RenderStyle(usesColor: true, isASCII: false)
    /// `[]` cells, no colours, box-drawing borders.
    public static let monochrome = RenderStyle(usesColor: false, isASCII: false)
    /// `[]` cells, no colours, ASCII only.
    public static let ascii = RenderStyle(usesColor: false, isASCII: true)
    /// `[]` cells in colour, ASCII only.
    public static let asciiColor = RenderStyle(usesColor: true, isASCII: true)

    /// Whether filled cells are coloured backgrounds (spaces) rather than characters.
    public var fillsCells: Bool { usesColor && !isASCII }

    /// This style on a light (`true`) or dark background.
    public func on(lightBackground light: Bool) -> RenderStyle {
        var style = self
        style.lightBackground = light
        return style
    }
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
    /// On a light background: the empty cells' dots (entry 250) and the borders and labels
    /// (entry 237; black in 16 colours), as far from white as the dark ones are from black.
    static let lightEmptyGrey: UInt32 = 0xBCBCBC
    static let lightBorderGrey: UInt32 = 0x3A3A3A
    /// How bright the ghost is, in percent of its kind's colour.
    static let ghostPercent = 60

    init(_ style: RenderStyle) {
        if style.isASCII {
            filled = ("[", "]"); ghost = (":", ":")
        } else if style.usesColor {
            filled = (" ", " "); ghost = ("░", "░")
        } else {
            filled = ("[", "]"); ghost = (":", ":")
        }
        empty = (" ", ".")
        if style.usesColor {
            let light = style.lightBackground
            emptyStyle = TextStyle(foreground: .rgb(light ? Glyphs.lightEmptyGrey : Glyphs.emptyGrey))
            borderStyle = TextStyle(foreground: .rgb(light ? Glyphs.lightBorderGrey : Glyphs.borderGrey))
            labelStyle = borderStyle
        } else {
            emptyStyle = .dim
            borderStyle = .plain
            labelStyle = .plain
        }
        if style.isASCII {
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
