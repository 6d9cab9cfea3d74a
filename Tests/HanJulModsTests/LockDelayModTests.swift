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
        let shape = "lock_delay must be { ms = 1…10000, reset = \"move\", resets = 0…1000, by_level = { ms, … } } "
            + "(reset one of \"move\", \"step\", \"none\", default \"move\"; resets only with \"move\", left out: no limit; "
            + "by_level optional) or false"
        let at = ", at m/mod.lua:4"
        #expect(loadError("lock_delay = 500,") == "mod 'm': mod.lua \(shape)\(at)")
        #expect(loadError("lock_delay = { ms = 0 },") == "mod 'm': mod.lua lock_delay.ms must be an integer from 1 to 10000 (milliseconds); \(shape)\(at)")
        #expect(loadError("lock_delay = { ms = 500, resets = -1 },")
            == "mod 'm': mod.lua lock_delay.resets must be an integer from 0 to 1000 (0: moves and turns on the ground never restart the timer)\(at)")
        #expect(loadError("lock_delay = { ms = 500, reset = 15 },")
            == "mod 'm': mod.lua lock_delay.reset must be one of \"move\", \"step\", \"none\" (move: moves and turns on the ground restart the timer; step: only a new lowest row does, TGM; none: nothing does)\(at)")
        #expect(loadError("lock_delay = { ms = 500, rest = 15 },") == "mod 'm': mod.lua lock_delay has an unknown field 'rest'; \(shape)\(at)")
        #expect(loadError("rotate_180 = 1,") == "mod 'm': mod.lua rotate_180 must be true or false (it is number)\(at)")
    }

    @Test func byLevelShortensTheDelayAsTheLevelRises() throws {
        let r = try rules("lock_delay = { ms = 500, resets = 15, by_level = { 500, 400, 300 } },")
        #expect(r.lockDelay == LockDelay(milliseconds: 500, maxResets: 15, byLevel: [500, 400, 300]))
        #expect([1, 2, 3, 4, 50].map { r.lockDelay!.milliseconds(atLevel: $0) } == [500, 400, 300, 300, 300], "the last past the end")
        #expect(LockDelay(milliseconds: 500, maxResets: nil).milliseconds(atLevel: 9) == 500, "without by_level: ms at every level")
        // At level 2 an O resting on the floor locks after 400 ms, not 500.
        var game = Game(rules: r, source: .sequence([1]), start: GameStart(level: 2))
        game.apply(try ActionScript.parse(String(repeating: "G", count: 20) + " W399", allowing: game.rules.actions))
        #expect(game.state.piecesLocked == 0)
        game.apply(.wait(milliseconds: 1))
        #expect(game.state.piecesLocked == 1)
        let problem = "lock_delay.by_level must be a list of 1 to 100 times in ms, each 1…10000 (level 1 first)"
        #expect(loadError("lock_delay = { ms = 500, by_level = {} },") == "mod 'm': mod.lua \(problem), at m/mod.lua:4")
        #expect(loadError("lock_delay = { ms = 500, by_level = { 500, 0 } },")
            == "mod 'm': mod.lua lock_delay.by_level[2] must be an integer from 1 to 10000 (ms); \(problem), at m/mod.lua:4")
        #expect(loadError("lock_delay = { ms = 500, by_level = 400 },") == "mod 'm': mod.lua \(problem), at m/mod.lua:4")
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

/// `kicks` by kind and turn in a mod's table.
@Suite struct KickTableModTests {
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

    @Test func kindsAndTurnsOverTheDefault() throws {
        let r = try rules("""
            kicks = {
              default = { ["0>1"] = { {0, 0}, {-1, 0} }, ["1>0"] = { {0, 0}, {1, 0} } },
              I = { {0, 0} },
              T = { ["0>1"] = { {0, -1} } },
            },
            """)
        let (i, o, t) = (0, 1, 2)
        #expect(r.kicks(kind: o, from: 0, to: 1) == [Cell(x: 0, y: 0), Cell(x: -1, y: 0)])
        #expect(r.kicks(kind: o, from: 1, to: 0) == [Cell(x: 0, y: 0), Cell(x: 1, y: 0)])
        #expect(r.kicks(kind: o, from: 1, to: 2) == StandardRules.kickOffsets, "turns not given: the standard offsets")
        #expect(r.kicks(kind: i, from: 0, to: 1) == [Cell(x: 0, y: 0)], "I's list is for each of its turns")
        #expect(r.kicks(kind: i, from: 2, to: 0) == [Cell(x: 0, y: 0)])
        #expect(r.kicks(kind: t, from: 0, to: 1) == [Cell(x: 0, y: -1)], "T's own turn wins over the default")
        #expect(r.kicks(kind: t, from: 1, to: 0) == [Cell(x: 0, y: 0), Cell(x: 1, y: 0)])
        var game = Game(rules: r, source: .sequence([t]))
        game.withState { _ = $0.movePiece(to: Piece(kind: t, rotation: 0, x: 3, y: 5)) }
        game.apply(.rotate)
        #expect(game.state.piece == Piece(kind: t, rotation: 1, x: 3, y: 4))
    }

    @Test func theListFormStillMeansEveryTurn() throws {
        let r = try rules("kicks = { {0, 0}, {1, 0} },")
        #expect(r.kicks(kind: 4, from: 3, to: 0) == [Cell(x: 0, y: 0), Cell(x: 1, y: 0)])
        #expect(r.kickTable.isUniform)
    }

    @Test func badTablesNameTheEntry() {
        #expect(loadError(#"kicks = { Q = { {0, 0} } },"#) == "mod 'm': mod.lua kicks.Q: 'Q' is not a piece letter (I O T S Z J L), at m/mod.lua:4")
        #expect(loadError(#"kicks = { T = { ["0-1"] = { {0, 0} } } },"#)
            == #"mod 'm': mod.lua kicks.T has a key '0-1'; turns are written "from>to" with rotation states 0 to 7, like "0>1", at m/mod.lua:4"#)
        #expect(loadError(#"kicks = { O = { ["0>5"] = { {0, 0} } } },"#) == #"mod 'm': mod.lua kicks.O["0>5"]: 'O' has rotation states 0 to 3, at m/mod.lua:4"#)
        #expect(loadError(#"kicks = { T = { ["0>1"] = { {0, 9} } } },"#) == #"mod 'm': mod.lua kicks.T["0>1"][1] must be {dx, dy} with each from -4 to 4, at m/mod.lua:4"#)
        #expect(loadError(#"kicks = { t = { {0, 0} } },"#) == "mod 'm': mod.lua kicks has a key 't'; use default or a piece letter, at m/mod.lua:4")
        #expect(loadError("kicks = 3,")?.hasPrefix("mod 'm': mod.lua kicks must be a list of offsets") == true)
    }
}
