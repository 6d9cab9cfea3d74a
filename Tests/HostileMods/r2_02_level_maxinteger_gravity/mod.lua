-- case: a level hook returning math.maxinteger after line clears; gravity is asked for it (L-34)
-- expect: ok
-- within: 5s
-- also: sim check compare verify
-- args: --pieces I --actions HHHGGGGHHH
-- no-benign-check
return {
  id = "hostile", name = "hostile", version = "1", description = "#15 item 2", api = 1,
  board = { width = 4, height = 8 },
  level = function(lines, base) return math.maxinteger end,
  scoring = function(g, lines, level, base) return base + level end,
}
