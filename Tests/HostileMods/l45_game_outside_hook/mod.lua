-- case: a hook that computes a value (rotate) may not change the game (L-45)
-- expect: error "may not change|computes a value"
-- within: 5s
-- args: --pieces I --actions CH
return {
  id = "hostile", name = "hostile", version = "1", description = "L-45", api = 1,
  board = { width = 4, height = 8 },
  scoring = function(lines, level, base) return base end,
  rotate = function(game, letter, rotation, x, y, direction) game:set_cell(0, 0, "T") return nil end,
}
