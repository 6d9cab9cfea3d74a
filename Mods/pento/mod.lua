-- Pento: the twelve pentominoes (five-cell pieces) on a 12 x 22 board, dealt from a
-- 12-bag. A vertical I clears five lines at once: that scores 1200 x level.
--
-- Each shape is drawn once, in a 5 x 5 box; the rotation states are computed by turning
-- it clockwise about the box's centre cell until it repeats (X has one state, I and Z
-- two, the rest four).

-- Rows of the 5 x 5 box, top first; "#" is a cell.
local SHAPES = {
  { letter = "F", color = "#F97316", rows = { ".....", "..##.", ".##..", "..#..", "....." } },
  { letter = "I", color = "#22D3EE", rows = { ".....", ".....", "#####", ".....", "....." } },
  { letter = "L", color = "#FB923C", rows = { "..#..", "..#..", "..#..", "..##.", "....." } },
  { letter = "N", color = "#A3E635", rows = { "..#..", "..#..", ".##..", ".#...", "....." } },
  { letter = "P", color = "#F472B6", rows = { ".....", ".##..", ".##..", ".#...", "....." } },
  { letter = "T", color = "#C084FC", rows = { ".....", ".###.", "..#..", "..#..", "....." } },
  { letter = "U", color = "#FACC15", rows = { ".....", ".#.#.", ".###.", ".....", "....." } },
  { letter = "V", color = "#60A5FA", rows = { ".....", ".#...", ".#...", ".###.", "....." } },
  { letter = "W", color = "#34D399", rows = { ".....", ".#...", ".##..", "..##.", "....." } },
  { letter = "X", color = "#E5E7EB", rows = { ".....", "..#..", ".###.", "..#..", "....." } },
  { letter = "Y", color = "#FB7185", rows = { "..#..", ".##..", "..#..", "..#..", "....." } },
  { letter = "Z", color = "#818CF8", rows = { ".....", ".##..", "..#..", "..##.", "....." } },
}

-- Points for 1 to 5 lines at once, before the level multiplier.
local LINE_POINTS = { [0] = 0, 100, 300, 500, 800, 1200 }

local function cells_of(rows)
  local cells = {}
  for y = 1, 5 do
    for x = 1, 5 do
      if rows[y]:sub(x, x) == "#" then cells[#cells + 1] = { x - 1, y - 1 } end
    end
  end
  return cells
end

-- A state's cells as one comparable string, in row order.
local function key(cells)
  local marks = {}
  for _, cell in ipairs(cells) do marks[cell[2] * 5 + cell[1] + 1] = true end
  local text = {}
  for i = 1, 25 do text[i] = marks[i] and "#" or "." end
  return table.concat(text)
end

-- Clockwise about the centre (2, 2): (x, y) -> (4 - y, x); cells kept in row order.
local function turned(cells)
  local out = {}
  for _, cell in ipairs(cells) do out[#out + 1] = { 4 - cell[2], cell[1] } end
  table.sort(out, function(a, b)
    if a[2] ~= b[2] then return a[2] < b[2] end
    return a[1] < b[1]
  end)
  return out
end

local PIECES = {}
local TOP = {} -- the first row holding a cell in rotation 0, per letter
for i, shape in ipairs(SHAPES) do
  local first = cells_of(shape.rows)
  local rotations = { first }
  local next_state = turned(first)
  while key(next_state) ~= key(first) do
    rotations[#rotations + 1] = next_state
    next_state = turned(next_state)
  end
  PIECES[i] = { letter = shape.letter, color = shape.color, rotations = rotations }
  TOP[shape.letter] = first[1][2]
end

return {
  id = "pento",
  name = "Pento",
  version = "1.0.0",
  description = "The 12 pentominoes (F I L N P T U V W X Y Z) on a 12x22 board, from a 12-bag; "
    .. "five lines at once score 1200 x level.",
  api = 1,

  board = { width = 12, height = 22 },
  pieces = PIECES,

  -- Enter centred, with the top cell of the shape on the top row.
  spawn = function(game, letter)
    return (game:width() - 5) // 2, -TOP[letter], 0
  end,

  scoring = function(_, lines, level)
    return LINE_POINTS[math.min(lines, 5)] * level
  end,
}
