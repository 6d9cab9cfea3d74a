-- case: next_piece returns a table whose metamethods loop (L-32)
-- expect: error "next_piece"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-32", api = 1,
  next_piece = function(game)
    local evil = function() while true do end end
    return setmetatable({}, { __index = evil, __tostring = evil, __len = evil, __eq = evil, __lt = evil,
      __concat = evil, __call = evil, __name = "T" })
  end,
}
