-- Master: TGM-like. Instant gravity from the first piece, levels that count pieces and
-- lines, TGM's step lock reset; the result is the level reached, then the time. Play it
-- after `guideline` (the Modes page's Master): SRS and hold come from there.
--
-- * Gravity: the `gravity` hook returns 0 ms, which the engine reads as 20G (a piece drops
--   to rest at once at spawn and after every slide or turn).
-- * Level (game:set_level): from 0, +1 for each piece that locks without a clear unless the
--   level ends in 99 (the stop before a section), +1 for each line. Level 999 ends the game.
-- * Lock delay: 500 ms (TGM's 30 frames), step reset: only a row lower than any the piece
--   reached restarts the timer; moves and turns never do.
-- * Entry delay (ARE): after each lock the next piece waits 417 ms, 1083 ms after a lock
--   that cleared rows, shortening from level 500 (TGM2 Master's frames at 60 fps, rounded).
--   A turn or hold given during the delay, or held as it ends, acts on the entering piece
--   before 20G drops it (IRS, IHS).
-- * Result: at level 999, the level (higher is better), then the time (lower is better).
--   A game that locks out before has no result and ranks below every finished one, by its
--   score (its level reached is in the table's LEVEL column).

-- The level that ends the game.
local TOP = 999

local function reach(game, level)
  game:set_level(math.min(level, TOP))
  if game:level() >= TOP then
    game:finish(game:level())
  end
end

return {
  id = "master",
  name = "Master",
  version = "2.1.0",
  description = "TGM-like: 20G, levels from 0 count pieces and lines to 999, step lock reset, "
    .. "entry delay with IRS and IHS; "
    .. "the result is the level, then the time.",
  api = 1,
  after = { "guideline" },

  lock_delay = { ms = 500, reset = "step" },
  entry_delay = {
    ms = 417, line_clear = 1083,
    from_level = {
      { level = 500, ms = 417, line_clear = 833 },
      { level = 600, ms = 417, line_clear = 683 },
      { level = 700, ms = 267, line_clear = 467 },
      { level = 800, ms = 200, line_clear = 300 },
    },
  },
  result = {
    name = "level", unit = "count",
    tie_breaks = { name = "time", unit = "ms", lower_is_better = true },
  },

  -- 0 ms: instant gravity (20G) at every level.
  gravity = function()
    return 0
  end,

  on_start = function(game)
    game:set_level(0)
  end,

  on_clear = function(game, count)
    reach(game, game:level() + count)
  end,

  after_lock = function(game, cleared)
    local level = game:level()
    if cleared == 0 and level % 100 ~= 99 and not game:is_over() then
      reach(game, level + 1)
    end
  end,
}
