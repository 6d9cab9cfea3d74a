local t = require("hanjul.test")

t.test("a 4-wide well between walls, three cells in its bottom row", function()
  local g = t.game { mods = { "combo" }, pieces = "I" }
  t.board(g, string.rep("GGG....GGG\n", 19) .. "GGGGGG.GGG")
end)

t.test("two clears in a row: COMBO 1; the walls grow back; the well full ends it with the longest", function()
  local g = t.game { mods = { "combo" }, pieces = "IIOOOOOOOOOOOOOO" }
  g:play("CRH")
  t.eq(g:lines(), 1)
  t.eq(g:cell(0, 0), "G", "the wall is back in the top row")
  t.eq(g:cell(3, 0), nil)
  g:play("H")
  t.eq(g:lines(), 2)
  t.eq(g:lock_facts().combo, 2)
  t.ok(not g:is_over())
  g:play(string.rep("H", 14))
  t.eq(g:reason(), "finished")
  local name, value, lower_is_better, unit = g:result()
  t.eq(name, "combo")
  t.eq(value, 1)
  t.eq(lower_is_better, false)
  t.eq(unit, "count")
end)

t.test("under the guideline the pieces enter over the well", function()
  local g = t.game { mods = { "guideline", "combo" }, pieces = "I" }
  -- Flat over the three cells and the gap beside them: it fills the row above.
  g:play("H")
  t.eq(g:lines(), 1)
  t.board(g, string.rep("GGG....GGG\n", 19) .. "GGGGGG.GGG")
end)
