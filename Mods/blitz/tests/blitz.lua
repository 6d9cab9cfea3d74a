local t = require("hanjul.test")

t.test("two minutes end the game at the next lock; the result is the score", function()
  local g = t.game { mods = { "blitz" }, pieces = "O" }
  g:play("W119999 H")
  t.ok(not g:is_over(), "a millisecond left")
  g:play("W1 H")
  t.eq(g:reason(), "finished")
  local name, value, lower_is_better, unit = g:result()
  t.eq(name, "score")
  t.eq(value, g:score())
  t.eq(lower_is_better, false)
  t.eq(unit, "points")
end)

t.test("a gravity step after two minutes ends it too", function()
  local g = t.game { mods = { "blitz" }, pieces = "O" }
  g:play("W120000")
  t.ok(not g:is_over(), "time alone runs no hook")
  g:play("G")
  t.eq(g:reason(), "finished")
end)

t.test("under the guideline, with its lock delay", function()
  local g = t.game { mods = { "guideline", "blitz" }, pieces = "T" }
  g:play("H W60000 H")
  t.ok(not g:is_over())
  g:play("W60000 H")
  t.eq(g:reason(), "finished")
  t.eq(g:time(), 120000)
end)
