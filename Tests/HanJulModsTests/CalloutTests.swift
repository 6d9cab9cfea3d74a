import HanJulCore
@testable import HanJulMods
import Testing

/// `game:lock_facts()`, `game:spin(…)` and `game:announce(text)` from hooks.
@Suite struct CalloutTests {
    let fx = ModFixtures()

    static let slot = """
        OOOO......
        OOO...OOOO
        OOOO.OOOOO
        """

    func game(_ body: String, board: String = slot) throws -> Game<LuaRules> {
        fx.write("m", ModFixtures.source(id: "m", body))
        let rules = try fx.rules("m")
        var game = Game(rules: rules, source: .sequence([2, 1]))
        let parsed = try Board(board, pieces: rules.pieces)
        game.withState { $0.editBoard { $0 = parsed } }
        return game
    }

    func play(_ game: inout Game<LuaRules>, _ script: String) throws {
        game.apply(try ActionScript.parse(script, allowing: game.rules.actions))
    }

    @Test func scoringReadsTheFactsAndAnnounces() throws {
        var g = try game("""
            scoring = function(game, lines, level, points)
              local f = game:lock_facts()
              if f.spin == "full" then
                game:announce("T-SPIN " .. ({ "SINGLE", "DOUBLE", "TRIPLE" })[lines])
                return ({ 800, 1200, 1600 })[lines] * level
              end
              return points
            end,
            """)
        try play(&g, "C" + String(repeating: "D", count: 17) + "CD")
        #expect(g.state.score == 1200)
        #expect(g.state.callouts == ["T-SPIN DOUBLE"])
        #expect(g.state.events.contains(.announced(number: g.state.calloutsAnnounced)), "the action that locked reports it")
        #expect(g.state.callout(number: g.state.calloutsAnnounced) == "T-SPIN DOUBLE")
    }

    @Test func theFactsTableHasEveryField() throws {
        var g = try game("""
            after_lock = function(game, cleared)
              local f = game:lock_facts()
              game:announce(string.format("%s %d %d %d %s %d %s %s %s %d", f.letter, f.rotation, f.x, f.y,
                f.spin, f.lines, tostring(f.back_to_back), f.last_move, tostring(f.kick), f.combo))
            end,
            """)
        try play(&g, "C" + String(repeating: "D", count: 17) + "CD")
        #expect(g.state.callouts == ["T 2 3 17 full 2 false rotate 0 1"])
    }

    @Test func theSpinServiceLooksAtThePieceGiven() throws {
        var g = try game("""
            on_spawn = function(game)
              local letter, rotation, x, y = game:piece()
              game:announce(game:spin(letter, rotation, x, y))
            end,
            """)
        #expect(g.state.callouts == ["none"], "just spawned: no turn yet")
        try play(&g, "C" + String(repeating: "D", count: 17) + "C")
        try play(&g, "D")
        #expect(g.state.callouts == ["none", "none"])
    }

    @Test func rotateMayNotAnnounce() throws {
        var g = try game("""
            rotate = function(game, letter, rotation, x, y, direction)
              game:announce("turn")
              return x, y, (rotation + direction) % 4
            end,
            """)
        try play(&g, "C")
        guard case .over(.ruleError(let error)) = g.state.phase else {
            Issue.record("expected a rule error, got \(g.state.phase)")
            return
        }
        #expect(error.message.contains("rotate may run any number of times"))
    }
}
