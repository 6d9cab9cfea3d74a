/// The standard game of RULES.md: 10×20, the seven pieces, a 7-bag, clockwise rotation
/// with six kicks, 100/300/500/800 × level, 2 points per hard-dropped row.
public struct StandardRules: Rules, Sendable {
    public init() {}

    public var name: String { "standard" }
    /// The default turns over the standard kicks, the same for every value.
    public var fixedKicksToken: FixedKicksToken? { Self.kicksToken }
    private static let kicksToken = FixedKicksToken()

    /// The clockwise-rotation offsets, tried in order; the last is one row up.
    public static let kickOffsets = [
        Cell(x: 0, y: 0), Cell(x: -1, y: 0), Cell(x: 1, y: 0),
        Cell(x: -2, y: 0), Cell(x: 2, y: 0), Cell(x: 0, y: -1),
    ]

    /// Base points for clearing 0…4 lines at once.
    public static let lineScores = [0, 100, 300, 500, 800]

    /// `lineScores[lines] × level`; more than four lines score as four.
    @inlinable
    public static func linePoints(lines: Int, level: Int) -> Int {
        let base = lines <= 0 ? 0 : lineScores[min(lines, 4)]
        let (points, overflow) = base.multipliedReportingOverflow(by: level)
        return overflow ? Int.max : points
    }

    /// `max(120, 700 − (level − 1) × 45)` milliseconds. Levels come from mods and may be
    /// anything up to `Int.max`: the level is clamped first (every level past 13 is 120
    /// ms anyway), so the formula never overflows (L-34).
    @inlinable
    public static func gravityInterval(level: Int) -> Int {
        let clamped = min(max(level, -1_000), 1_000)
        return max(120, 700 - (clamped - 1) * 45)
    }

    /// 2 points per hard-dropped row.
    @inlinable
    public static func hardDropPoints(rows: Int) -> Int {
        let (points, overflow) = rows.multipliedReportingOverflow(by: 2)
        return overflow ? (rows > 0 ? Int.max : Int.min) : points
    }

    /// No points for soft drops.
    @inlinable
    public static func softDropPoints(rows: Int) -> Int { 0 }

    /// `1 + lines / 10`.
    @inlinable
    public static func level(lines: Int) -> Int { 1 + lines / 10 }

    /// Where a new piece enters: rotation 0, `x = (width − 4) / 2`, `y = 0`.
    @inlinable
    public static func spawnPiece(kind: Int, boardWidth: Int) -> Piece {
        Piece(kind: kind, rotation: 0, x: (boardWidth - 4) / 2, y: 0)
    }

    // The rules above are the one source of truth: the `Rules` defaults, `LuaRules`'s
    // fallbacks and mods' `hanjul.standard` all call them.
}

extension PieceSet {
    /// The seven standard pieces `I O T S Z J L`, their rotation tables and colours.
    public static let standard: PieceSet = {
        func cells(_ pairs: [(Int, Int)]) -> [Cell] { pairs.map { Cell(x: $0.0, y: $0.1) } }
        let o = cells([(1, 0), (2, 0), (1, 1), (2, 1)])
        let kinds = [
            PieceKind(letter: "I", color: 0x3EC8E8, rotations: [
                cells([(0, 1), (1, 1), (2, 1), (3, 1)]), cells([(2, 0), (2, 1), (2, 2), (2, 3)]),
                cells([(0, 2), (1, 2), (2, 2), (3, 2)]), cells([(1, 0), (1, 1), (1, 2), (1, 3)]),
            ]),
            PieceKind(letter: "O", color: 0xFFC44D, rotations: [o, o, o, o]),
            PieceKind(letter: "T", color: 0xC084FC, rotations: [
                cells([(1, 0), (0, 1), (1, 1), (2, 1)]), cells([(1, 0), (1, 1), (2, 1), (1, 2)]),
                cells([(0, 1), (1, 1), (2, 1), (1, 2)]), cells([(1, 0), (0, 1), (1, 1), (1, 2)]),
            ]),
            PieceKind(letter: "S", color: 0x4ADE80, rotations: [
                cells([(1, 0), (2, 0), (0, 1), (1, 1)]), cells([(1, 0), (1, 1), (2, 1), (2, 2)]),
                cells([(1, 1), (2, 1), (0, 2), (1, 2)]), cells([(0, 0), (0, 1), (1, 1), (1, 2)]),
            ]),
            PieceKind(letter: "Z", color: 0xFB7185, rotations: [
                cells([(0, 0), (1, 0), (1, 1), (2, 1)]), cells([(2, 0), (1, 1), (2, 1), (1, 2)]),
                cells([(0, 1), (1, 1), (1, 2), (2, 2)]), cells([(1, 0), (0, 1), (1, 1), (0, 2)]),
            ]),
            PieceKind(letter: "J", color: 0x60A5FA, rotations: [
                cells([(0, 0), (0, 1), (1, 1), (2, 1)]), cells([(1, 0), (2, 0), (1, 1), (1, 2)]),
                cells([(0, 1), (1, 1), (2, 1), (2, 2)]), cells([(1, 0), (1, 1), (0, 2), (1, 2)]),
            ]),
            PieceKind(letter: "L", color: 0xFB923C, rotations: [
                cells([(2, 0), (0, 1), (1, 1), (2, 1)]), cells([(1, 0), (1, 1), (1, 2), (2, 2)]),
                cells([(0, 1), (1, 1), (2, 1), (0, 2)]), cells([(0, 0), (1, 0), (1, 1), (1, 2)]),
            ]),
        ]
        // The table above is checked by the tests; a failure here is a programming error.
        return try! PieceSet(kinds)
    }()
}
