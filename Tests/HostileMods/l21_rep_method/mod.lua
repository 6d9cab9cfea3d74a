-- case: ('x'):rep(1e9) through the string metatable hits the memory cap (L-21)
-- expect: error "memory"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-21: ('x'):rep(1e9) through the string metatable hits the memory cap", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local s = ('x'):rep(1e9)
    end
  end,
}
