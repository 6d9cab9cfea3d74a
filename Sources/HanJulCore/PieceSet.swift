/// The kinds of piece a game deals, with their shapes precomputed as row bitmasks.
///
/// The masks make the collision test a handful of AND operations per piece, with no
/// allocation: see `Board.fits(_:in:)`.
public struct PieceSet: Equatable, Sendable {
    /// A rotation state reduced to what the collision test needs: its cells' bounding box
    /// (offsets from the piece's `x`, `y`) and where its row masks start in `masks`.
    public struct Shape: Equatable, Sendable {
        public var minX: Int
        public var maxX: Int
        public var minY: Int
        public var maxY: Int
        /// Index of the first row mask in `masks`; one mask per row `minY...maxY`,
        /// bit 0 standing for column `minX`.
        public var maskStart: Int
    }

    /// The kinds, in index order.
    public let kinds: [PieceKind]
    @usableFromInline let shapes: [Shape]
    @usableFromInline let shapeStart: [Int]
    /// The row masks of every rotation state of every kind (see `Shape.maskStart`): what
    /// code that places pieces on row bitmasks (bots, lookahead) reads.
    public let masks: [UInt64]

    /// The most cells any rotation state spans in either direction.
    public let maxExtent: Int

    /// Builds a piece set, checking each kind is well formed.
    ///
    /// - Throws: `PieceSetError` naming the kind at fault.
    public init(_ kinds: [PieceKind]) throws(PieceSetError) {
        guard !kinds.isEmpty else { throw .empty }
        guard kinds.count <= PieceSet.maxKinds else { throw .tooManyKinds(kinds.count) }
        var shapes: [Shape] = []
        var shapeStart: [Int] = []
        var masks: [UInt64] = []
        var extent = 0
        var letters: Set<Character> = []
        for kind in kinds {
            guard kind.letter.isASCII, kind.letter.isLetter, kind.letter.isUppercase else {
                throw .badLetter(kind.letter)
            }
            guard letters.insert(kind.letter).inserted else { throw .duplicateLetter(kind.letter) }
            guard !kind.rotations.isEmpty, kind.rotations.count <= 8 else {
                throw .badRotationCount(kind.letter, kind.rotations.count)
            }
            shapeStart.append(shapes.count)
            for cells in kind.rotations {
                guard !cells.isEmpty, cells.count <= 16, Set(cells).count == cells.count else {
                    throw .badCells(kind.letter)
                }
                let xs = cells.map(\.x), ys = cells.map(\.y)
                let minX = xs.min()!, maxX = xs.max()!, minY = ys.min()!, maxY = ys.max()!
                guard minX >= -8, minY >= -8, maxX - minX < 8, maxY - minY < 8 else {
                    throw .badCells(kind.letter)
                }
                extent = max(extent, maxX - minX + 1, maxY - minY + 1)
                shapes.append(Shape(minX: minX, maxX: maxX, minY: minY, maxY: maxY, maskStart: masks.count))
                for y in minY...maxY {
                    var mask: UInt64 = 0
                    for cell in cells where cell.y == y { mask |= 1 << UInt64(cell.x - minX) }
                    masks.append(mask)
                }
            }
        }
        self.kinds = kinds
        self.shapes = shapes
        self.shapeStart = shapeStart
        self.masks = masks
        self.maxExtent = extent
    }

    /// The most kinds a set may hold.
    public static let maxKinds = 64

    /// The number of kinds.
    @inlinable public var count: Int { kinds.count }

    /// The number of rotation states of `kind`.
    @inlinable public func rotationCount(of kind: Int) -> Int { kinds[kind].rotations.count }

    /// The kind whose letter is `letter`, if any.
    public func kind(forLetter letter: Character) -> Int? {
        kinds.firstIndex { $0.letter == letter }
    }

    /// The board cells `piece` covers.
    public func cells(of piece: Piece) -> [Cell] {
        kinds[piece.kind].rotations[piece.rotation].map { Cell(x: $0.x + piece.x, y: $0.y + piece.y) }
    }

    /// The bounding box and row masks of `kind` in `rotation`.
    @inlinable
    public func shape(_ kind: Int, _ rotation: Int) -> Shape {
        shapes[shapeStart[kind] + rotation]
    }
}

/// Why a piece set was refused.
public enum PieceSetError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case tooManyKinds(Int)
    case badLetter(Character)
    case duplicateLetter(Character)
    case badRotationCount(Character, Int)
    case badCells(Character)

    public var description: String {
        switch self {
        case .empty: "a piece set needs at least one kind"
        case .tooManyKinds(let n): "a piece set holds at most \(PieceSet.maxKinds) kinds, not \(n)"
        case .badLetter(let l): "piece letter '\(l)' must be one uppercase ASCII letter"
        case .duplicateLetter(let l): "piece letter '\(l)' is used twice"
        case .badRotationCount(let l, let n): "piece '\(l)' has \(n) rotation states; give 1 to 8"
        case .badCells(let l):
            "piece '\(l)' has a rotation state with no cells, repeated cells, more than 16 cells, or a span over 8"
        }
    }
}
