-- case: growing strings hit the memory budget (L-25)
-- expect: error "memory|budget"
-- within: 8s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-25: growing strings hit the memory budget", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local t = {}
      for i = 1, 1e9 do t[i] = ("x"):rep(1 << 20) .. i end
    end
  end,
}
