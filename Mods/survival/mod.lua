-- Survival: grey rows rise from the bottom on a timer; last as many pieces as you can.
--
-- * A row (one random hole) rises every 4 seconds of game time at first, each one 50 ms
--   sooner than the one before, down to one a second. `clock = true` makes front ends tell
--   the engine all the time that passes; rows due rise at the next gravity step (when the
--   piece in play has room to be pushed up with the stack) or lock.
-- * The game ends, finished, when the stack reaches the top row (or a piece has no room to
--   enter); the result is the pieces locked, higher is better.

local FIRST, STEP, FLOOR = 4000, 50, 1000

-- Rows risen so far, and the game time the next one is due at.
local risen = 0
local due = FIRST

local function over(game)
  if game:row(0) ~= 0 then
    game:finish(game:pieces_locked())
    return true
  end
  return false
end

-- Raises every row due; `piece_up` when the piece in play must have room to move up with
-- the stack (during a fall; between pieces it does not matter).
local function rise(game, piece_up)
  while game:time() >= due do
    if over(game) then return end
    if piece_up then
      local letter, rotation, x, y = game:piece()
      if not game:fits(letter, rotation, x, y + 1) then return end
    end
    local full = (1 << game:width()) - 1
    game:push_row(full & ~(1 << game:random(0, game:width() - 1)), "G")
    risen = risen + 1
    due = due + math.max(FIRST - STEP * risen, FLOOR)
  end
  over(game)
end

return {
  id = "survival",
  name = "Survival",
  version = "1.0.0",
  description = "Garbage rows rise on a timer (every 4 s, then faster); the result is the "
    .. "pieces locked before the stack reaches the top (higher is better).",
  api = 1,
  after = { "guideline" },

  extra_pieces = {
    { letter = "G", color = "#9CA3AF", bag = false, rotations = { { { 0, 0 } } } },
  },
  result = { name = "pieces", unit = "pieces", clock = true },

  on_tick = function(game) rise(game, true) end,
  after_lock = function(game) rise(game, false) end,

  on_top_out = function(game)
    game:finish(game:pieces_locked())
    return false
  end,
}
