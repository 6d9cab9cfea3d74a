-- case: load with a reader whose first piece starts with ESC is refused (L-4)
-- expect: error "binary"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-4: load with a reader whose first piece starts with ESC is refused", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local parts = { "\27Lua\84\0", "\25\147\13\10\26\10", nil }
      local i = 0
      assert(load(function() i = i + 1; return parts[i] end))
    end
  end,
}
