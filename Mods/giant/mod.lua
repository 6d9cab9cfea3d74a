-- Giant: a 16 x 30 well, and gravity that starts faster and speeds up sooner than the
-- standard game's. More room to build, less time to think.

return {
  id = "giant",
  name = "Giant",
  version = "1.0.0",
  description = "A 16x30 board; gravity starts at 450 ms a row and speeds up every 8 lines "
    .. "(never under 60 ms).",
  api = 1,

  board = { width = 16, height = 30 },
  preview = 2,

  -- A level every 8 lines instead of 10.
  level = function(lines)
    return 1 + lines // 8
  end,

  -- Milliseconds per gravity row: 450 at level 1, 35 less per level, at least 60.
  gravity = function(level)
    return math.max(60, 450 - (level - 1) * 35)
  end,
}
