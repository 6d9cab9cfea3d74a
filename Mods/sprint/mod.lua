-- Sprint: clear 40 lines as fast as you can. Gravity stays at level 1 speed; the result
-- is the game time taken, in milliseconds (the clock the front end tells the engine with
-- W actions), and a lower time is better.

-- Lines to clear.
local GOAL = 40

return {
  id = "sprint",
  name = "Sprint",
  version = "1.2.0",
  description = "Clear 40 lines; the result is the time taken (lower is better). "
    .. "Constant level-1 speed, 5 pieces of preview.",
  api = 1,

  preview = 5,
  -- How the result reads, and the goal a screen counts down ("lines left").
  result = { name = "time", unit = "ms", lower_is_better = true },
  goal = { lines = GOAL },

  -- The speed never changes: the race is against the clock, not the level.
  level = function()
    return 1
  end,

  on_clear = function(game)
    if game:lines() >= GOAL then
      game:finish(game:time())
    end
  end,
}
