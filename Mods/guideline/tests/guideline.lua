local t = require("hanjul.test")

t.test("pieces enter over columns 3-5 (I 3-6, O 4-5) with their lowest cells in the top row", function()
  local g = t.game { pieces = "TIO" }
  t.eq(select(4, g:piece()), -1, "T: box one row above, so its flat side is in row 0")
  g:play("H")
  t.board(g, [[
    ....T.....
    ...TTT....
  ]])
  t.eq(select(3, g:piece()), 3)
  t.eq(select(4, g:piece()), -1, "I: its row is the box's second")
  g:play("H")
  g:play("H")
  t.board(g, [[
    ....OO....
    ....OO....
    ...IIII...
    ....T.....
    ...TTT....
  ]])
end)

t.test("a piece whose way down is blocked waits above the field; locking there ends the game", function()
  local g = t.game { pieces = "O" }
  for _ = 1, 10 do g:play("H") end      -- ten O pieces fill columns 4-5 to the top
  t.ok(not g:is_over())
  t.eq(select(4, g:piece()), -2, "no room for the one-row drop: it stays above the field")
  g:play("H")
  t.ok(g:is_over())
  t.eq(g:reason(), "topped_out", "locked wholly above the field: lock out")
end)

t.test("SRS kicks: the I stands up off the right wall with the second test", function()
  local g = t.game { pieces = "I" }
  g:play("CRRRR")                       -- upright in column 9
  t.eq(select(3, g:piece()), 7)
  g:play("A")                           -- 1>0: (0,0) fails, (+2,0) fails, (-1,0) fits
  local _, rotation, x = g:piece()
  t.eq(rotation, 0)
  t.eq(x, 6)
  t.event(g, "rotated:2")
end)

-- A T-spin double slot: the T comes down upright beside the overhang and turns in.
local SLOT = [[
  OOOO......
  OOO...OOOO
  OOOO.OOOOO
]]

t.test("a T-spin double scores 1200 x level and calls itself out", function()
  local g = t.game { pieces = "TO", board = SLOT }
  g:play("C" .. string.rep("D", 18) .. "C")
  g:play("H")
  t.eq(g:lines(), 2)
  t.event(g, "spin:full")
  t.event(g, "callout:T-SPIN_DOUBLE")
  t.eq(g:score(), 18 + 1200, "18 soft-dropped rows, then the spin")
end)

t.test("tetrises back to back score x 1.5; clears in a row add combos", function()
  local rows = string.rep("IIIIIIIII.\n", 8)
  local g = t.game { pieces = "IIO", board = rows }
  g:play("CRRRRH")
  t.eq(g:lines(), 4)
  t.event(g, "callout:TETRIS")
  local first = g:score()
  t.eq(first, 800 + 2 * 17, "a tetris and a 17-row hard drop")
  g:play("CRRRRH")
  t.eq(g:lines(), 8)
  t.event(g, "b2b")
  t.event(g, "callout:BACK-TO-BACK_TETRIS")
  t.event(g, "callout:COMBO_1")
  t.eq(g:score() - first, 1200 + 50 + 2 * 17, "800 x 1.5, a 1-combo, a 17-row hard drop")
end)

t.test("lock delay: 500 ms on the stack, and gravity never locks", function()
  local g = t.game { pieces = "OT" }
  g:play(string.rep("G", 25))
  t.eq(g:pieces_locked(), 0, "resting on the floor, not locked")
  g:play("W499")
  t.eq(g:pieces_locked(), 0)
  g:play("W1")
  t.eq(g:pieces_locked(), 1)
end)

t.test("fifteen moves on the stack lock the piece", function()
  local g = t.game { pieces = "OT" }
  g:play(string.rep("D", 19))
  t.eq(g:score(), 19, "1 point a soft-dropped row")
  g:play(string.rep("LR", 7))
  t.eq(g:pieces_locked(), 0)
  g:play("L")
  t.eq(g:pieces_locked(), 1, "the fifteenth reset locks it")
end)

t.test("hold and five previews", function()
  local g = t.game { pieces = "TIOSZJL" }
  t.eq(table.concat({ g:queue() }), "IOSZJ")
  g:play("X")
  t.eq(g:held(), "T")
  t.eq(g:piece(), "I")
end)

t.test("F turns 180°: in place at the top, with TETR.IO's SRS+ kicks on the floor", function()
  local g = t.game { pieces = "T" }
  g:play("F")
  local _, rotation, x, y = g:piece()
  t.eq(rotation, 2)
  t.eq(x, 3)
  t.eq(y, -1, "the first test, in place")
  t.event(g, "rotated:0")
  g:play("F" .. string.rep("D", 19))
  t.eq(select(4, g:piece()), 18, "flat side down on the floor")
  g:play("F")
  t.event(g, "rotated:1")
  t.eq(select(2, g:piece()), 2)
  t.eq(select(4, g:piece()), 17, "0>2: the second test, one row up")
  local i = t.game { pieces = "I" }
  i:play(string.rep("D", 19) .. "F")
  t.event(i, "rotated:1")
  local _, r, _, iy = i:piece()
  t.eq(r, 2)
  t.eq(iy, 17, "the I's own 0>2: one row up, back to the floor row")
end)

t.test("a T turned 180° into the slot spins", function()
  local g = t.game { pieces = "TO", board = SLOT }
  g:play("C" .. string.rep("D", 18) .. "F")
  t.event(g, "rotated:0")
  g:play("H")
  t.eq(g:lines(), 1)
  t.event(g, "spin:full")
  t.event(g, "callout:T-SPIN_SINGLE")
end)

t.test("a spin needs the turn last: a T turned at the top and dropped 17 rows is none", function()
  local g = t.game { pieces = "IIT" }
  g:play("CLLH")
  g:play("RRH")
  g:play("C")
  t.eq(g:last_move(), "rotate")
  g:play("H")
  t.no_event(g, "spin:mini")
  t.no_event(g, "spin:full")
  t.no_event(g, "callout:MINI_T-SPIN")
  t.eq(g:score(), 2 * 17 + 2 * 16 + 2 * 17 + 4 * 2, "drops only")
end)

t.test("a one-row fall after the turn cancels the spin; with the turn last, the same place spins", function()
  local spun = t.game { pieces = "TO", board = SLOT }
  spun:play("C" .. string.rep("D", 18) .. "FF")
  t.eq(spun:last_move(), "rotate_180")
  spun:play("H")
  t.event(spun, "spin:mini")
  t.event(spun, "callout:MINI_T-SPIN_SINGLE")
  local fell = t.game { pieces = "TO", board = SLOT }
  fell:play("A" .. string.rep("D", 17) .. "F")
  t.eq(fell:last_move(), "rotate_180")
  fell:play("D")
  t.eq(fell:last_move(), "soft_drop", "it fell a row after the turn")
  fell:play("H")
  t.no_event(fell, "spin:mini")
  t.no_event(fell, "spin:full")
  t.eq(fell:board(), spun:board(), "locked in the same place")
end)
