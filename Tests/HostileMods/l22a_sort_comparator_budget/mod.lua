-- case: #15 item 3: sorting 500,000 elements with a comparator runs out of budget (L-22a)
-- expect: error "budget"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "#15 item 3: a long sort with a comparator", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local t = {}
      for i = 1, 500000 do t[i] = (i * 7919) % 500009 end
      table.sort(t, function(a, b) return a > b end)
    end
  end,
}
