-- case: scoring returns math.maxinteger: accepted, the total saturates (L-34)
-- expect: ok
-- within: 5s
-- args: --pieces I --actions HHHH
-- no-benign-check
return {
  id = "hostile", name = "hostile", version = "1", description = "L-34", api = 1,
  board = { width = 4, height = 8 },
  scoring = function(lines, level, base) return math.maxinteger end,
}
