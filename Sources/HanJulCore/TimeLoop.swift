/// The one loop that drives time: a game on its clock (`TimedGame.advance(to:onStep:)`), a
/// versus match (`VersusReferee.advance`) and every play screen (its game's dues beside its
/// own timers: the key stream's releases, auto-shift, a bot's moves) go through it.
///
/// `next` says what falls due next and when (nil: nothing, or the host has stopped); while
/// that is due by `time`, `step` plays it (winding the host's clock to its time first). At
/// most `maxSteps` steps: a clock that jumps by hours (a laptop's sleep) gives no more, and
/// the caller then lets the rest of the time pass at once.
///
/// ```
/// TimeLoop.run(&timed, to: 2_000_000_000, maxSteps: 10_000, next: { $0.nextDue }) { timed, due in
///     timed.wind(to: due.time)
///     if let action = timed.takeDue() { timed.apply(action) }
/// }
/// ```
public enum TimeLoop {
    /// Answers the steps taken.
    @inlinable @discardableResult
    public static func run<Host, Step>(_ host: inout Host, to time: UInt64, maxSteps: Int,
                                       next: (inout Host) -> (time: UInt64, due: Step)?,
                                       step: (inout Host, (time: UInt64, due: Step)) -> Void) -> Int {
        var steps = 0
        while steps < maxSteps, let due = next(&host), due.time <= time {
            steps += 1
            step(&host, due)
        }
        return steps
    }

    /// The soonest of `timers` (nil ones: not set), and of those due then the first in the
    /// order given (which goes first at one time).
    @inlinable
    public static func soonest<Step>(_ timers: [(time: UInt64?, due: Step)]) -> (time: UInt64, due: Step)? {
        var best: (time: UInt64, due: Step)?
        for timer in timers {
            guard let time = timer.time else { continue }
            if best.map({ time < $0.time }) ?? true { best = (time, timer.due) }
        }
        return best
    }
}
