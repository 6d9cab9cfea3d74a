-- Versus: the Guideline attack table, for matches between two boards (hanjul sim --versus).
-- It sets no other rule: alone it attacks under the built-in rules (hanjul sim --versus
-- eltetris:eltetris --mod versus); --mod guideline --mod versus is the modern game.
--
-- Lines a lock sends (its facts: docs/MODDING.md, "Versus: attack and garbage"):
-- * singles 0, doubles 1, triples 2, tetrises 4 (TetrisWiki, "Garbage", the table of the
--   "General Garbage System in Guideline Games": tetris.wiki/Garbage);
-- * T-spin single 2, double 4, triple 6; T-spin mini single 0, mini double 1 (a T-spin
--   double "sends 4 lines, and 5 when back-to-back bonus is on", as the T-spin guide at
--   docs.google.com/document/pub?id=1E31goynkg6yXti0enh6Tnwp03cSuEa4TSa8B2UNNJ1s says;
--   the single, triple and minis as the Guideline table the brief for this mod gives);
-- * back-to-back +1 (a tetris or a spin that clears, after another);
-- * combo: COMBO below by the clears in a row after the first (the table most Guideline
--   games use; not checked against a source here);
-- * perfect clear (the board empty after the clear) +10.
--
-- Garbage: it waits in a queue that one's own attack cancels first; it enters at the next
-- lock that clears nothing (no extra delay), at most 8 lines a lock, one hole per attack
-- with a 30% chance per line of moving (the column drawn from the match's seed).

local CLEARS = { [0] = 0, 0, 1, 2, 4 }
local SPINS = { [0] = 0, 2, 4, 6 }
local MINIS = { [0] = 0, 0, 1 }
-- By the clears in a row after the first: 1, 2, 3, ...; 5 from the 11th on.
local COMBO = { 1, 1, 2, 2, 3, 3, 4, 4, 4, 5 }

return {
  id = "versus",
  name = "Versus",
  version = "1.0.0",
  description = "The Guideline attack table (doubles 1, triples 2, tetrises 4, T-spins 2/4/6, back-to-back +1, "
    .. "combos, perfect clear +10) and garbage that cancels, for bot-against-bot matches.",
  api = 1,
  after = { "guideline" },

  -- Received garbage is its own kind, grey as in Cheese and Survival, never dealt (the
  -- referee fills garbage rows with the set's last kind outside the bag).
  extra_pieces = {
    { letter = "G", color = "#9CA3AF", bag = false, rotations = { { { 0, 0 } } } },
  },

  garbage = { delay = 0, messiness = 0.3, cap = 8, cancels = true },

  attack = function(_, facts, sent)
    local lines = facts.lines
    if lines == 0 then return sent end
    local base
    if facts.spin == "full" then
      base = SPINS[math.min(lines, 3)]
    elseif facts.spin == "mini" then
      base = MINIS[math.min(lines, 2)]
    else
      base = CLEARS[math.min(lines, 4)]
    end
    if facts.back_to_back then base = base + 1 end
    if facts.combo >= 2 then base = base + COMBO[math.min(facts.combo - 1, #COMBO)] end
    if facts.perfect_clear then base = base + 10 end
    return sent + base
  end,
}
