import HanJulCore

/// A rotation a player may make, when the rules allow it.
public enum Turn: UInt32, CaseIterable, Sendable {
    /// `C`: every rule set has it.
    case clockwise = 1
    /// `A`: when `Rules.allowsCounterclockwise`.
    case counterclockwise = 2
    /// `F`: a 180° turn, when `Rules.allowsHalfTurn`.
    case halfTurn = 3

    /// The action that makes the turn.
    @inlinable public var action: Action {
        switch self {
        case .clockwise: .rotate
        case .counterclockwise: .rotateCounterclockwise
        case .halfTurn: .rotateHalfTurn
        }
    }

    /// Clockwise turns only, as a mask for `PlacementSearch.run(_:in:rules:from:turns:)`.
    public static let clockwiseOnly: UInt32 = 2

    /// The turns `rules` allow (bit `rawValue` set for each), in the order searches try
    /// them: `C`, `A`, `F`. A mask, not an array: searches ask once per piece.
    @inlinable
    @_specialize(where R == StandardRules)
    public static func allowed<R: Rules>(by rules: R) -> UInt32 {
        2 | (rules.allowsCounterclockwise ? 4 : 0) | (rules.allowsHalfTurn ? 8 : 0)
    }

    /// `rules`' result of this turn of `piece` on `state`, checked as the engine checks it:
    /// `nil` when it cannot turn.
    /// - Throws: the rules' error, or one naming the `rotate` hook when it returns a piece
    ///   that does not fit or changed its kind (the engine would end the game with it).
    @inlinable
    @_specialize(where R == StandardRules)
    public func apply<R: Rules>(to piece: Piece, state: GameState, rules: R) throws(RuleError) -> Piece? {
        let result = switch self {
        case .clockwise: try rules.rotated(piece, state: state)
        case .counterclockwise: try rules.rotatedCounterclockwise(piece, state: state)
        case .halfTurn: try rules.rotatedHalfTurn(piece, state: state)
        }
        guard let (turned, _) = result else { return nil }
        guard turned.kind == piece.kind, state.fits(turned) else {
            throw RuleError(hook: "rotate", message: "returned a piece that does not fit or changed its kind")
        }
        return turned
    }

    // A sequence of turns packed in a word: the count in the low 4 bits, then 2 bits per
    // turn, the first turn lowest (up to 14 turns).

    /// The number of turns in `packed`.
    @inlinable public static func count(_ packed: UInt32) -> Int { Int(packed & 0xF) }

    /// Turn `index` of `packed`.
    @inlinable public static func at(_ index: Int, of packed: UInt32) -> Turn {
        Turn(rawValue: (packed >> UInt32(4 + 2 * index)) & 3)!
    }

    /// `packed` with `self` appended.
    @inlinable public func appended(to packed: UInt32) -> UInt32 {
        let count = packed & 0xF
        precondition(count < 14, "too many turns to pack")
        return ((packed & ~0xF) | (rawValue << (4 + 2 * count))) | (count + 1)
    }
}
