import HanJulCore
@testable import HanJulMods
import Testing

/// Every method of the game object, called from a fixture mod that checks what it reads
/// (a failed check raises, which ends the game with the message) and what it changes.
@Suite struct GameObjectTests {
    let fx = ModFixtures()

    func run(_ onSpawn: String, preview: Int = 2, source: PieceSource = .sequence([2, 0, 1, 3])) throws -> Game<LuaRules> {
        fx.write("probe", ModFixtures.source(id: "probe", """
            preview = \(preview),
            hold = true,
            on_spawn = function(game)
              if game:dealt() ~= 2 then return end
              \(onSpawn)
            end,
            """, prelude: """
            local function check(ok, what) if not ok then error("check failed: " .. what, 2) end end
            """))
        var game = Game(rules: try fx.rules("probe"), source: source)
        game.apply(.hardDrop)
        if case .over(.ruleError(let error)) = game.state.phase { Issue.record("\(error)") }
        return game
    }

    @Test func readsSeeTheLiveState() throws {
        _ = try run("""
            check(game:width() == 10 and game:height() == 20, "size")
            check(game:cell(4, 19) == "T" and game:cell(0, 19) == nil, "cell")
            check(game:row(19) == 0x38 and game:row(18) == 0x10, "row masks")
            check(game:is_hidden(4, 19) == false, "hidden")
            local letter, rotation, x, y = game:piece()
            check(letter == "I" and rotation == 0 and x == 3 and y == 0, "piece")
            local a, b = game:queue()
            check(a == "O" and b == "S", "queue")
            check(select("#", game:kinds()) == 7 and (game:kinds()) == "I", "kinds")
            check(game:score() == 36 and game:lines() == 0 and game:level() == 1, "figures")
            check(game:pieces_locked() == 1 and game:tick() == 0 and not game:is_over(), "counters")
            check(game:held() == nil and game:last_move() == nil, "hold and last move")
            check(game:fits("T", 0, 6, 17) and not game:fits("T", 0, 3, 18), "fits")
            local rows = game:board()
            check(#rows == 20 and rows[20] == 0x38, "board copy")
            local placements = game:placements("O")
            check(#placements == 9, "placements of O: " .. #placements)
            for _, p in ipairs(placements) do
              check(p.rotation == 0 and p.y >= 16 and p.lines == 0, "placement fields")
            end
            local r = game:random(3, 5)
            check(r >= 3 and r <= 5 and game:random(1) == 1, "random")
            """)
    }

    @Test func changesGoThroughValidatedMethods() throws {
        let game = try run("""
            game:set_hidden(4, 19, true)
            game:insert_row(10, 0x3FF, "O")
            game:remove_row(10)
            check(game:push_row(0x1FF, "J") == false, "nothing pushed off the top")
            game:set_cell(0, 0, "Z")
            local cleared = game:clear_lines()
            check(cleared == 0, "nothing full")
            game:add_score(1000)
            game:set_queue("L", "L")
            """)
        let s = game.state
        #expect(s.board.kind(atX: 0, y: 0) == 4, "set_cell Z")
        #expect(s.board.isHidden(x: 4, y: 18), "the hidden T cell moved up with push_row")
        #expect(s.board.rows[19] == 0x1FF, "the pushed row")
        #expect(s.score == 36 + 1000)
        #expect(s.queue == [6, 6])
        #expect(s.events.contains(.boardEdited))
    }

    @Test func badArgumentsAreRefusedWithTheMethodName() throws {
        for (call, message) in [
            ("game:cell(10, 0)", "cell (10, 0) is off the 10×20 board"),
            ("game:row(20)", "row 20 is off the board"),
            ("game:set_cell(0, 0, 'Q')", "'Q' is not a piece letter"),
            ("game:push_row(1 << 10, 'I')", "has bits outside the 10 columns"),
            ("game:set_queue('I', 'O', 'T')", "give 1 kind (the preview length), not 3"),
            ("game:finish('', 1)", "1 to 32 characters"),
            ("game:random(5, 1)", "is empty or too wide"),
            ("game:fits('T', 9, 0, 0)", "rotation 9"),
        ] {
            fx.write("bad", ModFixtures.source(id: "bad", "on_spawn = function(game) \(call) end,"))
            let game = Game(rules: try fx.rules("bad"), source: .seeded(1))
            guard case .over(.ruleError(let error)) = game.state.phase else {
                Issue.record("\(call) was accepted")
                continue
            }
            #expect(error.message.contains(message), "\(call): \(error)")
            #expect(error.location?.hasSuffix("bad/mod.lua:4") == true, "\(call): \(error)")
        }
    }

    @Test func requireIsConfinedToTheModFolder() throws {
        fx.write("lib", ModFixtures.source(id: "lib", """
            scoring = function(game, lines, level, points) return util.double(points) end,
            """, prelude: "local util = require('helpers.util')"), files: ["helpers/util.lua": "return { double = function(x) return 2 * x end }"])
        let rules = try fx.rules("lib")
        #expect(try rules.lineClearPoints(lines: 1, level: 1, state: Game(rules: rules, source: .seeded(1)).state) == 200)
        fx.write("escape", ModFixtures.source(id: "escape", "", prelude: "local x = require('..lib.mod')"))
        #expect(throws: ModLoadError.self) { try fx.rules("escape") }
    }

    /// An error while a required file loads names the mod, the file (with ".lua"), the line
    /// and the frames that led there (#12 item 9).
    @Test func errorsInRequiredFilesNameTheFileAndTheFrames() throws {
        fx.write("broken", ModFixtures.source(id: "broken", "", prelude: "local util = require('helpers.util')"),
                 files: ["helpers/util.lua": "local x = 1\nlocal function f() local y = x.y; return y end\nlocal v = f()\nreturn v"])
        do {
            _ = try fx.rules("broken")
            Issue.record("the mod loaded")
        } catch {
            #expect(String(describing: error) == "mod 'broken': broken/helpers/util.lua:2: loading mod.lua: attempt to index a number value (upvalue 'x')"
                + " (traceback: helpers/util.lua:2 in local 'f', helpers/util.lua:3 in main chunk, require, mod.lua:1 in main chunk)")
        }
    }
}
