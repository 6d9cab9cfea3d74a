@testable import HanJulMods
import Testing

/// Every manifest mistake names the line of mod.lua it is written on, nested tables
/// included (`ManifestLines`).
@Suite struct ManifestLineTests {
    let fx = ModFixtures()

    /// The load error of a mod whose table holds `body` from line 4 on (lines 1 to 3 are
    /// the prelude, `return {` and the header).
    func loadError(_ body: String) -> String {
        fx.write("m", ModFixtures.source(id: "m", body))
        do { _ = try fx.rules("m") } catch { return "\(error)" }
        return "loaded"
    }

    @Test(arguments: [
        // (body from line 4, the line the message must name, words it must hold)
        ("counterclockwise = true,\nrotate_180 = false,\npreview = 2,\nhold = \"yes\",", 7, "hold must be true or false"),
        ("preview = 9,", 4, "preview must be an integer from 0 to 6"),
        ("board = {\n  width = 10,\n  height = 3,\n},", 4, "board needs integer width"),
        ("result = {\n  name = \"time\",\n  unit = \"bool\",\n},", 6, "result.unit must be one of"),
        ("result = { name = \"time\", unit = \"ms\",\n  lower_is_better = 1 },", 5, "result.lower_is_better must be true or false"),
        ("result = { name = \"time\", unit = \"ms\",\n  unti = 1 },", 5, "result has an unknown field 'unti'"),
        ("lock_delay = {\n  ms = 500,\n  resets = -1,\n},", 6, "lock_delay.resets must be an integer from 0 to 1000"),
        ("lock_delay = {\n  ms = 500,\n  reset = \"slide\",\n},", 6, "lock_delay.reset must be one of"),
        ("lock_delay = { ms = 500,\n  by_level = {\n    500,\n    0,\n  } },", 7, "lock_delay.by_level[2]"),
        ("goal = {\n  lines = 0 },", 4, "goal must be { lines = 1…1000000 } or { time = 1…86400000 } (milliseconds), or both"),
        ("garbage = {\n  cap = 0,\n},", 5, "garbage.cap must be an integer"),
        ("pieces = {\n  { letter = \"A\", color = 1, rotations = { { {0, 0} } } },\n  { letter = \"B\",\n    color = \"red\",\n    rotations = { { {0, 0} } } },\n},",
         7, "pieces[2].color must be 0xRRGGBB"),
        ("kicks = {\n  T = {\n    [\"0>1\"] = { {0, 9} },\n  },\n},", 6, #"kicks.T["0>1"][1] must be {dx, dy}"#),
        ("requires = {\n  \"garbage\",\n  { \"bonus\", \"~1\" },\n},", 6, "requires[2]: the range of 'bonus'"),
        ("on_lock = 3,", 4, "field 'on_lock' must be a function"),
        ("rotations = {\n  Q = { { {0, 0} } },\n},", 5, "rotations.Q: 'Q' is not a piece letter"),
        ("after = {\n  7,\n},", 5, "after[1] must be a mod id"),
        // Entry delay: out of range, the wrong type, huge, unknown, levels not rising.
        ("entry_delay = {\n  ms = -1,\n},", 5, "entry_delay.ms must be an integer from 0 to"),
        ("entry_delay = {\n  ms = 9223372036854775807,\n},", 5, "entry_delay.ms must be an integer from 0 to"),
        ("entry_delay = { ms = 400,\n  line_clear = 0.5 },", 5, "entry_delay.line_clear must be an integer"),
        ("entry_delay = { ms = 400,\n  mss = 1 },", 5, "entry_delay has an unknown field 'mss'"),
        ("entry_delay = \"yes\",", 4, "entry_delay must be { ms = 0"),
        ("entry_delay = { ms = 400, from_level = {\n  { level = 500, ms = 300 },\n  { level = 500, ms = 200 },\n} },", 6, "entry_delay.from_level[2].level must be an integer from 0 to"),
        ("entry_delay = { ms = 400,\n  from_level = {} },", 5, "entry_delay.from_level must be a list of 1 to 100 tables"),
        ("entry_delay = { ms = 400, from_level = {\n  7,\n} },", 5, "entry_delay.from_level[1] must be a table"),
    ] as [(String, Int, String)])
    func eachMistakeNamesItsLine(body: String, line: Int, words: String) {
        let message = loadError(body)
        #expect(message.contains(words), "\(message)")
        #expect(message.hasSuffix(", at m/mod.lua:\(line)"), "\(message)")
    }

    @Test func codeInHooksAndLocalTablesIsNoField() {
        // A table and assignments inside a hook, and a table before the one returned, do
        // not stand for manifest fields.
        let source = """
            local defaults = { hold = false }
            return {
              id = "m", name = "m", version = "0.1.0", description = "d", api = 1,
              on_lock = function(game)
                local t = { hold = 1, preview = 2 }
                local a, b = 1, 2
                return t, a, b
              end,
              preview = 2,
              hold = "yes",
            }
            """
        fx.write("m", source)
        do {
            _ = try fx.rules("m")
            Issue.record("loaded")
        } catch {
            #expect("\(error)".hasSuffix("hold must be true or false (it is string), at m/mod.lua:10"), "\(error)")
        }
        #expect(ManifestLines(source: Array(source.utf8)).line(of: "preview") == 9)
    }

    @Test func aFieldSetByCodeIsFoundByItsName() {
        fx.write("m", """
            local M = { id = "m", name = "m", version = "0.1.0", description = "d", api = 1 }
            M.preview = 8
            return M
            """)
        do {
            _ = try fx.rules("m")
            Issue.record("loaded")
        } catch {
            #expect("\(error)".hasSuffix("preview must be an integer from 0 to 6, at m/mod.lua:2"), "\(error)")
        }
    }
}
