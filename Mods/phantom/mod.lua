-- Phantom: cells vanish from sight a few pieces after they lock. They are still there:
-- pieces land on them and they clear as usual, you just have to remember where they are.
-- When the game ends, the whole stack shows again.
--
-- The mod keeps, for each filled cell, the piece count when it locked, and moves those
-- records down with the rows whenever lines clear (on_clear tells which rows went).

-- A cell hides once this many more pieces have locked after it.
local DELAY = 3

-- locked_at[y * 64 + x] = game:pieces_locked() when the cell appeared.
local locked_at = {}

local function reveal_all(game)
  for y = 0, game:height() - 1 do
    for x = 0, game:width() - 1 do
      if game:is_hidden(x, y) then game:set_hidden(x, y, false) end
    end
  end
end

return {
  id = "phantom",
  name = "Phantom",
  version = "1.0.0",
  description = "Locked cells turn invisible 3 pieces later (they still count); "
    .. "the whole stack shows again when the game ends.",
  api = 1,

  -- Note the new cells (the piece just written into the board).
  on_lock = function(game)
    local locked = game:pieces_locked()
    for y = 0, game:height() - 1 do
      if game:row(y) ~= 0 then
        for x = 0, game:width() - 1 do
          local at = y * 64 + x
          if game:cell(x, y) and not locked_at[at] then locked_at[at] = locked end
        end
      end
    end
  end,

  -- Rows went: records above them move down, records in them go.
  on_clear = function(game, _, rows)
    local moved = {}
    local shift = 0
    for y = game:height() - 1, 0, -1 do
      if rows & (1 << y) ~= 0 then
        shift = shift + 1
      else
        for x = 0, game:width() - 1 do
          local at = y * 64 + x
          if locked_at[at] then moved[(y + shift) * 64 + x] = locked_at[at] end
        end
      end
    end
    locked_at = moved
  end,

  -- Each new piece hides the cells that are old enough.
  on_spawn = function(game)
    local locked = game:pieces_locked()
    for y = 0, game:height() - 1 do
      for x = 0, game:width() - 1 do
        local at = locked_at[y * 64 + x]
        if at and locked - at >= DELAY and not game:is_hidden(x, y) then game:set_hidden(x, y, true) end
      end
    end
  end,

  -- Game over: show everything, and let the game end.
  on_top_out = function(game)
    reveal_all(game)
    return false
  end,
}
