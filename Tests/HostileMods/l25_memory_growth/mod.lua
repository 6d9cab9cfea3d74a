-- case: a table grown without end hits the memory budget (L-25)
-- expect: error "memory"
-- within: 8s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-25: a table grown without end hits the memory budget", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local t = {}
      for i = 1, 1e9 do t[i] = i end
    end
  end,
}
