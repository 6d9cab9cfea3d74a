-- Evil: a bastet-style randomizer. Before each piece enters, the mod tries every kind in
-- every rotation and column on the board as it is, finds where the player would best put
-- it, and deals the kind whose best placement is worst. A little mercy keeps it playable:
-- one time in seven the piece is a fair random draw, and no kind comes three times in a
-- row. There is no preview (preview = 0), so the choice is made as the piece spawns.
--
-- Placements are straight drops from the top (no tucks or spins), judged by the weights
-- of a well-known greedy player: lower aggregate height, fewer holes, a flatter surface
-- and more cleared lines are better. The search runs in Lua over the board's row
-- bitmasks (game:row), so it needs only the piece shapes, copied from docs/RULES.md.

local KINDS = { "I", "O", "T", "S", "Z", "J", "L" }

local SHAPES = {
  I = { { { 0, 1 }, { 1, 1 }, { 2, 1 }, { 3, 1 } }, { { 2, 0 }, { 2, 1 }, { 2, 2 }, { 2, 3 } } },
  O = { { { 1, 0 }, { 2, 0 }, { 1, 1 }, { 2, 1 } } },
  T = { { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 2, 1 } }, { { 1, 0 }, { 1, 1 }, { 2, 1 }, { 1, 2 } },
        { { 0, 1 }, { 1, 1 }, { 2, 1 }, { 1, 2 } }, { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, 2 } } },
  S = { { { 1, 0 }, { 2, 0 }, { 0, 1 }, { 1, 1 } }, { { 1, 0 }, { 1, 1 }, { 2, 1 }, { 2, 2 } } },
  Z = { { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 2, 1 } }, { { 2, 0 }, { 1, 1 }, { 2, 1 }, { 1, 2 } } },
  J = { { { 0, 0 }, { 0, 1 }, { 1, 1 }, { 2, 1 } }, { { 1, 0 }, { 2, 0 }, { 1, 1 }, { 1, 2 } },
        { { 0, 1 }, { 1, 1 }, { 2, 1 }, { 2, 2 } }, { { 1, 0 }, { 1, 1 }, { 0, 2 }, { 1, 2 } } },
  L = { { { 2, 0 }, { 0, 1 }, { 1, 1 }, { 2, 1 } }, { { 1, 0 }, { 1, 1 }, { 1, 2 }, { 2, 2 } },
        { { 0, 1 }, { 1, 1 }, { 2, 1 }, { 0, 2 } }, { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 1, 2 } } },
}

-- One time in MERCY the deal is a fair random kind.
local MERCY = 7

-- Placement value weights (x 1000): height, lines, holes, bumpiness.
local W_HEIGHT, W_LINES, W_HOLES, W_BUMPS = -510, 761, -357, -184

-- The last two kinds dealt.
local last, before_last

local function fits(rows, width, height, cells, px, py)
  for _, cell in ipairs(cells) do
    local x, y = px + cell[1], py + cell[2]
    if x < 0 or x >= width or y >= height then return false end
    if y >= 0 and rows[y + 1] & (1 << x) ~= 0 then return false end
  end
  return true
end

-- The value of the board after dropping `cells` at column px (higher is better for the
-- player), or nil when the piece cannot enter there.
local function value_of(rows, width, height, cells, px)
  if not fits(rows, width, height, cells, px, 0) then return nil end
  local py = 0
  while fits(rows, width, height, cells, px, py + 1) do py = py + 1 end
  local after = {}
  for y = 1, height do after[y] = rows[y] end
  for _, cell in ipairs(cells) do
    local y = py + cell[2]
    if y >= 0 then after[y + 1] = after[y + 1] | (1 << (px + cell[1])) end
  end
  local full = (1 << width) - 1
  local kept, lines = {}, 0
  for y = 1, height do
    if after[y] == full then lines = lines + 1 else kept[#kept + 1] = after[y] end
  end
  -- Rows from the top, after the clear: lines empty rows, then the rows kept.
  local aggregate, holes, bumps, previous = 0, 0, 0, nil
  for x = 0, width - 1 do
    local bit = 1 << x
    local column_height, seen = 0, false
    for k = 1, #kept do
      if kept[k] & bit ~= 0 then
        if not seen then column_height = #kept - k + 1 end
        seen = true
      elseif seen then
        holes = holes + 1
      end
    end
    aggregate = aggregate + column_height
    if previous then bumps = bumps + math.abs(column_height - previous) end
    previous = column_height
  end
  return W_HEIGHT * aggregate + W_LINES * lines + W_HOLES * holes + W_BUMPS * bumps
end

-- The best value the player can reach with `letter`, or nil when it cannot enter at all.
local function best_value(rows, width, height, letter)
  local best
  for _, cells in ipairs(SHAPES[letter]) do
    for px = -3, width - 1 do
      local v = value_of(rows, width, height, cells, px)
      if v and (not best or v > best) then best = v end
    end
  end
  return best
end

local function deal(letter)
  before_last, last = last, letter
  return letter
end

return {
  id = "evil",
  name = "Evil",
  version = "1.0.0",
  description = "Bastet-style: deals the piece whose best placement leaves the worst board "
    .. "(1 in 7 deals is fair random; never 3 alike in a row). No preview.",
  api = 1,

  preview = 0,

  next_piece = function(game)
    if game:random(MERCY) == 1 then return deal(KINDS[game:random(#KINDS)]) end
    local width, height = game:width(), game:height()
    local rows = {}
    for y = 0, height - 1 do rows[y + 1] = game:row(y) end
    local worst, worst_value
    for _, letter in ipairs(KINDS) do
      if not (letter == last and letter == before_last) then
        -- A kind that cannot enter at all is the worst of all (math.mininteger).
        local v = best_value(rows, width, height, letter) or math.mininteger
        if not worst_value or v < worst_value then worst, worst_value = letter, v end
      end
    end
    return deal(worst)
  end,
}
