local t = require("hanjul.test")

-- Steps an O down to the floor: 18 gravity steps from where the guideline spawns it.
local FALL = string.rep("G", 20)

t.test("the lock delay is 500 ms at level 1", function()
  local g = t.game { mods = { "guideline", "master" }, pieces = "O" }
  g:play(FALL .. "W499")
  t.eq(g:pieces_locked(), 0, "still resting")
  g:play("W1")
  t.eq(g:pieces_locked(), 1, "locked after 500 ms")
end)

t.test("and shortens with the level: 350 ms at level 6, 200 ms from level 11", function()
  local g = t.game { mods = { "guideline", "master" }, pieces = "O", level = 6 }
  g:play(FALL .. "W349")
  t.eq(g:pieces_locked(), 0)
  g:play("W1")
  t.eq(g:pieces_locked(), 1)
  local h = t.game { mods = { "guideline", "master" }, pieces = "O", level = 14 }
  h:play(FALL .. "W199")
  t.eq(h:pieces_locked(), 0)
  h:play("W1")
  t.eq(h:pieces_locked(), 1)
end)

t.test("the 100th line finishes the race with the time, lower is better", function()
  local g = t.game { mods = { "guideline", "master" }, pieces = "I", lines = 99, level = 10, board = [[
    ....IIIIII
  ]] }
  g:play("W5000 LLLH")
  t.eq(g:lines(), 100)
  t.eq(g:reason(), "finished")
  local name, value, lower_is_better, unit = g:result()
  t.eq(name, "time")
  t.eq(value, 5000)
  t.eq(lower_is_better, true)
  t.eq(unit, "ms")
end)
