import HanJulCore
@testable import HanJulPlay
import HanJulRender
import HanJulTerminal
import Testing

/// Instant gravity (a gravity interval of 0 ms, "20G", #20 item 4) in the play session and
/// the replay screen: the piece rests at once, no `G` is ever scheduled (the clock would
/// otherwise tick every millisecond), the lock delay locks it, and the replay plays back.
@Suite("play session: instant gravity")
struct InstantGravityPlayTests {
    /// The standard rules at 20G, with or without the Guideline's lock delay.
    struct Instant: Rules {
        var lockDelay: LockDelay?
        var name: String { "instant" }
        func gravityInterval(level: Int) -> Int { 0 }
    }

    static func clock(lockDelay: LockDelay?) -> ManualClock {
        let rules = Instant(lockDelay: lockDelay)
        let provider = RulesProvider<Instant>(make: { .success(rules) }, identity: { _ in .standard })
        let store = MemoryStore()
        return ManualClock(session: .game(provider: provider, rules: rules,
                                          config: PlayConfig(seed: 1, style: .monochrome, colorMode: .none),
                                          size: Size(width: 80, height: 24), reportsReleases: true, now: 0,
                                          environment: ManualClock.environment(store)), store: store)
    }

    static func game(_ clock: ManualClock) -> GameScreen<Instant> { clock.session.screen as! GameScreen<Instant> }

    @Test("under a lock delay: the piece rests at once, locks after 500 ms by W, and no G is ever sent")
    func lockDelay() {
        var clock = Self.clock(lockDelay: .guideline)
        var game = Self.game(clock)
        let first = game.game.state.piece
        #expect(!game.game.state.fits(first.offset(0, 1)), "at rest from the first frame")
        #expect(clock.screen.contains("20G"))
        #expect(game.timed.nextGravity == .max)
        clock.run(to: 400)
        #expect(Self.game(clock).game.state.piecesLocked == 0)
        clock.run(to: 3_000)
        game = Self.game(clock)
        // Locks at 500, 1000, …: five pieces in 3 s, each resting as it came in.
        #expect(game.game.state.piecesLocked == 6)
        #expect(!game.game.state.fits(game.game.state.piece.offset(0, 1)))
        let actions = game.recorder.replay.actions
        #expect(!actions.contains(.gravity))
        #expect(actions.count < 20, "waits only when a lock is due, not a tick a millisecond: \(actions.count)")
        // A slide: the piece stays at rest (on the stack or the floor) at once.
        clock.press(.left, at: 3_010)
        clock.release(.left, at: 3_020)
        game = Self.game(clock)
        #expect(!game.game.state.fits(game.game.state.piece.offset(0, 1)))
        #expect(!game.recorder.replay.actions.contains(.gravity))
    }

    @Test("without a lock delay: the piece rests until a drop; time passing sends nothing")
    func noLockDelay() {
        var clock = Self.clock(lockDelay: nil)
        clock.run(to: 5_000)
        var game = Self.game(clock)
        #expect(game.game.state.piecesLocked == 0)
        #expect(game.recorder.replay.actions.isEmpty)
        clock.press(.space, at: 5_100)
        game = Self.game(clock)
        #expect(game.game.state.piecesLocked == 1)
        #expect(!game.game.state.fits(game.game.state.piece.offset(0, 1)), "the next piece rests at once")
    }

    @Test("the replay of a 20G game plays to its end and lands on the game's state")
    func replay() {
        var clock = Self.clock(lockDelay: .guideline)
        clock.press(.left, at: 100)
        clock.release(.left, at: 120)
        clock.press(.up, at: 200)
        clock.release(.up, at: 220)
        clock.run(to: 4_000)
        let played = Self.game(clock)
        let replay = played.recorder.finish(played.game.state)
        #expect(played.game.state.piecesLocked >= 7)
        let rules = Instant(lockDelay: .guideline)
        var session = PlaySession.replay(replay, provider: RulesProvider(make: { .success(rules) }, identity: { $0.identity }), rules: rules,
                                         config: PlayConfig(seed: 1, style: .monochrome, colorMode: .none),
                                         size: Size(width: 80, height: 24), now: 0,
                                         environment: ManualClock.environment(MemoryStore()))
        _ = session.start()
        var now: UInt64 = 0
        for _ in 0..<100 {
            now += 100_000_000
            session.handle(.tick, at: now)
        }
        let screen = session.screen as! ReplayScreen<Instant>
        #expect(screen.isFinished)
        #expect(screen.game.state == played.game.state)
        #expect(session.frame.text.contains("20G"))
    }
}
