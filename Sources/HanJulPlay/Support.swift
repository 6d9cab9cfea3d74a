import HanJulSystem
import HanJulCore
import HanJulRender
import HanJulTerminal

/// Small helpers of the terminal front ends: wall-clock dates, clock seeds, sizes.
public enum Clock {
    /// A seed from the wall clock and the process id, for games started without `--seed`.
    public static func seed() -> UInt64 {
        // SplitMix64's finaliser: nearby clocks give unrelated seeds.
        SplitMix64.mix(SystemClock.realtime.nanoseconds() &+ UInt64(SystemProcess.id) << 32)
    }

    /// The local date and time with `format` (strftime), e.g. `"%Y%m%d-%H%M%S"`.
    public static func local(_ format: String) -> String { SystemClock.localTime(format) }
}

extension TerminalSize {
    /// The renderer's size type.
    public var renderSize: Size { Size(width: columns, height: rows) }
}

extension RenderStyle {
    /// The style and colour mode for this terminal: `--ascii` → ASCII characters, in
    /// colour unless `NO_COLOR` (or a terminal without colour) says otherwise; otherwise
    /// colour blocks in the best colour mode the environment names, or a monochrome board.
    public static func choose(ascii: Bool, environment: [String: String]) -> (RenderStyle, ColorMode) {
        let mode = ColorMode.detect(environment)
        if ascii { return (mode == .none ? .ascii : .asciiColor, mode) }
        return mode == .none ? (.monochrome, .none) : (.color, mode)
    }
}

extension PlayEnvironment {
    /// The real world: scores in `store`, seeds from the clock, the local date.
    public static func live(store: any PlayStore) -> PlayEnvironment {
        var environment = PlayEnvironment(store: store, newSeed: Clock.seed,
                                          date: { (Clock.local("%Y%m%d-%H%M%S"), Clock.local("%Y-%m-%d %H:%M")) })
        #if HANJUL_TEST_SWITCHES
        // TEST ONLY (debug and test builds, like HANJUL_TEST_CRASH): games started from the
        // start screen, which takes no --seed, deal from this seed, so a test can plan them.
        if let text = SystemProcess.environment("HANJUL_TEST_SEED"), let seed = UInt64(text) {
            environment.newSeed = { seed }
        }
        #endif
        return environment
    }
}
