local t = require("hanjul.test")

t.test("the board is 16 wide and 30 high, and pieces enter in the middle", function()
  local g = t.game { pieces = "T" }
  t.eq(g:width(), 16)
  t.eq(g:height(), 30)
  local letter, rotation, x, y = g:piece()
  t.eq(letter, "T")
  t.eq(rotation, 0)
  t.eq(x, 6, "(16 - 4) // 2")
  t.eq(y, 0)
  g:play("H")
  t.eq(g:score(), 2 * 28, "a hard drop falls 28 rows")
  t.eq(g:cell(7, 28), "T")
end)

t.test("a level every 8 lines", function()
  local g = t.game { pieces = "I", board = string.rep("....OOOOOOOOOOOO\n", 8) }
  g:play(string.rep("LLLLLLH", 7))
  t.eq(g:lines(), 7)
  t.eq(g:level(), 1)
  g:play("LLLLLLH")
  t.eq(g:lines(), 8)
  t.eq(g:level(), 2)
end)

t.test("two pieces of preview", function()
  local g = t.game { pieces = "IOT" }
  t.eq(table.concat({ g:queue() }), "OT")
end)
