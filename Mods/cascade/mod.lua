-- Cascade: after a line clear, every group of cells left floating falls as one piece
-- until it rests on the floor or the stack. A fall can complete more rows: those clear
-- too, as a chain, and each link of the chain scores more than the one before.
--
-- game:settle() does the falling: groups are cells joined through their four neighbours
-- (cells of any kind join one group), and they fall bottom-most first, so a group lands
-- on the ones below it. (Before game:settle() the mod did this itself, with a flood fill
-- over game:cell and set_cell, cell by cell: game:settle() makes the same changes natively.)

-- Points for 1 to 4 (or more) lines cleared by a fall, before the level and chain factor.
local CHAIN_POINTS = { 100, 300, 500, 800 }

return {
  id = "cascade",
  name = "Cascade",
  version = "1.0.0",
  description = "After a clear, floating groups of cells fall and may clear more lines; "
    .. "each link of a chain scores double, triple, ... the line points.",
  api = 1,

  on_clear = function(game)
    local chain = 1
    while game:settle() do
      local count = game:clear_lines()
      if count == 0 then break end
      chain = chain + 1
      game:add_score(CHAIN_POINTS[math.min(count, 4)] * game:level() * chain)
    end
  end,
}
