local t = require("hanjul.test")

t.test("a blocked spawn wipes the board instead of ending the game", function()
  local g = t.game { pieces = "O" }
  -- Ten O pieces fill columns 4-5 to the top; the eleventh has no room.
  g:play(string.rep("H", 10))
  t.ok(not g:is_over(), "the game goes on")
  t.board(g, "", "the board was wiped")
  -- Hard drops of 18, 16, ..., 0 rows scored 180; the wipe cost half of it.
  t.eq(g:score(), 180 - 90)
  t.event(g, "scored:-90")
  g:play("H")
  t.eq(g:cell(4, 19), "O", "play resumes on the empty board")
end)

t.test("the wipe costs at most 2000 points", function()
  local g = t.game { pieces = "I", board = string.rep("OOOOOOOOO.\n", 16) }
  -- Four upright I pieces clear 16 lines (four tetrises), then stack to the top.
  g:play(string.rep("CRRRRH", 4))
  t.eq(g:lines(), 16)
  local before = g:score()
  t.ok(before > 4000, "score " .. before)
  g:play(string.rep("CH", 6))
  t.ok(not g:is_over())
  t.event(g, "scored:-2000")
end)
