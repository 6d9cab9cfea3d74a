-- Garbage: every few pieces a grey row with one hole rises from the bottom, pushing the
-- stack up. Clear it through the hole. When the rising stack pushes a cell off the top,
-- or into the falling piece, the game is over.
--
-- The hole's column comes from the game's generator (game:random), so a seed always
-- gives the same garbage.

-- A garbage row rises each time this many pieces have locked.
local EVERY = 8

-- The seven standard pieces (docs/RULES.md), plus "G", the one-cell garbage kind that is
-- never dealt: only the rising rows use it (for its grey colour).
local PIECES = {
  { letter = "I", color = "#3EC8E8", rotations = {
    { { 0, 1 }, { 1, 1 }, { 2, 1 }, { 3, 1 } }, { { 2, 0 }, { 2, 1 }, { 2, 2 }, { 2, 3 } },
    { { 0, 2 }, { 1, 2 }, { 2, 2 }, { 3, 2 } }, { { 1, 0 }, { 1, 1 }, { 1, 2 }, { 1, 3 } } } },
  { letter = "O", color = "#FFC44D", rotations = {
    { { 1, 0 }, { 2, 0 }, { 1, 1 }, { 2, 1 } }, { { 1, 0 }, { 2, 0 }, { 1, 1 }, { 2, 1 } },
    { { 1, 0 }, { 2, 0 }, { 1, 1 }, { 2, 1 } }, { { 1, 0 }, { 2, 0 }, { 1, 1 }, { 2, 1 } } } },
  { letter = "T", color = "#C084FC", rotations = {
    { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 2, 1 } }, { { 1, 0 }, { 1, 1 }, { 2, 1 }, { 1, 2 } },
    { { 0, 1 }, { 1, 1 }, { 2, 1 }, { 1, 2 } }, { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, 2 } } } },
  { letter = "S", color = "#4ADE80", rotations = {
    { { 1, 0 }, { 2, 0 }, { 0, 1 }, { 1, 1 } }, { { 1, 0 }, { 1, 1 }, { 2, 1 }, { 2, 2 } },
    { { 1, 1 }, { 2, 1 }, { 0, 2 }, { 1, 2 } }, { { 0, 0 }, { 0, 1 }, { 1, 1 }, { 1, 2 } } } },
  { letter = "Z", color = "#FB7185", rotations = {
    { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 2, 1 } }, { { 2, 0 }, { 1, 1 }, { 2, 1 }, { 1, 2 } },
    { { 0, 1 }, { 1, 1 }, { 1, 2 }, { 2, 2 } }, { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 0, 2 } } } },
  { letter = "J", color = "#60A5FA", rotations = {
    { { 0, 0 }, { 0, 1 }, { 1, 1 }, { 2, 1 } }, { { 1, 0 }, { 2, 0 }, { 1, 1 }, { 1, 2 } },
    { { 0, 1 }, { 1, 1 }, { 2, 1 }, { 2, 2 } }, { { 1, 0 }, { 1, 1 }, { 0, 2 }, { 1, 2 } } } },
  { letter = "L", color = "#FB923C", rotations = {
    { { 2, 0 }, { 0, 1 }, { 1, 1 }, { 2, 1 } }, { { 1, 0 }, { 1, 1 }, { 1, 2 }, { 2, 2 } },
    { { 0, 1 }, { 1, 1 }, { 2, 1 }, { 0, 2 } }, { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 1, 2 } } } },
  { letter = "G", color = "#808080", rotations = { { { 1, 0 } } } },
}

-- The seven playable kinds, dealt from a 7-bag shuffled with the game's generator.
local KINDS = { "I", "O", "T", "S", "Z", "J", "L" }
local bag = {}
local dealt = #KINDS

-- The piece count the last garbage row was raised at (one row per count, even if a piece
-- spawns twice).
local raised_at = 0

return {
  id = "garbage",
  name = "Garbage",
  version = "1.0.0",
  description = "Every 8 pieces a grey garbage row with one hole rises from the bottom; "
    .. "the game ends when the stack is pushed off the top.",
  api = 1,

  pieces = PIECES,

  next_piece = function(game)
    if dealt == #KINDS then
      for k = 1, #KINDS do bag[k] = KINDS[k] end
      for i = #KINDS - 1, 1, -1 do
        local j = game:random(0, i)
        bag[i + 1], bag[j + 1] = bag[j + 1], bag[i + 1]
      end
      dealt = 0
    end
    dealt = dealt + 1
    return bag[dealt]
  end,

  on_spawn = function(game)
    local locked = game:pieces_locked()
    if locked == 0 or locked % EVERY ~= 0 or locked == raised_at then return end
    raised_at = locked
    local width = game:width()
    local hole = game:random(0, width - 1)
    local full = (1 << width) - 1
    game:push_row(full & ~(1 << hole), "G")
  end,
}
