-- case: an inconsistent comparator gives a clean error or a result (L-22a)
-- expect: error "order function|budget"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-22a: an inconsistent comparator gives a clean error or a result", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local t = {}
      for i = 1, 50000 do t[i] = i % 13 end
      for n = 1, 1000 do table.sort(t, function(a, b) return true end) end
    end
  end,
}
