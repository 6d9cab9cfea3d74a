import HanJulCore
import HanJulCodec
import HanJulNet

/// The Tetris Bot Protocol's words for HanJul's game (TBP MVP, tbp-spec `text/0000-mvp.md`
/// at 45b1ef8; docs/TBP.md): pieces by letter, orientations by compass name, locations by
/// the piece's SRS centre with row 0 at the bottom of a board 40 rows tall.
///
/// TBP knows the seven SRS pieces on a board 10 wide: rules with other shapes or another
/// width cannot be spoken (`unsupported(_:)` says why).
public struct TBPCodec: Sendable {
    public let pieces: PieceSet
    /// The HanJul board's height: TBP row `r` is HanJul row `height - 1 - r`.
    public let height: Int
    /// The kind a garbage cell (`"G"`) becomes on HanJul's board: the set's kind dealt by no
    /// bag, else the first kind.
    public let garbageKind: Int
    /// Per kind, its standard letter's index in `centres` (nil: not a standard piece).
    private let standardIndex: [Int?]

    /// TBP's board height.
    public static let rows = 40
    public static let orientations = ["north", "east", "south", "west"]
    /// The SRS centre of each standard piece (`PieceSet.standard`'s order, I O T S Z J L) in
    /// each orientation, as an offset in HanJul's box (x right, y down): the pivot of J L S T
    /// Z; the I's middle-left, middle-top, middle-right, middle-bottom mino; the O's
    /// bottom-left, top-left, top-right, bottom-right mino (the spec's definitions).
    static let centres: [[(x: Int, y: Int)]] = [
        [(1, 1), (2, 1), (2, 2), (1, 2)],
        [(1, 1), (1, 0), (2, 0), (2, 1)],
        [(1, 1), (1, 1), (1, 1), (1, 1)], [(1, 1), (1, 1), (1, 1), (1, 1)], [(1, 1), (1, 1), (1, 1), (1, 1)],
        [(1, 1), (1, 1), (1, 1), (1, 1)], [(1, 1), (1, 1), (1, 1), (1, 1)],
    ]

    public init(pieces: PieceSet, height: Int) {
        self.pieces = pieces
        self.height = height
        garbageKind = pieces.kinds.firstIndex { !$0.inBag } ?? 0
        standardIndex = pieces.kinds.map { kind in
            guard let index = PieceSet.standard.kind(forLetter: kind.letter),
                  PieceSet.standard.kinds[index].rotations == kind.rotations else { return nil }
            return index
        }
    }

    /// Why rules of `width` × `height` with these pieces cannot be played over TBP, or nil.
    public func unsupported(width: Int) -> String? {
        if width != 10 { return "TBP plays on a board 10 wide; these rules' board is \(width) wide" }
        if height > Self.rows { return "TBP's board is \(Self.rows) rows tall; these rules' board is \(height)" }
        for (index, kind) in pieces.kinds.enumerated() where kind.inBag && standardIndex[index] == nil {
            return "TBP knows the seven SRS pieces; these rules deal \(kind.letter), which is not one of them"
        }
        return nil
    }

    /// The letter TBP names `kind` by.
    public func letter(_ kind: Int) -> String { String(pieces.kinds[kind].letter) }

    /// The kind TBP's letter names; nil for a letter the set has no standard piece for.
    public func kind(_ letter: String) -> Int? {
        guard letter.count == 1, let kind = pieces.kind(forLetter: letter.first!), standardIndex[kind] != nil else { return nil }
        return kind
    }

    /// `piece` as a TBP location.
    public func location(of piece: Piece) -> JSON {
        let centre = Self.centres[standardIndex[piece.kind] ?? 2][piece.rotation % 4]
        return .object([
            .init("type", .string(letter(piece.kind))),
            .init("orientation", .string(Self.orientations[piece.rotation % 4])),
            .init("x", .integer(Int64(piece.x + centre.x))),
            .init("y", .integer(Int64(height - 1 - (piece.y + centre.y)))),
        ])
    }

