-- case: a host function called with 99999 arguments (L-33)
-- expect: error "set_queue"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-33: a host function called with 99999 arguments", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local t = {}
      for i = 1, 99999 do t[i] = "T" end
      game:set_queue(table.unpack(t))
    end
  end,
}
