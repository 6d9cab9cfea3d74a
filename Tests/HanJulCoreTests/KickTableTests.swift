import Testing
@testable import HanJulCore

/// Rotation systems as data: offsets per kind and turn, with a fallback for the rest.
@Suite struct KickTableTests {
    static let none = [Cell(x: 0, y: 0)]
    static let left = [Cell(x: 0, y: 0), Cell(x: -1, y: 0)]

    @Test func eachTurnHasItsOwnOffsets() {
        var table = KickTable(fallback: Self.none)
        #expect(table.isUniform)
        table.set(Self.left, kind: 2, from: 0, to: 1)
        table.set([Cell(x: 1, y: -2)], kind: 2, from: 0, to: 3)
        #expect(table.offsets(kind: 2, from: 0, to: 1) == Self.left)
        #expect(table.offsets(kind: 2, from: 0, to: 3) == [Cell(x: 1, y: -2)])
        #expect(table.offsets(kind: 2, from: 1, to: 2) == Self.none, "unset: the fallback")
        #expect(table.offsets(kind: 0, from: 0, to: 1) == Self.none, "another kind")
        #expect(table.offsets(kind: 63, from: 7, to: 7) == Self.none)
        #expect(!table.isUniform)
    }

    @Test func tablesAreEqualWhenEveryTurnIs() {
        var a = KickTable(fallback: Self.none), b = KickTable(fallback: Self.none)
        #expect(a == b)
        a.set(Self.none, kind: 5, from: 1, to: 2)
        #expect(a == b, "setting a turn to the fallback changes nothing")
        b.set(Self.left, kind: 0, from: 0, to: 1)
        #expect(a != b)
        a.set(Self.left, kind: 0, from: 0, to: 1)
        #expect(a == b)
    }

    /// Clockwise tries one row up first; counter-clockwise one row down; a half turn only in place.
    struct Directional: Rules {
        var name: String { "directional" }
        var allowsCounterclockwise: Bool { true }
        var allowsHalfTurn: Bool { true }
        func kicks(kind: Int, from: Int, to: Int) -> [Cell] {
            if to == (from + 1) % 4 { return [Cell(x: 0, y: -1), Cell(x: 0, y: 0)] }
            if to == (from + 3) % 4 { return [Cell(x: 0, y: 1), Cell(x: 0, y: 0)] }
            return [Cell(x: 0, y: 0)]
        }
    }

    @Test func theEngineTurnsWithTheTableOfEachTurn() {
        var game = Game(rules: Directional(), source: .sequence([2]))
        game.withState { $0.piece = .standard("T", x: 3, y: 5) }
        game.apply(.rotate)
        #expect(game.state.piece == .standard("T", rotation: 1, x: 3, y: 4))
        #expect(game.state.events == [.rotated(.standard("T", rotation: 1, x: 3, y: 4), kick: 0)])
        game.apply(.rotateCounterclockwise)
        #expect(game.state.piece == .standard("T", rotation: 0, x: 3, y: 5))
        game.apply(.rotateHalfTurn)
        #expect(game.state.piece == .standard("T", rotation: 2, x: 3, y: 5))
    }
}
