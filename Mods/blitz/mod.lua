-- Blitz: two minutes of game time; the result is the score, higher is better.
--
-- `clock = true` in the result declaration makes front ends tell the engine all the time
-- that passes (W actions before each action, as for a race in "ms"), so game:time() is
-- the time played. Time alone runs no hook: the game ends at the first gravity step,
-- lock or spawn at or after two minutes (within one gravity interval of it).

-- Milliseconds of play.
local LIMIT = 120000

local function check(game)
  if game:time() >= LIMIT then
    game:finish(game:score())
  end
end

return {
  id = "blitz",
  name = "Blitz",
  version = "1.1.0",
  description = "Two minutes of play; the result is the score (higher is better).",
  api = 1,
  after = { "guideline" },

  result = { name = "score", unit = "points", clock = true },
  -- The screen counts the time left down (TIME LEFT); ending there is check's.
  goal = { time = LIMIT },

  on_tick = check,
  after_lock = check,
  on_spawn = check,
}
