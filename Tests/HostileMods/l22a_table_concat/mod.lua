-- case: table.concat of 2e6 pieces is refused (L-22a)
-- expect: error "table.concat|memory|budget"
-- within: 8s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-22a: table.concat of 2e6 pieces is refused", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local t = {}
      for i = 1, 2000000 do t[i] = "ab" end
      table.concat(t)
    end
  end,
}
