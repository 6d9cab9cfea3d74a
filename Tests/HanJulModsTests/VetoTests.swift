import HanJulCore
@testable import HanJulMods
import Testing

/// One mod cancels another's change before it happens: `game:allowed(event)` asks the
/// other mods' `veto` hooks.
@Suite struct VetoTests {
    let fx = ModFixtures()

    /// Raises a garbage row after every lock, when the other mods allow it.
    static let rising = ModFixtures.source(id: "rise", """
        after_lock = function(game)
          if game:allowed("rise", game:pieces_locked()) then game:push_row(1022, "I") end
        end,
        """)

    @Test func garbageRisesUnlessAnotherModIsImmune() throws {
        fx.write("rise", Self.rising)
        // Immune on every even lock.
        fx.write("immune", ModFixtures.source(id: "immune", """
            veto = function(game, event, locked) return event == "rise" and locked % 2 == 0 end,
            """))
        var alone = Game(rules: try fx.rules("rise"), source: .seeded(3))
        var guarded = Game(rules: try fx.rules("rise", "immune"), source: .seeded(3))
        for _ in 0..<4 {
            alone.apply(.hardDrop)
            guarded.apply(.hardDrop)
        }
        func garbageRows(_ state: GameState) -> Int { state.board.rows.filter { $0 == 1022 }.count }
        #expect(garbageRows(alone.state) == 4)
        #expect(garbageRows(guarded.state) == 2, "the locks 2 and 4 were vetoed")
    }

    @Test func aVetoIsReadOnlyAndAskedOnlyOfOtherMods() throws {
        // A mod does not veto itself.
        fx.write("self", ModFixtures.source(id: "self", """
            veto = function() return true end,
            after_lock = function(game) if game:allowed("rise") then game:announce("allowed") end end,
            """))
        var game = Game(rules: try fx.rules("self"), source: .seeded(3))
        game.apply(.hardDrop)
        #expect(game.state.callouts == ["allowed"])
        // A veto that changes the game fails, and so does the hook that asked.
        fx.write("rise", Self.rising)
        fx.write("meddle", ModFixtures.source(id: "meddle", "veto = function(game) game:add_score(1) end,"))
        var meddled = Game(rules: try fx.rules("rise", "meddle"), source: .seeded(3))
        meddled.apply(.hardDrop)
        guard case .over(.ruleError(let error)) = meddled.state.phase else { Issue.record("\(meddled.state.phase)"); return }
        #expect(error.description.contains("veto computes a value and may not change the game"), "\(error)")
    }
}
