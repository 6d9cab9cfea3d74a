-- Garbage: every few pieces a grey row with one hole rises from the bottom, pushing the
-- stack up. Clear it through the hole. When the rising stack pushes a cell off the top,
-- or into the falling piece, the game is over.
--
-- The hole's column comes from the game's generator (game:random), so a seed always
-- gives the same garbage.

-- A garbage row rises each time this many pieces have locked.
local EVERY = 8

-- The seven standard pieces and their 7-bag stay the engine's own (hanjul.standard, the
-- default randomizer); "G", the one-cell garbage kind, is added and never dealt: only the
-- rising rows use it (for its grey colour).
local GARBAGE = { letter = "G", color = "#808080", bag = false, rotations = { { { 1, 0 } } } }

-- The piece count the last garbage row was raised at (one row per count, even if a piece
-- spawns twice).
local raised_at = 0

return {
  id = "garbage",
  name = "Garbage",
  version = "1.0.0",
  description = "Every 8 pieces a grey garbage row with one hole rises from the bottom; "
    .. "the game ends when the stack is pushed off the top.",
  api = 1,

  extra_pieces = { GARBAGE },

  on_spawn = function(game)
    local locked = game:pieces_locked()
    if locked == 0 or locked % EVERY ~= 0 or locked == raised_at then return end
    raised_at = locked
    local width = game:width()
    local hole = game:random(0, width - 1)
    local full = (1 << width) - 1
    game:push_row(full & ~(1 << hole), "G")
  end,
}
