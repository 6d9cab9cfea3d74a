/// Where a game's pieces come from.
public enum PieceSource: Equatable, Sendable {
    /// The rules' randomizer (a 7-bag for the standard rules), seeded.
    case seeded(UInt64)
    /// These kinds in this order, repeating from the start when exhausted. The rules'
    /// randomizer is not consulted (the generator is still seeded with 0 for hooks that
    /// draw random numbers).
    case sequence([Int])
}
