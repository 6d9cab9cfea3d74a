local t = require("hanjul.test")

-- Five O pieces side by side clear two lines; one gravity tick each.
local TWO_LINES = "GLLLLH GLLH GH GRRH GRRRRH "

t.test("forty lines finish the game with the time in ticks, lower is better", function()
  local g = t.game { pieces = "O" }
  g:play(string.rep(TWO_LINES, 19))
  t.eq(g:lines(), 38)
  t.ok(not g:over(), "not finished at 38 lines")
  t.eq(g:level(), 1, "the level never rises")
  g:play(TWO_LINES)
  t.eq(g:lines(), 40)
  t.eq(g:reason(), "finished")
  local label, value, lower_is_better = g:result()
  t.eq(label, "ticks")
  t.eq(value, 100)
  t.eq(lower_is_better, true)
end)

t.test("three pieces of preview", function()
  local g = t.game { pieces = "IOTS" }
  t.eq(g:queue(), "OTS")
end)
