@testable import HanJulPlay
import Testing

/// `PlayClock`, the one pausable clock of the play screens (#41 item 2): play time runs with
/// the monotonic clock only between readings the screen plays through.
@Suite("PlayClock")
struct PlayClockTests {
    static func ms(_ milliseconds: UInt64) -> UInt64 { milliseconds * 1_000_000 }

    @Test("play time runs while read, stands over what the screen did not play, and never goes back")
    func runsAndStands() {
        var clock = PlayClock(at: Self.ms(1_000))
        #expect(clock.time == 0 && clock.wall == Self.ms(1_000))
        // Playing: a reading 250 ms on is 250 ms of play.
        #expect(clock.target(at: Self.ms(1_250)) == Self.ms(250))
        clock.wind(to: Self.ms(250))
        // Paused 5 s: the time stands; the next reading counts only from the resume.
        clock.stand(at: Self.ms(6_250))
        #expect(clock.target(at: Self.ms(6_300)) == Self.ms(300))
        clock.wind(to: Self.ms(300))
        clock.wind(to: Self.ms(100))
        #expect(clock.time == Self.ms(300))
        // A monotonic clock read earlier than the last reading gives no play time.
        #expect(clock.target(at: Self.ms(6_000)) == Self.ms(300))
    }

    @Test("when play time comes on the monotonic clock, and a READY countdown's tenths")
    func wallTimes() {
        var clock = PlayClock(at: Self.ms(2_000))
        clock.wind(to: Self.ms(40))
        #expect(clock.wall(at: Self.ms(700)) == Self.ms(2_660))
        #expect(clock.wall(at: Self.ms(10)) == Self.ms(2_000))
        clock.countdown(to: Self.ms(3_500), at: Self.ms(2_010))
        #expect(clock.countdownText(until: Self.ms(3_500)) == "1.5")
        clock.countdown(to: Self.ms(3_500), at: Self.ms(3_499))
        #expect(clock.countdownText(until: Self.ms(3_500)) == "0.1")
        // Past GO the clock reads GO, not later.
        clock.countdown(to: Self.ms(3_500), at: Self.ms(4_000))
        #expect(clock.wall == Self.ms(3_500) && clock.countdownText(until: Self.ms(3_500)) == "0.0")
    }
}
