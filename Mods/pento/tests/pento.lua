local t = require("hanjul.test")

t.test("twelve pentominoes, dealt from a 12-bag", function()
  local g = t.game { seed = 5 }
  g:play(string.rep("LLLLH RRRRH H ", 4):sub(1, -4))
  local dealt = g:dealt_letters()
  t.eq(#dealt, 12)
  for letter in ("FILNPTUVWXYZ"):gmatch(".") do
    t.ok(dealt:find(letter, 1, true), letter .. " dealt once in the first bag: " .. dealt)
  end
end)

t.test("pieces enter centred with their top cell on the top row", function()
  local g = t.game { pieces = "FI" }
  local letter, rotation, x, y = g:piece()
  t.eq(letter, "F")
  t.eq(rotation, 0)
  t.eq(x, 3)
  t.eq(y, -1)
  g:play("H")
  local next_letter, _, _, next_y = g:piece()
  t.eq(next_letter, "I")
  t.eq(next_y, -2)
end)

t.test("rotation states: X has one, I two, F four", function()
  local g = t.game { pieces = "XIF" }
  g:play("C")
  t.eq(select(2, g:piece()), 0, "X turns into itself")
  g:play("H C")
  t.eq(select(2, g:piece()), 1)
  g:play("C")
  t.eq(select(2, g:piece()), 0, "I has two states")
  g:play("H CCC")
  t.eq(select(2, g:piece()), 3, "F has four states")
end)

t.test("an upright I clears five lines for 1200 x level", function()
  local g = t.game { pieces = "I", board = string.rep("LLLLLLLLLLL.\n", 5) }
  g:play("C RRRRRR H")
  t.eq(g:lines(), 5)
  t.event(g, "cleared:5")
  t.eq(g:score(), 2 * 19 + 1200)
  t.board(g, "")
end)
