-- case: table.move over the whole integer range is refused as in Lua (L-22)
-- expect: error "too many elements to move"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-22: table.move over the whole integer range is refused as in Lua", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      table.move({}, math.mininteger, math.maxinteger, 1, {})
    end
  end,
}