    /// The piece a TBP location names, or why it names none.
    public func piece(at location: JSON) -> Result<Piece, TBPError> {
        guard case .object = location else { return .failure(TBPError("a location that is not an object")) }
        guard let type = location["type"]?.stringValue else { return .failure(TBPError("a location without a piece \"type\"")) }
        guard let kind = kind(type) else { return .failure(TBPError("a piece type \(TBPError.quoted(type)) that these rules do not deal")) }
        guard let name = location["orientation"]?.stringValue, let rotation = Self.orientations.firstIndex(of: name),
              rotation < pieces.rotationCount(of: kind) else {
            return .failure(TBPError("an orientation that is not north, east, south or west"))
        }
        guard let x = location["x"]?.integerValue, let y = location["y"]?.integerValue,
              (-64...64).contains(x), (-64...64).contains(y) else {
            return .failure(TBPError("a location without whole x and y on the board"))
        }
        let centre = Self.centres[standardIndex[kind]!][rotation]
        return .success(Piece(kind: kind, rotation: rotation, x: Int(x) - centre.x, y: height - 1 - Int(y) - centre.y))
    }

    /// A TBP move: where `piece` locks and the spin it locks with.
    public func move(_ piece: Piece, spin: Spin) -> JSON {
        .object([.init("location", location(of: piece)), .init("spin", .string(spin.rawValue))])
    }

    /// `board` as TBP's 40 rows of 10 cells, row 0 at the bottom.
    public func cells(of board: Board) -> JSON {
        .array((0..<Self.rows).map { row in
            let y = height - 1 - row
            return .array((0..<board.width).map { x in
                guard y >= 0, let kind = board.kind(atX: x, y: y) else { return .null }
                return standardIndex[kind] == nil ? .string("G") : .string(letter(kind))
            })
        })
    }

    /// The board TBP's rows describe, or why they describe none.
    public func board(_ rows: JSON?, width: Int) -> Result<Board, TBPError> {
        guard case .array(let lines)? = rows, lines.count <= Self.rows else {
            return .failure(TBPError("a board that is not a list of at most \(Self.rows) rows"))
        }
        var board = Board(width: width, height: height)
        for (row, line) in lines.enumerated() {
            guard case .array(let cells) = line, cells.count == width else {
                return .failure(TBPError("a board row that is not a list of \(width) cells"))
            }
            for (x, cell) in cells.enumerated() {
                if cell == .null { continue }
                guard let text = cell.stringValue else { return .failure(TBPError("a board cell that is neither null nor a letter")) }
                let y = height - 1 - row
                guard y >= 0 else { return .failure(TBPError("a filled cell in row \(row), above this board's \(height) rows")) }
                board.set(x: x, y: y, to: kind(text) ?? garbageKind)
            }
        }
        return .success(board)
    }

    /// The `rules` message with HanJul's extension: the rule set's identity and the same
    /// SHA-256 hash a replay's lock and a versus HELLO carry (docs/TBP.md).
    public func rules(_ identity: RulesIdentity, width: Int, holdEnabled: Bool, previews: Int) -> JSON {
        let name = identity.mods.isEmpty ? "standard" : identity.mods.map { "mod:" + $0.id }.joined(separator: "+")
        return .object([
            .init("type", .string("rules")),
            .init("hanjul", .object([
                .init("rules", .string(name)),
                .init("rules_hash", .string(VersusHello.rulesHash(mods: identity.mods.map(\.sha256)))),
                .init("mods", .array(identity.mods.map {
                    .object([.init("id", .string($0.id)), .init("version", .string($0.version)), .init("sha256", .string($0.sha256))])
                })),
                .init("width", .integer(Int64(width))), .init("height", .integer(Int64(height))),
                .init("hold", .bool(holdEnabled)), .init("previews", .integer(Int64(previews))),
            ])),
        ])
    }
}

/// What a TBP peer did wrong, in words for one line.
public struct TBPError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }

    /// `text` quoted for a message, at most 80 characters of it, control characters shown.
    public static func quoted(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars.prefix(80) {
            shown += scalar.value < 0x20 || scalar.value == 0x7f ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        }
        return "'" + shown + (text.unicodeScalars.count > 80 ? "…" : "") + "'"
    }
}
