/// A piece in play: its kind (an index into the `PieceSet`), rotation state and the
/// position of its box's top-left corner on the board.
public struct Piece: Hashable, Sendable {
    public var kind: Int
    public var rotation: Int
    public var x: Int
    public var y: Int

    public init(kind: Int, rotation: Int, x: Int, y: Int) {
        self.kind = kind
        self.rotation = rotation
        self.x = x
        self.y = y
    }

    /// Whether a box corner at `(x, y)` is within reach of any board: coordinates from
    /// mods are checked with it before the engine adds shape offsets to them, so those
    /// sums cannot overflow (L-34). A piece this far off never fits.
    @inlinable
    public static func isNearBoard(x: Int, y: Int) -> Bool {
        (-1_024...1_024).contains(x) && (-1_024...1_024).contains(y)
    }

    /// The same piece moved by `(dx, dy)`.
    @inlinable
    public func offset(_ dx: Int, _ dy: Int) -> Piece {
        Piece(kind: kind, rotation: rotation, x: x + dx, y: y + dy)
    }
}
