import HanJulSystem

/// Reads `CLOCK_MONOTONIC`: never jumps backwards, unaffected by wall-clock changes.
///
/// It keeps running while the process is stopped (Ctrl-Z, SIGSTOP), so a game loop
/// that measures gravity against it must subtract the stopped time: `suspend()`
/// returns it, and after `.resumed` the loop should re-base its deadlines (T-4).
public enum MonotonicClock {
    /// Nanoseconds since an arbitrary fixed point.
    public static func nanoseconds() -> UInt64 {
        SystemClock.monotonic.nanoseconds()
    }

    /// Milliseconds since the same fixed point.
    public static func milliseconds() -> UInt64 {
        nanoseconds() / 1_000_000
    }
}
