import Foundation
import Testing

/// The tiers of the suite (README, "For developers"). `scripts/test --quick` sets
/// `HANJUL_TEST_TIER=quick`, and every test that needs a terminal or Slurm, or runs long, is
/// then skipped (with the reason shown); `scripts/test` and CI run them all.
/// `TestTierTests` finds a suite that uses the pseudo-terminal harness, Xvfb, tmux or Slurm
/// without its trait.
///
/// (A trait, not a tag: the toolchain's `swift test --skip` takes only test names.)
public enum TestTier {
    /// The environment variable that chooses the tier.
    public static let variable = "HANJUL_TEST_TIER"
    /// Whether this run is the quick tier.
    public static var isQuick: Bool { ProcessInfo.processInfo.environment[variable] == "quick" }
}

extension Trait where Self == ConditionTrait {
    /// Needs a terminal: a pseudo-terminal (`PTYDriver`, `openpty`), or a real terminal
    /// emulator under Xvfb or tmux.
    public static var needsTerminal: Self { .enabled(if: !TestTier.isQuick, "needs a terminal (left out by scripts/test --quick)") }
    /// Needs Slurm: starts a single-node cluster of its own.
    public static var needsSlurm: Self { .enabled(if: !TestTier.isQuick, "needs Slurm (left out by scripts/test --quick)") }
    /// Runs long: a release build, a corpus of hostile processes, or a test that alone takes
    /// more than about 15 seconds of a core (`swift test --no-parallel` shows which).
    public static var runsLong: Self { .enabled(if: !TestTier.isQuick, "runs long (left out by scripts/test --quick)") }
}
