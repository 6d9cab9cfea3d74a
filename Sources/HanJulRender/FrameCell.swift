/// One terminal cell of a `Frame`: the character it shows, and its style.
///
/// Nearly every cell shows one scalar one column wide (`character`). A character of
/// several scalars (`e` + U+0301, a flag) keeps up to `DisplayText.maxMarks` more; a wide
/// character (`한`, `🎮`) takes its cell and the next, which is its right half
/// (`isContinuation`) and shows nothing of its own. The storage is plain integers, so
/// frames stay cheap to make, copy and compare. `Frame`'s text-writing methods put only
/// what the terminal can show (`DisplayText`).
public struct FrameCell: Hashable, Sendable {
    /// The character's first scalar; a space on the right half of a wide character.
    public private(set) var character: Unicode.Scalar
    /// The scalars after the first.
    var marks = Marks()
    /// The columns the character takes from here: 1; 2 for a wide character; 0 on its
    /// right half.
    var span: UInt8 = 1
    /// Colours and attributes.
    public var style: TextStyle

    /// Up to four scalars (`DisplayText.maxMarks`), two to a word, 0 past the last: a
    /// scalar's value fits 32 bits, and no mark is U+0000.
    struct Marks: Hashable, Sendable {
        var low: UInt64 = 0
        var high: UInt64 = 0

        /// The scalar in `slot`, 0...3; nil past the last.
        subscript(slot: Int) -> Unicode.Scalar? {
            let word = slot < 2 ? low : high
            let value = UInt32(truncatingIfNeeded: word >> (32 * UInt64(slot % 2)))
            return value == 0 ? nil : Unicode.Scalar(value)
        }
    }

    /// A cell showing `character`, which takes one column, in `style`.
    public init(_ character: Unicode.Scalar, style: TextStyle = .plain) {
        self.character = character
        self.style = style
    }

    /// A cell showing one character given as its scalars (the first
    /// `1 + DisplayText.maxMarks` of them), over two columns when `isWide`.
    init(cluster: Substring.UnicodeScalarView, isWide: Bool, style: TextStyle) {
        var scalars = cluster.makeIterator()
        character = scalars.next() ?? " "
        self.style = style
        span = isWide ? 2 : 1
        for slot in 0..<DisplayText.maxMarks {
            guard let scalar = scalars.next() else { break }
            let bits = UInt64(scalar.value) << (32 * UInt64(slot % 2))
            if slot < 2 { marks.low |= bits } else { marks.high |= bits }
        }
    }

    /// The right half of a wide character in `style`.
    static func continuation(style: TextStyle) -> FrameCell {
        var cell = FrameCell(" ", style: style)
        cell.span = 0
        return cell
    }

    /// Whether the character takes two columns, this cell and the next.
    public var isWide: Bool { span == 2 }
    /// Whether this is the right half of the wide character on its left.
    public var isContinuation: Bool { span == 0 }
    /// Whether the cell is one scalar one column wide: what every terminal surely draws so,
    /// leaving the cursor one column on.
    var isPlain: Bool { span == 1 && marks.low == 0 }

    /// Calls `body` with each scalar after the first.
    func forEachMark(_ body: (Unicode.Scalar) -> Void) {
        for slot in 0..<DisplayText.maxMarks {
            guard let scalar = marks[slot] else { return }
            body(scalar)
        }
    }

    /// The character shown, with its marks; empty on the right half of a wide character.
    public var text: String {
        guard !isContinuation else { return "" }
        var view = String.UnicodeScalarView()
        view.append(character)
        forEachMark { view.append($0) }
        return String(view)
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
