-- Evil: a bastet-style randomizer. Before each piece enters, the mod asks the game where
-- each kind could go (game:placements: every placement reachable from the spawn under the
-- rules, with the board each leaves), finds the player's best placement for each kind,
-- and deals the kind whose best placement is worst. A little mercy keeps it playable:
-- one time in four the piece is a fair random draw, and no kind comes three times in a
-- row. There is no preview (preview = 0), so the choice is made as the piece spawns.
--
-- Placements are judged by the weights of a well-known greedy player: lower aggregate
-- height, fewer holes, a flatter surface and more cleared lines are better.

local KINDS = { "I", "O", "T", "S", "Z", "J", "L" }

-- One time in MERCY the deal is a fair random kind.
local MERCY = 4

-- Placement value weights (x 1000) on the figures game:placements reports.
local WEIGHTS = { aggregate_height = -510, lines = 761, holes = -357, bumpiness = -184 }

-- The last two kinds dealt.
local last, before_last

-- The best value the player can reach with each kind (higher is better for the player);
-- a kind that cannot enter at all is missing. game:best_placements is the native form of
--   for _, p in ipairs(game:placements(letter)) do v = sum of WEIGHTS[k] * p[k] ... end
-- for every kind at once, with the same values, and without a table per placement.
local function deal(letter)
  before_last, last = last, letter
  return letter
end

return {
  id = "evil",
  name = "Evil",
  version = "1.0.0",
  description = "Bastet-style: deals the piece whose best placement leaves the worst board "
    .. "(1 in 4 deals is fair random; never 3 alike in a row). No preview.",
  api = 1,

  preview = 0,

  next_piece = function(game)
    if game:random(MERCY) == 1 then return deal(KINDS[game:random(#KINDS)]) end
    local worst, worst_value
    local best = game:best_placements(WEIGHTS)
    for _, letter in ipairs(KINDS) do
      if not (letter == last and letter == before_last) then
        local v = best[letter] or math.mininteger
        if not worst_value or v < worst_value then worst, worst_value = letter, v end
      end
    end
    return deal(worst)
  end,
}
