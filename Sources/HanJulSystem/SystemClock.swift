#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// The system's clocks, read through one wrapper of `clock_gettime`.
public enum SystemClock: Sendable {
    /// Never jumps backwards, unaffected by wall-clock changes; keeps running while the
    /// process is stopped.
    case monotonic
    /// The wall clock (seconds since 1970), which may jump.
    case realtime
    /// CPU time used by the whole process (every thread).
    case processCPU
    /// CPU time used by the calling thread only.
    case threadCPU

    private var id: clockid_t {
        switch self {
        case .monotonic: CLOCK_MONOTONIC
        case .realtime: CLOCK_REALTIME
        case .processCPU: CLOCK_PROCESS_CPUTIME_ID
        case .threadCPU: CLOCK_THREAD_CPUTIME_ID
        }
    }

    /// The clock's time as `clock_gettime` gives it.
    func now() -> timespec {
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

    /// The local date and time now, written by `format` (`strftime(3)`: `"%Y%m%d-%H%M%S"`);
    /// at most 63 bytes.
    public static func localTime(_ format: String) -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, format, &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Seconds since 1970 now, on the wall clock (`time(2)`).
    public static var secondsSince1970: Int64 { Int64(time(nil)) }

    /// The UTC date and time now as a compact ISO 8601 stamp, `20260131T235959Z`.
    public static func utcStamp() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))Z"
    }

    /// Sleeps for `milliseconds` on the monotonic clock, resuming after signals.
    public static func sleep(milliseconds: Int) {
        var pause = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
        var left = timespec()
        while nanosleep(&pause, &left) != 0 && errno == EINTR { pause = left }
    }
}
