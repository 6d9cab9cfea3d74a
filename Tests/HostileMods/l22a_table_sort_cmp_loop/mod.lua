-- case: a table.sort comparator that loops (L-22a)
-- expect: error "budget"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-22a: a table.sort comparator that loops", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local t = {}
      for i = 1, 1000 do t[i] = i end
      table.sort(t, function(a, b) while true do end end)
    end
  end,
}
