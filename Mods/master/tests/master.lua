local t = require("hanjul.test")

-- Steps an O down to the floor: 18 gravity steps from where the guideline spawns it.
local FALL = string.rep("G", 20)

t.test("levels count from 0: five hard drops with no clear end at level 5", function()
  local g = t.game { mods = { "guideline", "master" }, pieces = "O" }
  t.eq(g:level(), 0)
  -- W417: the entry delay after each lock, before the next piece comes in.
  g:play("LLLLH W417 RH W417 LH W417 RRRRH W417 LLH")
  t.eq(g:pieces_locked(), 5)
  t.eq(g:lines(), 0)
  t.eq(g:level(), 5)
end)

t.test("a line counts a level, and the piece that cleared it none", function()
  local g = t.game { mods = { "guideline", "master" }, pieces = "I", board = [[
    ....IIIIII
  ]] }
  g:play("LLLH")
  t.eq(g:lines(), 1)
  t.eq(g:level(), 1, "+1 for the line, +0 for the piece")
end)

t.test("the lock delay is 500 ms, and moves on the ground do not restart it (step reset)", function()
  local g = t.game { mods = { "guideline", "master" }, pieces = "O" }
  g:play(FALL .. "W300 L R L")
  t.eq(g:pieces_locked(), 0, "still resting")
  g:play("W199")
  t.eq(g:pieces_locked(), 0)
  g:play("W1")
  t.eq(g:pieces_locked(), 1, "locked 500 ms after it landed, the moves notwithstanding")
end)

t.test("20G: a piece rests on the stack as it enters, and falls at once when slid off a ledge", function()
  local g = t.game { mods = { "guideline", "master" }, pieces = "O", board = [[
    ..........
    ....OO....
  ]] }
  local _, _, _, y = g:piece()
  t.eq(y, 17, "the O at rest on the ledge, no G needed")
  g:play("W400 LL")
  _, _, _, y = g:piece()
  t.eq(y, 18, "slid off it, on the floor")
  t.eq(g:pieces_locked(), 0, "a new lowest row restarted the timer")
  g:play("W499")
  t.eq(g:pieces_locked(), 0)
  g:play("W1")
  t.eq(g:pieces_locked(), 1)
end)

t.test("entry delay: no piece for 417 ms after a lock, 1083 ms after a clear", function()
  local g = t.game { mods = { "guideline", "master" }, pieces = "O" }
  g:play("H")
  t.eq(g:entry().delay, 417)
  t.eq(g:piece(), "O", "the piece that locked")
  g:play("LLRR W416")
  t.eq(g:entry().delay, 1)
  t.eq(g:pieces_locked(), 1)
  g:play("W1")
  t.eq(g:entry().delay, 0, "the next piece is in")
  local c = t.game { mods = { "guideline", "master" }, pieces = "I", board = [[
    ....IIIIII
  ]] }
  c:play("LLLH")
  t.eq(c:entry().delay, 1083, "the line-clear delay")
end)

t.test("IRS: a turn given during the entry delay turns the piece as it enters, before 20G drops it", function()
  local g = t.game { mods = { "guideline", "master" }, pieces = "I" }
  g:play("H W200 C")
  t.eq(g:entry().turn, "rotate")
  g:play("W217")
  local letter, rotation, _, y = g:piece()
  t.eq(letter, "I")
  t.eq(rotation, 1, "standing")
  t.eq(y, 15, "fell standing onto the flat I below")
end)

t.test("IHS: a hold given during the entry delay sends the entering piece to hold", function()
  local g = t.game { mods = { "guideline", "master" }, pieces = "TJ" }
  g:play("H X W417")
  t.eq(g:held(), "J")
  t.eq(g:piece(), "T")
end)
