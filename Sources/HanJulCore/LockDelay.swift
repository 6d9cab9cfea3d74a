/// How long a piece resting on the stack waits before it locks, and what restarts the wait:
/// the Guideline's "extended placement" lock down, TGM's step reset, or none, as a rule
/// capability (`Rules.lockDelay`).
///
/// Under a lock delay (docs/RULES.md, "Lock delay"):
/// - a piece is *grounded* when it cannot move one row down;
/// - `W<ms>` on a grounded piece advances its lock timer; when the timer reaches
///   `milliseconds` the piece locks;
/// - `G` and `D` move the piece down when it can; on a grounded piece they do not lock;
///   `H` locks at once;
/// - what restarts the timer is the `reset` kind (`Reset`);
/// - a new piece (spawn or hold) starts with the timer at 0 and every reset.
public struct LockDelay: Equatable, Hashable, Sendable {
    /// What puts the lock timer back to 0.
    public enum Reset: String, CaseIterable, Hashable, Sendable {
        /// The Guideline's: a move or turn that succeeds while the piece is grounded restarts
        /// the timer (a *reset*), at most `maxResets` times; the reset that uses the last one
        /// locks at once when the piece is grounded after it. A step down restarts the timer
        /// too, and reaching a row lower than any before gives back every reset.
        case move
        /// TGM's: only reaching a row lower than any the piece reached before restarts the
        /// timer; moves and turns never do.
        case step
        /// The timer never restarts: a piece has `milliseconds` of rest in all.
        case none
    }

    /// Milliseconds a grounded piece waits before it locks.
    public var milliseconds: Int
    /// Under `.move`: how many resets a piece gets; `nil` for no limit (the Guideline's
    /// "infinite placement"); 0: moves and turns never restart the timer.
    public var maxResets: Int?
    /// What restarts the timer.
    public var reset: Reset

    /// Milliseconds by level, when the delay shortens as the level rises: entry `n − 1` at
    /// level `n`, the first at levels below 1, the last past the end. Empty: `milliseconds`
    /// at every level.
    public var byLevel: [Int]

    public init(milliseconds: Int, maxResets: Int?, byLevel: [Int] = [], reset: Reset = .move) {
        self.milliseconds = milliseconds
        self.maxResets = maxResets
        self.byLevel = byLevel
        self.reset = reset
    }

    /// Milliseconds a grounded piece waits at `level`.
    public func milliseconds(atLevel level: Int) -> Int {
        guard let last = byLevel.last else { return milliseconds }
        return level >= 1 && level <= byLevel.count ? byLevel[level - 1] : level < 1 ? byLevel[0] : last
    }

    /// Whether a grounded piece that has used `resets` resets locks at once (`.move` with a
    /// cap above 0, reached).
    @inlinable public func isExhausted(resets: Int) -> Bool {
        guard reset == .move, let cap = maxResets, cap > 0 else { return false }
        return resets >= cap
    }

    /// The Guideline's: 500 ms, move reset, 15 resets.
    public static let guideline = LockDelay(milliseconds: 500, maxResets: 15)
    /// TGM's: 500 ms (30 frames), step reset.
    public static let tgm = LockDelay(milliseconds: 500, maxResets: nil, reset: .step)
}
