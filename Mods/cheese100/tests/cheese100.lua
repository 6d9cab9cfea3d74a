local t = require("hanjul.test")

local function garbage_rows(g)
  local count = 0
  for y = 0, g:height() - 1 do
    if g:cell(0, y) == "G" or g:cell(1, y) == "G" then count = count + 1 end
  end
  return count
end

local function hole(g, y)
  for x = 0, g:width() - 1 do
    if g:cell(x, y) == nil then return x end
  end
end

t.test("a garbage row dug brings a new one up from the bottom: ten stay on the board", function()
  local g = t.game { mods = { "cheese", "cheese100" }, pieces = "I" }
  t.eq(garbage_rows(g), 10)
  local column = hole(g, 10)
  local moves = column < 5 and string.rep("L", 5 - column) or string.rep("R", column - 5)
  g:play("C" .. moves .. "H")
  t.eq(g:lines(), 1)
  t.eq(garbage_rows(g), 10, "refilled")
  t.ok(not g:is_over())
  t.ok(hole(g, 19) ~= hole(g, 18), "the new row's hole is not under the one above it")
end)

t.test("checked with cheese before it", function()
  local g = t.game { mods = { "guideline", "cheese", "cheese100" }, pieces = "T" }
  t.eq(garbage_rows(g), 10)
end)
