local t = require("hanjul.test")

t.test("a floating group falls after a clear and completes a second line", function()
  local g = t.game { pieces = "I", board = [[
    .JJ.......
    OOOOOOOOO.
    O..OOOOOO.
  ]] }
  -- Stand the I up and drop it into the right-hand well: row 18 clears, the JJ pair
  -- falls into the gap of row 19, and row 19 clears too.
  g:play("C RRRR H")
  t.eq(g:lines(), 2)
  t.eq(g:score(), 32 + 100 + 200, "hard drop, single, chain of 2")
  t.board(g, [[
    .........I
    .........I
  ]])
  t.event(g, "scored:200")
end)

t.test("a clear with nothing floating is a plain clear", function()
  local g = t.game { pieces = "I", board = [[
    ....OOOOOO
  ]] }
  g:play("LLLH")
  t.eq(g:lines(), 1)
  t.eq(g:score(), 36 + 100)
  t.board(g, "")
end)

t.test("groups fall bottom-most first and land on each other", function()
  local g = t.game { pieces = "I", board = [[
    ZZ........
    ..........
    TT........
    ..........
    ..........
    OOOOOO....
  ]] }
  g:play("RRRH")
  t.eq(g:lines(), 1)
  t.eq(g:score(), 36 + 100, "no second clear, no chain points")
  t.board(g, [[
    ZZ........
    TT........
  ]])
end)
