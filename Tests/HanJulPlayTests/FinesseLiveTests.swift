import HanJulCore
@testable import HanJulPlay
import HanJulRender
import HanJulTerminal
import Testing

/// Finesse counted from the keys a player presses (issue 21 item 2): a key held to the wall
/// is one press; FINESSE in the statistics column counts the presses beyond the fewest.
@Suite("finesse while playing")
struct FinesseLiveTests {
    @Test("an I held left to the wall is no fault; tapped right then left back to where it entered is two; FINESSE shows them")
    func liveFaults() {
        var clock = ManualClock()   // seed 1: an I first, then a T
        #expect(clock.screen.contains("FINESSE      0"), "\(clock.screen)")
        clock.press(.arrow(.left, []), at: 10)
        clock.run(to: 400)                          // DAS 150 ms, ARR 50 ms: at the wall by now
        clock.release(.arrow(.left, []), at: 400)
        #expect(clock.game.game.state.piece.x == 0, "held to the wall")
        clock.press(.space, at: 420)
        clock.release(.space, at: 421)
        #expect(clock.game.finesse.pieces == 1 && clock.game.finesse.faults == 0)
        clock.press(.arrow(.right, []), at: 440)
        clock.release(.arrow(.right, []), at: 445)
        clock.press(.arrow(.left, []), at: 460)
        clock.release(.arrow(.left, []), at: 465)
        clock.press(.space, at: 480)
        clock.release(.space, at: 481)
        #expect(clock.game.finesse.pieces == 2 && clock.game.finesse.faults == 2, "\(clock.game.finesse)")
        #expect(clock.screen.contains("FINESSE      2"), "\(clock.screen)")
    }
}
