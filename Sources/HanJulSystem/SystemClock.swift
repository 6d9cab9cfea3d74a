/// The system's clocks, read through one wrapper of `clock_gettime`.
public enum SystemClock: Sendable {
    /// Never jumps backwards, unaffected by wall-clock changes; keeps running while the
    /// process is stopped.
    case monotonic
    /// The wall clock (seconds since 1970), which may jump.
    case realtime
    /// CPU time used by the whole process (every thread).
    case processCPU

    private var id: clockid_t {
        switch self {
        case .monotonic: CLOCK_MONOTONIC
        case .realtime: CLOCK_REALTIME
        case .processCPU: CLOCK_PROCESS_CPUTIME_ID
        }
    }

    /// The clock's time as `clock_gettime` gives it.
    public func now() -> timespec {
        var time = timespec()
        clock_gettime(id, &time)
        return time
    }

    /// Nanoseconds since the clock's fixed point (wrapping, as the clocks never reach it).
    public func nanoseconds() -> UInt64 {
        let time = now()
        return UInt64(bitPattern: Int64(time.tv_sec)) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// Milliseconds since the clock's fixed point.
    public func milliseconds() -> UInt64 { nanoseconds() / 1_000_000 }

    /// Seconds since the clock's fixed point, as a `Double`.
    public func seconds() -> Double {
        let time = now()
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    /// Sleeps for `milliseconds` on the monotonic clock, resuming after signals.
    public static func sleep(milliseconds: Int) {
        var pause = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
        var left = timespec()
        while nanosleep(&pause, &left) != 0 && errno == EINTR { pause = left }
    }
}
