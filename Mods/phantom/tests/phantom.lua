local t = require("hanjul.test")

t.test("cells hide three pieces after they lock, and still count", function()
  local g = t.game { pieces = "O" }
  g:play("LLLLH")
  t.eq(g:is_hidden(0, 19), false, "just locked: visible")
  g:play("RRRRH H")
  t.eq(g:is_hidden(0, 19), false, "two pieces later: still visible")
  g:play("LLH")
  t.eq(g:is_hidden(0, 19), true, "three pieces later: hidden")
  t.eq(g:cell(0, 19), "O", "hidden, not gone")
  t.eq(g:is_hidden(2, 19), false, "the newest piece shows")
  -- A piece still lands on the hidden cells.
  g:play("LLLLH")
  t.eq(g:cell(0, 17), "O")
end)

t.test("hidden cells follow their rows down when lines clear", function()
  local g = t.game { pieces = "IOOO", board = [[
    .........O
    ....OOOOOO
  ]] }
  g:play("LLLH")
  t.eq(g:lines(), 1)
  t.eq(g:cell(9, 19), "O", "the lone cell moved down a row")
  g:play("LLLLH LLLLH LLH")
  t.eq(g:is_hidden(9, 19), true, "its record moved with it")
  t.eq(g:is_hidden(9, 18), false)
end)

t.test("every cell shows again when the game ends", function()
  local g = t.game { pieces = "O" }
  g:play(string.rep("H", 12))
  t.eq(g:reason(), "blocked_spawn")
  for y = 0, g:height() - 1 do
    for x = 0, g:width() - 1 do
      t.eq(g:is_hidden(x, y), false, "cell " .. x .. ", " .. y)
    end
  end
  t.eq(g:cell(4, 19), "O")
end)
