-- case: level returns math.maxinteger, gravity returns NaN (L-34)
-- expect: ok
-- within: 5s
-- args: --pieces I --actions HGGGHGG
-- no-benign-check
return {
  id = "hostile", name = "hostile", version = "1", description = "L-34", api = 1,
  board = { width = 4, height = 8 },
  level = function(lines, base) return math.maxinteger end,
  gravity = function(level, base) return 0/0 end,
  hard_drop_points = function(rows, base) return math.maxinteger end,
}
