-- Sprint: clear 40 lines as fast as you can. Gravity stays at level 1 speed; the result
-- is the time taken, in gravity ticks (the game's clock), and a lower time is better.

-- Lines to clear.
local GOAL = 40

return {
  id = "sprint",
  name = "Sprint",
  version = "1.0.0",
  description = "Clear 40 lines; the result is the time in gravity ticks (lower is better). "
    .. "Constant level-1 speed, 3 pieces of preview.",
  api = 1,

  preview = 3,

  -- The speed never changes: the race is against the clock, not the level.
  level = function()
    return 1
  end,

  on_clear = function(game)
    if game:lines() >= GOAL then
      game:finish("ticks", game:tick(), true)
    end
  end,
}
