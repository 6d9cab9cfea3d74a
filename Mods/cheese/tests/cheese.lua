local t = require("hanjul.test")

local function hole(g, y)
  local found
  for x = 0, g:width() - 1 do
    if g:cell(x, y) == nil then
      t.ok(found == nil, "one hole in row " .. y)
      found = x
    else
      t.eq(g:cell(x, y), "G", "garbage in row " .. y)
    end
  end
  return found
end

t.test("ten garbage rows, one hole each, never over the hole below", function()
  for seed = 1, 5 do
    local g = t.game { mods = { "cheese" }, seed = seed }
    for y = 0, 9 do t.eq(g:row(y), 0, "row " .. y .. " empty") end
    local below
    for y = 19, 10, -1 do
      local column = hole(g, y)
      t.ok(column ~= nil, "a hole in row " .. y)
      t.ok(column ~= below, "row " .. y .. "'s hole is not over the one below it")
      below = column
    end
  end
end)

t.test("an upright I in the top row's hole digs it: nine left, the race goes on", function()
  local g = t.game { mods = { "cheese" }, pieces = "I" }
  local column = hole(g, 10)
  -- Standard spawn: the box at x = 3; upright (C), the I is in column 5.
  local moves = column < 5 and string.rep("L", 5 - column) or string.rep("R", column - 5)
  g:play("C" .. moves .. "H")
  t.eq(g:lines(), 1)
  t.ok(not g:is_over())
  t.eq(g:row(7), 0, "the rows above came down")
  for y = 8, 10 do t.eq(g:row(y), 1 << column, "the rest of the I, over nine garbage rows") end
  for y = 11, 19 do t.ok(hole(g, y) ~= nil) end
end)

t.test("under the guideline the same board", function()
  local g = t.game { mods = { "guideline", "cheese" }, pieces = "T" }
  for y = 10, 19 do t.ok(hole(g, y) ~= nil) end
  t.eq(g:row(9), 0)
end)
