local t = require("hanjul.test")

-- Five O pieces side by side clear two lines; one gravity tick and a quarter second each.
local TWO_LINES = "W250 GLLLLH W250 GLLH W250 GH W250 GRRH W250 GRRRRH "

t.test("forty lines finish the game with the time in milliseconds, lower is better", function()
  local g = t.game { pieces = "O" }
  g:play(string.rep(TWO_LINES, 19))
  t.eq(g:lines(), 38)
  t.ok(not g:is_over(), "not finished at 38 lines")
  t.eq(g:level(), 1, "the level never rises")
  t.eq(g:time(), 95 * 250)
  g:play(TWO_LINES)
  t.eq(g:lines(), 40)
  t.eq(g:reason(), "finished")
  local name, value, lower_is_better, unit = g:result()
  t.eq(name, "time")
  t.eq(value, 100 * 250)
  t.eq(lower_is_better, true)
  t.eq(unit, "ms")
end)

t.test("without W actions no time passes", function()
  local g = t.game { pieces = "O" }
  g:play(string.rep("GLLLLH GLLH GH GRRH GRRRRH ", 20))
  t.eq(g:reason(), "finished")
  local _, value = g:result()
  t.eq(value, 0)
end)

t.test("five pieces of preview", function()
  local g = t.game { pieces = "IOTSZJL" }
  t.eq(table.concat({ g:queue() }), "OTSZJ")
end)

t.test("Sprint 40L (the Modes page): the guideline's hold and lock delay, then sprint's race", function()
  local g = t.game { mods = { "guideline", "sprint" }, pieces = "IOTSZJL" }
  t.eq(table.concat({ g:queue() }), "OTSZJ", "sprint's five previews")
  g:play("X")
  t.eq(g:held(), "I")
  g:play(string.rep("G", 20) .. "W499")
  t.eq(g:pieces_locked(), 0, "resting, not locked")
  t.eq(g:level(), 1)
end)
