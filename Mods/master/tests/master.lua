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

t.test("20G: a piece rests on the stack as it enters, and falls at once when slid off a ledge", function()
  local g = t.game { mods = { "guideline", "master" }, pieces = "O", board = [[
    ..........
    ....OO....
  ]] }
  local _, _, _, y = g:piece()
  t.eq(y, 17, "the O at rest on the ledge, no G needed")
  g:play("LL")
  _, _, _, y = g:piece()
  t.eq(y, 18, "slid off it, on the floor")
  t.eq(g:pieces_locked(), 0, "resting, not locked: the lock delay runs")
end)

t.test("the 100th line finishes the race with the time, lower is better", function()
  local g = t.game { mods = { "guideline", "master" }, pieces = "I", lines = 99, level = 10, board = [[
    ....IIIIII
  ]] }
  -- At 20G the I rests at once on the I's below; slid past them it falls to the floor.
  g:play("LLL W400 H")
  t.eq(g:lines(), 100)
  t.eq(g:reason(), "finished")
  local name, value, lower_is_better, unit = g:result()
  t.eq(name, "time")
  t.eq(value, 400)
  t.eq(lower_is_better, true)
  t.eq(unit, "ms")
end)
