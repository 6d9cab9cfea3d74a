-- Combo: a 4-wide well between grey walls, three columns each side, from the floor to the
-- top; the bottom row starts with three cells in the well. Clear a row with each piece for
-- as long as you can: the walls grow back as rows clear.
--
-- * Pieces enter over columns 3-6, the well (as the guideline spawns them: play it after
--   `guideline`, the Modes page's Combo).
-- * The result is the longest combo, counted as the guideline's callouts count it (COMBO 1
--   is the second clearing piece in a row), higher is better. The game ends, finished,
--   when the well's top row is reached (or a piece has no room to enter).

local LEFT, RIGHT = 3, 6

local best = 0

-- The wall mask: every column outside the well.
local function walls(game)
  local full = (1 << game:width()) - 1
  local well = ((1 << (RIGHT - LEFT + 1)) - 1) << LEFT
  return full & ~well
end

local function fill_walls(game, y)
  local mask = walls(game)
  for x = 0, game:width() - 1 do
    if mask & (1 << x) ~= 0 and game:cell(x, y) == nil then game:set_cell(x, y, "G") end
  end
end

return {
  id = "combo",
  name = "Combo",
  version = "1.0.0",
  description = "A 4-wide well between walls; the result is the longest combo (higher is better).",
  api = 1,
  after = { "guideline" },

  extra_pieces = {
    { letter = "G", color = "#9CA3AF", bag = false, rotations = { { { 0, 0 } } } },
  },
  result = { name = "combo", unit = "count" },

  on_start = function(game)
    for y = 0, game:height() - 1 do fill_walls(game, y) end
    local bottom = game:height() - 1
    for x = LEFT, RIGHT - 1 do game:set_cell(x, bottom, "G") end
  end,

  -- The rows that came down leave empty rows at the top: wall them.
  on_clear = function(game, count)
    for y = 0, count - 1 do fill_walls(game, y) end
  end,

  after_lock = function(game)
    local facts = game:lock_facts()
    if facts.combo - 1 > best then best = facts.combo - 1 end
    local well = ((1 << (RIGHT - LEFT + 1)) - 1) << LEFT
    if game:row(0) & well ~= 0 then game:finish(best) end
  end,

  on_top_out = function(game)
    game:finish(best)
    return false
  end,
}
