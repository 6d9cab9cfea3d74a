-- case: scoring returns "12" (L-34)
-- expect: error "scoring must return an integer"
-- within: 5s
-- args: --pieces I --actions H
return {
  id = "hostile", name = "hostile", version = "1", description = "L-34", api = 1,
  board = { width = 4, height = 8 },
  scoring = function(lines, level, base) return "12" end,
}
