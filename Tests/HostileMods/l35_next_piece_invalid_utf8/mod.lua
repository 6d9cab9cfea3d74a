-- case: next_piece returns "\255\254" (L-35)
-- expect: error "next_piece"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-35", api = 1,
  next_piece = function(game) return "\255\254" end,
}
