-- Cheese race: dig through 10 rows of garbage as fast as you can. The game starts on 10
-- grey rows with one hole each (never in the same column as the row below it); it ends,
-- finished, when the last grey cell is gone, with the time taken (lower is better).
-- Play it after `guideline` for the modern rules (the Modes page's Cheese race 10L);
-- `cheese100` on top makes it 100 rows.

-- Garbage rows on the board at the start.
local ROWS = 10

-- A hole column from the game's generator, never `below` (the hole of the row under it).
local function hole(game, below)
  local column = game:random(0, game:width() - 2)
  if below ~= nil and column >= below then column = column + 1 end
  return column
end

local function garbage_left(game)
  for y = game:height() - 1, 0, -1 do
    for x = 0, game:width() - 1 do
      if game:cell(x, y) == "G" then return true end
    end
  end
  return false
end

return {
  id = "cheese",
  name = "Cheese race",
  version = "1.0.0",
  description = "Starts on 10 garbage rows with one hole each; clear them all, the result is "
    .. "the time (lower is better).",
  api = 1,
  after = { "guideline" },

  -- The grey garbage kind, never dealt.
  extra_pieces = {
    { letter = "G", color = "#9CA3AF", bag = false, rotations = { { { 0, 0 } } } },
  },
  result = { name = "time", unit = "ms", lower_is_better = true },

  on_start = function(game)
    local full = (1 << game:width()) - 1
    local below
    for _ = 1, ROWS do
      -- push_row raises the rows already there: each new row goes under the last one.
      local column = hole(game, below)
      game:push_row(full & ~(1 << column), "G")
      below = column
    end
  end,

  after_lock = function(game)
    if not garbage_left(game) then
      game:finish(game:time())
    end
  end,
}
