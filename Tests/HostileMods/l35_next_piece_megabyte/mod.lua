-- case: next_piece returns string.rep("T", 1 << 20) (L-35)
-- expect: error "next_piece"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-35", api = 1,
  next_piece = function(game) return string.rep("T", 1 << 20) end,
}
