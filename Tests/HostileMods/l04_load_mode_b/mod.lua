-- case: load(..., 'b') cannot switch binary chunks back on (L-4)
-- expect: error "binary"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-4: load(..., 'b') cannot switch binary chunks back on", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      assert(load("\27Lua\84\0", "x", "b"))
    end
  end,
}
