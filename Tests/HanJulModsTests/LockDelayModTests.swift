import HanJulCore
@testable import HanJulMods
import Testing

/// `lock_delay` and `rotate_180` in a mod's table, through the real engine.
@Suite struct LockDelayModTests {
    let fx = ModFixtures()

    func rules(_ body: String) throws -> LuaRules {
        fx.write("m", ModFixtures.source(id: "m", body))
        return try fx.rules("m")
    }

    func loadError(_ body: String) -> String? {
        fx.write("m", ModFixtures.source(id: "m", body))
        do { _ = try fx.rules("m") } catch { return "\(error)" }
        return nil
    }

    @Test func theTableSetsTheDelayAndTheResets() throws {
        let r = try rules("lock_delay = { ms = 500, resets = 15 }, rotate_180 = true,")
        #expect(r.lockDelay == LockDelay(milliseconds: 500, maxResets: 15))
        #expect(r.allowsHalfTurn)
        #expect(r.actions.contains(.rotateHalfTurn))
        #expect(try rules("lock_delay = { ms = 300 },").lockDelay == LockDelay(milliseconds: 300, maxResets: nil))
        #expect(try rules("").lockDelay == nil)
    }

    @Test func aGroundedPieceWaitsForTheTimer() throws {
        var game = Game(rules: try rules("lock_delay = { ms = 500, resets = 15 },"), source: .sequence([1]))
        game.apply(try ActionScript.parse(String(repeating: "G", count: 20), allowing: game.rules.actions))
        #expect(game.state.piece == Piece(kind: 1, rotation: 0, x: 3, y: 18))
        #expect(game.state.piecesLocked == 0, "gravity does not lock under a lock delay")
        game.apply(try ActionScript.parse("W250 W249", allowing: game.rules.actions))
        #expect(game.state.piecesLocked == 0)
        game.apply(.wait(milliseconds: 1))
        #expect(game.state.piecesLocked == 1)
    }

    @Test func aLaterModCanTurnTheDelayOff() throws {
        fx.write("a", ModFixtures.source(id: "a", "lock_delay = { ms = 500 },"))
        fx.write("b", ModFixtures.source(id: "b", "lock_delay = false,"))
        #expect(try fx.rules("a", "b").lockDelay == nil)
        #expect(try fx.rules("b", "a").lockDelay == LockDelay(milliseconds: 500, maxResets: nil))
    }

    @Test func badTablesSayWhatTheyShouldBe() {
        let shape = "lock_delay must be { ms = 1…10000, resets = 0…1000 } (resets left out: no limit) or false"
        #expect(loadError("lock_delay = 500,") == "mod 'm': mod.lua \(shape)")
        #expect(loadError("lock_delay = { ms = 0 },") == "mod 'm': mod.lua \(shape)")
        #expect(loadError("lock_delay = { ms = 500, resets = -1 },") == "mod 'm': mod.lua \(shape)")
        #expect(loadError("lock_delay = { ms = 500, reset = 15 },") == "mod 'm': mod.lua lock_delay has an unknown field 'reset'; \(shape)")
        #expect(loadError("rotate_180 = 1,") == "mod 'm': mod.lua rotate_180 must be true or false (it is number)")
    }

    @Test func theRotateHookSeesTheHalfTurnAsDirectionTwo() throws {
        var game = Game(rules: try rules("""
            rotate_180 = true,
            rotate = function(game, letter, rotation, x, y, direction)
              if direction == 2 then return x + 1, y, (rotation + 2) % 4 end
              return x, y, (rotation + direction) % 4
            end,
            """), source: .sequence([2]))
        game.apply(.rotateHalfTurn)
        #expect(game.state.piece == Piece(kind: 2, rotation: 2, x: 4, y: 0))
    }
}
