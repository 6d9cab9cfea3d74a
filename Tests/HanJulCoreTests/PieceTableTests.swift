import Testing
@testable import HanJulCore

/// Every rotation state of every piece, as RULES.md draws it: the piece's 4×4 box.
@Suite struct PieceTableTests {
    static let states: [(String, Int, String)] = [
        ("I", 0, """
            ....
            IIII
            ....
            ....
            """),
        ("I", 1, """
            ..I.
            ..I.
            ..I.
            ..I.
            """),
        ("I", 2, """
            ....
            ....
            IIII
            ....
            """),
        ("I", 3, """
            .I..
            .I..
            .I..
            .I..
            """),
        ("O", 0, """
            .OO.
            .OO.
            ....
            ....
            """),
        ("O", 1, """
            .OO.
            .OO.
            ....
            ....
            """),
        ("O", 2, """
            .OO.
            .OO.
            ....
            ....
            """),
        ("O", 3, """
            .OO.
            .OO.
            ....
            ....
            """),
        ("T", 0, """
            .T..
            TTT.
            ....
            ....
            """),
        ("T", 1, """
            .T..
            .TT.
            .T..
            ....
            """),
        ("T", 2, """
            ....
            TTT.
            .T..
            ....
            """),
        ("T", 3, """
            .T..
            TT..
            .T..
            ....
            """),
        ("S", 0, """
            .SS.
            SS..
            ....
            ....
            """),
        ("S", 1, """
            .S..
            .SS.
            ..S.
            ....
            """),
        ("S", 2, """
            ....
            .SS.
            SS..
            ....
            """),
        ("S", 3, """
            S...
            SS..
            .S..
            ....
            """),
        ("Z", 0, """
            ZZ..
            .ZZ.
            ....
            ....
            """),
        ("Z", 1, """
            ..Z.
            .ZZ.
            .Z..
            ....
            """),
        ("Z", 2, """
            ....
            ZZ..
            .ZZ.
            ....
            """),
        ("Z", 3, """
            .Z..
            ZZ..
            Z...
            ....
            """),
        ("J", 0, """
            J...
            JJJ.
            ....
            ....
            """),
        ("J", 1, """
            .JJ.
            .J..
            .J..
            ....
            """),
        ("J", 2, """
            ....
            JJJ.
            ..J.
            ....
            """),
        ("J", 3, """
            .J..
            .J..
            JJ..
            ....
            """),
        ("L", 0, """
            ..L.
            LLL.
            ....
            ....
            """),
        ("L", 1, """
            .L..
            .L..
            .LL.
            ....
            """),
        ("L", 2, """
            ....
            LLL.
            L...
            ....
            """),
        ("L", 3, """
            LL..
            .L..
            .L..
            ....
            """),
    ]

    /// The piece drawn in its 4×4 box at the top-left of an empty board.
    static func box(kind: Int, rotation: Int) -> String {
        var board = Board()
        board.place(Piece(kind: kind, rotation: rotation, x: 0, y: 0), in: .standard)
        return board.lines(letters: .standard).prefix(4).map { String($0.prefix(4)) }.joined(separator: "\n")
    }

    @Test(arguments: 0..<28)
    func rotationState(_ index: Int) throws {
        let (letter, rotation, expected) = Self.states[index]
        let kind = try #require(PieceSet.standard.kind(forLetter: Character(letter)))
        let drawn = expected.split(separator: "\n").map { $0.trimmingCharacters(in: " ") }.joined(separator: "\n")
        #expect(Self.box(kind: kind, rotation: rotation) == drawn, "\(letter) rotation \(rotation)")
    }

    @Test func kindsInOrderWithTheSeedPalette() {
        #expect(PieceSet.standard.kinds.map(\.letter) == Array("IOTSZJL"))
        #expect(PieceSet.standard.kinds.map(\.color) == [0x3EC8E8, 0xFFC44D, 0xC084FC, 0x4ADE80, 0xFB7185, 0x60A5FA, 0xFB923C])
        #expect(PieceSet.standard.kinds.allSatisfy { $0.rotations.count == 4 && $0.rotations.allSatisfy { $0.count == 4 } })
    }
}

extension Substring {
    func trimmingCharacters(in set: Character) -> String { String(filter { $0 != set }) }
}
