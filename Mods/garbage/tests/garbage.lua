local t = require("hanjul.test")

t.test("a garbage row with one hole rises after every 8 pieces", function()
  local g = t.game { pieces = "O" }
  -- Seven O pieces side by side and stacked: no garbage yet.
  g:play("LLLH LH H RH RRRH LLLH LH")
  t.eq(g:pieces_locked(), 7)
  local bottom = g:board():sub(-10)
  t.ok(not bottom:find("G"), "no garbage before the 8th piece")
  g:play("H")
  t.eq(g:pieces_locked(), 8)
  t.event(g, "board_edited")
  bottom = g:board():sub(-10)
  local _, grey = bottom:gsub("G", "")
  t.eq(grey, 9, "nine grey cells")
  t.eq(#bottom:gsub("[^.]", ""), 1, "and one hole")
end)

t.test("the hole comes from the seed: the same seed gives the same garbage", function()
  local a, b = t.game { seed = 11 }, t.game { seed = 11 }
  a:play(string.rep("H", 8))
  b:play(string.rep("H", 8))
  t.eq(a:board(), b:board())
end)

t.test("garbage pushing the stack into the falling piece ends the game", function()
  local g = t.game { pieces = "O", board = string.rep("GGGGGGGG..\n", 14) }
  -- Eight O pieces fill rows 2-5 of columns 0-7; the ninth enters above them. The
  -- garbage row then lifts the stack into it.
  g:play("LLLLH LLLLH LLH LLH RRH RRH H")
  t.ok(not g:is_over())
  g:play("H")
  t.eq(g:reason(), "topped_out")
end)

t.test("the garbage kind is never dealt", function()
  local g = t.game { seed = 3 }
  g:play(string.rep("CH", 40))
  t.ok(not g:dealt_letters():find("G"), g:dealt_letters())
end)
