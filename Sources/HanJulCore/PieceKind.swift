/// One kind of piece in a `PieceSet`: its letter, display colour and rotation states.
///
/// Each rotation state lists the piece's cells inside its box, with `(0, 0)` at the
/// box's top-left corner. Rotating clockwise goes from state `r` to `(r + 1) % count`.
public struct PieceKind: Hashable, Sendable {
    /// The single letter that names the kind in scripts, JSON and boards (`"T"`).
    public var letter: Character
    /// The display colour as `0xRRGGBB`.
    public var color: UInt32
    /// The cells of each rotation state.
    public var rotations: [[Cell]]
    /// Whether the default randomizer's bag deals this kind (a garbage kind that only
    /// rules put on the board is not).
    public var inBag: Bool

    public init(letter: Character, color: UInt32, rotations: [[Cell]], inBag: Bool = true) {
        self.letter = letter
        self.color = color
        self.rotations = rotations
        self.inBag = inBag
    }
}
