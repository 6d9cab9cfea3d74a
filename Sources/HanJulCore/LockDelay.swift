/// How long a piece resting on the stack waits before it locks: the Guideline's
/// "extended placement" lock down, as a rule capability (`Rules.lockDelay`).
///
/// Under a lock delay (docs/RULES.md, "Lock delay"):
/// - a piece is *grounded* when it cannot move one row down;
/// - `W<ms>` on a grounded piece advances its lock timer; when the timer reaches
///   `milliseconds` the piece locks;
/// - `G` and `D` move the piece down when it can; on a grounded piece they do not lock;
///   `H` locks at once;
/// - a move or turn that succeeds while the piece is grounded is a *reset*: the timer starts
///   again from 0. After `maxResets` resets the piece locks as soon as it is grounded after
///   an action (the reset that exhausts them included);
/// - a step down (`G`, `D`) restarts the timer; reaching a row lower than any the piece
///   reached before (its box's `y`) also gives back every reset;
/// - a new piece (spawn or hold) starts with the timer at 0 and every reset.
public struct LockDelay: Equatable, Hashable, Sendable {
    /// Milliseconds a grounded piece waits before it locks.
    public var milliseconds: Int
    /// How many resets a piece gets; `nil` for no limit (the Guideline's "infinite
    /// placement").
    public var maxResets: Int?

    /// Milliseconds by level, when the delay shortens as the level rises: entry `n − 1` at
    /// level `n`, the last entry past the end. Empty: `milliseconds` at every level.
    public var byLevel: [Int]

    public init(milliseconds: Int, maxResets: Int?, byLevel: [Int] = []) {
        self.milliseconds = milliseconds
        self.maxResets = maxResets
        self.byLevel = byLevel
    }

    /// Milliseconds a grounded piece waits at `level`.
    public func milliseconds(atLevel level: Int) -> Int {
        guard let last = byLevel.last else { return milliseconds }
        return level >= 1 && level <= byLevel.count ? byLevel[level - 1] : level < 1 ? byLevel[0] : last
    }

    /// The Guideline's: 500 ms, 15 resets.
    public static let guideline = LockDelay(milliseconds: 500, maxResets: 15)
}
