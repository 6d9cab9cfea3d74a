local t = require("hanjul.test")

-- Classic on the Modes page: the standard rules of docs/RULES.md, which this mod restates.

t.test("a single scores 100 x level, a hard drop 2 a row", function()
  local g = t.game { pieces = "I", board = "....IIIIII" }
  g:play("LLLH")
  t.eq(g:lines(), 1)
  t.eq(g:score(), 18 * 2 + 100)
  t.board(g, "")
end)

t.test("a tetris at level 3 scores 800 x 3", function()
  local g = t.game { pieces = "I", level = 3, board = string.rep("IIIIIIIII.\n", 4) }
  g:play("CRRRRH")
  t.eq(g:lines(), 4)
  t.eq(g:score(), 16 * 2 + 800 * 3)
end)

t.test("one piece of preview, no hold, no counter-clockwise turn", function()
  local g = t.game { pieces = "IOT" }
  t.eq(table.concat({ g:queue() }), "O")
  t.eq(g:held(), nil)
end)

t.test("the first bag of seven deals every kind once", function()
  local g = t.game { seed = 3 }
  g:play("LLLLH RRRRH LLLLH RRRRH H H")
  local dealt = g:dealt_letters():sub(1, 7)
  t.eq(#dealt, 7)
  for _, kind in ipairs({ "I", "O", "T", "S", "Z", "J", "L" }) do
    t.ok(dealt:find(kind, 1, true), kind .. " in " .. dealt)
  end
end)
