local t = require("hanjul.test")

-- A T-spin double slot: the T comes down upright beside the overhang and turns in.
local SLOT = [[
  OOOO......
  OOO...OOOO
  OOOO.OOOOO
]]

t.test("a T turned into a three-corner slot scores a T-spin double", function()
  local g = t.game { pieces = "T", board = SLOT }
  g:play("C" .. string.rep("D", 17) .. "C")
  t.eq(select(2, g:piece()), 2, "turned in")
  g:play("D")
  t.eq(g:lines(), 2)
  t.event(g, "scored:1200", "T-spin double bonus")
  t.eq(g:score(), 1200 + 300)
  t.board(g, "OOOO......")
end)

t.test("no bonus without a rotation last", function()
  local g = t.game { pieces = "T", board = SLOT }
  -- Dropped upright into the slot: the bottom row clears (a single), no spin.
  g:play("C" .. string.rep("D", 17) .. "D")
  t.eq(g:lines(), 1)
  t.eq(g:score(), 100, "a single, no T-spin bonus")
end)

t.test("counter-clockwise rotation, hold and five previews", function()
  local g = t.game { pieces = "TIOSZJL" }
  t.eq(table.concat({ g:queue() }), "IOSZJ")
  g:play("A")
  t.eq(select(2, g:piece()), 3, "A turns counter-clockwise")
  g:play("X")
  t.eq(g:held(), "T")
  t.eq(g:piece(), "I", "the next piece comes in")
  g:play("X")
  t.eq(g:piece(), "I", "one hold per piece")
  g:play("H X")
  t.eq(g:held(), "O")
  t.eq(g:piece(), "T", "the held T comes back")
end)
