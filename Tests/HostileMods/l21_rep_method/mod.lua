-- case: ('x'):rep(1e9) through the string metatable is capped too (L-21)
-- expect: error "string.rep"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-21: ('x'):rep(1e9) through the string metatable is capped too", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local s = ('x'):rep(1e9)
    end
  end,
}
