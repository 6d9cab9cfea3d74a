import HanJulCore
@testable import HanJulModCheck
@testable import HanJulMods
import Testing

/// #12 item 10: the errors a mod author meets point at their line and say what to do.
@Suite struct AuthorErrorTests {
    let fx = ModFixtures()

    @Test func anUnknownManifestFieldNamesItsLine() throws {
        fx.write("typo", """
            -- A mod with a misspelt field.
            return {
              id = "typo", name = "typo", version = "0.1.0", description = "test fixture", api = 1,
              prevew = 2,
            }
            """)
        #expect(throws: ModLoadError.manifest(id: "typo", reason: "has an unknown field 'prevew' (did you mean 'preview'?), at typo/mod.lua:4")) {
            try fx.rules("typo")
        }
    }

    @Test func theFieldsLineIsFoundAsAKeyOnly() {
        func line(_ field: String, _ source: String) -> Int? { LoadedMod.line(ofField: field, in: Array(source.utf8)) }
        #expect(line("prevew", "-- prevew = 1\nlocal t = {}\nt.prevew = 2\nreturn { prevew = 3 }") == 4)
        #expect(line("colour", "return {\n  [\"colour\"] = 1,\n}") == 2)
        #expect(line("x", "if x == 1 then end\nreturn { x= 2 }") == 2, "a comparison is not a key")
        #expect(line("made", "local k = 'ma' .. 'de'\nreturn { [k] = 1 }") == nil, "a key built by code has no line")
    }

    @Test func tGameSaysWhenBothPiecesAndSeedAreGiven() throws {
        fx.write("both", ModFixtures.source(id: "both", ""), files: [
            "tests/a.lua": """
                local t = require("hanjul.test")
                t.test("both", function() t.game { pieces = "I", seed = 4 } end)
                t.test("typo", function() t.game { peices = "I" } end)
                """,
        ])
        let result = ModTestRunner(package: try ModPackage(folder: fx.root + "/both"), displayFolder: "Mods/both").runLua("tests/a.lua")
        #expect(result.failures == [
            "both: Mods/both/tests/a.lua:2: t.game: give pieces or seed, not both: pieces deals exactly those letters, "
                + "over and over; seed deals from the mod's randomizer with that seed",
            "typo: Mods/both/tests/a.lua:3: t.game: unknown setting 'peices' (did you mean 'pieces'?); t.game takes pieces, seed, board, mods, level and lines",
        ])
    }

    @Test func checksReproduceCommandCarriesTheModsDir() throws {
        // A hook that fails on the third lock: the invariants check names the command.
        fx.write("fails", ModFixtures.source(id: "fails", """
            on_lock = function(game) if game:pieces_locked() == 3 then error("third lock") end end,
            """))
        var options = ModChecker.Options()
        options.fuzzGames = 2
        options.fuzzActions = 60
        options.modsDirs = [fx.root, "/a folder/it's"]
        let checker = ModChecker(package: try ModPackage(folder: fx.root + "/fails"), displayFolder: "fails", options: options)
        let outcome = checker.fuzz(actions: Action.standard, waits: false)
        #expect(!outcome.passed)
        #expect(outcome.detail.contains("reproduce: hanjul run --mods-dir \(fx.root) --mods-dir '/a folder/it'\\''s' --mod fails --seed "),
                "\(outcome.detail)")
    }
}
