@testable import HanJulModCheck
@testable import HanJulMods
import Testing

/// The words `t.event` and `t.no_event` accept (#22 item 4): every word an event can give,
/// alone or with a value of its kind; any other word is an error, not a silent pass.
@Suite struct EventVocabularyTests {
    let fx = ModFixtures()

    func run(_ tests: String) throws -> ModTestRunner.FileResult {
        fx.write("words", ModFixtures.source(id: "words", ""), files: ["tests/words.lua": "local t = require(\"hanjul.test\")\n" + tests])
        return ModTestRunner(package: try ModPackage(folder: fx.root + "/words"), displayFolder: "Mods/words").runLua("tests/words.lua")
    }

    @Test("every word of the vocabulary is accepted, alone and with a value")
    func everyWord() throws {
        let result = try run("""
            t.test("words", function()
              local g = t.game { pieces = "IO", board = "....IIIIII" }
              g:play("LLLH")
              for _, word in ipairs({ "moved", "dropped", "dropped:18", "locked", "locked:I", "cleared", "cleared:1",
                                      "scored", "scored:100", "spawned:O" }) do
                t.event(g, word)
              end
              for _, word in ipairs({ "rotated", "rotated:0", "held", "held:T", "board_edited", "game_over", "spin",
                                      "spin:full", "spin:mini", "combo", "combo:2", "b2b", "callout", "callout:T-SPIN_DOUBLE",
                                      "scored:-90" }) do
                t.no_event(g, word)
              end
            end)
            """)
        #expect(result.failures == [], "\(result.failures)")
        #expect(result.passed == 1)
    }

    @Test("an unknown word, or a value of the wrong kind, fails the test at its line")
    func unknownWords() throws {
        let result = try run("""
            t.test("typo", function() t.no_event(t.game {}, "clear") end)
            t.test("value", function() t.event(t.game {}, "cleared:two") end)
            t.test("none", function() t.no_event(t.game {}, "moved:1") end)
            t.test("spin", function() t.no_event(t.game {}, "spin:half") end)
            t.test("letter", function() t.no_event(t.game {}, "locked:t") end)
            t.test("type", function() t.no_event(t.game {}, 3) end)
            """)
        #expect(result.failures == [
            "typo: Mods/words/tests/words.lua:2: t.no_event: unknown event 'clear'; the events are moved, rotated:KICK, dropped:ROWS, "
                + "locked:LETTER, cleared:COUNT, scored:POINTS, spawned:LETTER, held:LETTER, board_edited, game_over, spin:full, "
                + "spin:mini, combo:N, b2b, callout:TEXT",
            "value: Mods/words/tests/words.lua:3: t.event: 'cleared:two': the value of cleared is a count, like 2",
            "none: Mods/words/tests/words.lua:4: t.no_event: 'moved' takes no value (give 'moved')",
            "spin: Mods/words/tests/words.lua:5: t.no_event: 'spin:half': the value of spin is full or mini",
            "letter: Mods/words/tests/words.lua:6: t.no_event: 'locked:t': the value of locked is a piece letter, like T",
            "type: Mods/words/tests/words.lua:7: t.no_event: the event must be a word like \"cleared:2\"",
        ])
    }

    @Test("every event the engine reports gives a word in the vocabulary")
    func wordsOfEveryEvent() throws {
        // g:events() of a game that moves, turns, drops, holds, clears, scores and ends,
        // each checked by t.event: a word the harness does not know would fail here.
        fx.write("every", ModFixtures.source(id: "every", """
            hold = true,
            on_lock = function(game) game:announce("NICE ONE") end,
            """), files: ["tests/every.lua": """
            local t = require("hanjul.test")
            t.test("every word is known", function()
              local g = t.game { pieces = "TIO", board = "....IIIIII" }
              local seen = {}
              for _, script in ipairs({ "X", "LLLH", "L", "C", "D", "H", string.rep("H", 30) }) do
                g:play(script)
                for word in g:events():gmatch("%S+") do
                  t.event(g, word)
                  seen[word:match("^[^:]+")] = true
                end
              end
              for _, head in ipairs({ "held", "moved", "rotated", "dropped", "locked", "cleared", "scored", "spawned",
                                     "callout", "game_over" }) do
                t.ok(seen[head], head)
              end
            end)
            """])
        let result = ModTestRunner(package: try ModPackage(folder: fx.root + "/every"), displayFolder: "Mods/every").runLua("tests/every.lua")
        #expect(result.failures == [], "\(result.failures)")
    }
}
