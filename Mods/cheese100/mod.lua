-- Cheese race 100: `cheese`, but 100 rows to dig. Ten are on the board at a time: each
-- garbage row cleared brings a new one up from the bottom (one hole, never in the column of
-- the hole above it) until 100 have risen; `cheese` ends the race when none is left.

-- Garbage rows in all, and on the board at once (cheese's start).
local TOTAL = 100
local SHOWN = 10

local risen = SHOWN

-- The column of the hole in row y, or nil when the row has none or several.
local function hole_of(game, y)
  local found
  for x = 0, game:width() - 1 do
    if game:cell(x, y) == nil then
      if found ~= nil then return nil end
      found = x
    end
  end
  return found
end

local function garbage_rows(game)
  local count = 0
  for y = 0, game:height() - 1 do
    for x = 0, game:width() - 1 do
      if game:cell(x, y) == "G" then
        count = count + 1
        break
      end
    end
  end
  return count
end

return {
  id = "cheese100",
  name = "Cheese race 100",
  version = "1.0.0",
  description = "With cheese: 100 garbage rows to dig, 10 on the board at a time.",
  api = 1,
  requires = { "cheese" },

  -- Refilled as rows clear, before cheese looks for what is left (after_lock).
  on_clear = function(game)
    local full = (1 << game:width()) - 1
    local shown = garbage_rows(game)
    while shown < SHOWN and risen < TOTAL do
      local above = hole_of(game, game:height() - 1)
      local column = game:random(0, game:width() - 2)
      if above ~= nil and column >= above then column = column + 1 end
      if game:push_row(full & ~(1 << column), "G") then return end
      shown = shown + 1
      risen = risen + 1
    end
  end,
}
