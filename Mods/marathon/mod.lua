-- Marathon: fifteen levels. The game ends, finished, when 150 lines are cleared (the end of
-- level 15 under the rules' 10 lines a level); the result is the score, higher is better.
-- It changes nothing else: play it after `guideline` for the modern rules (the Modes page's
-- Marathon), or alone for the standard ones.

-- Lines to clear.
local GOAL = 150

return {
  id = "marathon",
  name = "Marathon",
  version = "1.0.0",
  description = "Clear 150 lines (15 levels); the result is the score (higher is better).",
  api = 1,
  -- Its finish comes after the guideline's own end-of-lock scoring (a spin without lines).
  after = { "guideline" },

  result = { name = "score", unit = "points" },
  goal = { lines = GOAL },

  -- After every lock, once the guideline's points for it are in.
  after_lock = function(game)
    if game:lines() >= GOAL then
      game:finish(game:score())
    end
  end,
}
