-- case: deeply nested tables hit a budget (L-25)
-- expect: error "memory|budget"
-- within: 8s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-25: deeply nested tables hit a budget", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local t = {}
      for i = 1, 1e9 do t = { t, t, i } end
    end
  end,
}
