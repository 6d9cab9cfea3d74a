-- case: rotate returns math.maxinteger and math.mininteger coordinates (L-34)
-- expect: error "does not fit"
-- within: 5s
-- also: sim check compare
-- args: --seed 1 --actions CH
return {
  id = "hostile", name = "hostile", version = "1", description = "#15 item 2", api = 1,
  rotate = function(g, letter, rotation, x, y, direction) return math.maxinteger, math.mininteger, 0 end,
  spawn = function(g, letter) return math.mininteger, math.maxinteger, 0 end,
}
