-- Zen: the game never ends. When a new piece has no room, the board is wiped clean and
-- the piece enters an empty well; the wipe costs half your score (at most 2000 points).
-- Gravity is slow and never speeds up.

-- The most points a wipe costs.
local MAX_COST = 2000

return {
  id = "zen",
  name = "Zen",
  version = "1.0.0",
  description = "No game over: a blocked spawn wipes the board and costs half the score "
    .. "(at most 2000). Slow, constant gravity.",
  api = 1,

  gravity = function()
    return 1000
  end,

  on_top_out = function(game)
    game:clear_board()
    local cost = math.min(game:score() // 2, MAX_COST)
    if cost > 0 then game:add_score(-cost) end
    return true
  end,
}
