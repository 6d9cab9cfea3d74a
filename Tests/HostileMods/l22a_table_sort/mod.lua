-- case: table.sort of 1e6 elements is refused (one C call the hook cannot cut) (L-22a)
-- expect: error "table.sort|memory|budget"
-- within: 8s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-22a: table.sort of 1e6 elements is refused (one C call the hook cannot cut)", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local t = {}
      for i = 1, 1000000 do t[i] = (i * 7919) % 1000003 end
      table.sort(t)
    end
  end,
}
