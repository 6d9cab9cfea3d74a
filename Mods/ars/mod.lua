-- ARS: the rotation of Arika's games (TGM) on the standard game. Every piece but I and O
-- sits at the bottom of its 3x3 box (the T enters pointing down), I, S and Z have two
-- states, and a turn that does not fit tries one column right, then one left; the I never
-- kicks. Only the rotation system is stated: the rest (pieces' colours, the bag, scoring)
-- stays standard. TGM's centre-column exception and its other rules are not here.

-- A rotation state drawn as a picture: rows top first, "/" between rows, "#" a cell.
local function state(picture)
  local cells, y = {}, 0
  for row in picture:gmatch("[^/]+") do
    for x = 1, #row do
      if row:sub(x, x) == "#" then cells[#cells + 1] = { x - 1, y } end
    end
    y = y + 1
  end
  return cells
end

local function states(...)
  local list = {}
  for i, picture in ipairs({ ... }) do list[i] = state(picture) end
  return list
end

return {
  id = "ars", name = "ARS", version = "1.0.0", api = 1,
  description = "Arika's rotation: bottom-aligned states, kicks one right then one left, no I kicks.",
  -- Clockwise turns go from each state to the next. O keeps the standard state.
  rotations = {
    I = states("..../####", "..#./..#./..#./..#."),
    T = states(".../###/.#.", ".#./##./.#.", ".../.#./###", ".#./.##/.#."),
    S = states(".../.##/##.", "#../##./.#."),
    Z = states(".../##./.##", "..#/.##/.#."),
    J = states(".../###/..#", ".#./.#./##.", ".../#../###", ".##/.#./.#."),
    L = states(".../###/#..", "##./.#./.#.", ".../..#/###", "#../#../##."),
  },
  kicks = { default = { { 0, 0 }, { 1, 0 }, { -1, 0 } }, I = { { 0, 0 } } },
}
