-- case: an endless loop in scoring (L-17)
-- expect: error "budget"
-- within: 5s
-- args: --pieces I --actions H
return {
  id = "hostile", name = "hostile", version = "1", description = "L-17", api = 1,
  board = { width = 4, height = 8 },
  scoring = function(lines, level, base) while true do end end,
}
