/// TEST ONLY: a deliberate Swift trap inside the game loop, for the terminal fault matrix
/// (RELIABILITY T-11 in every game state). `hanjul play` reads it from the environment
/// variable `HANJUL_TEST_CRASH`; without the variable nothing here ever runs. Never set it
/// in normal use.
///
/// - `after-frame:N` (or `after-frame`, N = 1): trap right after the Nth frame is written;
/// - `on-key`: the `!` key arms it; trap right after the next frame is drawn, in whatever
///   state the game is (playing, paused, help, game over).
public enum TestCrash: Equatable, Sendable {
    case afterFrame(Int)
    case onKey

    /// Parses the variable's value; nil (no crash) for anything else.
    public init?(environmentValue value: String?) {
        guard let value else { return nil }
        if value == "on-key" {
            self = .onKey
        } else if value == "after-frame" {
            self = .afterFrame(1)
        } else if value.hasPrefix("after-frame:"), let count = Int(value.dropFirst("after-frame:".count)), count > 0 {
            self = .afterFrame(count)
        } else {
            return nil
        }
    }

    /// The trap itself: a Swift runtime trap (SIGILL on x86_64), like a failed
    /// precondition or an index out of range would be.
    static func trap(frames: Int) -> Never {
        fatalError("HANJUL_TEST_CRASH: a test-only trap in the game loop after \(frames) frames")
    }
}
