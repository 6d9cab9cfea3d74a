import HanJulCore

/// A place where a piece can lock, and how to get it there.
public struct Placement: Equatable, Sendable {
    /// The piece where it locks: after the hard drop that ends its path, before it is
    /// written into the board (and before any line clear).
    public var piece: Piece
    /// Rows the final hard drop moves the piece (what `hardDropPoints(rows:)` is paid for).
    public var dropRows: Int
    /// Whether the path starts with a hold (`X`): `piece` is then the kind the hold brings
    /// in (the held one, or the next when the slot was empty).
    public var holds: Bool
    // The path after the hold: fast mode the turns of `turns` (`Turn.pack`), `|shift|`
    // moves, a hard drop; full mode the actions `pathStart..<pathEnd` of the search's
    // buffer (then a hard drop).
    @usableFromInline var turns: UInt32
    @usableFromInline var shift: Int32
    @usableFromInline var pathStart: Int32
    @usableFromInline var pathEnd: Int32

    @inlinable
    init(piece: Piece, dropRows: Int, holds: Bool, turns: UInt32, shift: Int32, pathStart: Int32, pathEnd: Int32) {
        self.piece = piece
        self.dropRows = dropRows
        self.holds = holds
        self.turns = turns
        self.shift = shift
        self.pathStart = pathStart
        self.pathEnd = pathEnd
    }
}

/// The actions that take a piece from its start to a placement: a hold, rotations, moves
/// and soft drops, always ending with `.hardDrop`.
public struct PlacementPath: RandomAccessCollection, Equatable, Sendable {
    @usableFromInline let holds: Bool
    @usableFromInline let turns: UInt32
    @usableFromInline let shift: Int
    @usableFromInline let stored: ArraySlice<Action>

    @inlinable init(holds: Bool, turns: UInt32, shift: Int, stored: ArraySlice<Action>) {
        self.holds = holds
        self.turns = turns
        self.shift = shift
        self.stored = stored
    }

    /// The same path without its leading hold (played already).
    @inlinable public var droppingHold: PlacementPath {
        PlacementPath(holds: false, turns: turns, shift: shift, stored: stored)
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int {
        (holds ? 1 : 0) + stored.count + Turn.count(turns) + Int(shift.magnitude) + 1
    }

    @inlinable public subscript(position: Int) -> Action {
        precondition(position >= 0 && position < endIndex, "path index out of range")
        var rest = position
        if holds {
            if rest == 0 { return .hold }
            rest -= 1
        }
        if rest < stored.count { return stored[stored.startIndex + rest] }
        rest -= stored.count
        let turnCount = Turn.count(turns)
        if rest < turnCount { return Turn.at(rest, of: turns).action }
        rest -= turnCount
        if rest < Int(shift.magnitude) { return shift < 0 ? .left : .right }
        return .hardDrop
    }
}
