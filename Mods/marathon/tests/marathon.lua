local t = require("hanjul.test")

t.test("the 150th line finishes the game; the result is the score, higher is better", function()
  local g = t.game { mods = { "marathon" }, pieces = "I", lines = 148, board = [[
    ....IIIIII
    ....IIIIII
  ]] }
  g:play("LLLH")
  t.eq(g:lines(), 149)
  t.ok(not g:is_over(), "not over at 149 lines")
  g:play("LLLH")
  t.eq(g:lines(), 150)
  t.eq(g:reason(), "finished")
  local name, value, lower_is_better, unit = g:result()
  t.eq(name, "score")
  t.eq(value, g:score())
  t.eq(lower_is_better, false)
  t.eq(unit, "points")
end)

t.test("under the guideline: its scoring counts, then the finish", function()
  local g = t.game { mods = { "guideline", "marathon" }, pieces = "I", lines = 149, level = 15, board = [[
    ....IIIIII
  ]] }
  g:play("LLLH")
  t.eq(g:reason(), "finished")
  local _, value = g:result()
  t.eq(value, g:score())
  t.ok(value >= 100 * 15, "a single at level 15: " .. value)
end)

t.test("the goal counts down 150 lines", function()
  local g = t.game { mods = { "marathon" }, pieces = "I" }
  g:play("H")
  t.ok(not g:is_over())
end)
