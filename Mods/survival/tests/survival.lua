local t = require("hanjul.test")

local function garbage_rows(g)
  local count = 0
  for y = 0, g:height() - 1 do
    for x = 0, g:width() - 1 do
      if g:cell(x, y) == "G" then
        count = count + 1
        break
      end
    end
  end
  return count
end

t.test("a row rises 4 s in, the next 50 ms sooner", function()
  local g = t.game { mods = { "survival" }, pieces = "O" }
  g:play("W3999 H")
  t.eq(garbage_rows(g), 0)
  g:play("W1 H")
  t.eq(garbage_rows(g), 1)
  t.eq(g:cell(4, 18), "O", "the stack went up a row")
  g:play("W3949 H")
  t.eq(garbage_rows(g), 1)
  g:play("W1 H")
  t.eq(garbage_rows(g), 2)
end)

t.test("rows due rise at a gravity step when the piece has room", function()
  local g = t.game { mods = { "survival" }, pieces = "O" }
  g:play("W4000 G")
  t.eq(garbage_rows(g), 1)
end)

t.test("the stack in the top row ends the game; the result is the pieces locked", function()
  local g = t.game { mods = { "survival" }, pieces = "O", board = string.rep("GGGGGGGGG.\n", 18) }
  g:play("H")
  t.eq(g:reason(), "finished")
  local name, value, lower_is_better, unit = g:result()
  t.eq(name, "pieces")
  t.eq(value, 1)
  t.eq(lower_is_better, false)
  t.eq(unit, "pieces")
end)

t.test("a piece with no room to enter ends it too", function()
  local g = t.game { mods = { "survival" }, pieces = "I", board = string.rep("GGGGGGGGG.\n", 18) }
  -- The I rests in row 1 (row 0 stays empty); the next one has no room.
  g:play("H")
  t.eq(g:cell(3, 1), "I")
  t.eq(g:row(0), 0)
  t.eq(g:reason(), "finished")
  local _, value = g:result()
  t.eq(value, 1)
end)
