-- Master: instant gravity from the first piece, a race to 100 lines. Play it after
-- `guideline` (the Modes page's Master): SRS, hold and its lock delay, which here shortens
-- as the level rises.
--
-- * Gravity: the `gravity` hook returns 0 ms, which the engine reads as 20G (a piece drops
--   to rest at once at spawn and after every slide or turn).
-- * Result: the time taken to clear 100 lines (lower is better; the level reached, 11 at
--   the end, is in the table beside it). A game that tops out before has no result and
--   ranks below every finished one, by its score (which follows the lines and level).

-- Lines to clear.
local GOAL = 100

return {
  id = "master",
  name = "Master",
  version = "1.0.0",
  description = "20G from the start, lock delay shortening with the level; clear 100 lines, "
    .. "the result is the time (lower is better).",
  api = 1,
  after = { "guideline" },

  -- The guideline's 500 ms and 15 resets at level 1, 30 ms shorter each level, 200 ms from
  -- level 11 (the last 10 lines).
  lock_delay = { ms = 500, resets = 15, by_level = { 500, 470, 440, 410, 380, 350, 320, 290, 260, 230, 200 } },
  result = { name = "time", unit = "ms", lower_is_better = true },
  goal = { lines = GOAL },

  -- 0 ms: instant gravity (20G) at every level.
  gravity = function()
    return 0
  end,

  on_clear = function(game)
    if game:lines() >= GOAL then
      game:finish(game:time())
    end
  end,
}
