-- Duel: a second attack table for versus matches (hanjul sim --versus), the example of
-- docs/MODDING.md ("Versus: attack and garbage"): a slower, cleaner fight than Mods/versus.
-- Only four-row clears (4, 5 back-to-back) and T-spin doubles (3) attack; no combos, no
-- perfect-clear bonus. Garbage waits two pieces, comes at most 4 lines a lock, in one clean
-- column per attack. Compare it with Mods/versus on the same seeds:
--   hanjul compare --versus eltetris:attack --a versus --b duel --games 100 --seed 1

return {
  id = "duel",
  name = "Duel",
  version = "1.0.0",
  description = "Only tetrises and T-spin doubles attack; garbage waits two pieces and comes in a clean column.",
  api = 1,
  after = { "guideline" },

  -- Received garbage is its own kind, grey as in Cheese and Survival, never dealt (the
  -- referee fills garbage rows with the set's last kind outside the bag).
  extra_pieces = {
    { letter = "G", color = "#9CA3AF", bag = false, rotations = { { { 0, 0 } } } },
  },

  garbage = { delay = 2, messiness = 0, cap = 4 },

  attack = function(_, facts, sent)
    if facts.lines == 4 then return sent + (facts.back_to_back and 5 or 4) end
    if facts.spin == "full" and facts.lines == 2 then return sent + 3 end
    return sent
  end,
}
