/// A play screen's clock (the game's, against the bot, over the network): nanoseconds of
/// play that run with the monotonic clock only while the screen plays. Paused, in the help,
/// under a notice, too small, between games or while the process is stopped it stands, so
/// gravity, handling and a replay's timings never include that time.
struct PlayClock: Equatable {
    /// Nanoseconds of play.
    private(set) var time: UInt64 = 0
    /// The monotonic time `time` was last brought up to.
    private(set) var wall: UInt64

    /// A clock at play time 0, `now` (monotonic).
    init(at now: UInt64) { wall = now }

    /// The monotonic time since the last reading up to `now` was not play time.
    mutating func stand(at now: UInt64) { wall = now }

    /// Reads the monotonic clock at `now`: the play time it brings (`time` plus the time since
    /// the last reading), for the screen to play up to (`wind(to:)` on the way).
    mutating func target(at now: UInt64) -> UInt64 {
        let target = time &+ (now > wall ? now - wall : 0)
        wall = now
        return target
    }

    /// Play time moves to `time` (never back).
    mutating func wind(to time: UInt64) { self.time = max(self.time, time) }

    /// The monotonic time at which play reaches `time` (now, when it has).
    func wall(at time: UInt64) -> UInt64 { wall &+ (time > self.time ? time - self.time : 0) }

    /// Tenths of a second left until `until` (monotonic) as last read, rounded up: a READY
    /// countdown as the screens show it ("1.5").
    func countdownText(until: UInt64) -> String {
        let tenths = ((until > wall ? until - wall : 0) + 99_999_999) / 100_000_000
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// During a countdown to GO at `until`: the clock reads up to `now`, not past GO.
    mutating func countdown(to until: UInt64, at now: UInt64) { wall = min(now, until) }
}
