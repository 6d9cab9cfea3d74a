-- Modern: the handling of today's guideline games on the standard board. Rotate both
-- ways (C clockwise, A counter-clockwise), hold a piece (X, once per piece), see five
-- pieces ahead, and score T-spins.
--
-- A T-spin: a T locks right after a rotation (game:last_move() is "rotate" or
-- "rotate_ccw") with at least three of the four corners around its centre filled (the
-- walls and the floor count as filled). It scores a bonus on top of the lines:
-- 400 / 800 / 1200 / 1600 x level for 0 / 1 / 2 / 3 lines.

local T_SPIN_POINTS = { [0] = 400, 800, 1200, 1600 }

local function filled(game, x, y)
  if x < 0 or x >= game:width() or y >= game:height() then return true end
  if y < 0 then return false end
  return game:cell(x, y) ~= nil
end

-- Rows that are full now (the piece is already in the board; they clear next).
local function full_rows(game)
  local full = (1 << game:width()) - 1
  local count = 0
  for y = 0, game:height() - 1 do
    if game:row(y) == full then count = count + 1 end
  end
  return count
end

return {
  id = "modern",
  name = "Modern",
  version = "1.0.0",
  description = "Counter-clockwise rotation (A), hold (X), 5 pieces of preview and T-spin "
    .. "bonuses (400/800/1200/1600 x level for 0-3 lines).",
  api = 1,

  counterclockwise = true,
  hold = true,
  preview = 5,

  on_lock = function(game, letter, _, x, y)
    if letter ~= "T" then return end
    local move = game:last_move()
    if move ~= "rotate" and move ~= "rotate_ccw" then return end
    -- The T's centre is (x + 1, y + 1) in every rotation state; its corners:
    local corners = 0
    for _, corner in ipairs({ { x, y }, { x + 2, y }, { x, y + 2 }, { x + 2, y + 2 } }) do
      if filled(game, corner[1], corner[2]) then corners = corners + 1 end
    end
    if corners >= 3 then
      game:add_score(T_SPIN_POINTS[math.min(full_rows(game), 3)] * game:level())
    end
  end,
}
